import XCTest
@testable import BindRuntime

private struct Boom: Error, Equatable { let input: Int }

/// Issue 14, bug 1 and feature 8: a derived value that threw keeps the error
/// as its state until a dependency changes.
final class DerivedErrorTests: RuntimeTestCase {
  func testAFailedReEvaluationIsRethrownOnReadInsteadOfTheStaleValue() throws {
    let a = Property(0)
    let b = try Derived { () throws -> Int in
      if a.value == 1 { throw Boom(input: 1) }
      return a.value
    }
    // Observed, so that it is evaluated by the write (not on the next read).
    let token = b.observe { _ in }
    XCTAssertEqual(try b.get(), 0)
    XCTAssertThrowsError(try a.set(1)) { XCTAssertEqual($0 as? Boom, Boom(input: 1)) }
    XCTAssertThrowsError(try b.get()) { XCTAssertEqual($0 as? Boom, Boom(input: 1)) }
    XCTAssertThrowsError(try b.get()) { XCTAssertEqual($0 as? Boom, Boom(input: 1)) }
    try a.set(2)
    XCTAssertEqual(try b.get(), 2)
    token.dispose()
  }

  func testTheErrorIsRethrownWithoutEvaluatingAgain() throws {
    let a = Property(0), unrelated = Property(0)
    var evaluations = 0
    let b = try Derived { () throws -> Int in
      evaluations += 1
      if a.value < 0 { throw Boom(input: a.value) }
      return a.value
    }
    _ = try? a.set(-1)
    // Unobserved, it is lazy: the first read evaluates it, and fails.
    XCTAssertThrowsError(try b.get())
    let afterFailure = evaluations
    for _ in 0..<3 { XCTAssertThrowsError(try b.get()) }
    try unrelated.set(1)
    XCTAssertThrowsError(try b.get())
    XCTAssertEqual(evaluations, afterFailure)
  }

  func testWhatTheFailedRunReadAreItsDependencies() throws {
    // The failing run reads `detail`, which the successful runs never read.
    let mode = Property(0), detail = Property(0)
    let b = try Derived { () throws -> Int in
      if mode.value == 1 {
        if detail.value == 0 { throw Boom(input: 0) }
        return 100 + detail.value
      }
      return mode.value
    }
    _ = try? mode.set(1)
    try detail.set(5)
    XCTAssertEqual(try b.get(), 105)
  }

  func testReadersOfAFailedValueFailWithItAndRecoverWithIt() throws {
    let a = Property(1)
    let inverse = try Derived { () throws -> Int in
      guard a.value != 0 else { throw Boom(input: 0) }
      return 100 / a.value
    }
    let doubled = try Derived { () throws -> Int in try inverse.get() * 2 }
    let viaValue = Derived { inverse.value + 1 }
    _ = try? a.set(0)
    XCTAssertThrowsError(try doubled.get()) { XCTAssertEqual($0 as? Boom, Boom(input: 0)) }
    XCTAssertThrowsError(try viaValue.get()) { XCTAssertEqual($0 as? Boom, Boom(input: 0)) }
    try a.set(1)
    XCTAssertEqual(try doubled.get(), 200)
    XCTAssertEqual(try viaValue.get(), 101)
  }

  func testObserversOfOtherValuesStillHearTheWriteThatFailed() throws {
    let a = Property(1)
    let failing = try Derived { () throws -> Int in
      if a.value == 2 { throw Boom(input: 2) }
      return a.value
    }
    let history = History<Int>()
    let token = history.observe(a)
    let active = failing.observe { _ in }
    XCTAssertThrowsError(try a.set(2))
    XCTAssertEqual(history.events, [.changed(old: 1, new: 2)])
    XCTAssertThrowsError(try failing.get())
    withExtendedLifetime((token, active)) {}
  }

  func testTheNonThrowingValueReportsTheErrorAndKeepsTheLastGoodValue() throws {
    let a = Property(1)
    let b = try Derived { () throws -> Int in
      if a.value == 2 { throw Boom(input: 2) }
      return a.value
    }
    _ = try? a.set(2)
    XCTAssertEqual(b.value, 1)
    XCTAssertEqual(takeErrors().count, 1)
  }

  func testADerivedValueMadeFromAFailedOneStartsFailed() throws {
    let a = Property(1)
    let failing = try Derived { () throws -> Int in
      if a.value == 0 { throw Boom(input: 0) }
      return a.value
    }
    _ = try? a.set(0)
    let reader = try Derived { failing.value + 1 }
    XCTAssertThrowsError(try reader.get()) { XCTAssertEqual($0 as? Boom, Boom(input: 0)) }
    // Read through `value`, too, it is failed from the start: the last
    // value, and the error reported.
    XCTAssertEqual(reader.value, 2)
    XCTAssertEqual(takeErrors().count, 1)
    try a.set(3)
    XCTAssertEqual(try reader.get(), 4)
  }

