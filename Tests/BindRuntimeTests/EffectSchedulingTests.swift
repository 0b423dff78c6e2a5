import XCTest
@testable import BindRuntime

/// Issue 29: when an effect runs, which effect runs first, and what an
/// effect's own writes do (cases ported from alien-signals, Preact, MobX).
final class EffectSchedulingTests: RuntimeTestCase {
  func testTheOwnerRunsFirstAndEndsTheEffectItMadeInsteadOfRunningIt() throws {
    // alien-signals: "should not run untracked inner effect", "should run
    // outer effect first".
    let a = Property(1)
    let positive = Derived { a.value > 0 }
    let log = Log()
    let outer = try Effect {
      if positive.value { _ = try Effect { log.append("inner sees \(a.value)") } }
    }
    try a.set(0)
    try a.set(2)
    try graph.transaction { try a.set(0) }
    XCTAssertEqual(log.entries, ["inner sees 1", "inner sees 2"])
    withExtendedLifetime(outer) {}
  }

  func testAnEffectMadeInARunStaysRankedAfterItsOwnerWhenTheOwnerReadsMore() throws {
    // The owner reads a longer chain on its second run: its rank rises, and
    // the effect it made before must stay after it.
    let a = Property(0), deep = Property(false)
    let chain = Derived { Derived { a.value + 1 }.value + 1 }
    let log = Log()
    let outer = try Effect {
      let value = deep.value ? chain.value : a.value
      _ = try Effect { log.append("inner of \(value) sees \(a.value)") }
    }
    try deep.set(true)
    try a.set(5)
    XCTAssertEqual(log.entries, ["inner of 0 sees 0", "inner of 2 sees 0", "inner of 7 sees 5"])
    withExtendedLifetime(outer) {}
  }

  func testACleanupThatWritesWhatTheRunReadsDoesNotRunItTwice() throws {
    // Preact: "should not retrigger the effect if the cleanup modifies one of
    // the dependencies".
    let a = Property(0)
    let log = Log()
    let effect = try Effect {
      log.append("run sees \(a.value)")
      onCleanup { a.value = 2 }
    }
    try a.set(1)
    XCTAssertEqual(log.entries, ["run sees 0", "run sees 2"])
    withExtendedLifetime(effect) {}
  }

  func testTheFirstRunHappensAtOnceInsideATransaction() throws {
    // Preact: "should run effect's first run immediately even inside a batch".
    let a = Property(0)
    let log = Log()
    var effect: Effect?
    try graph.transaction {
      try a.set(1)
      effect = try Effect { log.append("effect sees \(a.value)") }
      log.append("after")
    }
    // Nothing changed after the run: the end of the transaction does not run it.
    XCTAssertEqual(log.entries, ["effect sees 1", "after"])
    try a.set(2)
    XCTAssertEqual(log.entries, ["effect sees 1", "after", "effect sees 2"])
    withExtendedLifetime(effect) {}
  }

  func testAWriteLaterInTheTransactionRunsTheEffectMadeInItAgain() throws {
    let a = Property(0)
    let log = Log()
    var effect: Effect?
    try graph.transaction {
      effect = try Effect { log.append("effect sees \(a.value)") }
      try a.set(1)
    }
    XCTAssertEqual(log.entries, ["effect sees 0", "effect sees 1"])
    withExtendedLifetime(effect) {}
  }

  func testAnErrorInTheFirstRunInsideATransactionIsThrownAtOnceAndEndsTheEffect() throws {
    struct Failure: Error {}
    let a = Property(0)
    var runs = 0
    try graph.transaction {
      XCTAssertThrowsError(
        try Effect {
          runs += 1
          _ = a.value
          throw Failure()
        })
      try a.set(1)
    }
    XCTAssertEqual(runs, 1)
  }

  func testItsOwnWritesDoNotRunItAgainThroughADerivedValueObservedOrNot() throws {
    // The rule holds whether the derived value it reads is lazy or active.
    for observed in [false, true] {
      let b = Property(0)
      let c = Derived { b.value }
      let token = observed ? c.observeChanges { _, _ in } : nil
      var runs = 0
      let effect = try Effect {
        runs += 1
        _ = c.value
        b.value = 100
      }
      XCTAssertEqual(runs, 1, "observed: \(observed)")
      try b.set(5)
      // An outside write runs it; its own write back to 100 does not again.
      XCTAssertEqual([runs, b.value, c.value], [2, 100, 100], "observed: \(observed)")
      withExtendedLifetime((effect, token)) {}
    }
  }

