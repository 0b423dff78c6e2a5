import FoundationEssentials

/// Completes file paths, as after `:load ` and `:save `.
///
/// Directories are offered with a trailing `/` so the next Tab descends into
/// them; hidden files only when the typed name starts with `.`.
public struct FileNameCompleter: Sendable {
  /// The directory relative paths are resolved against.
  public var currentDirectory: String
  /// The directory `~/` stands for.
  public var homeDirectory: String

  /// Creates a completer.
  /// - Parameters:
  ///   - currentDirectory: Base for relative paths; the process's by default.
  ///   - homeDirectory: Expansion of a leading `~/`; `$HOME` by default.
  public init(
    currentDirectory: String = FileManager.default.currentDirectoryPath,
    homeDirectory: String = Paths.homeDirectory()
  ) {
    self.currentDirectory = currentDirectory
    self.homeDirectory = homeDirectory
  }

  /// Completes the name after the last `/` of `path`.
  ///
  /// The returned `Completion.word` is only that last name, so the directory
  /// the user typed (including `~`) stays as typed; listed names are the
  /// same bare names.
  public func complete(_ path: String) -> Completion {
    let word = CompletionWord.split(":load " + path)
    let directory = resolve(word.directory)
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: directory)
    } catch {
      return Completion(word: word.partial, candidates: [])
    }
    let showsHidden = word.partial.hasPrefix(".")
    let candidates = names
      .filter { $0.hasPrefix(word.partial) && (showsHidden || !$0.hasPrefix(".")) }
      .map { name -> String in
        return Paths.isDirectory(Paths.join(directory, name)) ? name + "/" : name
      }
      .sorted()
    return Completion(word: word.partial, candidates: candidates)
  }

  /// The directory to list for the typed directory part.
  private func resolve(_ directory: String) -> String {
    if directory.isEmpty { return currentDirectory }
    if directory == "~/" || directory.hasPrefix("~/") {
      return homeDirectory + directory.dropFirst()
    }
    if directory.hasPrefix("/") { return directory }
    return Paths.join(currentDirectory, directory)
  }
}
