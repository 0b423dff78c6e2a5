import XCTest
@testable import BindRuntime

/// Issue 14, feature 5: effects with one-batch runs, ownership and cleanup
/// (cases ported from Preact signals, Solid, S.js and alien-signals).
final class EffectTests: RuntimeTestCase {
  func testAnEffectThatWritesWhatItReadsRunsOncePerOutsideChange() throws {
    let count = Property(0), trigger = Property(0)
    var runs = 0
    let effect = try Effect {
      _ = trigger.value
      runs += 1
      count.value = count.value + 1
    }
    XCTAssertEqual([runs, count.value], [1, 1])
    trigger.value = 1
    XCTAssertEqual([runs, count.value], [2, 2])
    XCTAssertTrue(takeErrors().isEmpty)
    effect.dispose()
  }

  func testTheWritesOfARunAreOneBatch() throws {
    let trigger = Property(0), a = Property(0), b = Property(0)
    let sum = Derived { a.value + b.value }
    var sums: [Int] = []
    let token = sum.observeChanges { _, new in sums.append(new) }
    let effect = try Effect {
      a.value = trigger.value
      b.value = trigger.value * 10
    }
    trigger.value = 1
    trigger.value = 2
    XCTAssertEqual(sums, [11, 22])
    withExtendedLifetime((token, effect)) {}
  }

  func testADiamondRunsTheEffectOnce() throws {
    // Preact: "should run effects once in a diamond".
    let a = Property("a")
    let b = Derived { a.value }, c = Derived { a.value }
    let d = Derived { b.value + " " + c.value }
    var seen: [String] = []
    let effect = try Effect { seen.append(d.value) }
    a.value = "aa"
    XCTAssertEqual(seen, ["a a", "aa aa"])
    withExtendedLifetime(effect) {}
  }

  func testCleanupRunsBeforeEachRunAndAtDisposalInReverseOrder() throws {
    let source = Property(0)
    let log = Log()
    let effect = try Effect {
      let value = source.value
      log.append("run \(value)")
      onCleanup { log.append("first cleanup \(value)") }
      onCleanup { log.append("second cleanup \(value)") }
    }
    source.value = 1
    effect.dispose()
    source.value = 2
    XCTAssertEqual(
      log.entries,
      [
        "run 0", "second cleanup 0", "first cleanup 0", "run 1", "second cleanup 1", "first cleanup 1",
      ])
  }

  func testCleanupSeesTheCleanedUpRunsValuesNotTheNextOnes() throws {
    // Solid: a cleanup runs before the next run reads anything.
    let source = Property(0)
    var cleanedWhileSourceWas: [Int] = []
    let effect = try Effect {
      _ = source.value
      onCleanup { cleanedWhileSourceWas.append(source.peek()) }
    }
    source.value = 5
    XCTAssertEqual(cleanedWhileSourceWas, [5])
    withExtendedLifetime(effect) {}
  }

  func testNestedEffectsBelongToTheRunThatMadeThem() throws {
    // Solid/S.js: an inner computation is disposed when its owner re-runs.
    let outerSource = Property(0), innerSource = Property(0)
    let log = Log()
    let outer = try Effect {
      let round = outerSource.value
      _ = try Effect {
        log.append("inner \(round) sees \(innerSource.value)")
        onCleanup { log.append("inner \(round) cleanup") }
      }
    }
    innerSource.value = 1
    outerSource.value = 1
    innerSource.value = 2
    outer.dispose()
    innerSource.value = 3
    XCTAssertEqual(
      log.entries,
      [
        "inner 0 sees 0", "inner 0 cleanup", "inner 0 sees 1", "inner 0 cleanup", "inner 1 sees 1",
        "inner 1 cleanup", "inner 1 sees 2", "inner 1 cleanup",
      ])
  }

  func testObservationsMadeInARunAreOwnedByIt() throws {
    let source = Property(0), watched = Property(0)
    let log = Log()
    let effect = try Effect {
      let round = source.value
      Effect.current?.own(watched.observeChanges { _, new in log.append("round \(round) heard \(new)") })
    }
    watched.value = 1
    source.value = 1
    watched.value = 2
    effect.dispose()
    watched.value = 3
    XCTAssertEqual(log.entries, ["round 0 heard 1", "round 1 heard 2"])
  }

