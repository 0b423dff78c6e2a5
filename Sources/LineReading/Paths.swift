#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few path operations the line editor and file-name completion need, without Foundation's
/// `NSString` (FoundationEssentials has none of them): importing all of
/// Foundation loads libFoundation, FoundationInternationalization and ICU
/// (~55 MB) into every `bindscript` process, REPL or not.
@usableFromInline
package enum Paths {
  /// `$HOME`, else the user's home directory from the password database.
  @usableFromInline
  package static func homeDirectory() -> String {
    if let home = getenv("HOME"), home.pointee != 0 { return String(cString: home) }
    if let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir { return String(cString: directory) }
    return "/"
  }

  /// `~` and `~/…` expanded against the home directory; other paths as they are.
  package static func expandingTilde(_ path: String) -> String {
    if path == "~" { return homeDirectory() }
    if path.hasPrefix("~/") { return join(homeDirectory(), String(path.dropFirst(2))) }
    return path
  }

  /// `directory/name`, with one slash between them.
  package static func join(_ directory: String, _ name: String) -> String {
    if directory.isEmpty { return name }
    if name.isEmpty { return directory }
    return directory.hasSuffix("/") ? directory + name : directory + "/" + name
  }

  package static func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }
}
