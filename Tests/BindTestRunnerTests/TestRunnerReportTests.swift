import BindLanguage
import BindPlatform
import BindSyntax
import XCTest
@testable import BindTestRunner

/// Diffs, the plain, TAP and JUnit reports, and finding the files of a run.
final class TestRunnerReportTests: XCTestCase {
  private let failing = FileTestResult(
    path: "Scripts/a b.bind", status: .failed, seconds: 0.0123,
    failures: [
      TestFailure(kind: .output, line: 7, message: "output differs", details: ["| l.text", "--- expected", "+++ actual", "@@ -1 +1 @@", "-\"Hi\"", "+\"Ho\""]),
      TestFailure(kind: .error, line: 9, message: "error: assertion failed: x < 1 ('x' is 2) & <more>", details: []),
    ])
  private var results: [FileTestResult] {
    [
      FileTestResult(path: "Scripts/ok.bind", status: .passed, seconds: 0.002),
      failing,
      FileTestResult(path: "Scripts/later.bind", status: .skipped(reason: "needs # host")),
    ]
  }

  func testUnifiedDiff() {
    let expected = ["a", "b", "c (re)", "d"].enumerated().map { ExpectedLine(line: $0.offset, text: $0.element) }
    XCTAssertEqual(
      UnifiedDiff.render(expected: expected, actual: ["a", "B", "c", "d", "e"]),
      ["--- expected", "+++ actual", "@@ -1,4 +1,5 @@", " a", "-b", "+B", " c", " d", "+e"])
    XCTAssertEqual(UnifiedDiff.render(expected: expected, actual: ["a", "b", "c", "d"]), [])
    XCTAssertEqual(
      UnifiedDiff.render(expected: [], actual: ["x"]), ["--- expected", "+++ actual", "@@ -0,0 +1 @@", "+x"])
    let long = (1...20).map { ExpectedLine(line: $0, text: "\($0)") }
    var actual = (1...20).map { "\($0)" }
    actual[1] = "two"
    actual[17] = "eighteen"
    XCTAssertEqual(UnifiedDiff.render(expected: long, actual: actual), [
      "--- expected", "+++ actual",
      "@@ -1,5 +1,5 @@", " 1", "-2", "+two", " 3", " 4", " 5",
      "@@ -15,6 +15,6 @@", " 15", " 16", " 17", "-18", "+eighteen", " 19", " 20",
    ])
  }

  func testPlainReport() {
    let reporter = PlainReporter()
    var text = reporter.start(total: 3)
    for (index, result) in results.enumerated() { text += reporter.report(result, number: index + 1) }
    text += reporter.finish(results, seconds: 1)
    XCTAssertEqual(text, """
      PASS Scripts/ok.bind (2 ms)
      FAIL Scripts/a b.bind (12 ms)
        Scripts/a b.bind:7: output differs
          | l.text
          --- expected
          +++ actual
          @@ -1 +1 @@
          -"Hi"
          +"Ho"
        Scripts/a b.bind:9: error: assertion failed: x < 1 ('x' is 2) & <more>
      SKIP Scripts/later.bind (needs # host)
      1 passed, 1 failed, 1 skipped

      """)
  }

  func testSummaryLine() {
    XCTAssertEqual(TestSummary([]).line, "0 passed, 0 failed")
    XCTAssertEqual(TestSummary(results).line, "1 passed, 1 failed, 1 skipped")
  }

  func testTAPReport() {
    let reporter = TAPReporter()
    var text = reporter.start(total: 3)
    for (index, result) in results.enumerated() { text += reporter.report(result, number: index + 1) }
    let lines = text.split(separator: "\n").map(String.init)
    XCTAssertEqual(Array(lines.prefix(4)), ["TAP version 13", "1..3", "ok 1 - Scripts/ok.bind", "not ok 2 - Scripts/a b.bind"])
    XCTAssertEqual(lines[4], "  ---")
    XCTAssertTrue(lines.contains("  message: \"Scripts/a b.bind:7: output differs\""))
    XCTAssertTrue(lines.contains("      details: \"| l.text\\n--- expected\\n+++ actual\\n@@ -1 +1 @@\\n-\\\"Hi\\\"\\n+\\\"Ho\\\"\""))
    XCTAssertEqual(lines.last, "ok 3 - Scripts/later.bind # SKIP needs \\# host")
    XCTAssertTrue(lines.contains("  ..."))
  }

  func testJUnitReport() {
    let text = JUnitReporter().finish(results, seconds: 1.5)
    XCTAssertTrue(text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"bindscript\" tests=\"3\" failures=\"1\" errors=\"0\" skipped=\"1\" time=\"1.500\">"))
    XCTAssertTrue(text.contains("<testcase name=\"Scripts/ok.bind\" classname=\"Scripts.ok\" file=\"Scripts/ok.bind\" time=\"0.002\"/>"))
    XCTAssertTrue(text.contains("<failure message=\"Scripts/a b.bind:7: output differs\" type=\"output\">"))
    XCTAssertTrue(text.contains("x &lt; 1 (&apos;x&apos; is 2) &amp; &lt;more&gt;"))
    XCTAssertTrue(text.contains("<skipped message=\"needs # host\"/>"))
  }

  func testDiscoveryFilterAndShard() throws {
    let root = temporaryPath("suite")
    for folder in ["", "/b", "/a", "/a/deep", "/.hidden"] { mkdir(root + folder, 0o755) }
    for file in ["/z.bind", "/b/two.bind", "/a/one.bind", "/a/deep/three.bind", "/a/notes.txt", "/.hidden/x.bind"] {
      try FileSystem.write("", to: root + file)
    }
    let found = try ScriptDiscovery.find(in: [root, root + "/a/notes.txt"])
    XCTAssertEqual(found.map { String($0.dropFirst(root.count)) }, ["/a/deep/three.bind", "/a/notes.txt", "/a/one.bind", "/b/two.bind", "/z.bind"])
    XCTAssertThrowsError(try ScriptDiscovery.find(in: [root + "/missing"]))
    XCTAssertEqual(ScriptDiscovery.filter(found, pattern: "one").count, 1)
    XCTAssertEqual(ScriptDiscovery.filter(found, pattern: "/(one|two)\\.bind$").count, 2)
    XCTAssertEqual(ScriptDiscovery.filter(found, pattern: "[unclosed").count, 0)
    let shards = (1...3).map { ScriptDiscovery.shard(found, index: $0, count: 3) }
    XCTAssertEqual(shards.map(\.count), [2, 2, 1])
    XCTAssertEqual(Set(shards.joined()), Set(found))
    XCTAssertEqual(ScriptDiscovery.shard(found, index: 2, count: 3), shards[1], "deterministic")
    XCTAssertNotNil(ScriptDiscovery.parseShard("2/3"))
    for bad in ["0/3", "4/3", "1/0", "a/b", "1", "1/2/3"] { XCTAssertNil(ScriptDiscovery.parseShard(bad), bad) }
  }
}
