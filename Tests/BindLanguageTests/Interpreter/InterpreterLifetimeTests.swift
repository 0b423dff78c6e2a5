import BindRuntime
import XCTest
@testable import BindLanguage

/// How the interpreter is referred to by what may outlive it, without weak
/// references (a weak reference gives it a side table, and every retain of
/// it then takes the runtime's slow path).
final class InterpreterLifetimeTests: XCTestCase {
  /// The scheduler's hook neither keeps the interpreter alive nor reaches
  /// it once it is gone: a host may keep and drive the scheduler after.
  func testSchedulerHookOutlivesTheInterpreterHarmlessly() {
    var interpreter: Interpreter? = Interpreter()
    let scheduler = interpreter!.scheduler
    weak var released = interpreter
    interpreter = nil
    XCTAssertNil(released, "the scheduler's hook must not keep the interpreter alive")
    scheduler.afterEachJob?()
    scheduler.runReady()
  }

  /// While the interpreter lives, the hook delivers what host tasks changed
  /// (it runs after each job): calling it with nothing pending is a no-op.
  func testSchedulerHookReachesALiveInterpreter() throws {
    let interpreter = Interpreter()
    let hook = try XCTUnwrap(interpreter.scheduler.afterEachJob)
    hook()
    XCTAssertNil(interpreter.pendingError)
  }
}
