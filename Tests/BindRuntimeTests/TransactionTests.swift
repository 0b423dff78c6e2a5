import XCTest
@testable import BindRuntime

/// Runtime guarantee 9: transactions apply writes at once and run observers and bindings
/// once at the end, with the final values.
final class TransactionTests: RuntimeTestCase {
  func testObserversRunOnceAtTheEndWithFinalValues() throws {
    let a = Property(0), b = Property(0)
    let sum = Derived { a.value + b.value }
    let log = Log()
    let tokens = [
      a.observe { log.append("a \($0)") },
      b.observe { log.append("b \($0)") },
      sum.observe { log.append("sum \($0)") },
    ]
    try graph.transaction {
      a.value = 1
      a.value = 2
      b.value = 3
      log.append("body done")
    }
    XCTAssertEqual(
      log.entries,
      ["body done", "a changed(old: 0, new: 2)", "b changed(old: 0, new: 3)", "sum changed(old: 0, new: 5)"])
    withExtendedLifetime(tokens) {}
  }

  func testWritesApplyAtOnceInsideTheTransaction() throws {
    let a = Property(1)
    let doubled = Derived { a.value * 2 }
    var seenInside: [Int] = []
    try graph.transaction {
      a.value = 5
      seenInside = [a.value, doubled.value]
    }
    XCTAssertEqual(seenInside, [5, 10])
    XCTAssertEqual(doubled.value, 10)
  }

  func testBindingsRunOnceAtTheEnd() throws {
    let source = Property("a")
    let label = RecordingLabel()
    let token = source.bind(to: label, at: \.text)
    try graph.transaction {
      source.value = "b"
      source.value = "c"
      XCTAssertEqual(label.history, ["a"])
    }
    XCTAssertEqual(label.history, ["a", "c"])
    withExtendedLifetime(token) {}
  }

  func testAValueChangedAndRestoredInsideIsNoChange() throws {
    let a = Property(0)
    let label = RecordingLabel()
    let history = History<Int>()
    let tokens = [history.observe(a), a.map { "\($0)" }.bind(to: label, at: \.text)]
    try graph.transaction {
      a.value = 1
      a.value = 0
    }
    XCTAssertEqual(history.events, [])
    XCTAssertEqual(label.history, ["0"])
    withExtendedLifetime(tokens) {}
  }

  func testNestedTransactionsPropagateOnceAtTheOutermostEnd() throws {
    let a = Property(0)
    let history = History<Int>()
    let token = history.observe(a)
    try graph.transaction {
      a.value = 1
      try graph.transaction { a.value = 2 }
      XCTAssertEqual(history.events, [], "the inner end is not the end")
      a.value = 3
    }
    XCTAssertEqual(history.events, [.changed(old: 0, new: 3)])
    withExtendedLifetime(token) {}
  }

  func testTheGlobalBatchIsATransaction() {
    let a = Property(0), b = Property(0)
    let log = Log()
    let token = Derived { a.value * 10 + b.value }.observe { log.append("\($0)") }
    batch {
      a.value = 1
      b.value = 2
    }
    XCTAssertEqual(log.entries, ["changed(old: 0, new: 12)"])
    withExtendedLifetime(token) {}
  }

  func testAnErrorInTheBodyIsRethrownAfterItsWritesPropagate() {
    struct Oops: Error {}
    let a = Property(0)
    let history = History<Int>()
    let token = history.observe(a)
    XCTAssertThrowsError(try graph.transaction { a.value = 1; throw Oops() }) { error in
      XCTAssertTrue(error is Oops)
    }
    XCTAssertEqual(history.events, [.changed(old: 0, new: 1)])
    withExtendedLifetime(token) {}
  }

  func testATransactionReturnsItsBodysResult() throws {
    let a = Property(2)
    let result = try graph.transaction { () -> Int in
      a.value = 3
      return a.value * 2
    }
    XCTAssertEqual(result, 6)
  }

  func testEachDerivedValueEvaluatesOnceForTheWholeTransaction() throws {
    let a = Property(0), b = Property(0), c = Property(0)
    var evaluations = 0
    let sum = Derived { () -> Int in
      evaluations += 1
      return a.value + b.value + c.value
    }
    let token = sum.observe { _ in }
    evaluations = 0
    try graph.transaction {
      a.value = 1
      b.value = 2
      c.value = 3
    }
    XCTAssertEqual(evaluations, 1)
    XCTAssertEqual(sum.value, 6)
    withExtendedLifetime(token) {}
  }
}
