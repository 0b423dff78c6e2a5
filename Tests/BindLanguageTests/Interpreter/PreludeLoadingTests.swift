import BindSyntax
import XCTest
@testable import BindLanguage

/// The built-in types (`Label`, `TextField`, `Button`, `Switch`, `Slider`)
/// are declared when code first names them, not when an interpreter is made
/// (start-up, issue 14): every way of reaching them must still find them.
final class PreludeLoadingTests: XCTestCase {
  func testNoBuiltInTypeIsDeclaredUntilOneIsNamed() {
    let session = TranscriptSession()
    XCTAssertEqual(session.run("let n = 1 + 2\nn"), ["3"])
    XCTAssertFalse(session.interpreter.isPreludeLoaded)
    XCTAssertNil(session.interpreter.types["Label"])
  }

  func testAStatementThatNamesOneDeclaresThemAll() {
    let session = TranscriptSession()
    session.run("var count = 0")
    // Statement by statement, as the REPL runs input.
    let parsed = Parser.parse("let slider = Slider(value: 0.5)\nslider.maximum", path: nil)
    var values: [String] = []
    for statement in parsed.statements {
      XCTAssertNoThrow(try session.interpreter.execute(statement, in: parsed.file).map { values.append($0.literal) })
    }
    XCTAssertEqual(values, ["1.0"])
    XCTAssertTrue(session.interpreter.isPreludeLoaded)
    XCTAssertEqual(Set(Prelude.typeNames).subtracting(session.interpreter.types.keys), [])
  }

  func testSuggestionsAndRedeclarationsSeeBuiltInTypesNotYetDeclared() {
    let session = TranscriptSession()
    XCTAssertEqual(session.run("Labl()"), ["error: cannot find 'Labl' in scope; did you mean 'Label'?"])
    XCTAssertEqual(session.run("var x: Sliderr = 1"), ["error: cannot find type 'Sliderr'; did you mean 'Slider'?"])
    XCTAssertEqual(session.run("type Button { var x: Int = 0 }"), ["error: type 'Button' is built in; choose another name"])
  }

  func testIntrospectionAndEmbeddingSeeBuiltInTypes() throws {
    let interpreter = Interpreter()
    XCTAssertTrue(interpreter.preludeTypeNames.contains("TextField"))
    XCTAssertNotNil(interpreter.typesByName["Switch"])
    let other = Interpreter()
    XCTAssertThrowsError(try other.define("Button()") { () -> Int in 1 }) { error in
      XCTAssertEqual("\(error)", "cannot define 'Button()': 'Button' is a type")
    }
    XCTAssertFalse(other.isPreludeLoaded)
  }

  func testAMentionIsFoundAnywhereInTheRange() {
    func named(_ text: String, _ start: Int = 0, _ end: Int? = nil) -> Bool {
      let bytes = Array(text.utf8)
      return Prelude.mayBeNamed(in: bytes, from: start, to: end ?? bytes.count)
    }
    XCTAssertTrue(named("Label"))
    XCTAssertTrue(named("let t = TextField()"))
    XCTAssertTrue(named("x # a Switch in a comment"))
    XCTAssertTrue(named("Sl Slider"))
    XCTAssertFalse(named("Labe"))
    XCTAssertFalse(named("let label = 1; Butto; Swit; Slide; TextFiel"))
    XCTAssertFalse(named(""))
    XCTAssertFalse(named("Button", 1))
    XCTAssertFalse(named("Button", 0, 5))
    XCTAssertTrue(named("xButtonx", 1, 7))
  }
}
