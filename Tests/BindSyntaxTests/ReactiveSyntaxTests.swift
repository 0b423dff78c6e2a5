import XCTest
@testable import BindSyntax

/// Issue 14's syntax: effects, cleanups, untracked reads, writable derived
/// properties, `@equal` and `notify`; all contextual, so the words stay names.
final class ReactiveSyntaxTests: XCTestCase {
  func testEffectStatements() {
    XCTAssertEqual(dump("effect { print(x) }"), "(effect (block (call print x)))")
    XCTAssertEqual(dump("effect as logger {\n  onCleanup { stop() }\n}"),
                   "(effect as logger (block (onCleanup (block (call stop)))))")
  }

  func testUntrackedExpressions() {
    XCTAssertEqual(dump("let t = untracked { a.b + 1 }"), "(let t (untracked (+ (. a b) 1)))")
    XCTAssertEqual(dump("untracked {\n  a\n}"), "(untracked a)")
  }

  func testTheNewWordsStayNames() {
    XCTAssertEqual(dump("let effect = 1; effect + untracked; onCleanup; notify"),
                   "(let effect 1)\n(+ effect untracked)\nonCleanup\nnotify")
  }

  func testWritableDerivedProperties() {
    XCTAssertEqual(
      dump("type T {\n  var c: Double {\n    get { f - 32 }\n    set { f = newValue + 32 }\n  }\n}"),
      "(type T (derived c Double (- f 32) (set newValue (block (= f (+ newValue 32))))))")
    XCTAssertEqual(dump("type T { var k: Int { get { a } set(v) { a = v } } }"),
                   "(type T (derived k Int a (set v (block (= a v)))))")
    XCTAssertEqual(dump("type T { var k: Int { get { a } } }"), "(type T (derived k Int a))")
  }

  func testAccessorErrors() {
    XCTAssertEqual(diagnostics("type T { var k: Int { get { a } x } }").first,
                   "1:33: expected 'set { … }' or '}' after the getter of 'k'")
  }

  func testEqualAttributes() {
    XCTAssertEqual(dump("type T {\n  @equal(by: \\.id) var user: User?\n  @equal(never) var tick: Int = 0\n}"),
                   "(type T (@equal(by: \\.id) var user User?) (@equal(never) var tick Int 0))")
    XCTAssertEqual(dump("type T { @equal(by: \\.a.b) var c: Int { x } }"),
                   "(type T (@equal(by: \\.a.b) derived c Int x))")
  }

  func testAttributeErrors() {
    XCTAssertEqual(diagnostics("type T { @equal(by: id) var a: Int }"),
                   ["1:21: expected a key path such as '\\.id' after 'by:'"])
    XCTAssertEqual(diagnostics("type T { @other var a: Int }"),
                   ["1:11: unknown attribute; the property attribute is '@equal(by: \\.key)' or '@equal(never)'"])
    XCTAssertEqual(diagnostics("x = @"), ["1:5: unexpected character '@'"])
  }

  func testNotifyStatements() {
    XCTAssertEqual(dump("notify vm.items"), "(notify (. vm items))")
  }

  func testWhyStatementsAndWhyAsAName() {
    XCTAssertEqual(dump("why label.text"), "(why (. label text))")
    XCTAssertEqual(dump("if a {\n  why rows[0].title\n}"), "(if a (block (why (. ([] rows 0) title))))")
    XCTAssertEqual(dump("let why = 1; why + 1; why; why(2)"), "(let why 1)\n(+ why 1)\nwhy\n(call why 2)")
  }
}
