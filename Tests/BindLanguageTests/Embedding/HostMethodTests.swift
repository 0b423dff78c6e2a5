import BindRuntime
import BindSyntax
import Foundation
import Synchronization
import XCTest
@testable import BindLanguage

/// Host methods and free host functions called from scripts: labels,
/// results, `throws`, `async` with and without `await`, and every bad input
/// as a located error.
final class HostMethodTests: XCTestCase {
  // MARK: Fixtures

  struct TodoError: Error, CustomStringConvertible {
    let description: String
  }

  final class TodoList {
    @Observed var titles: [String] = []
    @Observed var selected = -1
    var log: [String] = []

    func add(title: String, due: Int?) throws -> Int {
      guard !title.isEmpty else { throw TodoError(description: "a to-do needs a title") }
      titles.append(due.map { "\(title) (day \($0))" } ?? title)
      return titles.count
    }

    func select(index: Int) { selected = index }
    func clear() { titles = [] }
    func move(_ from: Int, to: Int) { titles.swapAt(from, to) }
    func rename(_ index: Int, to title: String, keepDue: Bool, times: Int) { titles[index] = String(repeating: title, count: times) }

    func load(count: Int) async throws -> [String] {
      await Task.yield()
      log.append("loaded")
      return (1...count).map { "item \($0)" }
    }

    func fail() async throws {
      await Task.yield()
      throw TodoError(description: "offline")
    }
  }

  static func session(ownership: Interpreter.Ownership = .strong) throws -> (TranscriptSession, TodoList) {
    let session = TranscriptSession()
    session.showsLocations = true
    try session.interpreter.register(TodoList.self, as: "TodoList") { type in
      type.property("titles", \.$titles)
      type.property("selected", \.$selected)
      type.method("add(title:due:)") { (list: TodoList, title: String, due: Int?) throws -> Int in
        try list.add(title: title, due: due)
      }
      type.method("select(index:)") { (list: TodoList, index: Int) in list.select(index: index) }
      type.method("clear()") { list in list.clear() }
      type.method("move(_:to:)") { (list: TodoList, from: Int, to: Int) in list.move(from, to: to) }
      type.method("rename(_:to:keepDue:times:)") { (list: TodoList, index: Int, title: String, keep: Bool, times: Int) in
        list.rename(index, to: title, keepDue: keep, times: times)
      }
      type.method("load(count:)") { (list: TodoList, count: Int) async throws -> [String] in try await list.load(count: count) }
      type.method("fail()") { (list: TodoList) async throws in try await list.fail() }
    }
    let list = TodoList()
    try session.interpreter.inject(list, as: "todos", ownership: ownership)
    return (session, list)
  }

  // MARK: Calls

  func testMethodsTakeSwiftLabelsAndReturnValues() throws {
    let (session, list) = try Self.session()
    XCTAssertEqual(
      session.run(
        """
        observe todos.selected
        todos.add(title: "milk", due: nil)
        todos.add(title: "bread", due: 3)
        todos.select(index: 1)
        todos.move(0, to: 1)
        todos.titles
        todos.rename(0, to: "ab", keepDue: true, times: 2)
        todos.titles[0]
        todos.clear()
        todos.titles
        """),
      ["1", "2", "todos.selected: -1 -> 1", "[\"bread (day 3)\", \"milk\"]", "\"abab\"", "[]"])
    XCTAssertEqual(list.titles, [])
  }

  func testVoidMethodEchoesNothingAndAValueCanBeStored() throws {
    let (session, _) = try Self.session()
    XCTAssertEqual(session.run("todos.clear()\nlet n = todos.add(title: \"a\", due: 1)\nprint(n + 1)"), ["2"])
  }

  func testThrownSwiftErrorIsALocatedScriptErrorAndTheSessionGoesOn() throws {
    let (session, _) = try Self.session()
    XCTAssertEqual(
      session.run("todos.add(title: \"\", due: nil)\nprint(\"next\")"),
      ["error: 1:1: 'add(title:due:)' threw an error: a to-do needs a title", "next"])
  }

