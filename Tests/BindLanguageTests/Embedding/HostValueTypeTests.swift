import BindRuntime
import BindSyntax
import Foundation
import XCTest
@testable import BindLanguage

/// Swift structs, enums and `Date` in scripts: both ways across the bridge
/// (properties, method parameters and results, event payloads), printed and
/// compared as Swift does, and every bad input as a clear error.
final class HostValueTypeTests: XCTestCase {
  // MARK: Fixtures

  struct SearchHit: Equatable {
    var title: String
    var score: Int
  }

  enum SubmitState: Equatable {
    case idle
    case submitting
    case failed(String)
    case done(id: Int, at: Date?)
  }

  enum Theme: String, CaseIterable {
    case light, dark
  }

  struct Node {
    var name: String
    var children: [Node]
  }

  final class Screen {
    @Observed var hits: [SearchHit] = []
    @Observed var best: SearchHit? = nil
    @Observed var state: SubmitState = .idle
    @Observed var theme: Theme = .light
    @Observed var updated = Date(timeIntervalSince1970: 1_795_596_064)
    @Observed var tree = Node(name: "root", children: [Node(name: "leaf", children: [])])
    let picked = EventStream<SearchHit>()
    var received: [SearchHit] = []
  }

  static func registerValueTypes(_ interpreter: Interpreter) throws {
    try interpreter.registerStruct(SearchHit.self, as: "SearchHit") { type in
      type.field("title", \.title)
      type.field("score", \.score)
      type.initializer { try SearchHit(title: $0.value("title"), score: $0.value("score")) }
    }
    try interpreter.registerEnum(SubmitState.self, as: "SubmitState") { type in
      type.case("idle", .idle)
      type.case("submitting", .submitting)
      type.case("failed", SubmitState.failed) { if case .failed(let message) = $0 { message } else { nil } }
      type.case("done", labels: ("id", "at"), SubmitState.done) { if case .done(let id, let at) = $0 { (id, at) } else { nil } }
    }
    try interpreter.registerEnum(Theme.self, as: "Theme")
    try interpreter.registerStruct(Node.self, as: "Node") { type in
      type.field("name", \.name)
      type.field("children", \.children)
      type.initializer { try Node(name: $0.value("name"), children: $0.value("children")) }
    }
  }

  static func session() throws -> (TranscriptSession, Screen) {
    let session = TranscriptSession()
    try registerValueTypes(session.interpreter)
    try session.interpreter.register(Screen.self, as: "Screen") { type in
      type.property("hits", \.$hits)
      type.property("best", \.$best)
      type.property("state", \.$state)
      type.property("theme", \.$theme)
      type.property("updated", \.$updated)
      type.property("tree", \.$tree)
      type.event("picked", \.picked)
      type.method("top(_:)") { (screen: Screen, count: Int) -> [SearchHit] in Array(screen.hits.prefix(count)) }
      type.method("receive(_:)") { (screen: Screen, hit: SearchHit) in screen.received.append(hit) }
      type.method("fail(with:)") { (screen: Screen, message: String) -> SubmitState in
        screen.state = .failed(message)
        return screen.state
      }
      type.method("later(_:by:)") { (_: Screen, date: Date, seconds: Double) -> Date in date.addingTimeInterval(seconds) }
    }
    let screen = Screen()
    try session.interpreter.inject(screen, as: "vm")
    return (session, screen)
  }

  // MARK: Into scripts

  func testStructsPrintAndReadAsSwift() throws {
    let (session, screen) = try Self.session()
    screen.hits = [SearchHit(title: "Swift", score: 3), SearchHit(title: "Rust", score: 2)]
    XCTAssertEqual(
      session.run(
        """
        vm.hits
        vm.hits[0].title
        vm.hits[1].score + 1
        vm.best
        vm.hits[0] == SearchHit(title: "Swift", score: 3)
        vm.hits[0] == vm.hits[1]
        "\\(vm.hits[0])"
        """),
      [
        #"[SearchHit(title: "Swift", score: 3), SearchHit(title: "Rust", score: 2)]"#, #""Swift""#, "3", "nil", "true",
        "false", #""SearchHit(title: \"Swift\", score: 3)""#,
      ])
  }

