import BindRuntime
import BindScriptable
import BindSyntax
import Foundation
import XCTest
@testable import BindLanguage

// The kind of declarations `ScriptableValueExpansionTests` expands,
// compiled for real: what their registration lets a script do.

@ScriptableValue
struct ScriptedHit: Equatable {
  var title: String
  let score: Int
  var tags: [String] = []
}

@ScriptableValue("Status")
enum ScriptedStatus: Equatable {
  case idle, submitting
  case failed(String)
  case done(id: Int, at: Date?)
}

@ScriptableValue
enum ScriptedTheme: String {
  case light
  case dark = "Dark"
}

@ScriptableValue
struct ScriptedNode {
  var name: String
  var children: [ScriptedNode]
}

@Scriptable
final class ScriptedSearch {
  @Observed var hits: [ScriptedHit] = []
  @Observed var status: ScriptedStatus = .idle
  @Observed var theme: ScriptedTheme = .light
  @Observed var tree = ScriptedNode(name: "root", children: [])
  var received: [ScriptedHit] = []

  init() {}

  func best() -> ScriptedHit? { hits.max { $0.score < $1.score } }
  func receive(_ hit: ScriptedHit) { received.append(hit) }
  func fail(because reason: String) { status = .failed(reason) }
}

/// A struct whose own initializer has a default, and statics.
@ScriptableValue
struct ScriptedLineItem {
  var name: String
  var unitPrice: Decimal
  var quantity: Int
  static let empty = ScriptedLineItem(name: "", unitPrice: 0)
  static let maxQuantity = 99

  init(name: String, unitPrice: Decimal, quantity: Int = 1) {
    self.name = name
    self.unitPrice = unitPrice
    self.quantity = min(quantity, Self.maxQuantity)
  }

  static func free(_ name: String) -> ScriptedLineItem { ScriptedLineItem(name: name, unitPrice: 0) }
}

/// Swift's memberwise initializer, with a default.
@ScriptableValue
struct ScriptedDraft {
  var title: String
  var isPinned: Bool = false
}

/// Two view-models with a nested type of one name, as apps have them.
@Scriptable
final class ScriptedLogin {
  @ScriptableValue enum State: Equatable { case idle, signingIn, failed(String) }
  @ScriptableValue struct Step { var index: Int }
  @Observed var state: State = .idle
  @Observed var step = Step(index: 0)

  init() {}
}

@Scriptable
final class ScriptedProfile {
  @ScriptableValue enum State: Equatable { case viewing, editing }
  @Observed var state: State = .viewing

  init() {}
}

/// Two view-models with nested classes, one name shared, one not.
@Scriptable
final class ScriptedFeed {
  @Scriptable final class Row {
    @Observed var title = ""
    static let height = 44
    init() {}
  }

  @Scriptable final class Banner {
    @Observed var text = ""
    init() {}
  }

  init() {}
}

@Scriptable
final class ScriptedInbox {
  @Scriptable final class Row {
    @Observed var unread = 0
    init() {}
  }

  init() {}
}

final class ScriptableValueBehaviourTests: XCTestCase {
  func testAStructsOwnInitializersWithDefaultsAndItsStatics() throws {
    let interpreter = Interpreter()
    defer { interpreter.endSession() }
    try interpreter.register(ScriptedLineItem.self)
    try interpreter.register(ScriptedDraft.self)
    XCTAssertEqual(
      run(
        """
        ScriptedLineItem(name: "Tea", unitPrice: 2.5)
        ScriptedLineItem(name: "Tea", unitPrice: 2.5, quantity: 500).quantity
        ScriptedLineItem.empty
        ScriptedLineItem.maxQuantity
        ScriptedLineItem.free("Water").name
        ScriptedDraft(title: "Plan")
        ScriptedDraft(title: "Plan", isPinned: true).isPinned
        ScriptedLineItem(name: "Tea")
        """, in: interpreter),
      [
        "ScriptedLineItem(name: \"Tea\", unitPrice: 2.5, quantity: 1)", "99",
        "ScriptedLineItem(name: \"\", unitPrice: 0, quantity: 1)", "99", "\"Water\"",
        "ScriptedDraft(title: \"Plan\", isPinned: false)", "true",
        "error: 'ScriptedLineItem' takes 3 fields but 1 was given; write 'ScriptedLineItem(name: …, unitPrice: …, quantity: …)'",
      ])
  }

