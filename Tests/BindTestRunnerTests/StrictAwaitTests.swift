import BindLanguage
import BindRuntime
import BindSyntax
import XCTest
@testable import BindTestRunner

/// `--strict`'s check of awaited calls (Grammar.md §6, "`--strict`"), as
/// `bindscript test` runs scripts (statements block while a call's task
/// runs), and the `# strict` line.
final class StrictAwaitTests: XCTestCase {
  /// A Swift model with an async method that changes it.
  final class Account: @unchecked Sendable {
    @Observed var balance = 0
    @Observed var note = ""

    func deposit(_ amount: Int) async {
      await Task.yield()
      balance += amount
    }
  }

  private func run(_ text: String, strict: Bool = true) -> FileTestResult {
    var runner = ScriptTestRunner(makeInterpreter: {
      let interpreter = Interpreter()
      try! interpreter.register(Account.self, as: "Account") { type in
        type.property("balance", \.$balance)
        type.property("note", \.$note)
        type.method("deposit(_:)") { (account: Account, amount: Int) async in await account.deposit(amount) }
        type.constructor { Account() }
      }
      return interpreter
    })
    runner.strict = strict
    return runner.run(TestScript(text: text, path: "s.bind"))
  }

  func testWhatChecksAnAwaitedCallsChange() {
    // Located at the call, after `await`.
    func unchecked(at location: String = "s.bind:2:7") -> String {
      "'a.balance' changed during 'await a.deposit(5)' at \(location) and nothing checked it (--strict); "
        + "'observe a' before the call, or state 'a.balance' with a '#>' line after it"
    }
    let rows: [(script: String, failures: [String])] = [
      ("let a = Account()\nawait a.deposit(5)\n", [unchecked()]),
      ("let a = Account()\nawait a.deposit(5)\na.balance\n#> 5\n", []),
      ("let a = Account()\nawait a.deposit(5)\nprint(a.balance)\n#> 5\n", []),
      ("let a = Account()\nawait a.deposit(5)\nassert(a.balance == 5)\n", []),
      ("let a = Account()\nawait a.deposit(5); a.balance\n#> 5\n", []),
      ("let a = Account()\nobserve a\nawait a.deposit(5)\n#> a.balance: 0 -> 5\n", []),
      ("let a = Account()\nobserve a.balance\nawait a.deposit(5)\n#> a.balance: 0 -> 5\n", []),
      // Nothing changed; a value assigned is not one read.
      ("let a = Account()\nawait a.deposit(0)\n", []),
      ("let a = Account()\nawait a.deposit(5)\na.balance = 1\n", [unchecked()]),
      // A read before the call checks nothing it did.
      ("let a = Account()\na.balance; await a.deposit(5)\n#> 0\n", [unchecked(at: "s.bind:2:18")]),
      // The receiver as written: another name for the object is not it.
      ("let a = Account()\nawait a.deposit(5)\nlet b = a\nb.balance\n#> 5\n", [unchecked()]),
      // An observer disposed before the call printed nothing.
      ("let a = Account()\nobserve a as watch\ndispose watch\nawait a.deposit(5)\n", [unchecked(at: "s.bind:4:7")]),
    ]
    for row in rows {
      let result = run(row.script)
      XCTAssertEqual(result.failures.map(\.message), row.failures, row.script)
      XCTAssertTrue(result.failures.allSatisfy { $0.kind == .unchecked }, row.script)
      XCTAssertTrue(run(row.script, strict: false).passed, row.script)
    }
  }

  func testAStrictLineMakesTheScriptStrict() {
    let rows: [(line: String, isStrict: Bool)] = [
      ("# strict", true),
      ("  # strict \t", true),
      ("# strict\r", true),
      ("#strict", false),
      ("# strictly", false),
      ("# strict mode", false),
      ("let x = 1 # strict", false),
    ]
    for row in rows {
      let text = "let a = Account()\n\(row.line)\nawait a.deposit(5)\n"
      XCTAssertEqual(TestScript(text: text).isStrict, row.isStrict, row.line)
      XCTAssertEqual(run(text, strict: false).failures.map(\.kind), row.isStrict ? [.unchecked] : [], row.line)
    }
  }
}
