import XCTest
@testable import BindRuntime

/// Lazy derived values (issue #14, feature 6): a derived value that nothing
/// observes, binds or reads is not re-evaluated by writes and holds no edge
/// from its sources; a read brings it up to date; a subscriber makes it
/// active again, and losing the last one makes it inactive.
final class LazyDerivedTests: RuntimeTestCase {
  func testAnUnobservedDerivedValueIsEvaluatedOnReadNotOnWrite() {
    let source = Property(1)
    let log = Log()
    let doubled = Derived { () -> Int in
      log.append("eval")
      return source.value * 2
    }
    XCTAssertEqual(log.entries.count, 1)
    source.value = 2
    source.value = 3
    source.value = 4
    XCTAssertEqual(log.entries.count, 1, "writes to the source of an unread value evaluate nothing")
    XCTAssertEqual(doubled.value, 8)
    XCTAssertEqual(log.entries.count, 2, "the read evaluates once")
    XCTAssertEqual(doubled.value, 8)
    XCTAssertEqual(log.entries.count, 2, "a second read with no write in between evaluates nothing")
  }

  func testASnapshotShowsAnUnreadDerivedValueAsAReadWouldGiveIt() {
    let source = Property(1)
    let derived = Derived { source.value * 10 }
    XCTAssertEqual(derived.value, 10)
    source.value = 7
    let node = ReactiveGraph.shared.snapshot().nodes.first { $0.id == derived.id }
    XCTAssertEqual(node?.value, "70", "the picture shows the current value, not the last one read")
  }

  func testAnUnobservedDerivedValueHoldsNoEdgeFromItsSources() {
    let source = Property(1)
    let derived = Derived { source.value + 1 }
    XCTAssertEqual(derived.value, 2)
    ReactiveGraph.shared.withLock {
      XCTAssertTrue(source.downstream.isEmpty)
      XCTAssertTrue(derived.isInactive)
    }
  }

  func testAnUnrelatedWriteDoesNotReEvaluate() {
    let source = Property(1), unrelated = Property(0)
    let log = Log()
    let derived = Derived { () -> Int in
      log.append("eval")
      return source.value
    }
    unrelated.value = 1
    XCTAssertEqual(derived.value, 1)
    XCTAssertEqual(log.entries.count, 1, "only a change of what it read makes it stale")
  }

  func testObservingActivatesAndDisposingTheLastObserverDeactivates() {
    let source = Property(1)
    let log = Log()
    let derived = Derived { () -> Int in
      log.append("eval \(source.value)")
      return source.value
    }
    source.value = 2  // inactive: not evaluated
    let history = History<Int>()
    let token = history.observe(derived, options: .initial)
    XCTAssertEqual(history.events, [.initial(2)], "subscribing catches up first")
    source.value = 3
    XCTAssertEqual(history.events, [.initial(2), .changed(old: 2, new: 3)])
    XCTAssertEqual(log.entries, ["eval 1", "eval 2", "eval 3"])
    token.dispose()
    ReactiveGraph.shared.withLock {
      XCTAssertTrue(derived.isInactive)
      XCTAssertTrue(source.downstream.isEmpty)
    }
    source.value = 4
    source.value = 5
    XCTAssertEqual(log.entries, ["eval 1", "eval 2", "eval 3"], "inactive again")
    XCTAssertEqual(derived.value, 5)
    XCTAssertEqual(log.entries.last, "eval 5")
  }

  func testAChainActivatesAndDeactivatesAsOne() {
    let source = Property(1)
    let log = Log()
    let first = Derived { () -> Int in
      log.append("first")
      return source.value + 1
    }
    let second = Derived { () -> Int in
      log.append("second")
      return first.value * 10
    }
    source.value = 2
    XCTAssertEqual(log.entries, ["first", "second"])
    XCTAssertEqual(second.value, 30)
    XCTAssertEqual(log.entries, ["first", "second", "first", "second"], "a read pulls through the chain")
    let target = Property(0)
    let binding = second.bind(to: target)
    ReactiveGraph.shared.withLock {
      XCTAssertFalse(first.isInactive, "a bound value's sources are active too")
      XCTAssertFalse(second.isInactive)
    }
    source.value = 3
    XCTAssertEqual(target.value, 40)
    binding.dispose()
    ReactiveGraph.shared.withLock {
      XCTAssertTrue(first.isInactive)
      XCTAssertTrue(second.isInactive)
      XCTAssertTrue(source.downstream.isEmpty)
    }
    let before = log.entries.count
    source.value = 4
    XCTAssertEqual(log.entries.count, before)
    XCTAssertEqual(second.value, 50)
  }

  func testAnActiveReaderOfAnInactiveValueActivatesIt() {
    let source = Property(1)
    let inner = Derived { source.value + 1 }
    XCTAssertEqual(inner.value, 2)
    let outer = Derived { inner.value * 2 }
    let history = History<Int>()
    let token = history.observe(outer)
    ReactiveGraph.shared.withLock { XCTAssertFalse(inner.isInactive) }
    source.value = 5
    XCTAssertEqual(history.events, [.changed(old: 4, new: 12)])
    withExtendedLifetime(token) {}
  }

