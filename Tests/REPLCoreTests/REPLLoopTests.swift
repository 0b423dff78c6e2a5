import LineEditor
import XCTest

@testable import REPLCore

/// The loop over a scripted reader: prompts, history, Ctrl-C and Ctrl-D.
final class REPLLoopTests: XCTestCase {
  private var captured = CapturedConsole()

  private func run(_ steps: [ScriptedReader.Step]) -> ScriptedReader {
    let reader = ScriptedReader(steps)
    REPL(session: REPLSession(console: captured.console), reader: reader).run()
    XCTAssertTrue(reader.isClosed)
    return reader
  }

  func testMultiLineEntryIsOneHistoryItemAndUsesTheContinuationPrompt() {
    let reader = run([
      .line("type P {"), .line("  var x: Int = 1"), .line("}"), .line("P().x"), .line(""), .ctrlD,
    ])
    XCTAssertEqual(reader.prompts, ["> ", ". ", ". ", "> ", "> ", "> "])
    XCTAssertEqual(reader.history, ["type P {\n  var x: Int = 1\n}", "P().x"])
    XCTAssertEqual(captured.output, "1\n")
  }

  func testCtrlCCancelsTheBlockThenTwiceOnAnEmptyLineExits() {
    let reader = run([
      .line("type P {"), .ctrlC(), .line("1"), .ctrlC(discarding: "half typed"), .ctrlC(), .ctrlC(),
      .line("never read"),
    ])
    XCTAssertEqual(reader.prompts, ["> ", ". ", "> ", "> ", "> ", "> "])
    XCTAssertEqual(reader.history, ["1"])
    XCTAssertEqual(captured.output, "1\n\(REPL.exitHint)\n")
  }

  func testInputBetweenCtrlCsDisarmsTheExit() {
    let reader = run([.ctrlC(), .line(""), .ctrlC(), .line(":quit"), .line("never read")])
    XCTAssertEqual(captured.output, "\(REPL.exitHint)\n\(REPL.exitHint)\n")
    XCTAssertEqual(reader.history, [":quit"])
  }

  func testMetaCommandsGoToHistoryAndQuitEnds() {
    let reader = run([.line(":vars"), .line(":quit"), .line("1")])
    XCTAssertEqual(reader.history, [":vars", ":quit"])
    XCTAssertEqual(captured.output, "no variables\n")
  }

  func testErrorsKeepTheLoopGoing() {
    let reader = run([.line("let x ="), .line("oops"), .line("let y = 2"), .line("y")])
    XCTAssertEqual(reader.history, ["let x =\noops", "let y = 2", "y"])
    XCTAssertTrue(captured.errors.hasPrefix("error: "))
    XCTAssertTrue(captured.output.hasSuffix("2\n"))
  }

  func testColourOnlyWhenTheConsoleAllows() {
    var console = captured.console
    console.useColor = true
    let reader = ScriptedReader([.line("\"x\"")])
    REPL(session: REPLSession(console: console), reader: reader).run()
    XCTAssertEqual(reader.prompts.first, "\u{1B}[1;32m> \u{1B}[0m")
    XCTAssertEqual(captured.output, "\u{1B}[32m\"x\"\u{1B}[0m\n")
  }

  // `REPL.type(_:into:)`, the MCP server's `run`: lines as if typed.

  func testTypedTextRunsBlocksMetaCommandsAndStatementsInOrder() {
    let session = REPLSession(console: captured.console)
    REPL.type("type P {\r\n  var x: Int = 1\n}\nlet p = P()\n:vars\np.x + 1", into: session)
    XCTAssertEqual(captured.all, "p = P#1\n2\n")
  }

  func testTypedTextWhoseBlockNeverClosesShowsTheParsersError() {
    REPL.type("type P {\n  var x: Int = 1", into: REPLSession(console: captured.console))
    XCTAssertEqual(captured.output, "")
    XCTAssertTrue(captured.errors.hasPrefix("error: expected '}' to close '{' at line 1\n"), captured.errors)
  }

  func testTypedTextStopsAtQuit() {
    REPL.type("1\n:quit\n2", into: REPLSession(console: captured.console))
    XCTAssertEqual(captured.all, "1\n")
  }
}
