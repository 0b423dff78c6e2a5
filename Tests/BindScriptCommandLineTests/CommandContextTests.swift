import BindLanguage
import XCTest

@testable import BindScriptCommandLine

/// Every interpreter a command makes comes from the app's `configure`.
final class CommandContextTests: XCTestCase {
  struct Refused: Error, CustomStringConvertible {
    var description: String { "no such database" }
  }

  func testEachInterpreterIsConfiguredWithTheLimits() throws {
    let configured = Counter()
    let context = CommandContext(commandName: "app") { interpreter in
      configured.increment()
      try interpreter.register(Holder.self, as: "Holder") { _ in }
    }
    var options = Interpreter.Options()
    options.maxSteps = 77
    let first = try context.makeInterpreter(options: options)
    let second = try context.makeInterpreter(options: options)
    XCTAssertEqual(configured.value, 2)
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

/// A count a `@Sendable` configure closure may change.
private final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  var value: Int { lock.withLock { count } }
  func increment() { lock.withLock { count += 1 } }
}