  func testUntrackedReadsInsideAnEffectAreNotDependencies() throws {
    // Preact: "should not track reads inside untracked".
    let tracked = Property(0), sampled = Property(0)
    var runs: [String] = []
    let effect = try Effect { runs.append("\(tracked.value) \(untracked { sampled.value })") }
    sampled.value = 1
    tracked.value = 1
    sampled.value = 2
    XCTAssertEqual(runs, ["0 0", "1 1"])
    withExtendedLifetime(effect) {}
  }

  func testADisposedEffectNeverRunsAgainAndDisposingTwiceIsHarmless() throws {
    let source = Property(0)
    var runs = 0
    let effect = try Effect {
      _ = source.value
      runs += 1
    }
    effect.dispose()
    effect.dispose()
    source.value = 1
    XCTAssertEqual(runs, 1)
    XCTAssertTrue(effect.isDisposed)
  }

  func testAnEffectMayDisposeItselfFromItsCleanup() throws {
    let source = Property(0)
    var runs = 0
    var handle: Effect?
    handle = try Effect {
      _ = source.value
      runs += 1
      onCleanup { handle?.dispose() }
    }
    source.value = 1
    source.value = 2
    XCTAssertEqual(runs, 1)
    XCTAssertTrue(handle!.isDisposed)
  }

  func testAThrowingRunKeepsWhatItReadAsDependencies() throws {
    struct Failure: Error {}
    let gate = Property(true), late = Property(0)
    var runs = 0
    let effect = try Effect {
      runs += 1
      if gate.value && late.value == 1 { throw Failure() }
    }
    XCTAssertThrowsError(try late.set(1))
    try gate.set(false)
    XCTAssertEqual(runs, 3)
    withExtendedLifetime(effect) {}
  }

  func testAFailingEffectDoesNotStopTheOthersOfTheSameWrite() throws {
    struct Failure: Error {}
    let source = Property(0)
    var seen: [Int] = []
    let failing = try Effect { if source.value == 1 { throw Failure() } }
    let healthy = try Effect { seen.append(source.value) }
    XCTAssertThrowsError(try source.set(1)) { XCTAssertTrue($0 is Failure) }
    try source.set(2)
    XCTAssertEqual(seen, [0, 1, 2])
    withExtendedLifetime((failing, healthy)) {}
  }

  func testOnCleanupOutsideAnEffectDoesNothing() {
    XCTAssertFalse(onCleanup { XCTFail("must not run") })
    XCTAssertNil(Effect.current)
  }

  func testEffectsRunOnManyThreadsWithoutLosingAChange() throws {
    let counters = (0..<4).map { _ in Property(0) }
    let total = Property(0)
    let effect = try Effect { total.value = counters.reduce(0) { $0 + $1.value } }
    DispatchQueue.concurrentPerform(iterations: 4) { index in
      for _ in 0..<500 {
        try? counters[index].modify { $0 += 1 }
      }
    }
    XCTAssertEqual(total.value, 2000)
    withExtendedLifetime(effect) {}
  }
}

/// Issue 14, feature 4: untracked reads.
final class UntrackedTests: RuntimeTestCase {
  func testUntrackedReadsInADerivedValueAreNotDependencies() {
    let name = Property("Ada"), visits = Property(1)
    var evaluations = 0
    let label = Derived { () -> String in
      evaluations += 1
      return "\(name.value) (\(untracked { visits.value }))"
    }
    visits.value = 2
    XCTAssertEqual(label.value, "Ada (1)")
    name.value = "Grace"
    XCTAssertEqual(label.value, "Grace (2)")
    XCTAssertEqual(evaluations, 2)
  }

  func testPeekReadsWithoutDepending() {
    let a = Property(1), b = Property(10)
    let sum = Derived { a.value + b.peek() }
    b.value = 20
    XCTAssertEqual(sum.value, 11)
    a.value = 2
    XCTAssertEqual(sum.value, 22)
  }

  func testPeekOfALazyDerivedValueIsCurrent() {
    let celsius = Property(20.0)
    let fahrenheit = Derived { celsius.value * 1.8 + 32 }
    XCTAssertEqual(fahrenheit.peek(), 68)
    celsius.value = 100
    // Nothing observes `fahrenheit`, so the write left it stale: peek must
    // bring it up to date as a read does, only without recording a dependency.
    XCTAssertEqual(fahrenheit.peek(), 212)
    var evaluations = 0
    let label = Derived { () -> String in
      evaluations += 1
      return "\(celsius.value) °C = \(fahrenheit.peek()) °F"
    }
    XCTAssertEqual(label.value, "100.0 °C = 212.0 °F")
    celsius.value = 0
    XCTAssertEqual(label.value, "0.0 °C = 32.0 °F")
    XCTAssertEqual(evaluations, 2)
  }

