import BindLanguage
import BindScriptTesting
import MainActorViewModels
import XCTest

/// The same scripts through XCTest's `await assertScript`.
@MainActor
final class MainActorXCTestTests: XCTestCase {
  func testDebounceScript() async {
    let result = await assertScript(MainActorExampleTypes.scriptsFolder + "/debounce.bind") {
      try MainActorExampleTypes.register(in: $0)
    }
    XCTAssertTrue(result.passed)
  }

  func testCartScript() async {
    let result = await assertScript(MainActorExampleTypes.scriptsFolder + "/cart.bind") {
      try MainActorExampleTypes.register(in: $0)
    }
    XCTAssertTrue(result.passed)
  }
}
