import XCTest
@testable import BindSyntax

/// The rules for Swift signatures, methods, `struct`/`enum`, `switch` and
/// patterns, asserted on their `ASTDump` form.
final class ValueTypeParserTests: XCTestCase {
  func testFunctionSignatures() {
    XCTAssertEqual(
      dump("func f(label a: Int, _ b: String = \"x\", c: [Int]?) -> Bool { return true }"),
      #"(func f ((label a Int) (_ b String = "x") (c c [Int]?)) -> Bool (block (return true)))"#)
    XCTAssertEqual(dump("func f(a, b) { }"), "(func f (a b) (block))")
    XCTAssertEqual(dump("func f() -> Int { 1 }"), "(func f () -> Int (block 1))")
    XCTAssertEqual(dump("func f(in x: Int) { }"), "(func f ((in x Int)) (block))")
  }

  func testTypeBodiesTakeMethods() {
    XCTAssertEqual(
      dump("type P {\n  var x: Int = 0\n  func select(index: Int) { self.x = index }\n}"),
      "(type P (var x Int 0) (func select ((index index Int)) (block (= (. self x) index))))")
    XCTAssertEqual(
      dump("struct S { var x: Int; mutating func bump() { x += 1 } }"),
      "(struct S (var x Int) (mutating func bump () (block (+= x 1))))")
  }

  func testEnumDeclarations() {
    XCTAssertEqual(
      dump("enum State { case idle; case loaded(items: [String]), failed(String) }"),
      "(enum State (case idle) (case loaded (items: [String])) (case failed (String)))")
    XCTAssertEqual(
      dump("enum Tab: String { case home, settings = \"prefs\" }"),
      #"(enum Tab : String (case home) (case settings = "prefs"))"#)
  }

  func testSwitchAndPatterns() {
    let source = """
      switch s {
      case .loaded(let items) where items.isEmpty:
        print(1)
      case let .failed(m), .other(m): print(m)
      case State.idle, 1...3, _: break
      default:
        print(2)
      }
      """
    XCTAssertEqual(
      dump(source),
      "(switch s (case (.loaded (let items)) where (. items isEmpty) (block (call print 1)))"
        + " (case (.failed (let m)) (.other m) (block (call print m)))"
        + " (case State.idle (... 1 3) _ (block (break)))"
        + " (default (block (call print 2))))")
    XCTAssertEqual(
      dump("if case .loaded(let xs) = state { print(xs) }"),
      "(if case (.loaded (let xs)) = state (block (call print xs)))")
  }

  func testTuplePatterns() {
    XCTAssertEqual(
      dump("switch (a, b) { case (0, _): 1; case (let x, 1...3), let (x, _): x; case (x: .a(let y), y: (1, _)): y }"),
      "(switch (tuple a b) (case (tuple 0 _) (block 1)) (case (tuple (let x) (... 1 3)) (tuple (let x) _) (block x))"
        + " (case (tuple x: (.a (let y)) y: (tuple 1 _)) (block y)))")
    XCTAssertEqual(dump("if case (0, let y) = pair { }"), "(if case (tuple 0 (let y)) = pair (block))")
    // Parentheses that do not end the pattern start an expression; one element is that element.
    XCTAssertEqual(dump("switch v { case (a + 1) * 2: 1; case (let x): x }"),
                   "(switch v (case (* (paren (+ a 1)) 2) (block 1)) (case (let x) (block x)))")
  }

  func testImplicitMembers() {
    XCTAssertEqual(dump("x == .idle"), "(== x .idle)")
    XCTAssertEqual(dump("f(.failed(\"x\"))"), #"(call f (call .failed "x"))"#)
  }

  func testErrors() {
    let cases: [(String, String)] = [
      ("func f(a, b: Int) { }", "1:8: parameter 'a' needs a type, as in 'a: Int': a function's parameters are all typed or all untyped"),
      ("func f(a) -> Int { }", "1:8: parameter 'a' needs a type, as in 'a: Int': a function's parameters are all typed or all untyped"),
      ("struct S { case a }", "1:12: 'case' declares an enum case; it is only allowed in an 'enum'"),
      ("struct S: String { }", "1:11: 'String' is not a protocol; only an 'enum' has a raw type, written first after ':'"),
      ("switch x {\ncase 1:\ncase 2: print(2)\ndefault: break\n}", "2:1: 'case' label in a 'switch' must have at least one executable statement; write 'break' to do nothing"),
      ("switch x {\nprint(1)\n}", "2:1: expected 'case' or 'default' in 'switch'; every statement belongs to a case"),
      ("if case .a(let x) state { }", "1:19: expected '=' and a value after the pattern of 'if case'"),
      ("switch x { case let let y: break }", "1:21: 'let' cannot appear inside another 'let' pattern"),
      ("switch p { case (x: 1): break }", "1:18: a tuple pattern has two or more elements; write the pattern without the label 'x', or add an element"),
    ]
    for (source, expected) in cases {
      let result = Parser.parse(source)
      XCTAssertEqual(
        result.diagnostics.first.map { "\($0.range.start.line):\($0.range.start.column): \($0.message)" }, expected,
        "for \(source.debugDescription)")
    }
  }

  private func dump(_ source: String) -> String {
    let result = Parser.parse(source)
    XCTAssertEqual(result.diagnostics.map(\.message), [], "for \(source.debugDescription)")
    return ASTDump.dump(result.statements)
  }
}
