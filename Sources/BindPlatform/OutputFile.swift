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
/// ``replace(_:producing:)``.
package enum OutputFile {
  /// Writes `text` to `path`, all or nothing.
  package static func write(_ text: String, to path: String) throws {
    try checkFolder(of: path)
    try FileSystem.write(text, to: path)
  }

  /// Runs `produce` with a temporary path next to `path`, then renames what
  /// it made to `path`; on any error the temporary file is removed and
  /// `path` is left as it was.
  package static func replace(_ path: String, producing produce: (String) throws -> Void) throws {
    try checkFolder(of: path)
    let temporary = temporaryPath(next: path)
    do {
      try produce(temporary)
      guard FileSystem.kind(of: temporary) == .file else {
        throw FileSystem.FileError(path: path, reason: "nothing was written")
      }
      // fsync before rename: otherwise a crash could leave the new name
      // pointing at a file whose blocks never reached the disk.
      let fd = open(temporary, O_RDONLY | O_CLOEXEC)
      if fd >= 0 {
        fsync(fd)
        close(fd)
      }
      guard rename(temporary, path) == 0 else {
        throw FileSystem.FileError(path: path, reason: String(cString: strerror(errno)))
      }
    } catch {
      unlink(temporary)
      throw error
    }
  }

  /// Fails with a clear reason when the folder `path` would go in is missing.
  package static func checkFolder(of path: String) throws {
    let folder = folder(of: path)
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