  func testFreeFunctionsTakeLabelsAndMayThrow() throws {
    let session = TranscriptSession()
    session.showsLocations = true
    try session.interpreter.define("greet(name:)") { (name: String) -> String in "Hello, \(name)!" }
    try session.interpreter.define("sum(_:_:)") { (a: Int, b: Int) in a + b }
    try session.interpreter.define("boom()") { () throws -> Int in throw TodoError(description: "boom") }
    try session.interpreter.define("later(_:)") { (n: Int) async -> Int in
      await Task.yield()
      return n * 2
    }
    XCTAssertEqual(
      session.run("greet(name: \"Ada\")\nsum(2, 3)\nboom()\nawait later(21)"),
      ["\"Hello, Ada!\"", "5", "error: 3:1: 'boom()' threw an error: boom", "42"])
  }

  enum StoreError: Error, Equatable {
    case full(Int)
    case offline
  }

  func testAThrowingHostCallIsCaughtByTheScriptAsItsSwiftDescription() throws {
    let (session, _) = try Self.session()
    XCTAssertEqual(
      session.run(
        """
        do { try todos.add(title: "", due: nil) } catch { print("caught:", error) }
        print(try? todos.add(title: "", due: nil))
        print(try todos.add(title: "milk", due: nil))
        do { try await todos.fail() } catch { print("awaited:", error) }
        try! todos.add(title: "", due: nil)
        """),
      [
        "caught: a to-do needs a title", "nil", "1", "awaited: offline",
        "error: 5:1: 'try!' expression unexpectedly raised an error: a to-do needs a title; use 'try' inside 'do { … } catch { … }' to handle it",
      ])
  }

  func testARegisteredSwiftErrorTypeMatchesItsCatchPatterns() throws {
    let session = TranscriptSession()
    session.showsLocations = true
    try session.interpreter.registerEnum(StoreError.self, as: "StoreError") { type in
      type.case("full", StoreError.full) { if case .full(let count) = $0 { count } else { nil } }
      type.case("offline", .offline)
    }
    try session.interpreter.define("save(_:)") { (count: Int) throws in
      throw count > 3 ? StoreError.full(count) : StoreError.offline
    }
    XCTAssertEqual(
      session.run(
        """
        func attempt(_ n: Int) throws {
          do { try save(n) } catch StoreError.full(let count) { print("full at", count) } catch let e as StoreError { print("other", e) }
        }
        try attempt(5)
        try attempt(1)
        throw StoreError.offline
        save(1)
        """),
      [
        "full at 5", "other .offline",
        "error: 6:1: uncaught error: StoreError.offline; handle it with 'do { try … } catch { … }'",
        "error: 7:1: 'save(_:)' threw an error: offline",
      ])
  }

  // MARK: async

  func testAwaitedMethodFinishesBeforeTheNextStatement() throws {
    let (session, list) = try Self.session()
    XCTAssertEqual(
      session.run(
        """
        observe todos.titles
        let items = await todos.load(count: 2)
        print(items.count)
        await todos.add(title: "sync under await", due: nil)
        """),
      ["2", "todos.titles: [] -> [\"sync under await\"]", "1"])
    XCTAssertEqual(list.log, ["loaded"])
  }

  func testAnAwaitedCallThatReturnsNothingEchoesNothing() throws {
    let session = TranscriptSession()
    try session.interpreter.define("settle()") { () async in await Task.yield() }
    try session.interpreter.define("maybe()") { () async -> Int? in nil }
    XCTAssertEqual(session.run("await settle()\n(await settle())\nawait maybe()"), ["nil"])
  }

  func testAwaitedThrowIsLocatedAtTheCall() throws {
    let (session, _) = try Self.session()
    XCTAssertEqual(session.run("let x = 1\nawait todos.fail()"), ["error: 2:7: 'fail()' threw an error: offline"])
  }

