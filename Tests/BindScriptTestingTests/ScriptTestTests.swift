import BindLanguage
import BindPlatform
@testable import BindScriptTesting
import BindSyntax
import XCTest

/// The host-app helper: script failures become XCTest failures at the
/// script's `path:line`.
final class ScriptTestTests: XCTestCase {
  /// Failures recorded by the test under way, caught instead of failing it.
  private var recorded: [(description: String, path: String, line: Int)] = []
  private var capturing = false

  #if canImport(Darwin)
  override func record(_ issue: XCTIssue) {
    guard capturing else { return super.record(issue) }
    let location = issue.sourceCodeContext.location
    recorded.append((issue.detailedDescription ?? issue.compactDescription, location?.fileURL.path ?? "", location?.lineNumber ?? 0))
  }
  #else
  override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
    guard capturing else {
      return super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
    }
    recorded.append((description, filePath, lineNumber))
  }
  #endif

  private func capture(_ body: () -> Void) {
    capturing = true
    body()
    capturing = false
  }

  func testPassingScriptRecordsNothing() {
    let result = assertScript(source: "let l = Label()\nl.text = \"Hi\"\nassert(l.text == \"Hi\")\nl.text\n#> \"Hi\"\n")
    XCTAssertTrue(result.passed)
  }

  func testFailuresPointAtTheScript() throws {
    let path = try writeScript("""
      let l = Label()
      l.text = "Ho"
      assert(l.text == "Hi")
      """)
    capture { assertScript(path) }
    XCTAssertEqual(recorded.count, 1)
    XCTAssertEqual(recorded.first?.path, path)
    XCTAssertEqual(recorded.first?.line, 3)
    XCTAssertTrue(recorded.first?.description.contains("('l.text' is \"Ho\")") ?? false, "\(recorded)")
  }

  func testOutputMismatchCarriesTheDiff() {
    capture { assertScript(source: "print(1)\n#> 1\nprint(2)\n#> 3\n", path: "inline.bind") }
    XCTAssertEqual(recorded.map(\.line), [3])
    XCTAssertEqual(recorded.first?.path, "inline.bind")
    XCTAssertTrue(recorded.first?.description.contains("-3\n+2") ?? false, "\(recorded)")
  }

  func testUnreadableScriptFailsAtTheCaller() {
    capture { assertScript("/nonexistent/missing.bind") }
    XCTAssertEqual(recorded.count, 1)
    XCTAssertEqual(recorded.first?.path, #filePath)
  }

  func testConfiguredInterpreterIsUsed() {
    let interpreter = Interpreter()
    try? interpreter.run(Parser.parse("let shared = Label()\nshared.text = \"from host\"\n"))
    let result = assertScript(source: "shared.text\n#> \"from host\"\n", interpreter: interpreter)
    XCTAssertTrue(result.passed, "\(result.failures)")
  }

  func testIssuesAPIAndPathHelper() {
    let issues = ScriptTest.issues(inSource: "nosuch\nprint(1)\n", path: "x.bind")
    XCTAssertEqual(issues.map(\.line), [1])
    XCTAssertTrue(issues[0].description.hasPrefix("x.bind:1: error: "))
    XCTAssertTrue(ScriptTest.path("login.bind").hasSuffix("/BindScriptTestingTests/login.bind"))
  }

  private func writeScript(_ text: String) throws -> String {
    let path = try FileSystem.makeTemporaryDirectory(prefix: "bindscript-testing") + "/script.bind"
    try FileSystem.write(text, to: path)
    return path
  }
}

/// Each script of a folder as a Swift Testing case, and what a failure attaches.
final class ScriptFileTests: XCTestCase {
  func testScriptsOfAFolderAreNamedUnderIt() throws {
    let folder = try FileSystem.makeTemporaryDirectory(prefix: "script-cases")
    mkdir(folder + "/login", 0o755)
    mkdir(folder + "/.hidden", 0o755)
    for name in ["b.bind", "a.bind", "login/sign-in.bind", ".hidden/x.bind", "notes.txt"] {
      try FileSystem.write("print(1)\n", to: folder + "/" + name)
    }
    let scripts = ScriptTest.scripts(in: folder)
    XCTAssertEqual(scripts.map(\.name), ["a.bind", "b.bind", "login/sign-in.bind"])
    XCTAssertEqual(scripts.first?.path, folder + "/a.bind")
    XCTAssertEqual(scripts.first?.description, "a.bind")
  }

  func testTheEnvironmentSelectsScriptsByName() throws {
    let folder = try FileSystem.makeTemporaryDirectory(prefix: "script-selection")
    mkdir(folder + "/login", 0o755)
    for name in ["a.bind", "login/sign-in.bind", "login/sign-out.bind"] {
      try FileSystem.write("print(1)\n#> 1\n", to: folder + "/" + name)
    }
    func names(_ selection: String?) -> [String] {
      ScriptTest.scripts(in: folder, nextTo: #filePath, selecting: selection).map(\.name)
    }
    XCTAssertEqual(names(nil), ["a.bind", "login/sign-in.bind", "login/sign-out.bind"])
    XCTAssertEqual(names("sign-in,a.b"), ["a.bind", "login/sign-in.bind"])
    let none = ScriptTest.scripts(in: folder, nextTo: #filePath, selecting: "nothing")
    XCTAssertEqual(none.map(\.name), ["BINDSCRIPT_SCRIPTS=nothing matches no script"], "one failing case, not none")
    XCTAssertEqual(ScriptTest.run(file: none[0].path).status, .failed)
  }

  func testAMissingFolderIsOneFailingCaseNotNone() {
    let scripts = ScriptTest.scripts(in: "/no/such/folder")
    XCTAssertEqual(scripts.map(\.name), ["/no/such/folder"])
    XCTAssertEqual(ScriptTest.run(file: scripts[0].path).status, .failed)
  }

  func testAFailureAttachesItsDiffGraphAndTimeline() throws {
    let source = """
      let a = Label()
      let b = Label()
      bind a.text -> b.text
      a.text = "x"
      b.text
      #> "y"
      after 100ms { a.text = "z" }
      timeline a.text for 300ms
      #> a.text: a--|  a = "x"
      """
    let result = ScriptTest.run(source: source, path: "/scripts/failing.bind")
    XCTAssertEqual(result.status, .failed)
    let attachments = ScriptTest.attachments(of: result)
    XCTAssertEqual(attachments.first?.name, "failing.bind.diff.txt")
    let report = String(decoding: attachments[0].bytes, as: UTF8.self)
    XCTAssertTrue(report.contains("/scripts/failing.bind:5: output differs\n| b.text\n--- expected\n+++ actual"), report)
    let graph = try XCTUnwrap(attachments.first { $0.name.hasPrefix("failing.bind-graph.") })
    let graphText = String(decoding: graph.bytes, as: UTF8.self)
    // SVG where Graphviz is installed, DOT where not; either shows the value then.
    XCTAssertTrue(
      graphText.contains("&quot;x&quot;") || graphText.contains("\\\"x\\\""),
      "the graph as it was after the failing statement: \(graphText.prefix(300))")
    // Named after the script, as the other two are, not after its whole path.
    XCTAssertTrue(attachments.contains { $0.name == "failing.bind-line8-timeline.svg" && String(decoding: $0.bytes, as: UTF8.self).hasPrefix("<svg") },
      "\(attachments.map(\.name))")
    XCTAssertTrue(ScriptTest.attachments(of: ScriptTest.run(source: "print(1)\n#> 1\n")).isEmpty, "a passing script attaches nothing")
  }
}
