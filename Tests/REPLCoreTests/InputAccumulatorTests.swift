import XCTest

@testable import REPLCore

/// The incomplete/complete decision, without a terminal.
final class InputAccumulatorTests: XCTestCase {
  /// Feeds lines and names each outcome: "empty", "meta", "more", "complete",
  /// "error", "failed" (an error inside a block still open), "skipped".
  private func outcomes(_ lines: [String]) -> [String] {
    var input = InputAccumulator()
    return lines.map { line in
      switch input.add(line) {
      case .empty: return "empty"
      case .metaCommand: return "meta"
      case .needsMore: return "more"
      case .complete(_, let parsed): return parsed.hasErrors ? "error" : "complete"
      case .failedInOpenBlock: return "failed"
      case .skippedRest: return "skipped"
      }
    }
  }

  func testDecisionTable() {
    let rows: [(lines: [String], expected: [String], line: UInt)] = [
      (["let x = 1"], ["complete"], #line),
      (["x"], ["complete"], #line),
      (["type Person {", "  var name: String = \"\"", "}"], ["more", "more", "complete"], #line),
      (["print(1,", "2)"], ["more", "complete"], #line),
      (["let xs = [1,", "2,", "3]"], ["more", "more", "complete"], #line),
      (["let total = 1 +", "2"], ["more", "complete"], #line),
      (["bind a.x ->", "b.y"], ["more", "complete"], #line),
      (["on button.tap {", "", "  print(1)", "}"], ["more", "more", "more", "complete"], #line),
      (["let s = \"{ not a block\""], ["complete"], #line),
      (["let x = 1 # a comment with {"], ["complete"], #line),
      (["if true {", "print(1)", "} else {", "print(2)", "}"], ["more", "more", "more", "more", "complete"], #line),
      // A syntax error before the end is complete (and wrong), never "more".
      (["let = {"], ["error"], #line),
      (["print(1))"], ["error"], #line),
      (["}"], ["error"], #line),
      // Issue 15: an error inside a multi-line block still open is shown at
      // once; the lines up to the block's end are collected, not run.
      (["type VM {", "  var a: Int = 1", "  fnc f() {", "  }", "}", "VM().a"],
       ["more", "more", "failed", "more", "skipped", "complete"], #line),
      (["if true {", "  let = 2", "  print(\"{\")", "}"], ["more", "failed", "more", "skipped"], #line),
      // Two blank continuation lines end the entry, showing what is missing.
      (["type T {", "", ""], ["more", "more", "error"], #line),
      // Meta commands only at the primary prompt.
      ([":help"], ["meta"], #line),
      (["  :vars  "], ["meta"], #line),
      // Inside a block a ':' line is code, and wrong at once; the block's
      // end is skipped with it, not a second error.
      (["func f() {", ":vars", "}"], ["more", "failed", "skipped"], #line),
      (["", "   "], ["empty", "empty"], #line),
      // A recalled multi-line history entry arrives as one line.
      (["type P {\n  var x: Int = 1\n}"], ["complete"], #line),
    ]
    for row in rows {
      XCTAssertEqual(outcomes(row.lines), row.expected, "\(row.lines)", line: row.line)
    }
  }

  func testCompleteEntryIsTheLinesJoinedWithNewlines() {
    var input = InputAccumulator()
    XCTAssertTrue(input.isEmpty)
    _ = input.add("type Person {")
    XCTAssertFalse(input.isEmpty)
    _ = input.add("  var name: String = \"\"")
    guard case .complete(let text, let parsed) = input.add("}") else { return XCTFail("not complete") }
    XCTAssertEqual(text, "type Person {\n  var name: String = \"\"\n}")
    XCTAssertEqual(parsed.statements.count, 1)
    XCTAssertNil(parsed.file.path)
    XCTAssertTrue(input.isEmpty)
  }

  func testMetaCommandIsTrimmed() {
    var input = InputAccumulator()
    guard case .metaCommand(let text) = input.add("  :load  my file.bind  ") else { return XCTFail() }
    XCTAssertEqual(text, ":load  my file.bind")
  }

  func testResetDropsTheBlockUnderWay() {
    var input = InputAccumulator()
    _ = input.add("type T {")
    input.reset()
    XCTAssertTrue(input.isEmpty)
    guard case .complete = input.add("1") else { return XCTFail("the old block leaked") }
  }

  func testAFailedBlockIsKeptWholeForHistory() {
    var input = InputAccumulator()
    _ = input.add("type VM {")
    guard case .failedInOpenBlock(let text, let parsed) = input.add("  fnc f() {}") else { return XCTFail("not failed") }
    XCTAssertEqual(text, "type VM {\n  fnc f() {}")
    XCTAssertTrue(parsed.hasErrors)
    XCTAssertTrue(input.isSkipping)
    XCTAssertEqual(outcome(of: input.add("  var x = 1")), "more")
    guard case .skippedRest(let whole) = input.add("}") else { return XCTFail("not skipped") }
    XCTAssertEqual(whole, "type VM {\n  fnc f() {}\n  var x = 1\n}")
    XCTAssertTrue(input.isEmpty)
    XCTAssertFalse(input.isSkipping)
  }

  private func outcome(of outcome: InputAccumulator.Outcome) -> String {
    if case .needsMore = outcome { return "more" }
    return "\(outcome)"
  }
}
