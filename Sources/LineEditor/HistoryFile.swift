import BindPlatform
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed system call on the history file, described like `strerror`.
struct HistoryFileError: Error, CustomStringConvertible {
  /// The call that failed, e.g. "open".
  let operation: String
  /// Its `errno`.
  let code: Int32

  var description: String {
    String(cString: strerror(code))
  }
}

/// The POSIX side of `HistoryStore`: locked, atomic read-merge-write.
struct HistoryFile {
  /// The history file's path.
  let path: String

  /// The file's entries, or `nil` when it does not exist or is a device
  /// (`/dev/null`), which stores nothing to read back.
  ///
  /// - Throws: for a pipe (a FIFO), which would make the session wait for
  ///   a writer, or later for a reader, so it is refused, as is a file
  ///   larger than `FileSystem.readLimit`.
  func read() throws -> [String]? {
    if try Self.target(path).isWrittenThrough { return nil }
    // Opened without waiting, in case a FIFO took the file's place since
    // it was looked at; anything but a regular file is then left unread.
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    if fd < 0 {
      if errno == ENOENT { return nil }
      throw HistoryFileError(operation: "open", code: errno)
    }
    defer { posixClose(fd) }
    var status = stat()
    guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    return try readAll(fd)
  }

  /// What is at `path` (see `WriteTarget`), refusing a pipe: the history
  /// is read at start-up and written after every entry, and a FIFO would
  /// block the prompt until another process opened it, or for ever once
  /// its reader stopped reading.
  private static func target(_ path: String) throws -> WriteTarget {
    let target = try WriteTarget(path)
    if target == .pipe {
      throw FileSystem.FileError(
        path: path,
        reason: "'\(path)' is a pipe; the history needs a regular file (set \(HistoryStore.environmentVariable) to one, or to an empty value for none)")
    }
    return target
  }

  /// Appends `newEntries` to the file's current entries (skipping one that
  /// repeats the entry before it), keeps the newest `capacity`, and replaces
  /// the file atomically.
  ///
  /// The whole read-merge-write runs under an exclusive `flock` on the
  /// current file, so two sessions saving at once serialize instead of one
  /// overwriting the other's entries. A device (a history path of
  /// `/dev/null`) holds no entries to merge with: the new ones are written
  /// through, never read back, locked or renamed over. A pipe is refused.
  func merge(_ newEntries: [String], capacity: Int) throws {
    if try Self.target(path).isWrittenThrough {
      var entries = newEntries
      HistoryStore.cap(&entries, to: capacity)
      return try replace(with: Data(HistoryStore.encodeFile(entries).utf8), mode: 0o600)
    }
    let fd = try openLocked()
    defer { posixClose(fd) }  // Closing releases the lock.
    var entries = try readAll(fd)
    for entry in newEntries where entries.last != entry {
      entries.append(entry)
    }
    HistoryStore.cap(&entries, to: capacity)
    var status = stat()
    let mode = fstat(fd, &status) == 0 ? mode_t(status.st_mode) & 0o777 : 0o600
    try replace(with: Data(HistoryStore.encodeFile(entries).utf8), mode: mode)
  }

  /// Opens (creating if needed) and exclusively locks the file at `path`.
  ///
  /// The lock is on the inode, and every save renames a new inode into
  /// place, so after locking we check that `path` still names the inode we
  /// hold; if another session replaced it meanwhile, lock the new one.
  private func openLocked() throws -> Int32 {
    let deadline = Date().addingTimeInterval(2)
    while true {
      let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
      guard fd >= 0 else { throw HistoryFileError(operation: "open", code: errno) }
      // A session stuck holding the lock must not hang this one: after the
      // deadline, go on unlocked; the rename still keeps the file whole.
      while flock(fd, LOCK_EX | LOCK_NB) != 0, Date() < deadline {
        usleep(5_000)
      }
      var held = stat()
      var current = stat()
      if fstat(fd, &held) == 0, stat(path, &current) == 0,
        held.st_ino == current.st_ino, held.st_dev == current.st_dev
      {
        return fd
      }
      posixClose(fd)
      if Date() >= deadline { throw HistoryFileError(operation: "flock", code: EAGAIN) }
    }
  }

  /// Replaces the file through the one writer every user file shares
  /// (temporary file, fsync, rename; a device or a pipe written through).
  private func replace(with data: Data, mode: mode_t) throws {
    try FileSystem.replaceContents(of: path, with: Array(data), permissions: mode)
  }

  /// The entries from `fd`'s current offset to the end: UTF-8 text
  /// (invalid bytes become U+FFFD rather than failing the load) of at most
  /// `FileSystem.readLimit` bytes.
  private func readAll(_ fd: Int32) throws -> [String] {
    HistoryStore.decodeFile(String(decoding: try FileSystem.readBytes(from: fd, path: path), as: UTF8.self))
  }
}

/// `close(2)`, named apart from the many `close()` methods in this module.
@inline(__always)
func posixClose(_ fd: Int32) {
  _ = close(fd)
}

/// `read(2)`, named apart from `read()` methods in this module.
@inline(__always)
func posixRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(fd, buffer, count)
}
