import BindLanguage
import BindPlatform
import BindRuntime
import BindSyntax

/// Finding the test scripts of a run: `*.bind` files under the given
/// paths, narrowed by `--filter` and `--shard`.
package enum ScriptDiscovery {
  /// A path given on the command line that does not exist.
  package struct MissingPathError: Error, CustomStringConvertible {
    /// The path as given.
    package var path: String
    /// `no such file or directory: 'PATH'`.
    package var description: String { "no such file or directory: '\(path)'" }
  }

  /// Every `*.bind` file under `paths`, recursively, sorted and without
  /// duplicates. A path naming a file is taken whatever its extension;
  /// folders whose names start with `.` (such as `.build`) are not entered.
  package static func find(in paths: [String]) throws -> [String] {
    var found: Set<String> = []
    for path in paths {
      switch FileSystem.kind(of: path) {
      case .file: found.insert(path)
      case .directory: collect(in: path, depth: 0, into: &found)
      case nil: throw MissingPathError(path: path)
      }
    }
    return found.sorted()
  }

  /// The paths that contain `pattern`, or that a regular expression
  /// `pattern` matches part of.
  package static func filter(_ paths: [String], pattern: String) -> [String] {
    let regex = try? Regex(pattern)
    return paths.filter { path in
      if path.contains(pattern) { return true }
      guard let regex else { return false }
      return (try? regex.firstMatch(in: path)) != nil
    }
  }

  /// Shard `index` (1-based) of `count`: every `count`th path starting at
  /// the `index`th, so shards are disjoint, cover the suite and stay
  /// balanced as files are added.
  package static func shard(_ paths: [String], index: Int, count: Int) -> [String] {
    precondition(count >= 1 && (1...count).contains(index), "shard index out of range")
    return paths.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
  }

  /// Parses `K/N` with 1 ≤ K ≤ N.
  package static func parseShard(_ text: String) -> (index: Int, count: Int)? {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
      count >= 1, (1...count).contains(index)
    else { return nil }
    return (index, count)
  }

  private static func collect(in directory: String, depth: Int, into found: inout Set<String>) {
    // A symbolic link loop would recurse without end; no real suite is
    // this deep.
    guard depth < 64, let names = FileSystem.contents(ofDirectory: directory) else { return }
    let prefix = directory == "." ? "" : directory.hasSuffix("/") ? directory : directory + "/"
    for name in names where !name.hasPrefix(".") {
      let path = prefix + name
      switch FileSystem.kind(of: path) {
      case .directory: collect(in: path, depth: depth + 1, into: &found)
      case .file where name.hasSuffix(".bind"): found.insert(path)
      default: continue
      }
    }
  }
}