  func testUntrackedOutsideAnyEvaluationJustRuns() {
    let a = Property(3)
    XCTAssertEqual(untracked { a.value * 2 }, 6)
  }
}

/// Issue 14, bugs 2 and 3.
final class WriteSemanticsTests: RuntimeTestCase {
  func testNaNWrittenOverNaNIsNoChange() {
    let x = Property(Double.nan)
    var changes = 0
    let token = x.observeChanges { _, _ in changes += 1 }
    x.value = .nan
    x.value = 1
    x.value = 1
    XCTAssertEqual(changes, 1)
    withExtendedLifetime(token) {}
  }

  func testATwoWayLinkOnNaNSettles() throws {
    let a = Property(0.0), b = Property(0.0)
    let link = a.bindTwoWay(with: b)
    a.value = .nan
    XCTAssertTrue(b.value.isNaN)
    XCTAssertTrue(takeErrors().isEmpty)
    withExtendedLifetime(link) {}
  }

  func testADerivedValueMayNotWriteWhatItRead() throws {
    let n = Property(0, label: "n")
    let label = Derived(label: "label") { () -> String in
      let text = "\(n.value)foo"
      if n.value == 1 { n.value = 2 }
      return text
    }
    n.value = 1
    // Unobserved, it is lazy: the read evaluates it, and the write (through
    // the non-throwing setter) is refused and reported.
    _ = label.value
    XCTAssertEqual(takeErrors().reactiveErrors, [.writeDuringEvaluation(written: "n", reader: "label")])
    XCTAssertEqual(n.value, 1)
    let observed = label.observe { _ in }
    n.value = 0
    n.value = 1
    XCTAssertEqual(takeErrors().reactiveErrors, [.writeDuringEvaluation(written: "n", reader: "label")])
    observed.dispose()
  }

  func testTheFirstEvaluationMayNotWriteWhatItReadEither() {
    let n = Property(0, label: "n")
    XCTAssertThrowsError(
      try Derived(label: "made") { () throws -> Int in
        let value = n.value
        try n.set(value + 1)
        return value
      }
    ) { XCTAssertEqual($0 as? ReactiveError, .writeDuringEvaluation(written: "n", reader: "made")) }
  }

  func testADerivedValueMayWriteWhatItDidNotRead() {
    let n = Property(0), lastSeen = Property(-1)
    let doubled = Derived { () -> Int in
      lastSeen.value = n.value
      return n.value * 2
    }
    n.value = 1
    XCTAssertEqual(doubled.value, 2)
    XCTAssertEqual(lastSeen.value, 1)
  }
}

/// Issue 14, writable derived values and forced notifications.
final class WritableDerivedTests: RuntimeTestCase {
  func testAWriteGoesThroughTheSetter() throws {
    let fahrenheit = Property(32.0)
    let celsius = Derived(
      isSame: ==, get: { (fahrenheit.value - 32) / 1.8 }, set: { fahrenheit.value = $0 * 1.8 + 32 })
    let history = History<Double>()
    let token = history.observe(celsius)
    try celsius.set(100)
    XCTAssertEqual(fahrenheit.value, 212)
    XCTAssertEqual(celsius.value, 100)
    XCTAssertEqual(history.events, [.changed(old: 0, new: 100)])
    XCTAssertTrue(celsius.isWritable)
    withExtendedLifetime(token) {}
  }

  func testAReadOnlyDerivedValueRejectsWrites() {
    let a = Property(1)
    let b = Derived(label: "b") { a.value }
    XCTAssertFalse(b.isWritable)
    XCTAssertThrowsError(try b.set(2)) { XCTAssertEqual($0 as? ReactiveError, .readOnly("b")) }
  }

  func testNotifyChangeReachesObserversAndDependentsWithAnEqualValue() throws {
    final class Box { var items: [Int] = [] }
    let box = Property(Box())
    var notified = 0
    let token = box.observeChanges { old, new in
      XCTAssertTrue(old === new)
      notified += 1
    }
    var counts: [Int] = []
    let effect = try Effect { counts.append(box.value.items.count) }
    box.value.items.append(1)
    try box.notifyChange()
    XCTAssertEqual(notified, 1)
    XCTAssertEqual(counts, [0, 1])
    try ReactiveGraph.shared.transaction { try box.notifyChange() }
    XCTAssertEqual(notified, 2)
    withExtendedLifetime((token, effect)) {}
  }

