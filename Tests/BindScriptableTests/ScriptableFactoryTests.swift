import BindRuntime
import BindScriptMacros
import BindScriptable
import BindSyntax
import MacroTesting
import XCTest
@testable import BindLanguage

/// `static func makeForScripts(in:)`: a constructor that needs the
/// interpreter (its clock, a service) for the objects scripts make.
final class ScriptableFactoryExpansionTests: XCTestCase {
  override func invokeTest() {
    withMacroTesting(macros: ["Scriptable": ScriptableMacro.self]) { super.invokeTest() }
  }

  func testTheFactoryIsTheConstructorInPlaceOfInit() {
    assertMacro {
      """
      @Scriptable
      final class Timed {
        @Observed var ticks = 0
        init() {}
        init(clock: SchedulerClock) {}
        static func makeForScripts(in interpreter: Interpreter) -> Timed { Timed(clock: interpreter.scheduler.clock) }
      }
      """
    } expansion: {
      """
      final class Timed {
        @Observed var ticks = 0
        init() {}
        init(clock: SchedulerClock) {}
        static func makeForScripts(in interpreter: Interpreter) -> Timed { Timed(clock: interpreter.scheduler.clock) }
      }

      extension Timed: BindScriptable.ScriptableType {
        public static var scriptTypeName: String {
          "Timed"
        }

        @discardableResult
        public static func register(in interpreter: Interpreter, as name: String = "Timed") throws -> ObjectType {
          try interpreter.register(Timed.self, as: name) { type in
            type.property("ticks", \\.$ticks)
            type.constructor { [unowned interpreter] in
              Timed.makeForScripts(in: interpreter)
            }
          }
        }
      }
      """
    }
  }
}

/// The factory compiled for real: a script's `Stopwatch()` gets the
/// interpreter's clock, so its sleep follows the script's `wait`.
@Scriptable
final class Stopwatch {
  @Observed var laps = 0
  private let clock: SchedulerClock

  init(clock: SchedulerClock) { self.clock = clock }

  static func makeForScripts(in interpreter: Interpreter) -> Stopwatch {
    Stopwatch(clock: interpreter.scheduler.clock)
  }

  func lap() async throws {
    try await clock.sleep(for: .seconds(1))
    laps += 1
  }
}

final class ScriptableFactoryBehaviourTests: XCTestCase {
  func testAScriptsConstructorGetsTheInterpretersClock() throws {
    let interpreter = Interpreter()
    defer { interpreter.endSession() }
    try Stopwatch.register(in: interpreter)
    let parsed = Parser.parse("let watch = Stopwatch()\nawait watch.lap()\nwatch.laps\n", path: "watch.bind")
    interpreter.hoist(parsed)
    var values: [String] = []
    for statement in parsed.statements {
      if let value = try interpreter.execute(statement, in: parsed.file) { values.append(value.literal) }
    }
    XCTAssertEqual(values, ["1"])
    XCTAssertEqual(interpreter.scheduler.now, .seconds(1))
  }
}
