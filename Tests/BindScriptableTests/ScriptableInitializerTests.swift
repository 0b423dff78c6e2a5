import BindRuntime
import BindScriptable
import BindSyntax
import Foundation
import XCTest
@testable import BindLanguage

// Initializers with parameters as script constructors: what the macro
// writes for them (`ScriptableInitializerExpansionTests`), and what a script
// can do with the registration (`ScriptableInitializerBehaviourTests`).

/// Every kind of initializer a view-model declares.
@Scriptable
final class ScriptedTally {
  @Observed var count = 0
  @Observed var step = 1
  @Observed var label = ""
  @Observed var theme: ScriptedTheme = .light
  @Observed var best: ScriptedHit?
  @Observed var started: Date?

  init() {}
  init(start: Int) { count = start }
  convenience init(_ label: String, step: Int = 1, start: Int = 0) {
    self.init(start: start)
    self.label = label
    self.step = step
  }
  convenience init(limit: Int) throws {
    guard limit >= 0 else { throw FormError(description: "a limit cannot be negative") }
    self.init(start: limit)
  }
  convenience init?(code: String) {
    guard let value = Int(code) else { return nil }
    self.init(start: value)
  }
  convenience init(theme: ScriptedTheme, best: ScriptedHit?) {
    self.init()
    self.theme = theme
    self.best = best
  }
  convenience init(startedAt date: Date) {
    self.init()
    started = date
  }
  private convenience init(secret: Int) { self.init() }
  @ScriptIgnored convenience init(hidden: Int) { self.init() }

  func add() { count += step }
  func paint(_ theme: ScriptedTheme) { self.theme = theme }
}

/// One initializer with parameters and no `init()`: the wrong calls.
@Scriptable
final class ScriptedLap {
  @Observed var start: Int
  init(start: Int) { self.start = start }
}

/// An initializer whose parameter type scripts cannot pass.
final class LapClock {}

@Scriptable
final class ScriptedTimer {
  @Observed var ticks = 0
  init() {}
  init(clock: LapClock) {}
}

