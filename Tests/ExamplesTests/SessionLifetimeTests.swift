import BindLanguage
import BindRuntime
import BindScriptTesting
import BindSyntax
import ExampleCombineModels
import ExampleViewModels
import XCTest

/// An interpreter may go at any point, with or without `endSession()`,
/// whatever Swift still holds; a host object a script got from Swift lives
/// while the script holds it.
final class SessionLifetimeTests: XCTestCase {
  private func run(_ source: String, in interpreter: Interpreter) {
    let parsed = Parser.parse(source, path: "lifetime.bind")
    XCTAssertFalse(parsed.hasErrors)
    interpreter.output = { _ in }
    XCTAssertNoThrow(try interpreter.run(parsed))
  }

  /// Swift keeps an `ObservableObject` the script observed, and writes it
  /// after the interpreter is gone, which never ended its session.
  func testAnInterpreterReleasedWithoutEndingItsSessionLeavesSwiftsModelSafe() throws {
    let preferences = Preferences()
    weak var released: Interpreter?
    do {
      let interpreter = Interpreter()
      released = interpreter
      try PreferencesTypes.register(in: interpreter)
      try interpreter.inject(preferences, as: "preferences")
      run("""
        observe preferences.fontSize
        observe preferences.summary
        let label = Label()
        bind preferences.summary -> label.text
        preferences.fontSize = 16
        """, in: interpreter)
    }
    XCTAssertNil(released, "the interpreter is freed, though Swift keeps the model it observed")
    preferences.increaseFontSize()
    preferences.remember("swift")
    XCTAssertEqual(preferences.fontSize, 18)
  }

  /// The same, mid-session: a timer pending and a view-model's task asleep
  /// on the interpreter's clock when the interpreter goes.
  func testAnInterpreterReleasedMidSessionStopsItsTimersAndTasks() throws {
    let settings = Settings()
    do {
      let interpreter = Interpreter()
      try ExampleTypes.configure(interpreter, settings: settings)
      run("""
        search.query = "sw"
        every 5ms { print("tick") }
        wait 100ms
        search.query = "swi"
        """, in: interpreter)
    }
    // Whatever the session left behind is cancelled, not run later.
    Thread.sleep(forTimeInterval: 0.05)
  }

  /// An object a host function made is the script's while it holds it.
  func testAnObjectAHostFunctionReturnsLivesWhileTheScriptHoldsIt() throws {
    let interpreter = Interpreter()
    defer { interpreter.endSession() }
    try PreferencesTypes.register(in: interpreter)
    try interpreter.define("makePreferences()") { Preferences() }
    var printed: [String] = []
    interpreter.output = { printed.append($0) }
    let parsed = Parser.parse("""
      let made = makePreferences()
      made.increaseFontSize()
      print(made.fontSize)
      let list = [makePreferences()]
      list[0].increaseFontSize()
      print(list[0].fontSize)
      """, path: "factory.bind")
    XCTAssertNoThrow(try interpreter.run(parsed))
    XCTAssertEqual(printed, ["16", "16"])
  }
}
