import XCTest
@testable import BindSyntax

/// The REPL asks for another line exactly when `isIncomplete` is set: input
/// that stops inside a statement, as opposed to input that is wrong.
final class IncompleteInputTests: XCTestCase {
  func testInputThatNeedsMoreLines() {
    let incomplete = [
      "if x {", "if x {\n", "if x {\n  print(1)\n", "batch {", "func f(a, b) {",
      "type Person {\n  var name: String = \"\"\n",
      "observe vm.count { old, new in", "on button.tap {", "for i in 1...3 {",
      "while true {", "if a { } else {", "foo(", "foo(1,", "foo(1,\n  2", "[1, 2", "xs[",
      "(1 +", "let x =", "let x = ", "x = 1 +", "a &&", "a ??", "bind a ->", "bind a <->",
      "x +=", "c ? a :", "let s = \"a\" +\n", "print(\"\\(a)\",", "if x { if y { if z {",
      // A `{` where an expression starts opens a closure.
      "{ {", "let f = { x in", "xs.map {", "xs.filter { $0 >", "let d = [\"a\":", "guard let x = y else {",
    ]
    for source in incomplete {
      let result = Parser.parse(source)
      XCTAssertTrue(result.isIncomplete, "should be incomplete: \(String(reflecting: source))")
      XCTAssertTrue(result.hasErrors, "incomplete input still has diagnostics")
    }
  }

  func testWrongInputIsNotIncomplete() {
    let wrong = [
      "print(\"abc", "print(\"abc\n", "\"a \\(b", "let", "let\n", "if x", "bind a", "foo)",
      "if x { foo) ", "x = 1 2 +", "let x = @ +", "}", "a < b < c (", "{ ) {",
      String(repeating: "(", count: 1_000),
    ]
    for source in wrong {
      let result = Parser.parse(source)
      XCTAssertFalse(result.isIncomplete, "should be wrong, not incomplete: \(String(reflecting: source))")
      XCTAssertTrue(result.hasErrors, String(reflecting: source))
    }
  }

  func testCompleteInput() {
    for source in ["", "\n", "x = 1", "if x { }\n", "print(1)\n# done", "type T {}\n", "a; b;"] {
      let result = Parser.parse(source)
      XCTAssertFalse(result.isIncomplete, String(reflecting: source))
      XCTAssertEqual(result.diagnostics, [], String(reflecting: source))
    }
  }

  func testMoreInputCompletesTheStatement() {
    var input = "if x {"
    XCTAssertTrue(Parser.parse(input).isIncomplete)
    input += "\n  print(1)"
    XCTAssertTrue(Parser.parse(input).isIncomplete)
    input += "\n}"
    let result = Parser.parse(input)
    XCTAssertFalse(result.isIncomplete)
    XCTAssertEqual(ASTDump.dump(result.statements), "(if x (block (call print 1)))")
  }
}