final class ScriptableInitializerBehaviourTests: XCTestCase {
  /// Runs `source` statement by statement and returns what it printed: its
  /// output, each bare expression's value, each error as
  /// `error LINE:COLUMN: MESSAGE`.
  private func run(_ source: String, registering types: [any ScriptableType.Type]) throws -> [String] {
    let interpreter = Interpreter()
    defer { interpreter.endSession() }
    for type in types { try interpreter.register(type) }
    var lines: [String] = []
    interpreter.output = { lines += $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
    let parsed = Parser.parse(source)
    XCTAssertEqual(parsed.diagnostics.map(\.message), [])
    interpreter.hoist(parsed)
    for statement in parsed.statements {
      do {
        if let value = try interpreter.execute(statement, in: parsed.file) { lines.append(value.literal) }
      } catch let error as ScriptError {
        let at = error.range.map { "\($0.start.line):\($0.start.column): " } ?? ""
        lines.append("error \(at)\(error.message)")
      }
    }
    return lines
  }

  func testLabelsUnderscoresAndDefaults() throws {
    XCTAssertEqual(
      try run(
        """
        let a = ScriptedTally(start: 5)
        a.add()
        a.count
        let b = ScriptedTally("laps")
        "\\(b.label) \\(b.step) \\(b.count)"
        let c = ScriptedTally("laps", step: 2, start: 3)
        "\\(c.label) \\(c.step) \\(c.count)"
        let d = ScriptedTally("x", start: 4)
        "\\(d.step) \\(d.count)"
        let e = ScriptedTally()
        e.count
        """, registering: [ScriptedTally.self]),
      ["6", "\"laps 1 0\"", "\"laps 2 3\"", "\"1 4\"", "0"])
  }

  func testThrowingAndFailableInitializers() throws {
    XCTAssertEqual(
      try run(
        """
        let a = ScriptedTally(limit: 2)
        a.count
        let b = ScriptedTally(limit: -1)
        let c = ScriptedTally(code: "12")
        c?.count
        let d = ScriptedTally(code: "twelve")
        d == nil
        d?.count
        """, registering: [ScriptedTally.self]),
      [
        "2",
        "error 3:9: 'ScriptedTally.init(limit:)' threw an error: a limit cannot be negative",
        "12", "true", "nil",
      ])
  }

  func testValueTypesAndDatesCrossIntoAnInitializer() throws {
    XCTAssertEqual(
      try run(
        """
        let a = ScriptedTally(theme: .dark, best: ScriptedHit(title: "Swift", score: 3, tags: []))
        a.theme
        a.best?.title
        let b = ScriptedTally(theme: .light, best: nil)
        b.best == nil
        b.paint(.dark)
        b.theme
        """, registering: [ScriptedTally.self]),
      [".dark", "\"Swift\"", "true", ".dark"])
  }

  /// BindScript's own form stays: labels that no initializer takes and
  /// that name properties are writes after `init()`.
  func testPropertyLabelsStillWriteAfterThePlainConstructor() throws {
    XCTAssertEqual(
      try run("let a = ScriptedTally(count: 7, label: \"x\")\na.count\na.label", registering: [ScriptedTally.self]),
      ["7", "\"x\""])
  }

  func testPrivateAndIgnoredInitializersAreNotRegistered() throws {
    let lines = try run("ScriptedTally(secret: 1)\nScriptedTally(hidden: 1)", registering: [ScriptedTally.self])
    XCTAssertEqual(
      lines,
      [
        "error 1:1: no initializer 'ScriptedTally.init(secret:)' in type 'ScriptedTally'; did you mean 'ScriptedTally.init(start:)'?",
        "error 2:1: no initializer 'ScriptedTally.init(hidden:)' in type 'ScriptedTally'; did you mean 'ScriptedTally.init(code:)'?",
      ])
  }

  // One test per wrong call, each with Swift's message at the argument to blame.

  func testAMissingLabel() throws {
    XCTAssertEqual(
      try run("let lap = ScriptedLap(5)", registering: [ScriptedLap.self]),
      ["error 1:23: missing argument label 'start:' in call to 'ScriptedLap.init(start:)'"])
  }

  func testAnIncorrectLabel() throws {
    XCTAssertEqual(
      try run("let lap = ScriptedLap(begin: 5)", registering: [ScriptedLap.self]),
      ["error 1:23: incorrect argument label in call to 'ScriptedLap.init(start:)' (have 'begin:', expected 'start:')"])
  }

  func testAnExtraneousLabel() throws {
    XCTAssertEqual(
      try run("let t = ScriptedTally(name: \"laps\", step: 2)", registering: [ScriptedTally.self]),
      ["error 1:23: extraneous argument label 'name:' in call to 'ScriptedTally.init(_:step:)'"])
  }

  func testAMissingArgument() throws {
    XCTAssertEqual(
      try run("let lap = ScriptedLap()", registering: [ScriptedLap.self]),
      ["error 1:11: missing argument for parameter 'start' in call to 'ScriptedLap.init(start:)'"])
  }

  func testAnExtraArgument() throws {
    XCTAssertEqual(
      try run("let lap = ScriptedLap(start: 1, by: 2)", registering: [ScriptedLap.self]),
      ["error 1:33: extra argument 'by' in call to 'ScriptedLap.init(start:)'"])
  }

  func testAnArgumentOfTheWrongType() throws {
    XCTAssertEqual(
      try run("let lap = ScriptedLap(start: \"one\")\nlet one = \"one\"\nlet other = ScriptedLap(start: one)", registering: [ScriptedLap.self]),
      [
        "error 1:30: cannot convert value of type 'String' to expected argument type 'Int' in call to 'ScriptedLap.init(start:)'",
        "error 3:32: cannot convert value of type 'String' to expected argument type 'Int' in call to 'ScriptedLap.init(start:)'",
      ])
  }

  func testNoInitializerTakesTheLabels() throws {
    XCTAssertEqual(
      try run("let t = ScriptedTally(strat: 1)", registering: [ScriptedTally.self]),
      ["error 1:9: no initializer 'ScriptedTally.init(strat:)' in type 'ScriptedTally'; did you mean 'ScriptedTally.init(start:)'?"])
  }

  func testAnInitializerWhoseParameterDoesNotBridge() throws {
    let lines = try run("let t = ScriptedTimer(clock: nil)\nlet u = ScriptedTimer()\nu.ticks", registering: [ScriptedTimer.self])
    XCTAssertEqual(lines.count, 2, "\(lines)")
    XCTAssert(lines[0].hasPrefix("error 1:9: 'ScriptedTimer.init(clock:)' cannot be called from scripts: "), lines[0])
    XCTAssertEqual(lines[1], "0")
  }

  func testTypesListsTheInitializers() throws {
    let interpreter = Interpreter()
    defer { interpreter.endSession() }
    let type = try interpreter.register(ScriptedTally.self)
    let initializers = type.memberSummaries.filter { $0.hasPrefix("init") }
    XCTAssertEqual(initializers.first, "init(start: Int)")
    XCTAssert(initializers.contains("init(_: String, step: Int, start: Int)"), "\(initializers)")
    XCTAssert(initializers.contains("init?(code: String)"), "\(initializers)")
    XCTAssert(initializers.contains("init(theme: ScriptedTheme, best: ScriptedHit?)"), "\(initializers)")
  }

  /// A registration by hand, with the builder's initializer overloads.
  func testHandWrittenInitializers() throws {
    let interpreter = Interpreter()
    defer { interpreter.endSession() }
    try interpreter.register(ScriptedLap.self, as: "Lap") { type in
      type.property("start", \.$start)
      type.constructor("init(start:)") { (start: Int) in ScriptedLap(start: start) }
      type.constructor("init(code:)") { (code: String) -> ScriptedLap? in Int(code).map { ScriptedLap(start: $0) } }
    }
    var lines: [String] = []
    interpreter.output = { lines.append($0) }
    try interpreter.run(Parser.parse("print(Lap(start: 2).start)\nprint(Lap(code: \"x\") == nil)"))
    XCTAssertEqual(lines, ["2", "true"])
  }

  func testABadHandWrittenInitializerFailsTheRegistration() {
    let interpreter = Interpreter()
    defer { interpreter.endSession() }
    XCTAssertThrowsError(
      try interpreter.register(ScriptedTimer.self, as: "Timer") { type in
        type.constructor("init(clock:)") { (clock: LapClock) in ScriptedTimer(clock: clock) }
        type.constructor("make(start:)") { (_: Int) in ScriptedTimer() }
      }
    ) { error in
      let problems = (error as? EmbeddingError)?.problems ?? []
      XCTAssertEqual(problems.count, 2, "\(problems)")
      XCTAssert(problems.first?.hasPrefix("initializer 'init(clock:)'") ?? false, "\(problems)")
      XCTAssert(problems.last?.hasPrefix("'make(start:)' is not an initializer signature") ?? false, "\(problems)")
    }
  }
}
