import CPlatform

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// File access without Foundation, which would cost the command-line tool
/// several milliseconds of start-up.
public enum FileSystem {
  /// An error opening or reading a file, with the system's reason.
  public struct FileError: Error, CustomStringConvertible {
    public let path: String
    public let reason: String
    public var description: String { "\(reason)" }

    public init(path: String, reason: String) {
      self.path = path
      self.reason = reason
    }
  }

  /// The most bytes a file read holds: 64 MiB, far beyond any script or
  /// history file, and little enough to hold in memory. A larger file, or
  /// one that never ends (`/dev/zero`, a pipe that keeps writing), is
  /// refused instead of read until the memory runs out.
  public static let readLimit = 64 << 20

  /// Reads a whole file, refusing one of more than ``readLimit`` bytes.
  public static func readBytes(_ path: String) throws -> [UInt8] {
    try readBytes(path, limit: readLimit)
  }

  /// Reads a whole file, refusing one of more than `limit` bytes.
  public static func readBytes(_ path: String, limit: Int) throws -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw FileError(path: path, reason: String(cString: strerror(errno))) }
    defer { close(descriptor) }
    return try readBytes(from: descriptor, path: path, limit: limit)
  }

  /// Reads what is left of `descriptor` to its end (standard input, an open
  /// file), refusing more than `limit` bytes; errors name `path`.
  public static func readBytes(from descriptor: Int32, path: String, limit: Int = readLimit) throws -> [UInt8] {
    // Read straight into the array, sized by the file's size (plus one byte,
    // so that a file that has not grown ends with the next read): a zeroed
    // 64 KiB buffer and stdio's own buffer were a tenth of the instructions
    // an empty script's `bindscript run` spent (issue 14). The loop still
    // reads to the end, for a file that grows and for files whose size says
    // nothing (`/proc`, pipes, devices), but never past `limit + 1` bytes.
    var information = stat()
    let size = fstat(descriptor, &information) == 0 && information.st_size > 0 ? Int(information.st_size) : 0
    if size > limit { throw FileError(path: path, reason: tooLarge(size: size, limit: limit)) }
    var bytes: [UInt8] = []
    var chunkSize = size > 0 ? size + 1 : 65_536
    while true {
      var failure: Int32 = 0
      let chunk = [UInt8](unsafeUninitializedCapacity: min(chunkSize, limit + 1 - bytes.count)) { buffer, count in
        count = 0
        while true {
          let received = read(descriptor, buffer.baseAddress!, buffer.count)
          if received >= 0 {
            count = received
          } else if errno == EINTR {
            continue
          } else {
            failure = errno
          }
          return
        }
      }
      if failure != 0 { throw FileError(path: path, reason: String(cString: strerror(failure))) }
      if chunk.isEmpty { return bytes }
      if bytes.isEmpty { bytes = chunk } else { bytes += chunk }
      if bytes.count > limit { throw FileError(path: path, reason: tooLarge(size: nil, limit: limit)) }
      chunkSize = 65_536
    }
  }

  /// Why a file over `limit` bytes is refused, and what to do instead;
  /// `size` is `nil` for a file whose size was not known before reading.
  static func tooLarge(size: Int?, limit: Int) -> String {
    let most = limit % (1 << 20) == 0 ? "\(limit >> 20) MiB" : "\(limit) bytes"
    guard let size else {
      return "it goes on past \(most), the most BindScript reads from one file (it may never end, as a device like /dev/zero does); name a file of at most \(most)"
    }
    return "it is \(size) bytes, more than \(most), the most BindScript reads from one file; split it into smaller files"
  }

  /// Replaces the whole file at `path` with `text`, so that at every moment
  /// `path` holds either the old contents or the new, never a part.
  public static func write(_ text: String, to path: String) throws {
    try replaceContents(of: path, with: Array(text.utf8))
  }

  /// Replaces the whole file at `path` with `bytes`, atomically: every
  /// writer of a user's file (`test --update`, `:save`, `--record`,
  /// `graph -o`, the REPL's history) goes through here.
  ///
  /// What is at `path` decides how (see `WriteTarget`). A regular file, or
  /// nothing yet, is replaced whole: the bytes go to a new temporary file in
  /// the same folder (a rename is atomic only within one file system), which
  /// is flushed to disk with `fsync` and then renamed over `path`; a kill, a
  /// crash or a full disk at any point leaves the old file whole (SQLite's
  /// and git's habit). The folder is synced too, so the rename itself
  /// survives a power cut. A character device (`/dev/null`, a terminal) or a
  /// pipe is written through, as `cat > PATH` would, since a rename would
  /// put a plain file in its place; a directory, a socket or a block device
  /// is refused.
  ///
  /// A symbolic link at `path` is followed (the file it ends at is
  /// replaced, or created for a dangling link; the link stays). The new
  /// file keeps the old one's permission bits; a new file gets
  /// `permissions` less the umask.
  public static func replaceContents(of path: String, with bytes: [UInt8], permissions: mode_t = 0o666) throws {
    switch try WriteTarget(path) {
    case .file(let target): try replaceAtomically(target, reportedAs: path, with: bytes, permissions: permissions)
    case .device, .pipe: try writeThrough(bytes, to: path)
    }
  }

  /// The atomic replace of the regular file (or new file) `target`; errors
  /// name `path`, the name the caller gave.
  private static func replaceAtomically(
    _ target: String, reportedAs path: String, with bytes: [UInt8], permissions: mode_t
  ) throws {
    var existing = stat()
    let mode = stat(target, &existing) == 0 ? mode_t(existing.st_mode) & 0o7777 : nil
    let folder = target.lastIndex(of: "/").map { String(target[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
    let name = target.lastIndex(of: "/").map { String(target[target.index(after: $0)...]) } ?? target
    var template = Array("\(folder)/.\(name).XXXXXX".utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard fd >= 0 else { throw FileError(path: path, reason: String(cString: strerror(errno))) }
    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    let temporary = String(cString: template)
    func fail(_ code: Int32) -> FileError {
      unlink(temporary)
      return FileError(path: path, reason: String(cString: strerror(code)))
    }
    // mkostemp makes the file 0600; give it the old file's mode, or the
    // usual new-file mode.
    if let mode {
      fchmod(fd, mode)
    } else {
      let mask = umask(0)
      umask(mask)
      fchmod(fd, permissions & ~mask)
    }
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { posixWrite(fd, $0.baseAddress! + offset, bytes.count - offset) }
      if written < 0 {
        if errno == EINTR { continue }
        let code = errno
        close(fd)
        throw fail(code)
      }
      offset += written
    }
    // fsync before rename: otherwise a crash could leave the new name
    // pointing at a file whose blocks never reached the disk.
    if fsync(fd) != 0 {
      let code = errno
      close(fd)
      throw fail(code)
    }
    if close(fd) != 0 { throw fail(errno) }
    if rename(temporary, target) != 0 { throw fail(errno) }
    // Persist the rename itself; best effort, as not every file system
    // allows fsync on a folder.
    let folderFD = open(folder, O_RDONLY | O_CLOEXEC)
    if folderFD >= 0 {
      fsync(folderFD)
      close(folderFD)
    }
  }

  /// The file a symbolic link at `path` ends at (relative links are taken
  /// from the link's folder), or `path` itself when it is not a link.
  ///
  /// A relative link is joined to its folder without folding `..`: when
  /// that folder is itself reached through a link, `dir/../x` means what
  /// the system makes of it, which a fold by text would get wrong.
  static func resolvingSymbolicLink(_ path: String) -> String {
    var current = path
    for _ in 0..<40 {  // the system's own limit on links in a row (ELOOP)
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let length = readlink(current, &buffer, buffer.count - 1)
      guard length > 0 else { return current }
      let link = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if link.hasPrefix("/") {
        current = link
      } else {
        current = current.lastIndex(of: "/").map { String(current[...$0]) + link } ?? link
      }
    }
    return current
  }

  /// `path` relative to the folder of `base` (a file path), unless absolute.
  /// `.` and `..` are folded so one file always has one name.
  public static func resolve(_ path: String, relativeTo base: String?) -> String {
    var joined = path
    if !path.hasPrefix("/"), let base, let slash = base.lastIndex(of: "/") {
      joined = String(base[...slash]) + path
    }
    return normalize(joined)
  }

  /// `path` as an absolute path: relative to the current directory unless
  /// it is absolute already; `.` and `..` folded.
  package static func absolute(_ path: String) -> String {
    guard !path.hasPrefix("/"), let cwd = getcwd(nil, 0) else { return normalize(path) }
    defer { free(cwd) }
    return normalize(String(cString: cwd) + "/" + path)
  }

  /// What a path names.
  package enum EntryKind { case file, directory }

  /// What is at `path`, following symbolic links; `nil` when nothing is
  /// there or it cannot be read.
  package static func kind(of path: String) -> EntryKind? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return (info.st_mode & S_IFMT) == S_IFDIR ? .directory : .file
  }

  /// The names in folder `path`, without `.` and `..`, in the order the
  /// system lists them; `nil` when it cannot be opened.
  package static func contents(ofDirectory path: String) -> [String]? {
    guard let handle = opendir(path) else { return nil }
    defer { closedir(handle) }
    var names: [String] = []
    while let entry = readdir(handle) {
      let name = withUnsafePointer(to: &entry.pointee.d_name) {
        $0.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) {
          String(cString: $0)
        }
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// Makes a new, empty folder under `/tmp` whose name starts with
  /// `prefix`, and returns its path (`mkdtemp`: the name is unique, the
  /// folder is private to this user).
  package static func makeTemporaryDirectory(prefix: String) throws -> String {
    var template = Array("/tmp/\(prefix)-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    guard let made else { throw FileError(path: "/tmp", reason: String(cString: strerror(errno))) }
    return String(cString: made)
  }

  static func normalize(_ path: String) -> String {
    let isAbsolute = path.hasPrefix("/")
    var parts: [Substring] = []
    for part in path.split(separator: "/") {
      switch part {
      case ".": continue
      case "..":
        if let last = parts.last, last != ".." { parts.removeLast() } else if !isAbsolute { parts.append(part) }
      default: parts.append(part)
      }
    }
    // Joined by hand: `joined(separator:)` over substrings is generic code
    // the runtime resolves on first use (0.2 M instructions, paid by every
    // `bindscript run` at start-up).
    var body = ""
    for part in parts {
      if !body.isEmpty { body.append("/") }
      body.append(contentsOf: part)
    }
    return isAbsolute ? "/" + body : (body.isEmpty ? "." : body)
  }
}

/// Ends this process when its parent dies.
public enum ParentDeath {
  /// Asks the kernel to send `signal` to this process the moment its parent
  /// ends (Linux's `PR_SET_PDEATHSIG`; the signal goes when the parent
  /// *thread* that started the process ends). Returns `false` where the
  /// system has no such request: watch a pipe from the parent instead.
  @discardableResult
  public static func deliver(_ signal: Int32) -> Bool {
    bindscript_set_parent_death_signal(signal) == 0
  }
}

/// `write(2)`, named apart from `FileSystem.write`.
func posixWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  write(fd, buffer, count)
}
