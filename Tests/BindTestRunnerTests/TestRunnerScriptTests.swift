import BindLanguage
import BindSyntax
import XCTest
@testable import BindTestRunner

/// How a test script's `#>` lines attach to its statements.
final class TestRunnerScriptTests: XCTestCase {
  func testExpectationsBelongToThePrecedingStep() {
    let script = TestScript(text: """
      let l = Label()
      observe l.text

      l.text = "Hi"
      # a comment between expectations
      #> l.text: nil -> "Hi"
        #>   indented, and two spaces kept
      #>
      l.text
      #> "Hi"
      """, path: "a.bind")
    XCTAssertEqual(script.steps.map(\.firstLine), [1, 2, 4, 9])
    XCTAssertEqual(script.steps[0].expected, [])
    XCTAssertEqual(script.steps[2].expected.map(\.text), ["l.text: nil -> \"Hi\"", "  indented, and two spaces kept", ""])
    XCTAssertEqual(script.steps[2].expected.map(\.line), [6, 7, 8])
    XCTAssertEqual(script.steps[3].expected.map(\.text), ["\"Hi\""])
    XCTAssertTrue(script.checksOutput)
    XCTAssertNil(script.skipReason)
  }

  func testStatementsOnOneLineFormOneStep() {
    let script = TestScript(text: "print(1); print(2)\n#> 1\n#> 2\nprint(3)\n")
    XCTAssertEqual(script.steps.count, 2)
    XCTAssertEqual(script.steps[0].items.count, 2)
    XCTAssertEqual(script.steps[0].expected.map(\.text), ["1", "2"])
  }

  func testExpectationInsideAMultiLineStatementIsAComment() {
    let script = TestScript(text: "for i in 0..<2 {\n  #> not mine\n  print(i)\n}\n#> 0\n#> 1\n")
    XCTAssertEqual(script.steps.count, 1)
    XCTAssertEqual(script.steps[0].lastLine, 4)
    XCTAssertEqual(script.steps[0].expected.map(\.text), ["0", "1"])
  }

  func testFileWithoutExpectationsChecksOnlyErrors() {
    XCTAssertFalse(TestScript(text: "let x = 1\nx\n").checksOutput)
  }

  func testSkipLine() {
    XCTAssertEqual(TestScript(text: "# skip: needs host types\nlet x = 1\n").skipReason, "needs host types")
    XCTAssertEqual(TestScript(text: "#!/usr/bin/env bindscript\n# skip: later\n").skipReason, "later")
    XCTAssertEqual(TestScript(text: "# skip:\n").skipReason, "skipped")
    XCTAssertNil(TestScript(text: "let x = 1\n# skip: too late\n").skipReason)
    XCTAssertNil(TestScript(text: "# skipping nothing\n").skipReason)
  }

  func testExpectationBeforeAnyStatementIsStray() {
    let script = TestScript(text: "#> orphan\nlet x = 1\n")
    XCTAssertEqual(script.strayExpectations.map(\.line), [1])
    XCTAssertTrue(script.checksOutput)
  }

  func testSyntaxErrorIsAStepWithItsExpectations() {
    let script = TestScript(text: "let a = 1\nprint(a))\n#> error: unexpected ')' without a matching '('\nprint(a)\n")
    XCTAssertEqual(script.steps.count, 3)
    guard case .syntaxError = script.steps[1].items.first else { return XCTFail("expected a syntax error step") }
    XCTAssertEqual(script.steps[1].expected.count, 1)
  }

  func testExpectedLineParsing() {
    XCTAssertEqual(ExpectedLine.text(ofSourceLine: "#> a"), "a")
    XCTAssertEqual(ExpectedLine.text(ofSourceLine: "#>a"), "a")
    XCTAssertEqual(ExpectedLine.text(ofSourceLine: "#>"), "")
    XCTAssertEqual(ExpectedLine.text(ofSourceLine: "#> "), "")
    XCTAssertEqual(ExpectedLine.text(ofSourceLine: "  #> x\r"), "x")
    XCTAssertNil(ExpectedLine.text(ofSourceLine: "# > a"))
    XCTAssertNil(ExpectedLine.text(ofSourceLine: "print(1) #> 1"))
  }

  func testRegexLinesMatchWholeLines() {
    let line = ExpectedLine(line: 1, text: "Label#[0-9]+ (re)")
    XCTAssertTrue(line.isRegex)
    XCTAssertEqual(line.pattern, "Label#[0-9]+")
    XCTAssertTrue(line.matches("Label#12"))
    XCTAssertFalse(line.matches("Label#12 and more"))
    XCTAssertFalse(line.matches("a Label#1"))
    XCTAssertTrue(line.matches("Label#[0-9]+ (re)"), "a regex line also matches its own text")
    let broken = ExpectedLine(line: 1, text: "([ (re)")
    XCTAssertFalse(broken.matches("(["))
    XCTAssertFalse(ExpectedLine(line: 1, text: "a.c").matches("abc"), "plain lines are not patterns")
  }

  // MARK: Interrupted statements (issue 15, item 8)

  func testInterruptionMarkerStopsTheStatementAtThatPoint() {
    // Points come every 1,024 steps (a loop's test counts one too): the
    // third stops the loop after 3,071 increments, the first of the second
    // loop 1,023 increments later.
    let script = TestScript(text: """
      var n = 0
      # interrupted at point 3
      while true { n += 1 }
      #> error: interrupted
      n
      #> 3071
      # interrupted at points 1, 2
      while n < 10000 { n += 1 }
      #> error: interrupted
      n
      #> 4094
      """, path: "saved.bind")
    XCTAssertEqual(script.steps.map(\.interruptionPoints), [[], [3], [], [1, 2], []])
    let result = ScriptTestRunner().run(script)
    XCTAssertTrue(result.passed, "\(result.failures)")
  }

  func testMarkerLinesRoundTrip() {
    XCTAssertEqual(InterruptionMarker.line(for: [7]), "# interrupted at point 7")
    XCTAssertEqual(InterruptionMarker.line(for: [7, 9]), "# interrupted at points 7, 9")
    XCTAssertEqual(InterruptionMarker.points(in: "# interrupted at points 7, 9\r"), [7, 9])
    for notAMarker in ["# interrupted at point", "# interrupted at point x", "# interrupted at point 0", "# interrupted", "#> interrupted at point 1"] {
      XCTAssertNil(InterruptionMarker.points(in: Substring(notAMarker)), notAMarker)
    }
  }
}