  func testUnawaitedCallStartsATaskThatRunsWhenTheScriptLetsTimePass() throws {
    let session = TranscriptSession()
    session.showsLocations = true
    let clock = session.interpreter.scheduler.clock
    try session.interpreter.define("failLater()") { () async throws in
      try await clock.sleep(for: .seconds(1))
      throw TodoError(description: "offline")
    }
    XCTAssertEqual(session.run("failLater()"), [], "the call returns at once; the task has not run yet")
    XCTAssertEqual(session.interpreter.hostTasks.runningCount, 1)
    XCTAssertEqual(session.run("wait 999ms"), [], "the task sleeps on the script's clock")
    XCTAssertEqual(session.run("print(1)"), ["1"])
    XCTAssertEqual(session.run("wait 1ms"), ["error: 1:1: 'failLater()' threw an error: offline"])
    XCTAssertEqual(session.interpreter.hostTasks.runningCount, 0)
    XCTAssertEqual(session.run("print(2)"), ["2"])
  }

  func testATaskThatNeverBlocksEndsInTheStepLimit() throws {
    let session = TranscriptSession()
    session.interpreter.options.maxSteps = 10_000
    try session.interpreter.define("spin()") { () async in
      while !Task.isCancelled { await Task.yield() }
    }
    XCTAssertEqual(
      session.run("spin()\nwait"),
      ["error: step limit of 10000 exceeded; the loop may never end (raise the limit with --max-steps)"])
  }

  func testEndSessionCancelsStartedTasks() throws {
    let session = TranscriptSession()
    try session.interpreter.define("forever()") { () async throws in
      while true { try await Task.sleep(nanoseconds: 1_000_000) }
    }
    session.run("forever()")
    XCTAssertEqual(session.interpreter.hostTasks.runningCount, 1)
    session.interpreter.endSession()
    // The released task ends on Swift's own executors: give a loaded machine time.
    let deadline = Date().addingTimeInterval(30)
    while session.interpreter.hostTasks.runningCount > 0 && Date() < deadline { usleep(1000) }
    XCTAssertEqual(session.interpreter.hostTasks.runningCount, 0)
  }

  // MARK: Bad input at the call

  func testCallErrorsNameTheExpectedSignature() throws {
    let cases: [(source: String, error: String)] = [
      ("todos.select(idx: 1)", "1:1: incorrect argument label in call to 'select(index:)' (have 'idx:', expected 'index:')"),
      ("todos.select(1)", "1:1: incorrect argument label in call to 'select(index:)' (have '_:', expected 'index:')"),
      ("todos.select(index: 1, again: 2)", "1:1: call to 'select(index:)' takes 1 argument but 2 were given"),
      ("todos.select(index: \"one\")", "1:21: cannot convert value of type 'String' to expected argument type 'Int' in call to 'select(index:)'"),
      ("let s = \"one\"\ntodos.select(index: s)", "2:21: cannot convert value of type 'String' to expected argument type 'Int' in call to 'select(index:)'"),
      ("todos.selct(index: 1)", "1:1: no method 'selct(index:)' on TodoList; did you mean 'select(index:)'?"),
      ("todos.selected(x: 1)", "1:1: 'selected' is a property of TodoList, not a method"),
      ("todos.select", "1:7: 'select(index:)' is a method of TodoList; call it, as in 'select(…)'"),
      ("type T { var n: Int = 0\n var x: [String] { todos.load(count: 1) } }", "2:20: cannot call async 'load(count:)' in a derived property; nothing can wait there, so call it in a statement of its own"),
      ("bind todos.load(count: 1) -> todos.titles", "1:6: cannot call async 'load(count:)' in a 'bind' expression; nothing can wait there, so call it in a statement of its own"),
      ("observe await todos.load(count: 1)", "1:9: 'await' cannot be used in an 'observe' expression; call the async method in a statement of its own"),
      ("greet(name: 1)", "1:1: cannot find 'greet' in scope"),
    ]
    for row in cases {
      let (session, _) = try Self.session()
      XCTAssertEqual(session.run(row.source).last, "error: " + row.error, row.source)
    }
  }

