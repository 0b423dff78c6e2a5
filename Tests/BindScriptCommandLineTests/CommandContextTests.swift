import BindLanguage
import XCTest

@testable import BindScriptCommandLine

/// Every interpreter a command makes comes from the app's `configure`.
final class CommandContextTests: XCTestCase {
  struct Refused: Error, CustomStringConvertible {
    var description: String { "no such database" }
  }

  func testEachInterpreterIsConfiguredWithTheLimits() throws {
    var configured = 0
    let context = CommandContext(commandName: "app") { interpreter in
      configured += 1
      try interpreter.register(Holder.self, as: "Holder") { _ in }
    }
    let first = try context.makeInterpreter(options: { var o = Interpreter.Options(); o.maxSteps = 77; return o }())
    let second = try context.makeInterpreter(options: { var o = Interpreter.Options(); o.maxSteps = 77; return o }())
    XCTAssertEqual(configured, 2)
    XCTAssertFalse(first === second)
    XCTAssertEqual(second.options.maxSteps, 77)
    XCTAssertNotNil(second.typesByName["Holder"])
  }

  func testAConfigureErrorIsOneLine() {
    let context = CommandContext(commandName: "app") { _ in throw Refused() }
    XCTAssertThrowsError(try context.makeInterpreter()) { error in
      XCTAssertEqual(CommandContext.configureFailure(error), "error: cannot set up the interpreter: no such database")
    }
  }

  final class Holder {}
}
