import BindLanguage
import BindRuntime
import BindScriptTesting
import ExampleCombineModels
import ExampleViewModels
import XCTest

/// The example scripts through the async helper from a `@MainActor` test:
/// each statement `await search.refresh()` / `await form.submit()` suspends
/// the test while the scheduler runs the call's tasks and timers (debounce,
/// the fake services' sleeps on the virtual clock). The transcripts and the
/// virtual time must be those of the synchronous run.
@MainActor
final class CooperativeExampleScriptTests: XCTestCase {
  private func script(_ name: String) -> String { ExampleTypes.scriptsFolder + "/" + name }

  func testSearchScriptAwaitedCooperatively() async {
    var scheduler: Scheduler?
    let result = await assertScript(script("search.bind")) { interpreter in
      try ExampleTypes.configure(interpreter)
      scheduler = interpreter.scheduler
    }
    XCTAssertTrue(result.passed)
    // The same virtual time as the synchronous run: time moved only when
    // no task could.
    XCTAssertEqual(scheduler?.now, .milliseconds(4_200))
  }

  func testSignUpScriptAwaitedCooperatively() async {
    let result = await assertScript(script("signup.bind")) { interpreter in
      try ExampleTypes.configure(interpreter)
    }
    XCTAssertTrue(result.passed)
  }
}
