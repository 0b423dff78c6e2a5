@testable import BindLanguage
import BindRuntime
import BindScriptCombine
import BindSyntax
import XCTest

#if canImport(Combine)
  import Combine
#else
  import OpenCombine
#endif

/// `ObservableObject`/`@Published` models through the adapter: the same
/// promises as for `@Observable` ones.
final class PublishedModelTests: XCTestCase {
  private var lines: [String] = []

  private func makeInterpreter() throws -> Interpreter {
    let interpreter = Interpreter()
    interpreter.output = { [unowned self] in lines.append($0) }
    try interpreter.register(SearchModel.self, as: "Search") { type in
      type.published("query", \.query)
      type.published("limit", readOnly: \.limit)
      type.published("results", \.results)
      type.published("clamped", \.clamped)
      type.published("isEmpty", \.isEmpty)
      type.publisher("resultCount", \.resultCount, initial: -1)
      type.publisher("status", \.status, initial: "")
      type.event("search", \.search)
      type.constructor { SearchModel() }
    }
    return interpreter
  }

  /// Runs each line as one statement; returns what it printed (errors as `error: …`).
  @discardableResult
  private func run(_ interpreter: Interpreter, _ source: String) -> [String] {
    let start = lines.count
    let parsed = Parser.parse(source, path: "test.bind")
    interpreter.hoist(parsed)
    for statement in parsed.statements {
      do {
        if let value = try interpreter.execute(statement, in: parsed.file) { lines.append(value.literal) }
      } catch let error as ScriptError {
        lines.append("error: \(error.message)")
      } catch {
        lines.append("error: \(error)")
      }
    }
    return Array(lines[start...])
  }

  func testRegistrationDecidesWhatScriptsMayWrite() throws {
    let interpreter = try makeInterpreter()
    defer { interpreter.endSession() }
    let type = try XCTUnwrap(interpreter.typesByName["Search"])
    let constant = Dictionary(uniqueKeysWithValues: type.stored.map { ($0.name, $0.isConstant) })
    XCTAssertEqual(constant, [
      "query": false, "limit": true, "results": true, "clamped": false, "isEmpty": true, "resultCount": true,
      "status": true,
    ])
  }

  func testScriptSeesSwiftWritesAndPublishers() throws {
    let interpreter = try makeInterpreter()
    defer { interpreter.endSession() }
    let model = SearchModel()
    try interpreter.inject(model, as: "m")
    model.query = "swift"
    XCTAssertEqual(
      run(interpreter, "m.query\nm.resultCount\nm.status\nm.isEmpty"), ["\"swift\"", "0", "\"idle\"", "true"])
    XCTAssertEqual(
      run(interpreter, "observe m.results\nobserve m.resultCount\nobserve m.status\nobserve m.isEmpty"), [])
    // The script makes Swift write: reported in that statement (in the
    // graph's order, one propagation).
    XCTAssertEqual(
      run(interpreter, "emit m.search").sorted(),
      [
        "m.isEmpty: true -> false", "m.resultCount: 0 -> 2", "m.results: [] -> [\"swift 1\", \"swift 2\"]",
        "m.status: \"idle\" -> \"done\"",
      ])
  }

  func testObserversSeeEachSwiftChangeOnceWithOldAndNew() throws {
    let interpreter = try makeInterpreter()
    defer { interpreter.endSession() }
    let model = SearchModel()
    try interpreter.inject(model, as: "m")
    run(interpreter, "observe m.query")
    model.query = "a"
    XCTAssertEqual(run(interpreter, "print(\"next\")"), ["m.query: \"\" -> \"a\"", "next"])
    model.query = "b"
    model.query = "c"
    XCTAssertEqual(run(interpreter, "m.query"), ["m.query: \"a\" -> \"c\"", "\"c\""])
    XCTAssertEqual(run(interpreter, "print(\"quiet\")"), ["quiet"])
  }