  func testNestedTypesAreNamedAsSwiftQualifiesThemAndByTheirShortNameWhileItIsUnambiguous() throws {
    let interpreter = Interpreter()
    defer { interpreter.endSession() }
    try ScriptedLogin.register(in: interpreter)
    try ScriptedProfile.register(in: interpreter)
    let login = ScriptedLogin()
    try interpreter.inject(login, as: "login")
    try interpreter.inject(ScriptedProfile(), as: "profile")
    XCTAssertEqual(
      run(
        """
        login.state = ScriptedLogin.State.failed("offline")
        login.state
        profile.state = .editing
        profile.state == ScriptedProfile.State.editing
        login.step = Step(index: 2)
        login.step = ScriptedLogin.Step(index: 3)
        login.step.index
        let s: State = .idle
        State.idle
        """, in: interpreter),
      [
        ".failed(\"offline\")", "true", "3",
        "error: 'State' is ambiguous: it may be 'ScriptedLogin.State' or 'ScriptedProfile.State'; write the one you mean",
        "error: 'State' is ambiguous: it may be 'ScriptedLogin.State' or 'ScriptedProfile.State'; write the one you mean",
      ])
    XCTAssertEqual(login.state, .failed("offline"))
    XCTAssertEqual(login.step.index, 3)
  }

  func testNestedClassesAreFoundByTheirShortNameWhileItIsUnambiguous() throws {
    let interpreter = Interpreter()
    defer { interpreter.endSession() }
    try ScriptedFeed.Row.register(in: interpreter)
    try ScriptedFeed.Banner.register(in: interpreter)
    try ScriptedInbox.Row.register(in: interpreter)
    XCTAssertEqual(
      run(
        """
        let banner = Banner()
        banner.text = "offline"
        let shown: Banner? = banner
        shown?.text
        ScriptedFeed.Banner().text
        ScriptedFeed.Row.height
        ScriptedInbox.Row().unread
        Row()
        let row: Row? = nil
        """, in: interpreter),
      [
        "\"offline\"", "\"\"", "44", "0",
        "error: 'Row' is ambiguous: it may be 'ScriptedFeed.Row' or 'ScriptedInbox.Row'; write the one you mean",
        "error: 'Row' is ambiguous: it may be 'ScriptedFeed.Row' or 'ScriptedInbox.Row'; write the one you mean",
      ])
  }

  /// Runs `source` statement by statement and returns what it printed, each
  /// bare expression's value, and each error as `error: MESSAGE`.
  private func run(_ source: String, in interpreter: Interpreter) -> [String] {
    var lines: [String] = []
    interpreter.output = { lines += $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
    let parsed = Parser.parse(source)
    XCTAssertEqual(parsed.diagnostics.map(\.message), [])
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
    return lines
  }

  /// Registering the class registers the value types its members use.
  func testValueTypesRegisterWithTheClassThatUsesThem() throws {
    let interpreter = Interpreter()
    defer { interpreter.endSession() }
    try interpreter.register(ScriptedSearch.self)
    let search = ScriptedSearch()
    search.hits = [ScriptedHit(title: "Swift", score: 5, tags: ["apple"]), ScriptedHit(title: "Rust", score: 4)]
    try interpreter.inject(search, as: "vm")
    XCTAssertEqual(
      run(
        """
        vm.hits[0]
        vm.best()
        vm.best() == ScriptedHit(title: "Swift", score: 5, tags: ["apple"])
        vm.receive(ScriptedHit(title: "Go", score: 2, tags: []))
        vm.status
        vm.fail(because: "timeout")
        vm.status
        vm.status == Status.failed("timeout")
        vm.status = Status.done(id: 3, at: nil)
        vm.theme = ScriptedTheme.dark
        vm.theme.rawValue
        vm.tree = ScriptedNode(name: "top", children: [vm.tree])
        vm.tree.children[0].name
        """, in: interpreter),
      [
        #"ScriptedHit(title: "Swift", score: 5, tags: ["apple"])"#, #"ScriptedHit(title: "Swift", score: 5, tags: ["apple"])"#,
        "true", ".idle", #".failed("timeout")"#, "true", #""Dark""#, #""root""#,
      ])
    XCTAssertEqual(search.received, [ScriptedHit(title: "Go", score: 2)])
    XCTAssertEqual(search.status, .done(id: 3, at: nil))
    XCTAssertEqual(search.theme, .dark)
    XCTAssertEqual(search.tree.children.map(\.name), ["root"])
  }

  func testAValueTypeRegistersOnItsOwnToo() throws {
    let interpreter = Interpreter()
    try interpreter.register(ScriptedStatus.self)
    XCTAssertThrowsError(try interpreter.register(ScriptedStatus.self)) { error in
      XCTAssertTrue("\(error)".contains("is already registered as 'Status'"), "\(error)")
    }
  }
}
