#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a writer finds at a path, which decides how the path is written.
///
/// Only a regular file may be replaced by renaming a new file over it: done
/// to `/dev/null`, a terminal or a pipe, the rename swaps the device node or
/// the FIFO for a plain file (as root, the machine's own `/dev/null`), and
/// the bytes never reach the program reading. Those are written through, as
/// `cat > PATH` would; anything else is refused.
package enum WriteTarget: Equatable {
  /// A regular file, or nothing yet: replaced atomically at `path`, where
  /// any symbolic links end (a dangling link's target is created, as
  /// `cat > LINK` creates it), so a link stays a link.
  case file(path: String)
  /// A character device (`/dev/null`, a terminal): written through.
  case device
  /// A FIFO or a pipe (`/dev/fd/N` from `>(cat)`): written through once a
  /// process reads it.
  case pipe

  /// Looks at what is at `path`, following symbolic links.
  ///
  /// - Throws: `FileSystem.FileError` for a directory, a socket, a block
  ///   device or a loop of symbolic links.
  package init(_ path: String) throws {
    var information = stat()
    guard stat(path, &information) == 0 else {
      // Nothing there (or a dangling link): a new file, made whole. Other
      // failures (no such folder, no permission) are left to the atomic
      // writer, which reports them as it always has.
      if errno == ELOOP { throw FileSystem.FileError(path: path, reason: String(cString: strerror(ELOOP))) }
      self = .file(path: FileSystem.resolvingSymbolicLink(path))
      return
    }
    switch information.st_mode & S_IFMT {
    case S_IFREG: self = .file(path: try Self.name(of: information, at: path))
    case S_IFCHR: self = .device
    case S_IFIFO: self = .pipe
    case S_IFDIR: throw Self.refused(path, "a directory")
    case S_IFSOCK: throw Self.refused(path, "a socket, not a regular file")
    case S_IFBLK: throw Self.refused(path, "a block device, not a regular file")
    default: throw Self.refused(path, "not a regular file")
    }
  }

  /// Whether the path is written through rather than replaced.
  package var isWrittenThrough: Bool {
    if case .file = self { return false }
    return true
  }

  /// The name the regular file `information` has where the links at `path`
  /// end, to rename a new file over.
  ///
  /// `/dev/fd/N` ends at the text `/proc` gives for an open file, which for
  /// a deleted one is `NAME (deleted)`: a rename there would make a new
  /// file by that name, so a name that leads elsewhere is refused.
  private static func name(of information: stat, at path: String) throws -> String {
    let target = FileSystem.resolvingSymbolicLink(path)
    var found = stat()
    guard stat(target, &found) == 0, found.st_dev == information.st_dev, found.st_ino == information.st_ino else {
      throw FileSystem.FileError(path: path, reason: "'\(path)' leads to a file that has been deleted; name a file")
    }
    return target
  }

  /// The error for what no writer may write to: "'PATH' is WHAT; name a file".
  private static func refused(_ path: String, _ what: String) -> FileSystem.FileError {
    FileSystem.FileError(path: path, reason: "'\(path)' is \(what); name a file")
  }
}
