import BindSyntax
import XCTest
@testable import BindLanguage

/// The interpreter's entry points as the CLI and the REPL use them:
/// `run` (batch), `execute` (one statement, echo value), `check` (resolve
/// without running), `hoist`, and the session introspection.
final class InterpreterEntryPointTests: XCTestCase {
  private func makeInterpreter() -> (Interpreter, () -> [String]) {
    let interpreter = Interpreter()
    var lines: [String] = []
    interpreter.output = { lines.append($0) }
    return (interpreter, { lines })
  }

  func testRunPrintsOnlyPrintAndObserverOutputAndStopsAtTheFirstError() {
    let (interpreter, output) = makeInterpreter()
    let parsed = Parser.parse(
      """
      type P { var name: String = "a" }
      let p = P()
      observe p.name
      p.name            # a bare expression: not echoed by run
      print("hello")
      p.name = "b"
      let broken = 1 / 0
      print("never")
      """, path: "run.bind")
    XCTAssertThrowsError(try interpreter.run(parsed)) { error in
      let scriptError = error as? ScriptError
      XCTAssertEqual(scriptError?.message, "division by zero")
      XCTAssertEqual(scriptError?.range.map { "\($0.start)" }, "7:14")
      XCTAssertEqual(scriptError?.file?.path, "run.bind")
    }
    XCTAssertEqual(output(), ["hello", "p.name: \"a\" -> \"b\""])
    // The state survives: the REPL keeps going.
    XCTAssertEqual(try interpreter.execute(Parser.parse("p.name").statements[0], in: SourceFile(text: "p.name")), .string("b"))
  }

  func testExecuteReturnsTheValueOfBareExpressionsOnly() throws {
    let (interpreter, output) = makeInterpreter()
    func execute(_ source: String) throws -> Value? {
      let parsed = Parser.parse(source)
      interpreter.hoist(parsed)
      var last: Value?
      for statement in parsed.statements { last = try interpreter.execute(statement, in: parsed.file) }
      return last
    }
    XCTAssertNil(try execute("var x = 1"))
    XCTAssertEqual(try execute("x + 1"), .int(2))
    XCTAssertNil(try execute("x = 5"))
    XCTAssertNil(try execute("print(x)"))
    XCTAssertEqual(try execute("Int(\"no\")"), .null, "a call that returns nil echoes nil")
    XCTAssertNil(try execute("func f() { }\nf()"), "a call that returns nothing echoes nothing")
    XCTAssertEqual(try execute("func g() { return nil }\ng()"), .null)
    XCTAssertNil(try execute("assert(true)"))
    XCTAssertEqual(try execute("[1, \"a\"]")?.literal, "[1, \"a\"]")
    XCTAssertEqual(output(), ["5"])
  }

  func testCheckResolvesWithoutRunning() {
    let (interpreter, output) = makeInterpreter()
    let parsed = Parser.parse(
      """
      print("not run")
      let c = 1
      c = 2
      uknown + 1
      type T { var x: Strng }
      func f(a, a) { }
      return
      later()
      func later() { print("not run either") }
      let q = Persn()
      break
      """, path: "check.bind")
    let errors = interpreter.check(parsed).map { "\($0.range.map { "\($0.start)" } ?? "?"): \($0.message)" }
    XCTAssertEqual(
      errors,
      [
        "3:1: cannot assign to 'c': it is a 'let' constant; declare it with 'var' to change it",
        "4:1: cannot find 'uknown' in scope",
        "5:17: cannot find type 'Strng'; did you mean 'String'?",
        "6:11: duplicate parameter 'a'",
        "7:1: 'return' outside a function or handler",
        "10:9: cannot find 'Persn' in scope",
        "11:1: 'break' outside a loop or 'switch'",
      ])
    XCTAssertEqual(output(), [])
  }

  func testHoistingMakesLaterFunctionsVisible() {
    assertTranscript(
      """
      func make() { return Thing(n: helper()) }
      type Thing { var n: Int = 0 }
      make().n
      func helper() { return 41 + 1 }
      """,
      ["42"])
  }

