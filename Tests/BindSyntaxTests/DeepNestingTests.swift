import Foundation
import XCTest
@testable import BindSyntax

/// Pathological nesting must give one located diagnostic, never a stack
/// overflow or a hang.
final class DeepNestingTests: XCTestCase {
  private let count = 100_000
  private let message = "expression nested too deeply (limit 256)"

  private func assertTooDeep(
    _ source: String, line: UInt = #line
  ) {
    let result = Parser.parse(source, path: "deep.bind")
    XCTAssertTrue(result.diagnostics.contains { $0.message == message },
                  "\(result.diagnostics.prefix(3).map(\.message))", line: line)
    XCTAssertLessThanOrEqual(result.diagnostics.count, 3, line: line)
    XCTAssertFalse(result.isIncomplete, line: line)
  }

  func testParentheses() {
    assertTooDeep(String(repeating: "(", count: count) + "1" + String(repeating: ")", count: count))
    assertTooDeep(String(repeating: "(", count: count))
  }

  func testBrackets() {
    assertTooDeep(String(repeating: "[", count: count) + String(repeating: "]", count: count))
    assertTooDeep("let x = " + String(repeating: "[", count: count))
  }

  func testBraces() {
    assertTooDeep(String(repeating: "batch {\n", count: count))
    assertTooDeep(String(repeating: "if true { ", count: count) + String(repeating: "}", count: count))
    let bare = Parser.parse(String(repeating: "{", count: count))
    XCTAssertFalse(bare.diagnostics.isEmpty)
    XCTAssertFalse(bare.isIncomplete)
  }

  func testPrefixOperators() {
    assertTooDeep(String(repeating: "-", count: count) + "x")
    assertTooDeep(String(repeating: "!", count: count) + "x")
    assertTooDeep("x = " + String(repeating: "- ", count: count) + "1")
  }

  func testLongOperatorAndPostfixChains() {
    let count = 20_000
    assertTooDeep("x = 1" + String(repeating: " + 1", count: count))
    assertTooDeep("a" + String(repeating: ".b", count: count))
    assertTooDeep("f" + String(repeating: "()", count: count))
    assertTooDeep("x = " + String(repeating: "a ?? ", count: count) + "b")
    assertTooDeep("x = " + String(repeating: "c ? 1 : ", count: count) + "2")
  }

  func testNestedInterpolationsAndElseIfChains() {
    let count = 20_000
    assertTooDeep(String(repeating: "\"\\(", count: count) + "1" + String(repeating: ")\"", count: count))
    let unterminated = Parser.parse(String(repeating: "\"\\(", count: count))
    XCTAssertEqual(unterminated.diagnostics.map(\.message), ["unterminated string literal"])
    assertTooDeep("if a {}" + String(repeating: " else if a {}", count: count))
    assertTooDeep("type T { var x: " + String(repeating: "[", count: count) + "Int }")
  }

  func testJustBelowTheLimitParses() {
    let depth = 200
    let source = "x = " + String(repeating: "(", count: depth) + "1" + String(repeating: ")", count: depth)
    XCTAssertEqual(Parser.parse(source).diagnostics, [])
  }

  /// The limit keeps recursion shallow enough for a secondary thread's
  /// default 512 KiB stack.
  func testLimitFitsOnASmallThreadStack() {
    let done = expectation(description: "parsed")
    let thread = Thread {
      for source in [
        String(repeating: "(", count: self.count),
        String(repeating: "if true { ", count: self.count),
        "x = " + String(repeating: "\"\\(", count: self.count),
      ] {
        _ = Parser.parse(source)
      }
      done.fulfill()
    }
    thread.stackSize = 512 * 1024
    thread.start()
    wait(for: [done], timeout: 60)
  }
}