  func testAStaleInactiveValueIsCurrentInsideAPropagation() {
    // An inactive value read by an active one that starts reading it late:
    // the propagation catches it up, glitch-free.
    let flag = Property(false), source = Property(1)
    let lazy = Derived { source.value * 100 }
    XCTAssertEqual(lazy.value, 100)
    let reader = Derived { flag.value ? lazy.value : -1 }
    let history = History<Int>()
    let token = history.observe(reader)
    try? ReactiveGraph.shared.transaction {
      source.value = 2
      flag.value = true
    }
    XCTAssertEqual(history.events, [.changed(old: -1, new: 200)])
    source.value = 3
    XCTAssertEqual(history.events.last, .changed(old: 200, new: 300))
    withExtendedLifetime(token) {}
  }

  func testAnInactiveValueForgetsASourceThatGoes() {
    final class Box { let property = Property(7) }
    var box: Box? = Box()
    weak var weakBox = box
    let derived = Derived { [weak weakBox] in weakBox?.property.value ?? -1 }
    XCTAssertEqual(derived.value, 7)
    box = nil
    withExtendedLifetime(box) {}
    ReactiveGraph.shared.withLock {
      XCTAssertTrue(derived.readSources.isEmpty, "the dead source left the passive list")
      XCTAssertTrue(derived.isCompleted, "every source gone: complete, as an active value would be")
    }
    XCTAssertEqual(derived.value, 7)
  }

  func testAThrowingInactiveValueThrowsOnEveryReadUntilItsInputsAllowIt() {
    let source = Property(0)
    struct Failure: Error {}
    let derived = try! Derived { () throws -> Int in
      if source.value == 1 { throw Failure() }
      return source.value
    }
    source.value = 1
    XCTAssertThrowsError(try derived.checkedValue())
    XCTAssertThrowsError(try derived.checkedValue(), "still failing, not an old value")
    source.value = 2
    XCTAssertEqual(try derived.checkedValue(), 2)
  }

  func testWritesCostNothingPerInactiveDerivedValue() {
    let source = Property(0)
    let values = (0..<1000).map { offset in Derived { source.value + offset } }
    for value in values { _ = value.value }
    ReactiveGraph.shared.withLock {
      XCTAssertTrue(source.downstream.isEmpty, "no edge to walk on a write")
      XCTAssertEqual(source.passiveReaders.count, 1000)
    }
    source.value = 1
    XCTAssertEqual(values[999].value, 1000)
  }

  func testAnInactiveValueReadInsideATransactionSeesItsWrites() throws {
    let source = Property(1)
    let derived = Derived { source.value * 10 }
    XCTAssertEqual(derived.value, 10)
    let other = Property(0)
    let token = other.observe { _ in }  // a transaction with something queued
    var seen: [Int] = []
    try ReactiveGraph.shared.transaction {
      source.value = 2
      seen.append(derived.value)
      other.value = 1
      source.value = 3
      seen.append(derived.value)
    }
    XCTAssertEqual(seen, [20, 30])
    XCTAssertEqual(derived.value, 30)
    withExtendedLifetime(token) {}
  }

  func testAnEffectThatReadsAnInactiveValueActivatesItAndRerunsOnItsChanges() throws {
    let source = Property(1)
    let derived = Derived { source.value + 100 }
    XCTAssertEqual(derived.value, 101)
    let log = Log()
    let effect = try Effect { log.append("\(derived.value)") }
    ReactiveGraph.shared.withLock { XCTAssertFalse(derived.isInactive) }
    source.value = 2
    XCTAssertEqual(log.entries, ["101", "102"])
    effect.dispose()
    ReactiveGraph.shared.withLock { XCTAssertTrue(derived.isInactive, "the effect was its last reader") }
    withExtendedLifetime(effect) {}
  }

  func testAValueDroppedByItsReaderInTheWriteThatChangesItIsCurrentWhenReadLater() {
    // `reader` stops reading `lazy` in the same propagation in which `lazy`'s
    // source changes: `lazy` goes inactive while queued, and must not keep
    // the value it had before that write.
    let useLazy = Property(true), source = Property(1)
    let lazy = Derived { source.value * 2 }
    let reader = Derived { useLazy.value ? lazy.value : -1 }
    let token = reader.observe { _ in }
    XCTAssertEqual(reader.value, 2)
    try? ReactiveGraph.shared.transaction {
      source.value = 5
      useLazy.value = false
    }
    XCTAssertEqual(reader.value, -1)
    ReactiveGraph.shared.withLock { XCTAssertTrue(lazy.isInactive) }
    XCTAssertEqual(lazy.value, 10)
    withExtendedLifetime(token) {}
  }
}
