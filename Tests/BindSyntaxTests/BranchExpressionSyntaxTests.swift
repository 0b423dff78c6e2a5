import XCTest

@testable import BindSyntax

/// Issue 27: derived properties with statement bodies, and `if`/`switch`
/// expressions (Swift 5.9): what they parse to, and their syntax errors.
final class BranchExpressionSyntaxTests: XCTestCase {
  func testDerivedPropertyBodiesAreBlocks() {
    // One expression dumps as before; statements as the block.
    XCTAssertEqual(dump("type T { var b: Int { a * 2 } }"), "(type T (derived b Int (* a 2)))")
    XCTAssertEqual(
      dump("type T { var b: Int { let x = a * 2; return x + 1 } }"),
      "(type T (derived b Int (block (let x (* a 2)) (return (+ x 1)))))")
    XCTAssertEqual(
      dump("type T {\n  var m: String? {\n    guard !e.isEmpty else { return \"r\" }\n    return nil\n  }\n}"),
      "(type T (derived m String? (block (guard (! (. e isEmpty)) (else (block (return \"r\")))) (return nil))))")
    XCTAssertEqual(
      dump("struct S { var v: Bool { switch p { case .a: return true; default: return false } } }"),
      "(struct S (derived v Bool (switch p (case .a (block (return true))) (default (block (return false))))))")
    XCTAssertEqual(
      dump("type T { var c: Int {\n  get { let y = a; return y }\n  set { a = newValue }\n} }"),
      "(type T (derived c Int (block (let y a) (return y)) (set newValue (block (= a newValue)))))")
  }

  func testIfAndSwitchExpressionsWhereValuesAreGiven() {
    XCTAssertEqual(dump("let l = if ok { \"on\" } else { \"off\" }"), "(let l (if ok (block \"on\") (else (block \"off\"))))")
    XCTAssertEqual(
      dump("let n = switch p { case .a: 1; default: 2 }"),
      "(let n (switch p (case .a (block 1)) (default (block 2))))")
    XCTAssertEqual(dump("x = if a { 1 } else if b { 2 } else { 3 }"), "(= x (if a (block 1) (else (if b (block 2) (else (block 3))))))")
    XCTAssertEqual(dump("x += if let y = o { y } else { 0 }"), "(+= x (if (let y o) (block y) (else (block 0))))")
    XCTAssertEqual(dump("func f() -> Int { return if a { 1 } else { 2 } }"), "(func f () -> Int (block (return (if a (block 1) (else (block 2))))))")
    XCTAssertEqual(dump("type T { var k: Int = if a { 1 } else { 2 } }"), "(type T (var k Int (if a (block 1) (else (block 2)))))")
    // A branch may be an `if` or `switch` expression itself.
    guard case .variable(let declaration) = Parser.parse("let v = if a { switch b { default: 1 } } else { 2 }").statements.first,
      case .ifExpression(let outer) = declaration.initializer,
      case .expression(.switchExpression) = outer.thenBlock.statements.first
    else { return XCTFail("the nested switch is not an expression") }
  }

  func testImplicitReturnValueOfBodies() {
    func value(_ body: String) -> String? {
      guard case .function(let function) = Parser.parse("func f() -> Int {\(body)}").statements.first else { return "?" }
      return function.body.implicitReturnValue.map(ASTDump.dump)
    }
    XCTAssertEqual(value(" a + 1 "), "(+ a 1)")
    XCTAssertEqual(value(" if a { 1 } else { 2 } "), "(if a (block 1) (else (block 2)))")
    XCTAssertEqual(value(" switch a { case 1: 2; default: 3 } "), "(switch a (case 1 (block 2)) (default (block 3)))")
    // Statements, not a value: no `else`, a `return`, two statements.
    XCTAssertNil(value(" if a { 1 } "))
    XCTAssertNil(value(" if a { return 1 } else { return 2 } "))
    XCTAssertNil(value(" let x = 1; return x "))
  }

  func testErrorsPointAtWhatToFix() {
    let cases: [(String, [String])] = [
      ("let x = if a { 1 }", ["1:9: an 'if' expression must have an 'else'; add 'else { … }' with the value it gives otherwise"]),
      ("let x = if a { 1 } else if b { 2 }", ["1:25: an 'if' expression must have an 'else'; add 'else { … }' with the value it gives otherwise"]),
      ("let x = if a { f(); 1 } else { 2 }", ["1:21: a branch of an 'if' expression must be a single expression, its value; compute the value before it, or use a statement that assigns a variable in each branch"]),
      ("return if a { 1 } else { let y = 2 }", ["1:26: a branch of an 'if' expression must be a single expression, its value; compute the value before it, or use a statement that assigns a variable in each branch"]),
      ("x = switch a { case 1: f(); 2; default: 3 }", ["1:29: a branch of a 'switch' expression must be a single expression, its value; compute the value before it, or use a statement that assigns a variable in each branch"]),
      ("let x = if a {} else { 1 }", ["1:14: a branch of an 'if' expression must give a value; write it between the braces"]),
      ("f(if a { 1 } else { 2 })", ["1:3: 'if' can be a value only after 'return' or '=', or as a body's only statement; give it a variable first, as in 'let value = if …'"]),
      ("let y = 1 + switch a { default: 1 }", ["1:13: 'switch' can be a value only after 'return' or '=', or as a body's only statement; give it a variable first, as in 'let value = switch …'"]),
      // An error inside a branch is reported once, not blamed on the branch too.
      ("let x = if a { 1 + } else { 2 }", ["1:20: expected expression after '+'"]),
    ]
    for (input, expected) in cases {
      XCTAssertEqual(diagnostics(input), expected, "input: \(input)")
    }
  }

  func testNestingBeyondTheLimitIsOneLocatedError() {
    let depth = 100_000
    let source = "let v = " + String(repeating: "if c {", count: depth) + "1" + String(repeating: "} else {0}", count: depth)
    let found = diagnostics(source)
    XCTAssertEqual(found.first, "1:1548: expression nested too deeply (limit 256)")
    XCTAssertFalse(found.contains { $0.contains("branch") }, "\(found)")
  }
}
