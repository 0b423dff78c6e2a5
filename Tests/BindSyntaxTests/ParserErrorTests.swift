import XCTest
@testable import BindSyntax

/// One row per syntax diagnostic: the input, and every diagnostic it gives
/// as `line:column: message` (argument-parser's table-driven `ErrorCase`).
final class ParserErrorTests: XCTestCase {
  private let cases: [(input: String, expected: [String])] = [
    ("let", ["1:4: expected name after 'let'"]),
    ("let 5 = 1", ["1:5: expected name after 'let'"]),
    ("let type = 1", ["1:5: expected name after 'let'; 'type' is a keyword"]),
    ("let x", ["1:6: expected '=' after variable name 'x'"]),
    ("let x 5", ["1:7: expected '=' after variable name 'x'"]),
    ("var x = )", ["1:9: expected expression after '='"]),
    ("x = ", ["1:4: expected expression after '='"]),
    ("x = 1 2", ["1:7: expected newline or ';' after statement"]),
    ("foo)", ["1:4: unexpected ')' without a matching '('"]),
    ("foo]", ["1:4: unexpected ']' without a matching '['"]),
    ("}", ["1:1: extraneous '}' at top level"]),
    ("1 = 2", ["1:1: cannot assign to '1'; expected a variable, property or subscript"]),
    ("f() = 3", ["1:1: cannot assign to 'f()'; expected a variable, property or subscript"]),
    ("a?.b = 1", ["1:1: cannot assign to 'a?.b'; expected a variable, property or subscript"]),
    ("bind a", ["1:7: expected '->' or '<->' after bind source"]),
    ("bind a -> f()", ["1:11: cannot bind to 'f()'; the target must be a property such as 'label.text'"]),
    ("bind a + 1 <-> b", ["1:6: two-way binding needs a property on both sides; 'a + 1' is not one"]),
    ("bind a -> b as", ["1:15: expected name after 'as'"]),
    ("bind a -> b as 1", ["1:16: expected name after 'as'"]),
    ("observe", ["1:8: expected expression after 'observe'"]),
    ("observe a initial initial", ["1:19: expected newline or ';' after statement"]),
    ("observe a { a, b, c in }", ["1:19: an 'observe' handler takes at most two parameters (old, new)"]),
    ("on a", ["1:5: expected '{' after 'on' event"]),
    ("on a { a, b in }", ["1:11: an 'on' handler takes at most one parameter (the payload)"]),
    ("emit a(1, 2)", ["1:11: 'emit' passes at most one payload, without a label, as in 'emit picker.picked(3)'"]),
    ("emit a(x: 1)", ["1:8: 'emit' passes at most one payload, without a label, as in 'emit picker.picked(3)'"]),
    ("dispose", ["1:8: expected name after 'dispose'"]),
    ("dispose 1", ["1:9: expected name after 'dispose'"]),
    ("batch", ["1:6: expected '{' after 'batch'"]),
    ("batch x", ["1:7: expected '{' after 'batch'"]),
    ("if x", ["1:5: expected '{' after 'if' condition"]),
    ("if x {} else", ["1:13: expected '{' after 'else'"]),
    ("if x {} else x", ["1:14: expected '{' after 'else'"]),
    ("for", ["1:4: expected name after 'for'"]),
    ("for x", ["1:6: expected 'in' after loop variable 'x'"]),
    ("for x in", ["1:9: expected expression after 'in'"]),
    ("for x in y", ["1:11: expected '{' after 'for' sequence"]),
    ("while x", ["1:8: expected '{' after 'while' condition"]),
    ("func", ["1:5: expected name after 'func'"]),
    ("func f", ["1:7: expected '(' after function name 'f'"]),
    ("func f(", ["1:8: expected name after '('"]),
    ("func f(a b) {}", ["1:11: expected ':' and a type after parameter 'b', as in 'b: Int'"]),
    ("func f(1) {}", ["1:8: expected name after '('"]),
    ("return )", ["1:8: expected expression after 'return'"]),
    ("import", ["1:7: expected a plain string literal with the file's path after 'import', or a Swift module's name"]),
    ("import 1", ["1:8: expected a plain string literal with the file's path after 'import', or a Swift module's name"]),
    ("import \"a\\(b)\"", ["1:8: expected a plain string literal with the file's path after 'import', or a Swift module's name"]),
    ("import \"\"", ["1:8: expected a file's path in the string after 'import'"]),
    ("type", ["1:5: expected name after 'type'"]),
    ("type T", ["1:7: expected '{' after type name 'T'"]),
    ("type T { x }", ["1:10: expected 'var', 'let', 'func', 'case' or 'event' in type body"]),
    ("type T { var }", ["1:14: expected member name after 'var'"]),
    ("type T { var x }", ["1:16: expected ':' and a type after property name 'x', or '=' and a default that gives its type"]),
    ("type T { var x: }", ["1:17: expected type after ':'"]),
    ("type T { var x: Int = }", ["1:23: expected expression after '='"]),
    ("type T { var x: [Int }", ["1:22: expected ']' to close '[' at line 1"]),
    ("type T { event }", ["1:16: expected member name after 'event'"]),
    ("type T { event e: }", ["1:19: expected type after ':'"]),
    ("type T { var x: Int var y: Int }", ["1:21: expected newline or ';' after declaration"]),
    ("a < b < c", ["1:7: comparison operators cannot be chained; combine comparisons with '&&'"]),
    ("1...2...3", ["1:6: range operators cannot be chained"]),
    ("c ? a", ["1:6: expected ':' after '?' branch of conditional expression"]),
    ("c ? a :", ["1:8: expected expression after ':'"]),
    ("a.", ["1:3: expected member name after '.'"]),
    ("a.+", ["1:3: expected member name after '.'"]),
    ("(1, 2 3)", ["1:7: expected ',' or ')' after tuple element"]),
    ("(x: 1)", ["1:2: a tuple has two or more elements; write the value without the label 'x', or add an element"]),
    ("a?.", ["1:4: expected member name after '?.'"]),
    ("f(a b)", ["1:5: expected ',' or ')' after argument"]),
    ("f(a:)", ["1:5: expected expression after ':'"]),
    ("[1 2]", ["1:4: expected ',' or ']' after array element"]),
    ("[1,", ["1:4: expected ']' to close '[' at line 1"]),
    ("xs[1", ["1:5: expected ']' to close '[' at line 1"]),
    ("(1", ["1:3: expected ')' to close '(' at line 1"]),
    ("(1 2)", ["1:4: expected ')' to close '(' at line 1"]),
    ("\"\\()\"", ["1:4: expected expression in string interpolation"]),
    ("\"\\(a b)\"", ["1:6: expected ')' after interpolated expression"]),
    ("x = 99999999999999999999", ["1:5: integer literal '99999999999999999999' overflows Int"]),
    ("x = -9223372036854775809", ["1:5: integer literal '-9223372036854775809' overflows Int"]),
    ("x = 9223372036854775808", ["1:5: integer literal '9223372036854775808' overflows Int"]),
    ("x = 1e999", ["1:5: floating-point literal '1e999' overflows Double"]),
    ("x = @", ["1:5: unexpected character '@'"]),
    ("print(\"abc", ["1:7: unterminated string literal"]),
    ("{", ["1:2: expected '}' to close '{' at line 1"]),
    ("if x { y ) }", ["1:10: unexpected ')' without a matching '('"]),
    ("a\nfoo)\nb = \nlet = 2\nbind x", ["2:4: unexpected ')' without a matching '('", "4:1: expected expression after '=', found keyword 'let'", "5:7: expected '->' or '<->' after bind source"]),
  ]

