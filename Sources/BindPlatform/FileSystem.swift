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

  /// Reads a whole file.
  public static func readBytes(_ path: String) throws -> [UInt8] {
    guard let handle = fopen(path, "rb") else {
      throw FileError(path: path, reason: String(cString: strerror(errno)))
    }
    defer { fclose(handle) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = fread(&buffer, 1, buffer.count, handle)
      if count > 0 { bytes.append(contentsOf: buffer[0..<count]) }
      if count < buffer.count {
        if ferror(handle) != 0 { throw FileError(path: path, reason: String(cString: strerror(errno))) }
        return bytes
      }
    }
  }

  /// Writes a whole file.
  public static func write(_ text: String, to path: String) throws {
    guard let handle = fopen(path, "wb") else {
      throw FileError(path: path, reason: String(cString: strerror(errno)))
    }
    defer { fclose(handle) }
    let bytes = Array(text.utf8)
    if fwrite(bytes, 1, bytes.count, handle) != bytes.count {
      throw FileError(path: path, reason: String(cString: strerror(errno)))
    }
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
    let body = parts.joined(separator: "/")
    return isAbsolute ? "/" + body : (body.isEmpty ? "." : body)
  }
}
