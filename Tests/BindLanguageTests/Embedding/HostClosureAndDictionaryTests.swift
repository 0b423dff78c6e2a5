import BindRuntime
import XCTest
@testable import BindLanguage

/// Swift closures and `[String: T]` dictionaries across the host bridge:
/// script closures passed to host methods that take `(Int) -> Bool`, Swift
/// closures handed to scripts, and dictionary properties, parameters and
/// results both ways.
final class HostClosureAndDictionaryTests: XCTestCase {
  struct Todo: Equatable {
    var title: String
    var done: Bool
  }

  final class Store {
    @Observed var scores: [String: Int] = ["b": 2, "a": 1]
    var numbers = [1, 2, 3, 4, 5]
    var handler: ((String) -> Void)?
    var todos = [Todo(title: "milk", done: true), Todo(title: "eggs", done: false)]

    func removeAll(where test: (Int) -> Bool) { numbers.removeAll(where: test) }
    func transform(_ f: (Int) -> Int) -> [Int] { numbers.map(f) }
    func onMessage(_ handler: @escaping (String) -> Void) { self.handler = handler }
    func adder(_ amount: Int) -> (Int) -> Int { { $0 + amount } }
    func totals(_ input: [String: Int]) -> [String: Int] { input.mapValues { $0 * 10 } }
    func pendingTitles(where test: (Todo) -> Bool) -> [String] { todos.filter(test).map(\.title) }
  }

  static func session(withTodoClosures: Bool = false) throws -> (TranscriptSession, Store) {
    let session = TranscriptSession()
    session.showsLocations = true
    let interpreter = session.interpreter
    if withTodoClosures {
      try interpreter.register(TodoBox.self, as: "TodoBox") { type in
        type.property("title", \.$title)
        type.property("done", \.$done)
      }
      interpreter.bridgeClosures(((TodoBox) -> Bool).self)
    }
    try interpreter.register(Store.self, as: "Store") { type in
      type.property("scores", \.$scores)
      type.method("removeAll(where:)") { (store: Store, test: @escaping (Int) -> Bool) in store.removeAll(where: test) }
      type.method("transform(_:)") { (store: Store, f: @escaping (Int) -> Int) in store.transform(f) }
      type.method("onMessage(_:)") { (store: Store, f: @escaping (String) -> Void) in store.onMessage(f) }
      type.method("adder(_:)") { (store: Store, amount: Int) in store.adder(amount) }
      type.method("totals(_:)") { (store: Store, input: [String: Int]) in store.totals(input) }
      type.method("numbers()") { (store: Store) in store.numbers }
      if withTodoClosures {
        type.method("pendingTitles(where:)") { (store: Store, test: @escaping (TodoBox) -> Bool) in
          store.pendingTitles { test(TodoBox($0)) }
        }
      }
    }
    let store = Store()
    try interpreter.inject(store, as: "store")
    return (session, store)
  }

  /// A class wrapper, so a to-do can be a registered host type.
  final class TodoBox {
    @Observed var title: String
    @Observed var done: Bool
    init(_ todo: Todo) {
      title = todo.title
      done = todo.done
    }
  }

  func testScriptClosuresPassToHostMethodsThatTakeSwiftClosures() throws {
    let (session, store) = try Self.session()
    XCTAssertEqual(
      session.run(
        """
        store.removeAll(where: { $0 % 2 == 0 })
        store.numbers()
        store.transform { $0 * 100 }
        store.removeAll { n in n > 3 }
        store.numbers()
        """),
      ["[1, 3, 5]", "[100, 300, 500]", "[1, 3]"])
    XCTAssertEqual(store.numbers, [1, 3])
  }