  func testWrongLabelsOnAKnownObjectAreFoundByCheck() throws {
    let (session, _) = try Self.session()
    session.interpreter.output = { _ in }
    try session.interpreter.define("greet(name:)") { (name: String) in name }
    let errors = session.interpreter.check(Parser.parse("todos.select(idx: 1)\ngreet(nam: \"x\")\ngreet(name: 2)\nfunc f() { todos.select(index: true) }", path: "c.bind"))
    XCTAssertEqual(
      errors.map { "\($0.range!.start.line):\($0.range!.start.column): \($0.message)" },
      [
        "1:1: incorrect argument label in call to 'select(index:)' (have 'idx:', expected 'index:')",
        "2:1: incorrect argument label in call to 'greet(name:)' (have 'nam:', expected 'name:')",
        "3:13: cannot convert value of type 'Int' to expected argument type 'String' in call to 'greet(name:)'",
        "4:32: cannot convert value of type 'Bool' to expected argument type 'Int' in call to 'select(index:)'",
      ])
  }

  func testMisspelledMembersOfAnInjectedObjectAreFoundByCheck() throws {
    let source = "todos.selct(index: 1)\nprint(todos.titels)\ntodos.select(index: 0)\nfunc f(list: TodoList) { list.clera() }"
    let (checked, _) = try Self.session()
    checked.interpreter.output = { _ in }
    XCTAssertEqual(
      checked.interpreter.check(Parser.parse(source, path: "c.bind")).map {
        "\($0.range!.start.line):\($0.range!.start.column): \($0.message)"
      },
      [
        "1:7: no method 'selct(index:)' on TodoList; did you mean 'select(index:)'?",
        "2:13: no property 'titels' on TodoList; did you mean 'titles'?",
        "4:31: no method 'clera()' on TodoList; did you mean 'clear()'?",
      ])
    // Running each statement gives the same messages.
    for (statement, message) in [
      ("todos.selct(index: 1)", "no method 'selct(index:)' on TodoList; did you mean 'select(index:)'?"),
      ("print(todos.titels)", "no property 'titels' on TodoList; did you mean 'titles'?"),
    ] {
      let (session, _) = try Self.session()
      XCTAssertEqual(session.run(statement).last?.split(separator: " ", maxSplits: 2).last.map(String.init), message)
    }
  }

  func testObjectsOfARegisteredClassMadeByItsConstructorAreKnownToCheck() throws {
    final class Gauge {
      @Observed var level = 0
      func reset() { level = 0 }
    }
    final class Meter {
      @Observed var level = 0
    }
    let interpreter = Interpreter()
    interpreter.output = { _ in }
    defer { interpreter.endSession() }
    try interpreter.register(Gauge.self, as: "Gauge") { type in
      type.property("level", \.$level)
      type.method("reset()") { gauge in gauge.reset() }
      type.constructor { Gauge() }
    }
    // An initializer may be failable: a type that has one is not trusted.
    try interpreter.register(Meter.self, as: "Meter") { type in
      type.property("level", \.$level)
      type.constructor { Meter() }
      type.constructor("init(level:)") { (level: Int) -> Meter? in level < 0 ? nil : Meter() }
    }
    let source = "let gauge = Gauge()\ngauge.levle = 1\ngauge.rest()\nlet meter = Meter(level: -1)\nmeter.levle"
    XCTAssertEqual(
      interpreter.check(Parser.parse(source, path: "g.bind")).map {
        "\($0.range!.start.line):\($0.range!.start.column): \($0.message)"
      },
      [
        "2:7: no property 'levle' on Gauge; did you mean 'level'?",
        "3:7: no method 'rest()' on Gauge; did you mean 'reset()'?",
      ])
  }

