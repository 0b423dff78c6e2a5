import BindRuntime
import BindSyntax
import XCTest
@testable import BindLanguage

/// Initializers registered by hand (`type.constructor("init(start:)") { … }`):
/// how scripts call them, how they combine with the plain constructor's
/// property writes, and what the registration refuses.
final class HostInitializerTests: XCTestCase {
  struct CounterError: Error, CustomStringConvertible {
    let description: String
  }

  final class Counter {
    @Observed var count = 0
    @Observed var step = 1

    init() {}
    init(start: Int, step: Int) {
      count = start
      self.step = step
    }
    init?(code: String) {
      guard let value = Int(code) else { return nil }
      count = value
    }
    init(limit: Int) throws {
      guard limit >= 0 else { throw CounterError(description: "a negative limit") }
      count = limit
    }
  }

  private static func session(registering: (HostTypeBuilder<Counter>) -> Void) throws -> TranscriptSession {
    let session = TranscriptSession()
    session.showsLocations = true
    try session.interpreter.register(Counter.self, as: "Counter") { type in
      type.property("count", \.$count)
      type.property("step", \.$step)
      registering(type)
    }
    return session
  }

  func testInitializersTakeSwiftLabelsThrowAndFail() throws {
    let session = try Self.session { type in
      type.constructor { Counter() }
      type.constructor("init(_:step:)") { (start: Int, step: Int) in Counter(start: start, step: step) }
      type.constructor("init(code:)") { (code: String) in Counter(code: code) }
      type.constructor("init(limit:)") { (limit: Int) throws in try Counter(limit: limit) }
    }
    XCTAssertEqual(
      session.run(
        """
        let a = Counter(3, step: 2)
        "\\(a.count) \\(a.step)"
        Counter(code: "7")?.count
        Counter(code: "seven") == nil
        Counter(limit: 4).count
        Counter(limit: -1)
        let b = Counter(count: 9)
        b.count
        """),
      [
        "\"3 2\"", "7", "true", "4", "error: 6:1: 'Counter.init(limit:)' threw an error: a negative limit", "9",
      ])
  }

  /// The object a script makes belongs to it: the wrapper keeps it alive,
  /// and Swift sees the script's writes.
  func testTheScriptOwnsTheObjectItMakes() throws {
    let session = try Self.session { type in
      type.constructor("init(_:step:)") { (start: Int, step: Int) in Counter(start: start, step: step) }
    }
    XCTAssertEqual(session.run("let a = Counter(1, step: 1)\na.count = 5\na.count"), ["5"])
    guard case .object(let object)? = session.interpreter.global("a"), let counter = object.hostObject as? Counter else {
      return XCTFail("no host object")
    }
    XCTAssertEqual(counter.count, 5)
  }

  /// Without a plain constructor, labels that name properties are no
  /// constructor call: the initializers' message says what they take.
  func testWithoutAPlainConstructorPropertyLabelsAreAnError() throws {
    let session = try Self.session { type in
      type.constructor("init(_:step:)") { (start: Int, step: Int) in Counter(start: start, step: step) }
    }
    XCTAssertEqual(
      session.run("Counter(count: 1, step: 2)\nCounter(1)\nCounter(1, 2)"),
      [
        "error: 1:9: extraneous argument label 'count:' in call to 'Counter.init(_:step:)'",
        "error: 2:1: missing argument for parameter 'step' in call to 'Counter.init(_:step:)'",
        "error: 3:12: missing argument label 'step:' in call to 'Counter.init(_:step:)'",
      ])
  }

  func testBadInitializerRegistrationsAreListed() {
    let session = TranscriptSession()
    XCTAssertThrowsError(
      try session.interpreter.register(Counter.self, as: "Counter") { type in
        type.constructor("make(start:)") { (start: Int) in Counter(start: start, step: 1) }
        type.constructor("init(start:step:)") { (start: Int) in Counter(start: start, step: 1) }
        type.constructor("init(code:)") { (code: String) in Counter(code: code) }
        type.constructor("init(code:)") { (code: String) in Counter(code: code) }
        type.constructor("init(counter:)") { (other: Counter.Type) in Counter() }
      }
    ) { error in
      let problems = (error as? EmbeddingError)?.problems ?? []
      let expected = [
        "'make(start:)' is not an initializer signature; write it as Swift names it",
        "initializer 'init(start:step:)' names 2 parameters but its closure takes 1",
        "initializer 'init(code:)' is registered twice in type 'Counter'",
        "initializer 'init(counter:)': type 'Counter.Type' does not bridge",
      ]
      XCTAssertEqual(problems.count, expected.count, "\(problems)")
      for (problem, start) in zip(problems, expected) { XCTAssert(problem.hasPrefix(start), problem) }
    }
  }
}
