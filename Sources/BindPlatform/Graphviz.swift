#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Pictures through Graphviz's `dot` (Debian's package `graphviz`), found on
/// `PATH`. DOT itself needs no Graphviz.
public enum Graphviz {
  /// What a picture file holds.
  public enum Format: String, CaseIterable, Sendable {
    case svg, png, pdf, dot

    /// The format a file name's extension asks for (`.gv` is DOT too).
    public init?(path: String) {
      let name = path.split(separator: "/").last.map(String.init) ?? path
      guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
      let suffix = name[name.index(after: dot)...].lowercased()
      self.init(rawValue: suffix == "gv" ? "dot" : suffix)
    }

    /// `.svg, .png, .pdf or .dot`, for messages.
    public static var listed: String {
      let names = allCases.map { ".\($0.rawValue)" }
      return names.dropLast().joined(separator: ", ") + " or " + names.last!
    }
  }

  /// Why a picture could not be made.
  public struct Failure: Error, CustomStringConvertible {
    public let description: String
  }

  /// Writes the graph `dotText` to `path` as `format`, whole or not at all
  /// (see `OutputFile`). Returns what `dot` printed on standard error
  /// (its warnings) when it succeeded.
  @discardableResult
  public static func write(_ dotText: String, as format: Format, to path: String) throws -> String {
    if format == .dot {
      try OutputFile.write(dotText, to: path)
      return ""
    }
    var warnings = ""
    try OutputFile.replace(path) { output in
      // Graphviz's own files go next to its output: that is a folder this
      // process may write in even when `path` is a device in `/dev`.
      let input = OutputFile.temporaryPath(next: output, suffix: ".dot")
      let errors = OutputFile.temporaryPath(next: output, suffix: ".err")
      defer {
        unlink(input)
        unlink(errors)
      }
      try FileSystem.write(dotText, to: input)
      let status = try run(["dot", "-T\(format.rawValue)", "-o", output, input], standardError: errors)
      warnings = (try? FileSystem.readBytes(errors)).map { String(decoding: $0, as: UTF8.self) } ?? ""
      guard status == 0 else {
        let reason = warnings.trimmingTrailingNewlines
        throw Failure(
          description: "Graphviz's 'dot' failed (exit status \(status))" + (reason.isEmpty ? "" : ": \(reason)"))
      }
    }
    return warnings
  }

  /// The message for a machine without `dot`.
  static let missingMessage =
    "drawing pictures needs Graphviz's 'dot', which is not installed (or not on PATH); "
    + "install the package 'graphviz' (Debian/Ubuntu: sudo apt-get install graphviz; macOS: brew install graphviz), "
    + "or write DOT instead with '-o FILE.dot'"

  /// Runs `arguments` (the program looked up on `PATH`) with standard
  /// error into the file `standardError`; its exit status.
  private static func run(_ arguments: [String], standardError: String) throws -> Int32 {
    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t? = nil
    #else
      var actions = posix_spawn_file_actions_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, standardError, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var child = pid_t()
    let spawned = posix_spawnp(&child, arguments[0], &actions, nil, &argv, environ)
    guard spawned == 0 else {
      if spawned == ENOENT { throw Failure(description: missingMessage) }
      throw Failure(description: "cannot run '\(arguments[0])': \(String(cString: strerror(spawned)))")
    }
    var status: Int32 = 0
    while waitpid(child, &status, 0) == -1 {
      guard errno == EINTR else { throw Failure(description: "cannot wait for '\(arguments[0])'") }
    }
    // WIFEXITED / WEXITSTATUS, which Swift does not import as functions.
    if status & 0x7F == 0 { return (status >> 8) & 0xFF }
    return 128 + (status & 0x7F)
  }
}

extension String {
  fileprivate var trimmingTrailingNewlines: String {
    var text = self
    while text.last?.isNewline == true { text.removeLast() }
    return text
  }
}
