import BindRuntime
import BindScriptable
import BindSyntax
import Testing
@testable import BindLanguage

/// A `@MainActor` view-model in Swift 6 mode: `@Scriptable` conforms it on
/// the main actor, and a `@MainActor` test registers and drives it.
@MainActor @Scriptable
final class ScriptedCounter {
  @Observed var count = 0
  let tapped = EventStream<Void>()

  init() {}

  func increment(by step: Int) {
    MainActor.preconditionIsolated()
    count += step
  }

  // Registered (this compiles in Swift 6 mode), but not awaited here: a
  // script on the main thread awaiting a main-actor async method waits for
  // a job on the main queue that the interpreter does not drain from inside
  // a Swift Testing test (the interpreter's matter, not the macro's).
  func reset() async {
    await Task.yield()
    count = 0
  }
}

// Swift Testing: XCTest on Linux cannot discover a @MainActor XCTestCase.
@MainActor
struct ScriptableMainActorTests {
  @Test func aMainActorViewModelRegistersAndRunsOnTheMainActor() throws {
    let interpreter = Interpreter()
    defer { interpreter.endSession() }
    try interpreter.register(ScriptedCounter.self)
    let counter = ScriptedCounter()
    try interpreter.inject(counter, as: "counter")
    var lines: [String] = []
    interpreter.output = { lines.append($0) }
    let parsed = Parser.parse("observe counter.count\ncounter.increment(by: 2)\nlet c = ScriptedCounter()\nc.increment(by: 5)\nprint(c.count)\ncounter.count = 7")
    try interpreter.run(parsed)
    #expect(lines == ["counter.count: 0 -> 2", "5", "counter.count: 2 -> 7"])
    #expect(counter.count == 7)
  }
}
