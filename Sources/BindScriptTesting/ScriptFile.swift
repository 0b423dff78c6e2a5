import BindPlatform
import BindTestRunner
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A test script found in a folder: the argument of a parameterised test,
/// so that each script of a folder is a test case of its own.
///
/// ```swift
/// @Test(arguments: ScriptTest.scripts(in: "Scripts"))
/// @MainActor func script(_ script: ScriptFile) async {
///   await expectScript(script) { interpreter in try AppTypes.register(in: interpreter) }
/// }
/// ```
///
/// Each case is named by the script's path under the folder
/// (`login/sign-in.bind`), which `swift test`'s output and Xcode's test
/// navigator show. `swift test --filter` selects tests, not one argument of
/// a test (Swift Testing 6.3), so the environment variable
/// `BINDSCRIPT_SCRIPTS` selects scripts: `BINDSCRIPT_SCRIPTS=login swift test
/// --filter AppScripts` runs the scripts whose names contain `login`.
public struct ScriptFile: Sendable, Hashable, CustomStringConvertible {
  /// The script's path (absolute when the folder was found next to a test file).
  public let path: String
  /// Its path under the folder it was found in.
  public let name: String

  public var description: String { name }
}

extension ScriptTest {
  /// The `.bind` scripts under `folder`, resolved against the folder of
  /// `filePath` (the test file, by default) unless absolute, in the order
  /// `bindscript test` runs them (hidden folders skipped). A folder that
  /// does not exist gives one case that fails with why, rather than none:
  /// a parameterised test with no arguments would pass unseen.
  ///
  /// When the environment variable `BINDSCRIPT_SCRIPTS` is set, only the
  /// scripts whose names contain one of its comma-separated parts are
  /// listed (one failing case when none does), since `swift test --filter`
  /// cannot pick one argument of a test.
  public static func scripts(in folder: String, nextTo filePath: StaticString = #filePath) -> [ScriptFile] {
    scripts(in: folder, nextTo: filePath, selecting: getenv(scriptSelectionVariable).map { String(cString: $0) })
  }

  /// The environment variable that selects scripts by name.
  public static let scriptSelectionVariable = "BINDSCRIPT_SCRIPTS"

  static func scripts(in folder: String, nextTo filePath: StaticString, selecting selection: String?) -> [ScriptFile] {
    let root = path(folder, nextTo: filePath)
    guard let found = try? ScriptDiscovery.find(in: [root]) else {
      return [ScriptFile(path: root, name: folder)]
    }
    let all = found.map { ScriptFile(path: $0, name: relative($0, to: root)) }
    let parts = selection?.split(separator: ",").map(String.init) ?? []
    guard !parts.isEmpty else { return all }
    let selected = all.filter { script in parts.contains { script.name.contains($0) } }
    // Named so the case says why it fails (its path is no script).
    return selected.isEmpty
      ? [ScriptFile(path: root + "/" + (selection ?? ""), name: "\(scriptSelectionVariable)=\(selection ?? "") matches no script")]
      : selected
  }

  private static func relative(_ path: String, to root: String) -> String {
    let prefix = root.hasSuffix("/") ? root : root + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
  }

  /// What a failed result attaches to its test: the failures as text (the
  /// transcript's diff, under `NAME.diff.txt`), the binding graph after the
  /// first failing statement (`NAME-graph.svg` through Graphviz's `dot`, or
  /// its DOT text as `NAME-graph.dot` where `dot` is not installed), and
  /// each failing timeline's diagram. Nothing for a passing result.
  public static func attachments(of result: FileTestResult) -> [(name: String, bytes: [UInt8])] {
    guard result.status == .failed else { return [] }
    let name = result.path.split(separator: "/").last.map(String.init) ?? result.path
    let report = issues(of: result).map { "\($0.description)\n" + $0.details.joined(separator: "\n") }.joined(separator: "\n\n")
    var attachments = [(name + ".diff.txt", Array((report + "\n").utf8))]
    if let graph = result.failureGraph {
      if let svg = svg(ofGraph: graph) {
        attachments.append((name + "-graph.svg", svg))
      } else {
        attachments.append((name + "-graph.dot", Array(graph.utf8)))
      }
    }
    for diagram in TimelineArtifacts.diagrams(for: result, scriptName: name) {
      attachments.append((diagram.name, Array(diagram.svg.utf8)))
    }
    return attachments
  }

  /// The graph drawn as SVG by Graphviz's `dot`; `nil` where it is missing or fails.
  private static func svg(ofGraph dot: String) -> [UInt8]? {
    guard let folder = try? FileSystem.makeTemporaryDirectory(prefix: "bindscript-graph") else { return nil }
    let path = folder + "/graph.svg"
    defer {
      unlink(path)
      rmdir(folder)
    }
    guard (try? Graphviz.write(dot, as: .svg, to: path)) != nil else { return nil }
    return try? FileSystem.readBytes(path)
  }
}