  func testGlobalsAndConnectionsAreIntrospectable() {
    let session = TranscriptSession()
    session.run(
      """
      type VM { var title: String = "t"; event ping }
      let vm = VM()
      let label = Label()
      var count = 3
      bind vm.title -> label.text as titleBinding
      observe vm.title
      on vm.ping as pinger { }
      let field = TextField()
      bind field.text <-> vm.title
      """)
    let globals = session.interpreter.globals.map { "\($0.name) = \($0.value.literal)" }
    XCTAssertEqual(Set(globals), ["vm = VM#1", "label = Label#1", "count = 3", "field = TextField#1"])
    XCTAssertEqual(
      session.interpreter.connections.entries.map { "\($0.kind.rawValue) \($0.name ?? "-"): \($0.summary)" },
      [
        "bind titleBinding: vm.title -> label.text",
        "observe -: vm.title",
        "on pinger: vm.ping",
        "bind <-> -: field.text <-> vm.title",
      ])
    session.run("dispose pinger\ndispose titleBinding")
    XCTAssertEqual(session.interpreter.connections.entries.map(\.summary), ["vm.title", "field.text <-> vm.title"])
    XCTAssertEqual(session.interpreter.typesByName["VM"]?.memberSummaries, ["var title: String", "event ping"])
  }

  func testEachInterpreterHasItsOwnTypesAndNumbering() {
    let first = TranscriptSession()
    let second = TranscriptSession()
    XCTAssertEqual(first.run("type T { var x: Int = 0 }\nT()\nT()\nLabel()"), ["T#1", "T#2", "Label#1"])
    XCTAssertEqual(second.run("T()\nLabel()"), ["error: cannot find 'T' in scope", "Label#1"])
  }

  func testOutputWithNewlinesIsOneCallPerPrint() {
    let (interpreter, output) = makeInterpreter()
    let parsed = Parser.parse("print(\"a\\nb\", 1)\nprint()")
    XCTAssertNoThrow(try interpreter.run(parsed))
    XCTAssertEqual(output(), ["a\nb 1", ""])
  }
  func testCheckAcceptsAValidScriptWithEveryStatementForm() {
    let interpreter = Interpreter()
    interpreter.output = { XCTFail("check must not print: \($0)") }
    interpreter.readFile = { path in XCTFail("check must not import \(path)"); return [] }
    let parsed = Parser.parse(
      """
      let p = Person(name: "P1")
      type Person {
        var name: String = ""
        var nickname: String?
        var greeting: String { "Hello, \\(name)" }
        var friend: Person?
        event renamed
        event picked: Int
      }
      var p2 = Person(name: "P2")
      p2 = nil
      p.name = "Ada"
      p.name += "!"
      let label = Label()
      let field = TextField()
      let button = Button()
      bind p.name -> label.text
      bind "Hi, \\(p.name)!" -> label.text as greet
      bind field.text <-> p.name
      bind button.tap -> p.renamed
      observe p.name
      observe p.name initial as watcher { old, new in print(old, new) }
      on button.tap { p.name = "tapped" }
      on p.picked { v in print(v) }
      emit button.tap
      emit p.picked(3)
      dispose greet
      batch { p.name = "a"; label.isHidden = true }
      if p.name == "a" { print("a") } else if p.name == "b" { print("b") } else { print("c") }
      for i in 1...3 { if i == 2 { continue }; print(i) }
      var n = 0
      while n < 3 { n += 1; if n > 5 { break } }
      func fill(vm, name) { vm.name = name; return vm }
      import "Shared/types.bind"
      print(p.name, [1, 2].count, "x".uppercased(), min(1, 2), Int("3") ?? 0, p.friend?.name)
      assert(label.text == "Hi, Ada!", "message")
      """, path: "valid.bind")
    XCTAssertEqual(parsed.diagnostics.map(\.message), [])
    XCTAssertEqual(interpreter.check(parsed).map(\.message), [])
  }
}
