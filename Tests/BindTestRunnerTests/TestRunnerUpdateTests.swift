import BindLanguage
import BindSyntax
import XCTest
@testable import BindTestRunner

/// `bindscript test --update`: rewriting only the `#>` lines of failing
/// statements, byte for byte everywhere else.
final class TestRunnerUpdateTests: XCTestCase {
  private func updated(_ text: String) -> String {
    let script = TestScript(text: text, path: "u.bind")
    let result = ScriptTestRunner().run(script)
    return String(decoding: ExpectationUpdater.update(script, results: result.steps), as: UTF8.self)
  }

  func testPassingFileRoundTripsByteForByte() {
    let texts = [
      "let l = Label()\n# comment\n\nl\n#> Label#[0-9] (re)\n  print(\"x\")   \n  #> x\n",
      "print(1)\r\n#> 1\r\n\r\nprint(2)\r\n#> 2",
      "print(1)\n#> 1\nprint(\"\")\n#>\nprint(\"\")\n#> \n",
      "let x = 1\nx\n#> 1",
      "",
    ]
    for text in texts {
      let script = TestScript(text: text)
      XCTAssertEqual(ScriptTestRunner().run(script).status, .passed, text)
      XCTAssertEqual(updated(text), text)
    }
  }

  func testRewritesOnlyFailingStatements() {
    let text = """
      # header comment
      let l = Label()
      l
      #> Label#[0-9]+ (re)
      l.text = "Ho"   # trailing comment
      l.text
      #> "Hi"
      # between
      #> stale
      print(1)
      #> 1
      """
    XCTAssertEqual(updated(text), """
      # header comment
      let l = Label()
      l
      #> Label#[0-9]+ (re)
      l.text = "Ho"   # trailing comment
      l.text
      #> "Ho"
      # between
      print(1)
      #> 1
      """)
  }

  func testAddsExpectationsToAFileWithoutAny() {
    let text = "let l = Label()\nobserve l.text\nl.text = \"a\"\nassert(l.text == \"b\")\nl.isHidden"
    let expected = "let l = Label()\nobserve l.text\nl.text = \"a\"\n#> l.text: nil -> \"a\"\nassert(l.text == \"b\")\n#> error: assertion failed: l.text == \"b\" ('l.text' is \"a\")\nl.isHidden\n#> false\n"
    XCTAssertEqual(updated(text), expected)
    XCTAssertEqual(ScriptTestRunner().run(TestScript(text: expected)).status, .passed)
    XCTAssertEqual(updated(expected), expected, "a second update changes nothing")
  }

  func testKeepsIndentationAndLineEndings() {
    XCTAssertEqual(updated("print(1)\r\n  #> 2\r\nprint(3)\r\n"), "print(1)\r\n  #> 1\r\nprint(3)\r\n#> 3\r\n")
    XCTAssertEqual(updated("for i in 0..<2 {\n  print(i)\n}\n"), "for i in 0..<2 {\n  print(i)\n}\n#> 0\n#> 1\n")
  }

  func testRemovesExpectationsOfSilentStatements() {
    XCTAssertEqual(updated("let x = 1\n#> 1\n#> 2\nprint(x)\n#> 1\n"), "let x = 1\nprint(x)\n#> 1\n")
  }

  func testUpdatedFileWithErrorsPasses() {
    let text = "nosuchname\nlet a = 1\nprint(a))\nprint(a)\n"
    let result = updated(text)
    XCTAssertEqual(ScriptTestRunner().run(TestScript(text: result)).status, .passed, result)
  }
}

/// A transcript (the REPL's `:save`) replays green under the test runner.
final class TestRunnerTranscriptTests: XCTestCase {
  func testTranscriptReplaysGreen() {
    var transcript = Transcript()
    let interpreter = Interpreter()
    var printed: [String] = []
    interpreter.output = { printed.append($0) }
    for source in ["let l = Label()", "observe l.text", "l.text = \"a\\nb\"", "l.text", "print(\"x\\ny\")", "nosuchname", "print(\"\")"] {
      printed = []
      let parsed = Parser.parse(source)
      interpreter.hoist(parsed)
      do {
        if let value = try interpreter.execute(parsed.statements[0], in: parsed.file) { printed.append(value.literal) }
      } catch let error as ScriptError {
        printed.append("error: " + error.message)
      } catch {
        XCTFail("\(error)")
      }
      transcript.append(source: source, output: printed)
    }
    XCTAssertTrue(transcript.text.contains("#> x\n#> y\n"), transcript.text)
    let result = ScriptTestRunner().run(TestScript(text: transcript.text, path: "saved.bind"))
    XCTAssertEqual(result.status, .passed, "\(result.failures)\n\(transcript.text)")
  }
}
