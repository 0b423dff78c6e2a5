import XCTest
@testable import BindSyntax

/// Closures, trailing closures, dictionary literals, type annotations on
/// variables and condition lists (`if let`, `guard`), as `ASTDump` shows them.
final class ClosureSyntaxTests: XCTestCase {
  func testClosureSignatures() {
    XCTAssertEqual(dump("{ x in x + 1 }"), "(closure (params x) (+ x 1))")
    XCTAssertEqual(dump("{ a, b in a }"), "(closure (params a b) a)")
    XCTAssertEqual(dump("{ (x: Int) -> Int in x }"), "(closure (params x: Int) -> Int x)")
    XCTAssertEqual(dump("{ (a, b) in a }"), "(closure (params a b) a)")
    XCTAssertEqual(dump("{ $0 + $1 }"), "(closure (+ $0 $1))")
    XCTAssertEqual(dump("{ (1 + 2) * 3 }"), "(closure (* (paren (+ 1 2)) 3))")
    XCTAssertEqual(dump("{ }"), "(closure)")
    XCTAssertEqual(dump("{\n  x in\n  print(x)\n  return x\n}"), "(closure (params x) (call print x) (return x))")
  }

  func testTrailingClosures() {
    XCTAssertEqual(dump("xs.filter { $0 }"), "(call (. xs filter) (closure $0))")
    XCTAssertEqual(dump("xs.reduce(0) { $0 + $1 }"), "(call (. xs reduce) 0 (closure (+ $0 $1)))")
    XCTAssertEqual(dump("f { 1 }.count"), "(. (call f (closure 1)) count)")
    XCTAssertEqual(dump("xs.map { $0 }.filter { $0 }"), "(call (. (call (. xs map) (closure $0)) filter) (closure $0))")
  }

  func testNoTrailingClosureWhereABlockFollows() {
    XCTAssertEqual(dump("if xs.isEmpty { print(1) }"), "(if (. xs isEmpty) (block (call print 1)))")
    XCTAssertEqual(dump("while ok { }"), "(while ok (block))")
    XCTAssertEqual(dump("for x in xs { }"), "(for x xs (block))")
    XCTAssertEqual(dump("on b.tap { print(1) }"), "(on (. b tap) (block (call print 1)))")
    XCTAssertEqual(dump("observe vm.x { v in print(v) }"), "(observe (. vm x) (block (params v) (call print v)))")
    XCTAssertEqual(dump("if (xs.filter { $0 }).isEmpty { }"), "(if (. (paren (call (. xs filter) (closure $0))) isEmpty) (block))")
    XCTAssertEqual(
      diagnostics("if xs.contains { $0 } {\n}"),
      ["1:23: a trailing closure cannot end an 'if' condition: the first '{' starts the block; pass the closure in parentheses, as in 'if xs.contains(where: { $0 > 1 }) {'"])
  }

  func testDictionaryLiterals() {
    XCTAssertEqual(dump(#"["a": 1, "b": 2]"#), #"(dict ("a": 1) ("b": 2))"#)
    XCTAssertEqual(dump("[:]"), "(dict)")
    XCTAssertEqual(dump("[1: [2: 3],]"), "(dict (1: (dict (2: 3))))")
    XCTAssertEqual(dump("[a ? b : c]"), "(array (?: a b c))")
    XCTAssertEqual(diagnostics("[1: 2, 3]"), ["1:9: expected ':' after dictionary key"])
  }

  func testVariableAnnotations() {
    XCTAssertEqual(dump("var cells: [Cell] = []"), "(var cells : [Cell] (array))")
    XCTAssertEqual(dump("let d: [String: Int] = [:]"), "(let d : [String: Int] (dict))")
    XCTAssertEqual(dump("var name: String?"), "(var name : String? nil)")
    XCTAssertEqual(dump("var f: ((Int) -> Void)? = nil"), "(var f : ((Int) -> Void)? nil)")
    XCTAssertEqual(dump("var g: (Int, String) -> Bool = h"), "(var g : (Int, String) -> Bool h)")
    XCTAssertEqual(
      diagnostics("var x: Int"),
      ["1:11: expected '=' and an initial value after 'x: Int'; only an optional type may leave it out"])
  }

  func testConditionLists() {
    XCTAssertEqual(dump("if let x = y { }"), "(if (let x y) (block))")
    XCTAssertEqual(dump("if let x { }"), "(if (let x) (block))")
    XCTAssertEqual(dump("if let a = x, var b = y, a > b { }"), "(if (let a x) (var b y) (> a b) (block))")
    XCTAssertEqual(dump("guard let x = y else { return }"), "(guard (let x y) (else (block (return))))")
    XCTAssertEqual(dump("for (k, v) in d { }"), "(for (k v) d (block))")
  }

  func testAnonymousParametersLexAsNames() {
    XCTAssertEqual(kinds("$0 $12"), [.identifier, .identifier])
    XCTAssertEqual(diagnostics("$"), ["1:1: unexpected character '$'"])
    XCTAssertEqual(
      diagnostics("let $0 = 1"),
      ["1:5: '$0' is an anonymous closure parameter and cannot be declared; choose another name"])
  }

  func testClosureNestingIsBounded() {
    let deep = "let f = " + String(repeating: "{ ", count: 300) + "1" + String(repeating: " }", count: 300)
    XCTAssertEqual(diagnostics(deep).first?.hasSuffix("expression nested too deeply (limit 256)"), true)
  }
}
