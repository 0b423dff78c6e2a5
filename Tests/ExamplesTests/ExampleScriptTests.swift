import BindLanguage
import BindScriptTesting
import ExampleCombineModels
import ExampleViewModels
import XCTest

/// Runs the example scripts against the real Swift view-models, through the
/// test helper: a failure shows at the script's `path:line`. Each test has
/// a new interpreter and new view-models on its virtual clock.
final class ExampleScriptTests: XCTestCase {
  private var interpreter: Interpreter!
  private var settings: Settings!

  override func setUpWithError() throws {
    interpreter = Interpreter()
    settings = Settings()
    try ExampleTypes.configure(interpreter, settings: settings)
    try PreferencesTypes.configure(interpreter)
  }

  override func tearDown() {
    interpreter.endSession()
  }

  private func script(_ name: String) -> String { ExampleTypes.scriptsFolder + "/" + name }

  func testSearchScript() {
    XCTAssertTrue(assertScript(script("search.bind"), interpreter: interpreter).passed)
    // Seconds of typing and searching, in no time: the clock is virtual.
    XCTAssertEqual(interpreter.scheduler.now, .milliseconds(4_200))
  }

  func testSignUpScript() throws {
    XCTAssertTrue(assertScript(script("signup.bind"), interpreter: interpreter).passed)
    // The script's writes are the Swift object's state.
    let form = try XCTUnwrap(hostObject("form") as? SignUpViewModel)
    XCTAssertEqual(form.email, "alan@example.com")
    XCTAssertEqual(form.accountID, "user-3")
    XCTAssertFalse(form.canSubmit)
  }

  func testSettingsScript() {
    XCTAssertTrue(assertScript(script("settings.bind"), interpreter: interpreter).passed)
    XCTAssertEqual(settings.theme, "system")
    XCTAssertEqual(settings.volume, 5)
  }

  func testPreferencesScript() throws {
    XCTAssertTrue(assertScript(script("preferences.bind"), interpreter: interpreter).passed)
    let preferences = try XCTUnwrap(hostObject("preferences") as? Preferences)
    XCTAssertEqual(preferences.fontSize, 32)
    XCTAssertEqual(preferences.recentSearches, ["swift", "rust"])
  }

  func testTodosScript() throws {
    XCTAssertTrue(assertScript(script("todos.bind"), interpreter: interpreter).passed)
    let todos = try XCTUnwrap(hostObject("todos") as? TodoList)
    XCTAssertEqual(todos.items.count, 0)
  }

  /// A Swift write between two scripts of one session reaches the
  /// script's observers at the next statement.
  func testASwiftWriteReachesTheNextStatement() {
    XCTAssertEqual(ScriptTest.issues(inSource: "observe settings.volume\n", interpreter: interpreter), [])
    settings.volume = 9
    XCTAssertEqual(
      ScriptTest.issues(inSource: "print(settings.isLoud)\n#> settings.volume: 5 -> 9\n#> true\n", interpreter: interpreter), [])
  }

  /// 300ms is the debounce only: the service has not answered yet.
  func testAFailingExpectationIsReportedAtTheScriptLine() {
    let issues = ScriptTest.issues(
      inSource: "search.query = \"sw\"\nwait 300ms\nassert(search.titles.count == 3)\n", path: "/examples/inline.bind",
      interpreter: interpreter)
    XCTAssertEqual(issues.map(\.line), [3])
    XCTAssertEqual(issues.first?.path, "/examples/inline.bind")
    XCTAssertTrue(issues.first?.message.contains("search.titles.count == 3 ('search.titles.count' is 0)") ?? false, "\(issues)")
  }

  private func hostObject(_ name: String) -> AnyObject? {
    guard case .object(let object)? = interpreter.global(name) else { return nil }
    return object.hostObject
  }
}