  func testCustomEqualityDecidesWhatIsAChange() {
    struct User { let id: Int; var name: String }
    let user = Property(User(id: 1, name: "Ada"), isSame: { $0.id == $1.id })
    var changes = 0
    let token = user.observeChanges { _, _ in changes += 1 }
    user.value = User(id: 1, name: "Ada L.")
    user.value = User(id: 2, name: "Grace")
    XCTAssertEqual(changes, 1)
    withExtendedLifetime(token) {}
  }
}

/// Issue 14: a writable derived value bound both ways to a property.
final class WritableDerivedBindingTests: RuntimeTestCase {
  func testATwoWayLinkWithAWritableDerivedValueGoesBothWaysOnce() throws {
    let fahrenheit = Property(212.0)
    var setterCalls = 0
    let celsius = Derived(
      isSame: ==, get: { (fahrenheit.value - 32) * 5 / 9 },
      set: {
        setterCalls += 1
        fahrenheit.value = $0 * 9 / 5 + 32
      })
    let field = Property(0.0)
    let link = try celsius.bindTwoWayChecked(with: field)
    XCTAssertEqual(field.value, 100)
    XCTAssertEqual(setterCalls, 0)
    field.value = 0
    XCTAssertEqual(fahrenheit.value, 32)
    XCTAssertEqual(setterCalls, 1)
    fahrenheit.value = 50
    XCTAssertEqual(field.value, 10)
    XCTAssertEqual(setterCalls, 1)
    link.dispose()
    field.value = 20
    XCTAssertEqual(fahrenheit.value, 50)
  }

  func testTheDerivedSideCanTakeThePropertysValue() throws {
    let fahrenheit = Property(32.0)
    let celsius = Derived(
      isSame: ==, get: { (fahrenheit.value - 32) * 5 / 9 }, set: { fahrenheit.value = $0 * 9 / 5 + 32 })
    let field = Property(100.0)
    let link = try celsius.bindTwoWayChecked(with: field, takesOthersValue: true)
    XCTAssertEqual(fahrenheit.value, 212)
    XCTAssertEqual(celsius.value, 100)
    withExtendedLifetime(link) {}
  }

  func testAReadOnlyDerivedValueCannotBeBoundBothWays() {
    let a = Property(1)
    let b = Derived(label: "b") { a.value }
    XCTAssertThrowsError(try b.bindTwoWayChecked(with: Property(0))) {
      XCTAssertEqual($0 as? ReactiveError, .readOnly("b"))
    }
  }
}

/// Issue 14's APIs under concurrent use (run under ThreadSanitizer by `make tsan`).
final class SemanticsThreadSafetyTests: RuntimeTestCase {
  func testFailedDerivedValuesReadAndRecoverFromManyThreads() throws {
    struct Odd: Error {}
    let source = Property(0)
    let even = try Derived { () throws -> Int in
      let value = source.value
      if value % 2 != 0 { throw Odd() }
      return value
    }
    let token = even.observe { _ in }
    DispatchQueue.concurrentPerform(iterations: 4) { worker in
      for step in 0..<300 {
        if worker == 0 {
          try? source.set(step)
        } else {
          // Either the value of an even input or the error of an odd one.
          do {
            let value = try even.get()
            XCTAssertEqual(value % 2, 0)
          } catch {
            XCTAssertTrue(error is Odd)
          }
          _ = untracked { source.value }
        }
      }
    }
    try source.set(1000)
    XCTAssertEqual(try even.get(), 1000)
    token.dispose()
  }

  func testEffectsAreMadeAndDisposedFromManyThreads() throws {
    let source = Property(0)
    let cleanups = Log()
    DispatchQueue.concurrentPerform(iterations: 4) { worker in
      for step in 0..<100 {
        let effect = try? Effect {
          _ = source.value
          onCleanup { cleanups.append("\(worker).\(step)") }
        }
        try? source.set(worker * 1000 + step)
        effect?.dispose()
      }
    }
    // Each effect cleaned up once per run that ended: at least at disposal.
    XCTAssertGreaterThanOrEqual(cleanups.entries.count, 400)
  }
}
