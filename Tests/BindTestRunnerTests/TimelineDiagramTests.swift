import BindPlatform
import XCTest
@testable import BindTestRunner

/// Timelines read back from their printed line, drawn as SVG, written as
/// artifacts of failing expectations, and attached in the JUnit report.
final class TimelineDiagramTests: XCTestCase {
  func testReadsMarblesGroupsEventsAndValuesHoldingCommas() throws {
    let diagram = try XCTUnwrap(TimelineDiagram(parsing: #"vm.query: -a-(bx)--a1|  a = "x, b = y", b = [1, 2], a1 = nil"#))
    XCTAssertEqual(diagram.label, "vm.query")
    XCTAssertEqual(diagram.frames, [[], ["a"], [], ["b", "x"], [], [], ["a1"]])
    XCTAssertEqual(diagram.values, ["a": #""x, b = y""#, "b": "[1, 2]", "a1": "nil"])
    XCTAssertEqual(diagram.valueLetters, ["a", "b", "a1"], "x is an event without payload")
    let empty = try XCTUnwrap(TimelineDiagram(parsing: "vm.tick: ---|"))
    XCTAssertEqual(empty.frames, [[], [], []])
    XCTAssertEqual(empty.values, [:])
  }

  func testLinesThatAreNotTimelinesAreNil() {
    for line in ["hello", "a: b", "x: --", "x: |", "x: -(a)-|", "x: -?-|", "\"Hi\""] {
      XCTAssertNil(TimelineDiagram(parsing: line), line)
    }
  }

  func testSVGDrawsEachRowOnOneAxisAndShadesWhereTheyDiffer() throws {
    let expected = try XCTUnwrap(TimelineDiagram(parsing: #"q: -a--|  a = "<s>""#))
    let actual = try XCTUnwrap(TimelineDiagram(parsing: #"q: --a-|  a = "<s>""#))
    let svg = TimelineDiagram.svg([("expected", expected), ("actual", actual)], frame: "250ms")
    XCTAssertTrue(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""), svg)
    XCTAssertEqual(svg.components(separatedBy: "class=\"marble\"").count - 1, 2)
    XCTAssertEqual(svg.components(separatedBy: "class=\"differs\"").count - 1, 2, "frames 1 and 2")
    XCTAssertTrue(svg.contains(">a = &quot;&lt;s&gt;&quot;</text>"), "values are XML-escaped")
    XCTAssertTrue(svg.contains(">0ms</text>") && svg.contains(">750ms</text>"), "a tick every 3 frames of 250ms: \(svg)")
    XCTAssertTrue(svg.contains(">time (1 frame = 250ms)</text>"), svg)
    let same = TimelineDiagram.svg([("expected", expected), ("actual", expected)], frame: nil)
    XCTAssertFalse(same.contains("class=\"differs\""))
    XCTAssertTrue(same.contains(">frames</text>"))
  }

  func testArtifactsPairTheExpectedAndActualTimelinesOfAFailure() throws {
    let failure = TestFailure(
      kind: .output, line: 9, message: "output differs",
      details: [
        "| timeline vm.query for 1.5s every 250ms", "--- expected", "+++ actual", "@@ -1,2 +1,2 @@",
        "-vm.query: -a-|  a = 1", "-other line", "+vm.query: --a|  a = 1", "+other",
      ])
    let pairs = TimelineArtifacts.pairs(in: failure)
    XCTAssertEqual(pairs.count, 1)
    XCTAssertEqual(pairs.first?.expected.frames, [[], ["a"], []])
    XCTAssertEqual(pairs.first?.actual.frames, [[], [], ["a"]])
    XCTAssertEqual(TimelineArtifacts.frame(of: failure), "250ms")
    let plain = TestFailure(kind: .output, line: 2, message: "m", details: ["| print(1)", "-1", "+2"])
    XCTAssertTrue(TimelineArtifacts.pairs(in: plain).isEmpty)
    XCTAssertNil(TimelineArtifacts.frame(of: plain))
    XCTAssertEqual(TimelineArtifacts.flattened("./Scripts/time/a.bind"), "Scripts_time_a.bind")
    XCTAssertEqual(TimelineArtifacts.flattened("/tmp/a.bind"), "tmp_a.bind")
    XCTAssertEqual(TimelineArtifacts.fileName("tmp_a.bind", line: 3, number: 1), "tmp_a.bind-line3-2-timeline.svg")

    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("timeline-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let result = FileTestResult(path: "Scripts/a.bind", status: .failed, failures: [failure, plain])
    var problems: [String] = []
    let written = TimelineArtifacts.write(for: result, into: folder) { problems.append($0) }
    XCTAssertEqual(written, [folder + "/Scripts_a.bind-line9-timeline.svg"])
    XCTAssertEqual(problems, [])
    let svg = try String(contentsOfFile: written[0], encoding: .utf8)
    XCTAssertTrue(svg.contains(">expected</text>") && svg.contains(">actual</text>"), svg)
    let missing = TimelineArtifacts.write(for: result, into: folder + "/nope") { problems.append($0) }
    XCTAssertEqual(missing, [])
    XCTAssertEqual(problems.count, 1)
    XCTAssertTrue(problems[0].contains("no such folder"), problems[0])
  }

  func testJUnitAttachesArtifactsInSystemOut() {
    var result = FileTestResult(
      path: "Scripts/a.bind", status: .failed,
      failures: [TestFailure(kind: .output, line: 1, message: "output differs", details: [])])
    result.attachments = ["/ci/artifacts/a & b.svg"]
    let report = JUnitReporter().finish([result], seconds: 1)
    XCTAssertTrue(report.contains("      <system-out>[[ATTACHMENT|/ci/artifacts/a &amp; b.svg]]</system-out>\n    </testcase>"), report)
    result.attachments = []
    XCTAssertFalse(JUnitReporter().finish([result], seconds: 1).contains("system-out"))
  }
}