  func testAnEffectThatAddsToWhatItReadsThroughASumRunsOncePerOutsideWrite() throws {
    let a = Property(0), b = Property(0)
    let c = Derived { a.value + b.value }
    var seen: [Int] = []
    let effect = try Effect {
      seen.append(c.value)
      b.value = b.value + 100
    }
    try a.set(1)
    XCTAssertEqual(seen, [0, 101])
    XCTAssertTrue(takeErrors().isEmpty)
    withExtendedLifetime(effect) {}
  }

  func testAChangeFromAnotherEffectInTheSamePropagationStillRunsIt() throws {
    // Only the run's own writes are exempt: another effect's write, made
    // after the run in the same propagation (here in answer to the run's
    // write), runs it again.
    let trigger = Property(0), relay = Property(0), shared = Property(0)
    let doubled = Derived { shared.value * 2 }
    let log = Log()
    let reader = try Effect {
      log.append("reader sees \(trigger.value) \(doubled.value)")
      relay.value = trigger.value
    }
    let writer = try Effect { shared.value = relay.value }
    try trigger.set(1)
    XCTAssertEqual(log.entries, ["reader sees 0 0", "reader sees 1 0", "reader sees 1 2"])
    withExtendedLifetime((reader, writer)) {}
  }

  func testReadsAfterTheRunsOwnWritesSeeThem() throws {
    let trigger = Property(0), b = Property(0)
    let c = Derived { b.value * 10 }
    let token = c.observeChanges { _, _ in }
    var seen: [Int] = []
    let effect = try Effect {
      b.value = trigger.value
      seen.append(c.value)
    }
    try trigger.set(3)
    XCTAssertEqual(seen, [0, 30])
    withExtendedLifetime((effect, token)) {}
  }

  func testAnEffectCanDisposeItselfInItsFirstRun() throws {
    // MobX: "autorun can be disposed on first run".
    let a = Property(0)
    var runs = 0
    let effect = try Effect { effect in
      runs += 1
      _ = a.value
      effect.dispose()
    }
    try a.set(1)
    XCTAssertEqual(runs, 1)
    XCTAssertTrue(effect.isDisposed)
    XCTAssertTrue(a.downstream.isEmpty, "a disposed effect keeps no edge from what it read")
  }

  func testAnEffectThatDisposesItsOwnerEndsBoth() throws {
    let a = Property(0)
    let log = Log()
    var outer: Effect?
    outer = try Effect { owner in
      log.append("outer sees \(a.value)")
      _ = try Effect {
        if a.value == 1 { owner.dispose() }
        log.append("inner sees \(a.value)")
      }
      // Made after its owner ended: ended at once, never run.
      _ = try Effect { log.append("never") }
    }
    try a.set(1)
    try a.set(2)
    XCTAssertEqual(log.entries, ["outer sees 0", "inner sees 0", "never", "outer sees 1", "inner sees 1"])
    XCTAssertTrue(outer!.isDisposed)
  }

  func testACleanupThatDisposesTheEffectStopsIt() throws {
    let a = Property(0)
    var runs = 0
    var effect: Effect?
    effect = try Effect { own in
      runs += 1
      _ = a.value
      onCleanup { own.dispose() }
    }
    try a.set(1)
    try a.set(2)
    XCTAssertEqual(runs, 1)
    XCTAssertTrue(effect!.isDisposed)
  }

  func testARunThatMakesManyEffectsEndsThemAllBeforeTheNextRun() throws {
    let a = Property(0)
    var innerRuns = 0
    weak var lastInner: Effect?
    let outer = try Effect {
      _ = a.value
      for _ in 0..<100_000 { lastInner = try Effect { innerRuns += 1 } }
    }
    XCTAssertNotNil(lastInner)
    try a.set(1)
    XCTAssertEqual(innerRuns, 200_000)
    outer.dispose()
    XCTAssertNil(lastInner, "the effects a disposed effect made are released")
  }
}
