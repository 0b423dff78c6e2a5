import BindLanguage
import BindRuntime
import XCTest

@testable import REPLCore

/// A session over an interpreter the app prepared: its Swift types and
/// objects in statements, completion, `:types`, and again after `:reset`.
final class HostSessionTests: XCTestCase {
  final class Account {
    @Observed var owner = "ada"
    @Observed var balance = 0
    let deposited = EventStream<Int>()

    func transfer(amount: Int, to name: String) async throws -> Int { balance - amount }
    func close() {}
  }

  struct SetupFailed: Error, CustomStringConvertible {
    var description: String { "no database" }
  }

  private var captured = CapturedConsole()
  private let account = Account()
  private var configurations = 0
  private var failNextConfiguration = false

  private func makeInterpreter() throws -> Interpreter {
    if failNextConfiguration { throw SetupFailed() }
    configurations += 1
    let interpreter = Interpreter()
    try interpreter.register(Account.self, as: "Account") { type in
      type.property("owner", \.$owner)
      type.property("balance", \.$balance)
      type.event("deposited", \.deposited)
      type.property("funds", readOnly: \.$balance)
      type.method("transfer(amount:to:)") { (account: Account, amount: Int, name: String) async throws -> Int in
        try await account.transfer(amount: amount, to: name)
      }
      type.method("close()") { (account: Account) in account.close() }
    }
    try interpreter.inject(account, as: "account")
    return interpreter
  }

  private func makeSession() throws -> REPLSession {
    REPLSession(interpreter: try makeInterpreter(), console: captured.console) { [unowned self] in
      try makeInterpreter()
    }
  }

  func testStatementsCompletionAndTypesSeeTheHostTypes() throws {
    let session = try makeSession()
    let completer = REPLCompleter { session.interpreter }
    session.evaluate("observe account.balance")
    account.balance = 5
    session.evaluate("account.owner = \"grace\"")
    XCTAssertEqual(account.owner, "grace")
    XCTAssertEqual(captured.output, "account.balance: 0 -> 5\n")
    XCTAssertEqual(completer.complete("account.b").candidates, ["balance"])
    XCTAssertEqual(
      completer.complete("account.").candidates, ["owner", "balance", "deposited", "funds", "transfer(amount: ", "close()"])
    XCTAssertEqual(completer.complete("let a: Acc").candidates, ["Account"])
    XCTAssertEqual(
      completer.complete("await account.transfer(").action,
      .list(["transfer(amount: Int, to: String) async throws -> Int"]))
    captured.clear()
    XCTAssertTrue(session.perform(":types"))
    XCTAssertTrue(
      captured.output.hasPrefix("""
        type Account {
          var owner: String
          var balance: Int
          event deposited: Int
          var funds: Int { get }
          func transfer(amount: Int, to: String) async throws -> Int
          func close()
        }
        # built-in

        """),
      captured.output)
  }

  func testResetMakesAConfiguredInterpreter() throws {
    let session = try makeSession()
    session.evaluate("let note = \"kept?\"")
    XCTAssertTrue(session.perform(":reset"))
    XCTAssertEqual(configurations, 2)
    captured.clear()
    session.evaluate("account.owner")
    session.evaluate("note")
    XCTAssertEqual(captured.output, "\"ada\"\n")
    XCTAssertTrue(captured.errors.contains("cannot find 'note' in scope"), captured.errors)
  }

  func testAFailedResetKeepsTheSession() throws {
    let session = try makeSession()
    session.evaluate("let note = \"kept\"")
    failNextConfiguration = true
    captured.clear()
    XCTAssertTrue(session.perform(":reset"))
    XCTAssertEqual(captured.errors, "error: cannot reset the session: no database\n")
    captured.clear()
    session.evaluate("note")
    XCTAssertEqual(captured.output, "\"kept\"\n")
  }

  func testWithoutAFactoryResetMakesAPlainInterpreterWithTheSameOptions() throws {
    var options = Interpreter.Options()
    options.maxSteps = 1234
    let session = REPLSession(interpreter: Interpreter(options: options), console: captured.console)
    try session.reset()
    XCTAssertEqual(session.interpreter.options.maxSteps, 1234)
  }
}
