import BindSyntax
import XCTest
@testable import BindLanguage

/// Which awaits of a top-level statement an async caller runs first
/// (`AwaitedValues.plan`): those the statement always evaluates, with no
/// other call before them, so that running them first keeps Swift's order.
final class AwaitedValuesTests: XCTestCase {
  /// The awaited calls' source text, in the order they run; `nil` when the
  /// statement has an await that cannot run first.
  private func plan(_ source: String) -> [String]? {
    let parsed = Parser.parse(source, path: "plan.bind")
    XCTAssertTrue(parsed.diagnostics.isEmpty, "\(parsed.diagnostics)")
    guard let statement = parsed.statements.first else { return [] }
    return AwaitedValues.plan(for: statement)?.map { expression in
      guard case .await(let operand, _) = expression else { return "?" }
      return String(source.utf8[source.utf8.index(source.utf8.startIndex, offsetBy: operand.range.start.offset)..<source.utf8.index(source.utf8.startIndex, offsetBy: operand.range.end.offset)])!
    }
  }

  func testAwaitsWhoseValuesTheStatementUsesRunFirstInOrder() {
    XCTAssertEqual(plan("let items = await vm.load()"), ["vm.load()"])
    XCTAssertEqual(plan("x = await vm.count()"), ["vm.count()"])
    XCTAssertEqual(plan("print(await vm.count())"), ["vm.count()"])
    XCTAssertEqual(plan("var n = (await a()) + (await b())"), ["a()", "b()"])
    XCTAssertEqual(plan("print(\"\\(await a()) and \\(await b())\")"), ["a()", "b()"])
    XCTAssertEqual(plan("let n = await a(await b())"), ["b()", "a(await b())"])
    XCTAssertEqual(plan("print(vm.title, await a())"), ["a()"])
    XCTAssertEqual(plan("let n = (await vm.load()).count"), ["vm.load()"])
  }

  func testStatementsWithoutAwaitsOrWithAwaitsInBlocksHaveNothingToRunFirst() {
    XCTAssertEqual(plan("let n = 1 + 2"), [])
    XCTAssertEqual(plan("if ready { await vm.save() }"), [])
    XCTAssertEqual(plan("let f = { await vm.save() }"), [])
  }

  func testAnAwaitAfterACallOrInABranchCannotRunFirst() {
    XCTAssertNil(plan("print(two(), await vm.count())"))
    XCTAssertNil(plan("let n = ready ? await a() : 0"))
    XCTAssertNil(plan("let ok = ready && (await a())"))
    XCTAssertNil(plan("let n = optional ?? (await a())"))
    XCTAssertNil(plan("let n = await vm.load().count"))
  }
}
