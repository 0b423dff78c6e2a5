#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Files the tools write as a whole (pictures, DOT, test artifacts): made
/// under a temporary name in the same folder, flushed to disk, then renamed
/// over the path, so the path never holds a partial or empty file, whatever
/// fails.
///
/// Text goes through ``write(_:to:)``, which is `FileSystem.write` (the one
/// atomic writer every user file shares) after a clear check of the folder;
/// a file another program makes (Graphviz's `dot -o`) goes through
/// ``replace(_:producing:)``. Both follow a symbolic link to the file it
/// ends at, and write a device or a pipe through (see `WriteTarget`).
package enum OutputFile {
  /// Writes `text` to `path`, all or nothing.
  package static func write(_ text: String, to path: String) throws {
    try checkFolder(of: path)
    try FileSystem.write(text, to: path)
  }

  /// Runs `produce` with a temporary path, then puts what it made at
  /// `path`; on any error the temporary file is removed and `path` is left
  /// as it was.
  ///
  /// For a regular file (or a new one) the temporary file is next to it
  /// and is renamed over it. A device or a pipe (`-o /dev/stdout`,
  /// `-o >(cat)`) cannot be renamed over, and nothing may be made in its
  /// folder (`/dev`), so the file is made in a private temporary folder and
  /// its bytes are written through.
  package static func replace(_ path: String, producing produce: (String) throws -> Void) throws {
    try checkFolder(of: path)
    switch try WriteTarget(path) {
    case .file(let target): try replaceFile(target, reportedAs: path, producing: produce)
    case .device, .pipe: try writeThrough(path, producing: produce)
    }
  }

  /// Produces next to the regular file `target`, then renames over it.
  private static func replaceFile(_ target: String, reportedAs path: String, producing produce: (String) throws -> Void)
    throws
  {
    let temporary = temporaryPath(next: target)
    do {
      try produce(temporary)
      try checkProduced(temporary, for: path)
      // fsync before rename: otherwise a crash could leave the new name
      // pointing at a file whose blocks never reached the disk.
      let fd = open(temporary, O_RDONLY | O_CLOEXEC)
      if fd >= 0 {
        fsync(fd)
        close(fd)
      }
      guard rename(temporary, target) == 0 else {
        throw FileSystem.FileError(path: path, reason: String(cString: strerror(errno)))
      }
    } catch {
      unlink(temporary)
      throw error
    }
  }

  /// Produces in a private temporary folder, then writes the bytes through
  /// to the device or pipe at `path`.
  private static func writeThrough(_ path: String, producing produce: (String) throws -> Void) throws {
    let folder = try FileSystem.makeTemporaryDirectory(prefix: "bindscript-output")
    let temporary = folder + "/" + (path.split(separator: "/").last.map(String.init) ?? "output")
    defer {
      unlink(temporary)
      rmdir(folder)
    }
    try produce(temporary)
    try checkProduced(temporary, for: path)
    try FileSystem.writeThrough(try FileSystem.readBytes(temporary), to: path)
  }

  /// Fails when the producer left no file behind.
  private static func checkProduced(_ temporary: String, for path: String) throws {
    guard FileSystem.kind(of: temporary) == .file else {
      throw FileSystem.FileError(path: path, reason: "nothing was written")
    }
  }

  /// Fails with a clear reason when the folder `path` would go in is missing.
  ///
  /// For a symbolic link to nothing yet, that is the folder of the file the
  /// link names, where the file will be made.
  package static func checkFolder(of path: String) throws {
    var information = stat()
    guard stat(path, &information) != 0 else { return }  // something is there, so its folder is too
    let folder = folder(of: FileSystem.resolvingSymbolicLink(path))
    switch FileSystem.kind(of: folder) {
    case .directory: return
    case .file: throw FileSystem.FileError(path: path, reason: "'\(folder)' is a file, not a folder")
    case nil: throw FileSystem.FileError(path: path, reason: "no such folder '\(folder)'")
    }
  }

  /// The folder part of `path` (`.` for a bare name).
  package static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// A hidden name in the same folder (so the rename never crosses file
  /// systems), unique to this process and (by a random part) this call.
  package static func temporaryPath(next path: String, suffix: String = "") -> String {
    let name = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    return (folder(of: path) == "." && !path.hasPrefix("./") ? "" : folder(of: path) + "/")
      + ".\(name).\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp\(suffix)"
  }
}
