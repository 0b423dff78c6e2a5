import BindLanguage
import BindPlatform
import BindSyntax
import XCTest
@testable import BindTestRunner

/// Running test scripts and judging them (Grammar.md §6, "Test scripts").
final class TestRunnerTests: XCTestCase {
  private func run(_ text: String, path: String = "t.bind") -> FileTestResult {
    ScriptTestRunner().run(TestScript(text: text, path: path))
  }

  func testPassingFile() {
    let result = run("""
      let l = Label()
      observe l.text
      l.text = "Hi"
      #> l.text: nil -> "Hi"
      l.text
      #> "Hi"
      print("a\\nb"); print(1, true)
      #> a
      #> b
      #> 1 true
      l.isHidden = false
      """)
    XCTAssertEqual(result.status, .passed, "\(result.failures)")
    XCTAssertEqual(result.steps.count, 6)
    XCTAssertEqual(result.steps[4].actual, ["a", "b", "1 true"])
  }

  func testWrongExpectationShowsDiff() {
    let result = run("let l = Label()\nl.text = \"Ho\"\nl.text\n#> \"Hi\"\n")
    XCTAssertEqual(result.status, .failed)
    XCTAssertEqual(result.failures.count, 1)
    let failure = result.failures[0]
    XCTAssertEqual(failure.kind, .output)
    XCTAssertEqual(failure.line, 3)
    XCTAssertEqual(failure.message, "output differs")
    XCTAssertEqual(failure.details, ["| l.text", "--- expected", "+++ actual", "@@ -1 +1 @@", "-\"Hi\"", "+\"Ho\""])
    XCTAssertEqual(failure.location(in: result.path), "t.bind:3")
  }

  func testFailedAssertShowsSubExpressionValues() {
    let result = run("let l = Label()\nl.text = \"Ho\"\nassert(l.text == \"Hi\")\n")
    XCTAssertEqual(result.status, .failed)
    XCTAssertEqual(result.failures.map(\.line), [3])
    XCTAssertEqual(result.failures[0].kind, .error)
    XCTAssertEqual(result.failures[0].message, "error: assertion failed: l.text == \"Hi\" ('l.text' is \"Ho\")")
  }

  func testFailedAssertInCheckedFileLeadsWithTheAssertion() {
    let result = run("let l = Label()\nl.text\n#> nil\nassert(l.text == \"Hi\")\n")
    XCTAssertEqual(result.failures.map(\.line), [4])
    XCTAssertEqual(result.failures[0].message, "error: assertion failed: l.text == \"Hi\" ('l.text' is nil)")
    XCTAssertTrue(result.failures[0].details.contains("+error: assertion failed: l.text == \"Hi\" ('l.text' is nil)"))
  }

  func testUnexpectedErrorFailsButDoesNotStopTheFile() {
    let result = run("nosuchname\nprint(\"still running\")\n")
    XCTAssertEqual(result.status, .failed)
    XCTAssertEqual(result.failures.map(\.line), [1])
    XCTAssertTrue(result.failures[0].message.hasPrefix("error: "))
    XCTAssertEqual(result.steps[1].actual, ["still running"])
  }

  func testExpectedErrorPasses() {
    let first = run("nosuchname\n")
    let message = first.steps[0].errors[0]
    let result = run("nosuchname\n#> error: \(message)\nprint(1)\n#> 1\n")
    XCTAssertEqual(result.status, .passed, "\(result.failures)")
  }

  func testUnexpectedOutputInCheckedFile() {
    let result = run("print(1)\n#> 1\nprint(2)\n")
    XCTAssertEqual(result.failures.map(\.line), [3])
    XCTAssertEqual(result.failures[0].details.last, "+2")
  }

  func testFileWithoutExpectationsIgnoresOutput() {
    XCTAssertEqual(run("print(1)\nlet l = Label()\nl\n").status, .passed)
  }

  func testRegexLines() {
    let result = run("""
      let a = Label()
      let b = Label()
      b
      #> Label#[0-9]+ (re)
      print("took 17 ms")
      #> took [0-9]+ ms (re)
      """)
    XCTAssertEqual(result.status, .passed, "\(result.failures)")
    let failing = run("print(\"took many ms\")\n#> took [0-9]+ ms (re)\n")
    XCTAssertEqual(failing.status, .failed)
  }

  func testSkip() {
    let result = run("# skip: not yet\nnosuchname\n")
    XCTAssertEqual(result.status, .skipped(reason: "not yet"))
    XCTAssertTrue(result.isSkipped)
    XCTAssertTrue(result.steps.isEmpty)
  }

  func testSyntaxErrorsAreOutput() {
    let result = run("let a = 1\nprint(a))\nprint(a)\n")
    XCTAssertEqual(result.status, .failed)
    XCTAssertEqual(result.failures.map(\.line), [2])
    XCTAssertEqual(result.steps.last?.actual, ["1"], "statements after a syntax error still run")
    let message = result.steps[1].errors[0]
    XCTAssertEqual(run("let a = 1\nprint(a))\n#> error: \(message)\n").status, .passed)
  }

  func testStrayExpectationFails() {
    let result = run("#> 1\nprint(1)\n")
    XCTAssertEqual(result.failures.first?.kind, .strayExpectation)
    XCTAssertEqual(result.failures.first?.line, 1)
  }

  func testEachFileGetsAFreshInterpreter() {
    let runner = ScriptTestRunner()
    _ = runner.run(TestScript(text: "let first = Label()\n"))
    let result = runner.run(TestScript(text: "Label()\n#> Label#1\n"))
    XCTAssertEqual(result.status, .passed, "\(result.failures)")
  }

  func testGivenInterpreterKeepsItsOutput() {
    let interpreter = Interpreter()
    var printed: [String] = []
    interpreter.output = { printed.append($0) }
    _ = ScriptTestRunner().run(TestScript(text: "print(1)\n"), with: interpreter)
    try? interpreter.run(Parser.parse("print(2)"))
    XCTAssertEqual(printed, ["2"])
  }

  func testMissingAndInvalidFiles() {
    let missing = ScriptTestRunner().run(path: "/nonexistent/x.bind")
    XCTAssertEqual(missing.status, .failed)
    XCTAssertTrue(missing.isFileError)
    let path = temporaryPath("invalid.bind")
    let handle = fopen(path, "wb")!
    fwrite([0x70, 0xFF, 0x0A] as [UInt8], 1, 3, handle)
    fclose(handle)
    let invalid = ScriptTestRunner().run(path: path)
    XCTAssertTrue(invalid.isFileError)
    XCTAssertEqual(invalid.failures.first?.line, 1)
  }

  func testObserverOutputBelongsToTheTriggeringStatement() {
    let result = run("""
      let a = Label()
      let b = Label()
      bind a.text -> b.text
      observe b.text
      a.text = "x"
      #> b.text: nil -> "x"
      """)
    XCTAssertEqual(result.status, .passed, "\(result.failures)")
  }
}