  func testSwiftKeepsAScriptClosureAndCallsItLater() throws {
    let (session, store) = try Self.session()
    session.run(
      """
      var received = []
      store.onMessage { received.append($0) }
      """)
    store.handler?("hello")
    store.handler?("world")
    XCTAssertEqual(session.run("received"), [#"["hello", "world"]"#])
  }

  func testASwiftClosureIsACallableScriptValue() throws {
    let (session, _) = try Self.session()
    XCTAssertEqual(
      session.run(
        """
        let addTen = store.adder(10)
        addTen(5)
        [1, 2].map(addTen)
        addTen
        """),
      ["15", "[11, 12]", "(Function)"])
  }

  func testAScriptClosureThatFailsInsideAHostCallIsReportedByThatStatement() throws {
    let (session, store) = try Self.session()
    let lines = session.run("store.removeAll(where: { $0 / 0 == 1 })")
    XCTAssertEqual(lines, ["error: 1:26: division by zero"])
    XCTAssertEqual(store.numbers, [1, 2, 3, 4, 5], "a failing test removes nothing (it returns false)")
    XCTAssertEqual(
      session.run("store.removeAll(where: { a, b in true })"),
      ["error: 1:24: cannot convert value of type 'function' to expected argument type '(Int) -> Bool' in call to 'removeAll(where:)'"])
  }

  func testClosureTypesOverHostTypesBridgeOnceRegistered() throws {
    let (session, _) = try Self.session(withTodoClosures: true)
    XCTAssertEqual(session.run("store.pendingTitles { !$0.done }"), [#"["eggs"]"#])
  }

  func testAMethodOfAnUnknownClosureTypeIsLeftOutAndNamesTheFix() throws {
    let session = TranscriptSession()
    try session.interpreter.register(Store.self, as: "Store") { type in
      type.method("pendingTitles(where:)") { (store: Store, test: @escaping (TodoBox) -> Bool) in [String]() }
    }
    try session.interpreter.inject(Store(), as: "store")
    let lines = session.run("store.pendingTitles { true }")
    XCTAssertEqual(lines.count, 1, "\(lines)")
    XCTAssertTrue(lines[0].contains("'pendingTitles(where:)' of Store cannot be called from scripts"), lines[0])
    XCTAssertTrue(lines[0].contains("bridgeClosures"), lines[0])
  }

  func testDictionaryPropertiesBridgeBothWaysWithSortedKeys() throws {
    let (session, store) = try Self.session()
    XCTAssertEqual(
      session.run(
        """
        store.scores
        observe store.scores
        store.scores["c"] = 3
        store.scores["a"] = nil
        store.totals(["x": 1, "y": 2])
        """),
      [
        #"["a": 1, "b": 2]"#,
        #"store.scores: ["a": 1, "b": 2] -> ["a": 1, "b": 2, "c": 3]"#,
        #"store.scores: ["a": 1, "b": 2, "c": 3] -> ["b": 2, "c": 3]"#,
        #"["x": 10, "y": 20]"#,
      ])
    XCTAssertEqual(store.scores, ["b": 2, "c": 3])
    XCTAssertEqual(
      session.run(#"store.scores = ["a": "text"]"#),
      [#"error: 1:1: cannot assign value of type '[String: String]' to property 'scores' of type '[String: Int]'"#])
  }

  func testSetPropertiesBridgeBothWaysSorted() throws {
    final class Tagged { @Observed var tags: Set<String> = ["ui", "bind"] }
    let session = TranscriptSession()
    session.showsLocations = true
    try session.interpreter.register(Tagged.self, as: "Tagged") { type in type.property("tags", \.$tags) }
    let tagged = Tagged()
    try session.interpreter.inject(tagged, as: "tagged")
    XCTAssertEqual(
      session.run(
        """
        tagged.tags
        observe tagged.tags
        tagged.tags.insert("swift")
        tagged.tags.remove("ui")
        tagged.tags = [1]
        tagged.tags = ["a", "a"]
        """),
      [
        #"["bind", "ui"]"#,
        // Read back from the Swift set, sorted again.
        #"tagged.tags: ["bind", "ui"] -> ["bind", "swift", "ui"]"#,
        #"tagged.tags: ["bind", "swift", "ui"] -> ["bind", "swift"]"#,
        #""ui""#,
        #"error: 5:1: cannot assign value of type '[Int]' to property 'tags' of type 'Set<String>'"#,
        #"tagged.tags: ["bind", "swift"] -> ["a"]"#,
      ])
    XCTAssertEqual(tagged.tags, ["a"])
  }

  func testDictionariesWithKeysThatCannotBeScriptKeysDoNotBridge() {
    final class Odd { @Observed var byDouble: [Double: Int] = [:] }
    let interpreter = Interpreter()
    XCTAssertNoThrow(try interpreter.register(Odd.self, as: "Odd") { type in type.property("byDouble", \.$byDouble) })
    let reason = interpreter.types["Odd"]?.host?.unavailableMembers["byDouble"] ?? ""
    XCTAssertTrue(reason.contains("its keys must be String, Int or Bool"), reason)
  }
}
