import BindRuntime

/// File access without Foundation, which would cost the command-line tool
/// several milliseconds of start-up.
public enum FileSystem {
  /// An error opening or reading a file, with the system's reason.
  public struct FileError: Error, CustomStringConvertible {
    public let path: String
    public let reason: String
    public var description: String { "\(reason)" }
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
