import BindLanguage
import BindScriptTesting
import ExampleViewModels
import XCTest

/// Runs the example scripts against the real Swift view-models, through the
/// test helper: a failure shows at the script's `path:line`.
final class ExampleScriptTests: XCTestCase {
  private var interpreter: Interpreter!
  private var vm: LoginViewModel!

  override func setUpWithError() throws {
    interpreter = Interpreter()
    vm = LoginViewModel()
    try ExampleTypes.register(in: interpreter)
    try interpreter.inject(vm, as: "vm")
  }

  override func tearDown() {
    interpreter.endSession()
  }

  func testLoginScript() {
    let result = assertScript(ExampleTypes.scriptsFolder + "/login.bind", interpreter: interpreter)
    XCTAssertTrue(result.passed)
    // The script's writes are the Swift object's state.
    XCTAssertEqual(vm.username, "ada")
    XCTAssertEqual(vm.user?.name, "ada")
    XCTAssertEqual(vm.errorMessage, "password must have at least 8 characters")
  }

  func testSearchScript() {
    XCTAssertTrue(assertScript(ExampleTypes.scriptsFolder + "/search.bind", interpreter: interpreter).passed)
  }

  func testAFailingExpectationIsReportedAtTheScriptLine() {
    let issues = ScriptTest.issues(
      inSource: "vm.username = \"ada\"\nassert(vm.canSubmit)\n", path: "/examples/inline.bind", interpreter: interpreter)
    XCTAssertEqual(issues.map(\.line), [2])
    XCTAssertEqual(issues.first?.path, "/examples/inline.bind")
    XCTAssertTrue(issues.first?.message.contains("'vm.canSubmit' is false") ?? false, "\(issues)")
  }
}