  // MARK: Bad input at registration

  func testRegistrationProblems() {
    final class Thing {}
    struct NotBridged {}
    let interpreter = Interpreter()
    XCTAssertThrowsError(
      try interpreter.register(Thing.self, as: "Thing") { type in
        type.method("a(x:)") { (_: Thing) in }
        type.method("b") { (_: Thing) in }
        type.method("c(x:)") { (_: Thing, _: NotBridged) in }
        type.method("d()") { (_: Thing) in NotBridged() }
        type.method("e()") { (_: Thing) in }
        type.method("e()") { (_: Thing) in 1 }
      }
    ) { error in
      XCTAssertEqual(
        (error as? EmbeddingError)?.problems,
        [
          "method 'a(x:)' names 1 parameter but its closure takes 0 (in type 'Thing')",
          "'b' is not a method signature; write it as Swift names it, such as 'clear()', 'select(index:)' or 'move(_:to:)' (in type 'Thing')",
          "method 'e()' is registered twice in type 'Thing'",
        ])
    }
    XCTAssertThrowsError(try interpreter.define("print(_:)") { (x: Int) in x }) { error in
      XCTAssertEqual("\(error)", "cannot define 'print(_:)': 'print' is a keyword or a built-in function")
    }
  }

  // MARK: REPL support

  func testMethodsShowInTypesAndCompletionNames() throws {
    let (session, _) = try Self.session()
    let type = session.interpreter.typesByName["TodoList"]!
    XCTAssertEqual(type.methodNames.first, "add(title:due:)")
    XCTAssertTrue(type.memberSummaries.contains("func add(title: String, due: Int?) throws -> Int"))
    XCTAssertTrue(type.memberSummaries.contains("func load(count: Int) async throws -> [String]"), "a closure that can throw shows it")
    XCTAssertTrue(type.memberSummaries.contains("func move(_: Int, to: Int)"), "one that cannot, does not")
    XCTAssertEqual(Array(type.methodCompletions.prefix(4)), ["add(title: ", "select(index: ", "clear()", "move("])
  }

  // MARK: Ownership

  func testInjectKeepsTheObjectAliveByDefault() throws {
    let session = TranscriptSession()
    weak var weakList: TodoList?
    do {
      let (made, list) = try Self.session()
      weakList = list
      _ = session
      XCTAssertEqual(made.run("todos.add(title: \"a\", due: nil)"), ["1"])
      XCTAssertNotNil(weakList)
      made.interpreter.endSession()
    }
    XCTAssertNil(weakList, "endSession releases a strongly injected object")
  }

  func testTouchingAReleasedWeaklyInjectedObjectIsAnError() throws {
    let message = "'todos' was released by the host; it was injected with 'ownership: .weak', so Swift must keep it alive while scripts use it"
    let cases: [(source: String, column: Int)] = [
      ("todos.selected", 1),
      ("todos.selected = 2", 1),
      ("todos.select(index: 1)", 1),
      ("bind 1 -> todos.selected", 1),
      ("observe todos.selected", 9),
      ("bind todos.selected -> todos.selected", 1),
    ]
    for row in cases {
      let session = TranscriptSession()
      session.showsLocations = true
      try session.interpreter.register(TodoList.self, as: "TodoList") { type in
        type.property("selected", \.$selected)
        type.method("select(index:)") { (list: TodoList, index: Int) in list.select(index: index) }
      }
      do {
        let list = TodoList()
        try session.interpreter.inject(list, as: "todos", ownership: .weak)
      }
      let output = session.run(row.source)
      XCTAssertEqual(output.count, 1, row.source)
      XCTAssertTrue(output.last?.hasPrefix("error: 1:") == true, "\(row.source): \(output)")
      XCTAssertTrue(output.last?.hasSuffix(message) == true, "\(row.source): \(output)")
    }
  }
}