  /// An inactive reader that reads a failed value through its non-throwing
  /// `value` fails with it, and keeps its last value computed without error,
  /// not one computed from the failed value's fallback (the pull's
  /// evaluation stores its result only when no read failed). Each failing
  /// read inside the evaluation also leaves the lock as it found it.
  func testAnInactiveReaderOfAFailedValueKeepsItsLastGoodValue() throws {
    let a = Property(1)
    let b = Property(10)
    let failing = try Derived { () throws -> Int in
      if a.value == 0 { throw Boom(input: 0) }
      return a.value
    }
    let reader = Derived { failing.value + b.value }
    XCTAssertEqual(reader.value, 11)
    try ReactiveGraph.shared.transaction {
      try a.set(0)
      try b.set(20)
    }
    // The failed value is checked first, so the reader evaluates against it.
    XCTAssertThrowsError(try failing.get())
    XCTAssertThrowsError(try reader.get()) { XCTAssertEqual($0 as? Boom, Boom(input: 0)) }
    XCTAssertFalse(ReactiveGraph.shared.isLockedByCurrentThread)
    XCTAssertEqual(reader.value, 11, "not 1 + 20, computed from the failed value's last value")
    XCTAssertEqual(takeErrors().count, 1)
    try a.set(2)
    XCTAssertEqual(try reader.get(), 22)
    XCTAssertFalse(ReactiveGraph.shared.isLockedByCurrentThread)
  }

  /// A read inside an evaluation is inlined where the reading closure is
  /// compiled when the value's type is known (`Derived<Int>`), and goes
  /// through the class's own getter when it is not (`ObservableValue<Int>`).
  /// Both fail the reader with the error, whether the read is what makes
  /// the failed value evaluate (its refresh throws inside the read) or
  /// finds the error kept from before, and both keep the lock held for the
  /// rest of the reader's evaluation.
  func testReadsOfAFailedValueFailTheReaderThroughAKnownTypeAndThroughObservableValue() throws {
    let a = Property(1)
    // Read first, so that a write to it makes the readers evaluate, and
    // their read of `failing` is what brings that up to date.
    let trigger = Property(0)
    let failing = try Derived { () throws -> Int in
      if a.value == 0 { throw Boom(input: 0) }
      return a.value
    }
    let erased: ObservableValue<Int> = failing
    // Whether a reader still held the lock after its read of `failing`: a
    // read that let go of it there would leave the rest of the evaluation
    // unguarded, and nothing else would notice.
    var heldAfterRead: [Bool] = []
    let throughType = Derived { () -> Int in
      let value = trigger.value + failing.value * 10
      heldAfterRead.append(ReactiveGraph.shared.isLockedByCurrentThread)
      return value
    }
    let throughObservableValue = Derived { () -> Int in
      let value = trigger.value + erased.value * 100
      heldAfterRead.append(ReactiveGraph.shared.isLockedByCurrentThread)
      return value
    }
    XCTAssertEqual(throughType.value, 10)
    XCTAssertEqual(throughObservableValue.value, 100)

    func breakBoth(readingFirst first: Derived<Int>, then second: Derived<Int>) throws {
      try ReactiveGraph.shared.transaction {
        try a.set(0)
        try trigger.set(trigger.value + 1)
      }
      // The first read evaluates `failing`, which throws inside it; the
      // second finds the error kept.
      XCTAssertThrowsError(try first.get()) { XCTAssertEqual($0 as? Boom, Boom(input: 0)) }
      XCTAssertThrowsError(try second.get()) { XCTAssertEqual($0 as? Boom, Boom(input: 0)) }
      XCTAssertFalse(ReactiveGraph.shared.isLockedByCurrentThread)
      try a.set(1)
    }
    try breakBoth(readingFirst: throughType, then: throughObservableValue)
    try breakBoth(readingFirst: throughObservableValue, then: throughType)
    XCTAssertEqual(heldAfterRead.count, 6)
    XCTAssertEqual(heldAfterRead, Array(repeating: true, count: heldAfterRead.count))
    XCTAssertEqual(takeErrors().count, 0, "thrown to the readers, not reported")
    XCTAssertEqual(try throughType.get(), trigger.value + 10)
    XCTAssertEqual(try throughObservableValue.get(), trigger.value + 100)
  }
}

/// Issue 29: the first evaluation's error is kept like any later one's.
final class FirstEvaluationErrorTests: RuntimeTestCase {
  func testAnErrorOfTheFirstEvaluationIsTheValuesStateUntilASourceChanges() throws {
    struct Failure: Error, Equatable {}
    let divisor = Property(0)
    var evaluations = 0
    let ratio = Derived<Int>(isSame: ==, placeholder: -1) {
      evaluations += 1
      guard divisor.value != 0 else { throw Failure() }
      return 100 / divisor.value
    }
    XCTAssertThrowsError(try ratio.get()) { XCTAssertEqual($0 as? Failure, Failure()) }
    XCTAssertThrowsError(try ratio.get())
    XCTAssertEqual(evaluations, 1)
    try divisor.set(4)
    XCTAssertEqual(try ratio.get(), 25)
    XCTAssertEqual(evaluations, 2)
  }
}