  func testEnumsPrintAndCompareAsSwift() throws {
    let (session, screen) = try Self.session()
    screen.state = .done(id: 7, at: nil)
    XCTAssertEqual(
      session.run(
        """
        vm.state
        vm.state == SubmitState.done(id: 7, at: nil)
        vm.state = SubmitState.failed("timeout")
        vm.state
        vm.theme
        vm.theme.rawValue
        vm.theme = Theme.dark
        """),
      [".done(id: 7, at: nil)", "true", #".failed("timeout")"#, ".light", #""light""#])
    XCTAssertEqual(screen.state, .failed("timeout"))
    XCTAssertEqual(screen.theme, .dark)
  }

  func testObserversSeeSwiftWritesOfValueTypes() throws {
    let (session, screen) = try Self.session()
    session.run("observe vm.state { old, new in print(\"\\(old) -> \\(new)\") }")
    screen.state = .submitting
    screen.state = .failed("offline")
    session.run("1")
    XCTAssertEqual(session.lines, [".idle -> .submitting", #".submitting -> .failed("offline")"#, "1"])
  }

  /// A read converts the Swift value as it is now: the conversion kept for
  /// an unchanged Equatable value never hides a change.
  func testReadsFollowSwiftChangesOfAField() throws {
    let (session, screen) = try Self.session()
    screen.best = SearchHit(title: "A", score: 1)
    XCTAssertEqual(session.run("vm.best.score"), ["1"])
    screen.best?.score = 2
    XCTAssertEqual(session.run("vm.best.score\nvm.best"), ["2", #"SearchHit(title: "A", score: 2)"#])
    screen.tree.children[0].name = "changed"
    XCTAssertEqual(session.run("vm.tree.children[0].name"), [#""changed""#])
  }

  // MARK: Out of scripts

  func testValuesCrossBackThroughTheInitializer() throws {
    let (session, screen) = try Self.session()
    XCTAssertEqual(
      session.run(
        """
        vm.hits = [SearchHit(title: "A", score: 1), SearchHit(title: "B", score: 5)]
        vm.receive(vm.hits[1])
        vm.receive(SearchHit(title: "C", score: 9))
        vm.top(1)
        vm.fail(with: "busy")
        vm.best = SearchHit(title: "D", score: 0)
        """),
      [#"[SearchHit(title: "A", score: 1)]"#, #".failed("busy")"#])
    XCTAssertEqual(screen.hits, [SearchHit(title: "A", score: 1), SearchHit(title: "B", score: 5)])
    XCTAssertEqual(screen.received, [SearchHit(title: "B", score: 5), SearchHit(title: "C", score: 9)])
    XCTAssertEqual(screen.best, SearchHit(title: "D", score: 0))
  }

  func testEventPayloadsCrossBothWays() throws {
    let (session, screen) = try Self.session()
    var fromScript: [SearchHit] = []
    let token = screen.picked.on { fromScript.append($0) }
    defer { token.dispose() }
    session.run("on vm.picked { hit in print(\"picked \\(hit.title)\") }")
    screen.picked.send(SearchHit(title: "Swift", score: 3))
    session.run("emit vm.picked(SearchHit(title: \"Go\", score: 1))")
    XCTAssertEqual(session.lines, ["picked Swift", "picked Go"])
    XCTAssertEqual(fromScript.map(\.title), ["Swift", "Go"])
  }

  func testATypeContainingItselfRegistersAndCrosses() throws {
    let (session, screen) = try Self.session()
    XCTAssertEqual(
      session.run(
        """
        vm.tree
        vm.tree.children[0].name
        vm.tree = Node(name: "top", children: [Node(name: "a", children: []), vm.tree])
        """),
      [#"Node(name: "root", children: [Node(name: "leaf", children: [])])"#, #""leaf""#])
    XCTAssertEqual(screen.tree.children.map(\.name), ["a", "root"])
  }

  // MARK: Date

  func testDatesPrintCompareAndAddDurationsAsSwift() throws {
    let (session, screen) = try Self.session()
    XCTAssertEqual("\(screen.updated)", "2026-11-25 08:41:04 +0000")
    XCTAssertEqual(
      session.run(
        """
        vm.updated
        vm.updated + 90s
        vm.updated - 1s < vm.updated
        (vm.updated + 1s) - vm.updated
        vm.later(vm.updated, by: 86400)
        vm.updated = vm.updated + 60s
        """),
      [
        "2026-11-25 08:41:04 +0000", "2026-11-25 08:42:34 +0000", "true", "1s", "2026-11-26 08:41:04 +0000",
      ])
    XCTAssertEqual(screen.updated, Date(timeIntervalSince1970: 1_795_596_124))
    XCTAssertEqual(DateValue(secondsSince1970: -1).literal, "1969-12-31 23:59:59 +0000")
    XCTAssertEqual(DateValue(secondsSince1970: 951_782_400).literal, "2000-02-29 00:00:00 +0000")
  }

  // MARK: Bad input

  func testValuesOfTheWrongShapeAreLocatedErrors() throws {
    let (session, screen) = try Self.session()
    screen.hits = [SearchHit(title: "Swift", score: 3)]
    session.showsLocations = true
    let lines = session.run(
      """
      vm.best = 3
      vm.receive(SubmitState.idle)
      SearchHit(title: "A")
      SearchHit(score: 1, title: "A")
      SearchHit(title: 1, score: 1)
      SubmitState.failed(3)
      SubmitState.faild("x")
      SubmitState.failed
      vm.hits[0].rating
      vm.updated + 1
      vm.fail(with: "x").text
      """)
    XCTAssertEqual(lines.count, 11, "\(lines)")
    XCTAssertTrue(lines[0].hasPrefix("error: 1:"), lines[0])
    XCTAssertTrue(lines[0].contains("SearchHit?"), lines[0])
    XCTAssertTrue(lines[1].contains("SearchHit"), lines[1])
    XCTAssertTrue(lines[2].contains("'SearchHit' takes 2 fields but 1 was given"), lines[2])
    XCTAssertTrue(lines[3].contains("must be labelled 'title:'"), lines[3])
    XCTAssertTrue(lines[4].contains("field 'title' of 'SearchHit' is String, not 'Int'"), lines[4])
    XCTAssertTrue(lines[5].contains("associated value #1 of 'SubmitState.failed' is String, not 'Int'"), lines[5])
    XCTAssertTrue(lines[6].contains("type 'SubmitState' has no member 'faild'; did you mean 'failed'?"), lines[6])
    XCTAssertTrue(lines[7].contains("has associated values; write 'SubmitState.failed(…)'"), lines[7])
    XCTAssertTrue(lines[8].hasPrefix("error: 9:"), lines[8])
    XCTAssertTrue(lines[8].contains("value of type 'SearchHit' has no member 'rating'"), lines[8])
    XCTAssertTrue(lines[9].contains("a Date takes '+' or '-' with a Duration"), lines[9])
    XCTAssertTrue(lines[10].contains("value of type 'SubmitState' has no member 'text'"), lines[10])
  }

  func testStructRegistrationErrorsAndAnUnregisteredStructLeftOut() throws {
    final class Holder {
      @Observed var hit = SearchHit(title: "", score: 0)
    }
    let interpreter = Interpreter()
    try interpreter.register(Holder.self, as: "Holder") { type in type.property("hit", \.$hit) }
    XCTAssertEqual(
      interpreter.types["Holder"]?.host?.unavailableMembers["hit"],
      "'hit' of Holder has type SearchHit, which scripts cannot use; register it or mark it @ScriptIgnored")
    XCTAssertThrowsError(
      try interpreter.registerStruct(Node.self, as: "Node") { type in
        type.field("name", \.name)
        type.field("name", \.name)
        type.field("kids", \.children)
        type.field("bad name", \.name)
      }
    ) { error in
      let problems = (error as? EmbeddingError)?.problems ?? []
      XCTAssertEqual(problems.count, 2, "\(problems)")
      XCTAssertTrue(problems[0].contains("field 'name' is registered twice in struct 'Node'"), "\(problems)")
      XCTAssertTrue(problems[0].contains("(registered at BindLanguageTests/HostValueTypeTests.swift:"), "\(problems)")
      XCTAssertTrue(problems[1].contains("'bad name' is not a valid field name"), "\(problems)")
    }
    // Nothing of the failed registration stays.
    XCTAssertNoThrow(try interpreter.registerStruct(Node.self, as: "Node") { type in type.field("name", \.name) })
    XCTAssertThrowsError(try interpreter.registerStruct(Screen.self, as: "S") { _ in }) { error in
      XCTAssertTrue("\(error)".contains("'Screen' is a class; register it with 'register(_:as:)'"), "\(error)")
    }
    XCTAssertThrowsError(try interpreter.registerEnum(Theme.self, as: "Node")) { error in
      XCTAssertTrue("\(error)".contains("a type named 'Node' is already registered"), "\(error)")
    }
  }

  func testAnEnumCaseThatWasNotRegisteredFailsTheStatementNotTheProcess() throws {
    final class Holder {
      @Observed var state: SubmitState = .idle
    }
    let session = TranscriptSession()
    try session.interpreter.registerEnum(SubmitState.self, as: "SubmitState") { type in
      type.case("idle", .idle)
    }
    try session.interpreter.register(Holder.self, as: "Holder") { type in type.property("state", \.$state) }
    let holder = Holder()
    try session.interpreter.inject(holder, as: "h")
    holder.state = .failed("x")
    let lines = session.run("h.state\n1")
    XCTAssertEqual(lines.count, 2, "\(lines)")
    XCTAssertTrue(lines[0].contains("is of a case that was not registered"), lines[0])
    XCTAssertEqual(lines[1], "1")
  }

  func testACaseIterableEnumMustRegisterEveryCase() {
    let interpreter = Interpreter()
    XCTAssertThrowsError(
      try interpreter.registerEnum(Theme.self, as: "Theme") { type in type.case("light", .light) }
    ) { _ in }
    XCTAssertThrowsError(try interpreter.registerEnum(SubmitState.self, as: "Empty") { _ in }) { error in
      XCTAssertTrue("\(error)".contains("enum 'Empty' registers no case"), "\(error)")
    }
  }

  func testAStructWithoutAnInitializerCrossesInOnly() throws {
    final class Holder {
      @Observed var hit = SearchHit(title: "x", score: 1)
    }
    let session = TranscriptSession()
    try session.interpreter.registerStruct(SearchHit.self, as: "SearchHit") { type in
      type.field("title", \.title)
      type.field("score", \.score)
    }
    try session.interpreter.register(Holder.self, as: "Holder") { type in type.property("hit", \.$hit) }
    try session.interpreter.inject(Holder(), as: "h")
    let lines = session.run("h.hit\nh.hit = SearchHit(title: \"y\", score: 2)")
    XCTAssertEqual(lines.first, #"SearchHit(title: "x", score: 1)"#)
    XCTAssertEqual(lines.count, 2, "\(lines)")
    XCTAssertTrue(lines[1].hasPrefix("error:"), lines[1])
  }
}