  func testScriptWritesReachSwiftOnceWithoutEcho() throws {
    let interpreter = try makeInterpreter()
    defer { interpreter.endSession() }
    let model = SearchModel()
    try interpreter.inject(model, as: "m")
    XCTAssertEqual(
      run(interpreter, "observe m.query\nm.query = \"x\"\nm.query = \"x\"\nm.query = \"y\"\nm.limit = 3"),
      ["m.query: \"\" -> \"x\"", "m.query: \"x\" -> \"y\"", "error: cannot assign to 'limit': it is a 'let' property of Search"])
    XCTAssertEqual(model.query, "y")
    XCTAssertEqual(model.queries, ["x", "y"], "Swift saw each script write once")
    XCTAssertEqual(run(interpreter, "print(\"quiet\")"), ["quiet"])
    XCTAssertEqual(run(interpreter, "observe m.clamped\nm.clamped = 50\nm.clamped"), [
      "m.clamped: 0 -> 10", "10",
    ], "one change, to what Swift kept")
  }

  /// A `bind` into a clamped `@Published` property, and Swift's own write
  /// of it, are one change each, to the value Swift kept.
  func testAClampedWriteByABindOrBySwiftIsOneChange() throws {
    let interpreter = try makeInterpreter()
    defer { interpreter.endSession() }
    let model = SearchModel()
    try interpreter.inject(model, as: "m")
    XCTAssertEqual(
      run(interpreter, "observe m.clamped\ntype Knob { var level: Int = 3 }\nlet knob = Knob()\nbind knob.level -> m.clamped\nknob.level = 40\nknob.level = 7"),
      ["m.clamped: 0 -> 3", "m.clamped: 3 -> 10", "m.clamped: 10 -> 7"])
    XCTAssertEqual(model.clamped, 7)
    model.clamped = 99
    XCTAssertEqual(run(interpreter, "m.clamped"), ["m.clamped: 7 -> 10", "10"])
  }

  func testTwoWayBindingWithAScriptPropertyHasNoEcho() throws {
    let interpreter = try makeInterpreter()
    defer { interpreter.endSession() }
    let model = SearchModel()
    model.query = "start"
    try interpreter.inject(model, as: "m")
    XCTAssertEqual(
      run(
        interpreter,
        """
        let field = TextField()
        observe field.text
        bind m.query <-> field.text
        field.text = "typed"
        """), ["field.text: \"\" -> \"start\"", "field.text: \"start\" -> \"typed\""])
    model.query = "from swift"
    XCTAssertEqual(run(interpreter, "field.text"), ["field.text: \"typed\" -> \"from swift\"", "\"from swift\""])
    XCTAssertEqual(model.queries, ["start", "typed", "from swift"])
    XCTAssertEqual(run(interpreter, "print(\"quiet\")"), ["quiet"])
  }

  func testADerivedScriptValueTracksAPublishedProperty() throws {
    let interpreter = try makeInterpreter()
    defer { interpreter.endSession() }
    let model = SearchModel()
    try interpreter.inject(model, as: "m")
    run(interpreter, "let label = Label()\nbind \"\\(m.query) (\\(m.resultCount))\" -> label.text\nobserve label.text")
    model.query = "swift"
    XCTAssertEqual(run(interpreter, "emit m.search"), [
      "label.text: \" (0)\" -> \"swift (0)\"", "label.text: \"swift (0)\" -> \"swift (2)\"",
    ])
  }

  func testReleasingTheObjectCompletesTheScriptsObserversAtTheNextStatement() throws {
    let interpreter = try makeInterpreter()
    defer { interpreter.endSession() }
    var model: SearchModel? = SearchModel()
    weak let weakModel = model
    try interpreter.inject(model!, as: "m", ownership: .weak)
    run(interpreter, "observe m.query\nobserve m.status")
    model!.query = "last"
    model = nil
    XCTAssertNil(weakModel, "the script does not keep the model alive")
    let printed = run(interpreter, "m.query")
    XCTAssertEqual(Array(printed.prefix(2)).sorted(), ["m.query: completed", "m.status: completed"])
    XCTAssertEqual(
      printed.last,
      "error: 'm' was released by the host; it was injected with 'ownership: .weak', so Swift must keep it alive while scripts use it",
      "a released object is an error to touch, and its pending write is lost with it")
  }

  func testLinksDoNotKeepTheModelAlive() throws {
    weak var weakModel: SearchModel?
    do {
      let interpreter = try makeInterpreter()
      let model = SearchModel()
      weakModel = model
      try interpreter.inject(model, as: "m")
      run(interpreter, "observe m.query\nobserve m.resultCount\nlet field = TextField()\nbind m.query <-> field.text")
      model.query = "x"
      run(interpreter, "field.text")
      interpreter.endSession()
    }
    XCTAssertNil(weakModel)
  }
}