  func testEveryErrorCase() {
    for (input, expected) in cases {
      XCTAssertEqual(diagnostics(input), expected, "input: \(String(reflecting: input))")
    }
  }

  func testRecoveryReportsEveryBrokenStatement() {
    let source = """
      let = 1
      bind a -> b
      observe
      type T {
        var x Int
        var y: Int = 2
        event
      }
      if x { foo( }
      print("ok")
      """
    XCTAssertEqual(diagnostics(source), [
      "1:5: expected name after 'let'",
      "3:8: expected expression after 'observe'",
      "5:9: expected ':' and a type after property name 'x', or '=' and a default that gives its type",
      "7:8: expected member name after 'event'",
      "9:13: expected expression after '('",
    ])
    let result = Parser.parse(source)
    XCTAssertEqual(ASTDump.dump(result.statements), """
      (bind a -> b)
      (type T (var y Int 2))
      (if x (block))
      (call print "ok")
      """)
    XCTAssertEqual(result.statements.count, 4)
    XCTAssertFalse(result.isIncomplete)
  }

  func testUnclosedBlockPointsBackAtItsBrace() {
    let result = Parser.parse("if a {\n  b\n\nc = 1\n")
    XCTAssertEqual(result.diagnostics.map(\.message), ["expected '}' to close '{' at line 1"])
    XCTAssertEqual(result.diagnostics[0].notes, [
      Diagnostic.Note("to match this '{'", at: result.diagnostics[0].notes[0].range),
    ])
    XCTAssertEqual(result.diagnostics[0].notes[0].range?.start.description, "1:6")
    XCTAssertEqual(result.diagnostics[0].range.start.description, "4:6")  // after `c = 1`
  }

  func testErrorsAtTheEndPointJustAfterTheLastToken() {
    XCTAssertEqual(diagnostics("x = 1 +   # comment\n"), ["1:8: expected expression after '+'"])
  }

  func testDuplicateErrorsAtOnePlaceAreReportedOnce() {
    XCTAssertEqual(diagnostics("batch { batch { batch {"), ["1:24: expected '}' to close '{' at line 1"])
  }
}
