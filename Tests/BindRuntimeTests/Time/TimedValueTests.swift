import Foundation
import XCTest
@testable import BindRuntime

/// `debounced`, `throttled` and `delayed` on observable values, on virtual
/// time: whole timelines of what observers saw, lifetimes, ordering among
/// timers, and the lock discipline of the writes.
final class TimedValueTests: RuntimeTestCase {
  // MARK: Debounce

  func testDebounceResetsOnEveryChangeAndFiresOnce() {
    let scheduler = Scheduler()
    let text = Property("")
    let query = text.debounced(for: .ms(300), on: scheduler)
    let timeline = Timeline(scheduler)
    let token = timeline.observe(query)
    text.value = "a"
    scheduler.advance(to: 100)
    text.value = "ab"
    scheduler.advance(to: 250)
    text.value = "abc"
    XCTAssertEqual(scheduler.pendingTimerCount, 1, "one timer, however often the value changes")
    scheduler.advance(to: 549)
    XCTAssertEqual(query.value, "", "quiet for 299ms only")
    scheduler.advance(to: 2_000)
    XCTAssertEqual(timeline.lines, ["550ms:  -> abc"])
    XCTAssertEqual(scheduler.pendingTimerCount, 0)
    withExtendedLifetime(token) {}
  }

  func testASnapshotShowsWhatATimedValueFollowsInsteadOfItsObserver() {
    let scheduler = Scheduler()
    let text = Property("", label: "field.text")
    let query = text.debounced(for: .ms(300), on: scheduler)
    let token = text.observeChanges { _, _ in }
    var snapshot = ReactiveGraph.shared.snapshot()
    let source = snapshot.nodes.first { $0.id == text.id }
    let timed = snapshot.nodes.first { $0.id == query.id }
    XCTAssertEqual(timed?.followedID, text.id)
    XCTAssertEqual(timed?.label, "debounced(field.text, 0.3 seconds)")
    XCTAssertEqual(source?.observerCount, 1, "the debounce's own observer is its edge, not an observer")
    XCTAssertNil(source?.followedID)
    query.dispose()
    snapshot = ReactiveGraph.shared.snapshot()
    XCTAssertNil(snapshot.nodes.first { $0.id == query.id }?.followedID, "a disposed operator follows nothing")
    withExtendedLifetime(token) {}
  }

  func testDebounceStartsWithTheSourceValueAndDeliversEachQuietBurst() {
    let scheduler = Scheduler()
    let count = Property(7)
    let settled = count.debounced(for: .ms(100), on: scheduler)
    XCTAssertEqual(settled.value, 7)
    let timeline = Timeline(scheduler)
    let token = timeline.observe(settled)
    count.value = 8
    scheduler.advance(to: 50)
    count.value = 9
    scheduler.advance(to: 400)
    count.value = 10
    scheduler.advance(to: 1_000)
    XCTAssertEqual(timeline.lines, ["150ms: 7 -> 9", "500ms: 9 -> 10"])
    withExtendedLifetime(token) {}
  }

  func testDebounceFollowsTheRuntimesRuleForEqualValues() {
    let scheduler = Scheduler()
    let text = Property("a")
    let query = text.debounced(for: .ms(300), on: scheduler)
    let timeline = Timeline(scheduler)
    let token = timeline.observe(query)
    text.value = "ab"
    scheduler.advance(to: 200)
    text.value = "ab"  // no change: the wait is not restarted
    scheduler.advance(to: 300)
    text.value = "abc"
    scheduler.advance(to: 400)
    text.value = "ab"  // back to the output's value before the burst settles
    scheduler.advance(to: 2_000)
    XCTAssertEqual(timeline.lines, ["300ms: a -> ab"], "the burst abc -> ab ends where the output is")
    withExtendedLifetime(token) {}
  }

  // MARK: Throttle

  func testThrottlePassesTheFirstChangeAtOnceThenTheLatestAtTheEndOfEachInterval() {
    let scheduler = Scheduler()
    let fraction = Property(0)
    let progress = fraction.throttled(for: .ms(300), on: scheduler)
    let timeline = Timeline(scheduler)
    let token = timeline.observe(progress)
    fraction.value = 1  // leading: at once
    XCTAssertEqual(progress.value, 1)
    scheduler.advance(to: 100)
    fraction.value = 2
    scheduler.advance(to: 200)
    fraction.value = 3  // trailing: the latest of the interval, at 300
    scheduler.advance(to: 350)
    fraction.value = 4  // the trailing value opened [300, 600)
    scheduler.advance(to: 1_000)  // [600, 900) ends with nothing held: closed
    fraction.value = 5  // leading again
    scheduler.advance(to: 1_100)
    fraction.value = 6
    scheduler.advance(to: 2_000)
    XCTAssertEqual(
      timeline.lines, ["0ms: 0 -> 1", "300ms: 1 -> 3", "600ms: 3 -> 4", "1000ms: 4 -> 5", "1300ms: 5 -> 6"])
    XCTAssertEqual(scheduler.pendingTimerCount, 0)
    withExtendedLifetime(token) {}
  }

  func testThrottleHeldValueEqualToTheOutputIsNoChangeButStillOpensAnInterval() {
    let scheduler = Scheduler()
    let level = Property(0)
    let throttled = level.throttled(for: .ms(100), on: scheduler)
    let timeline = Timeline(scheduler)
    let token = timeline.observe(throttled)
    level.value = 1
    level.value = 2
    level.value = 1  // held: equal to the output
    scheduler.advance(to: 150)
    level.value = 3  // inside [100, 200), opened by the held value
    scheduler.advance(to: 1_000)
    XCTAssertEqual(timeline.lines, ["0ms: 0 -> 1", "200ms: 1 -> 3"])
    withExtendedLifetime(token) {}
  }

  // MARK: Delay

  func testDelayDeliversEveryChangeLaterInOrder() {
    let scheduler = Scheduler()
    let step = Property(0)
    let shown = step.delayed(by: .ms(300), on: scheduler)
    let timeline = Timeline(scheduler)
    let token = timeline.observe(shown)
    step.value = 1
    step.value = 2  // same instant: delivered at the same time, after 1
    scheduler.advance(to: 50)
    step.value = 3
    scheduler.advance(to: 100)
    step.value = 2
    XCTAssertEqual(scheduler.pendingTimerCount, 4)
    scheduler.advance(to: 1_000)
    XCTAssertEqual(timeline.lines, ["300ms: 0 -> 1", "300ms: 1 -> 2", "350ms: 2 -> 3", "400ms: 3 -> 2"])
    withExtendedLifetime(token) {}
  }

  func testDelayedChangeBackToTheOutputValueIsNoChange() {
    let scheduler = Scheduler()
    let flag = Property(false)
    let delayed = flag.delayed(by: .ms(100), on: scheduler)
    let timeline = Timeline(scheduler)
    let token = timeline.observe(delayed)
    flag.value = true
    scheduler.advance(to: 100)  // delivered: true
    flag.value = false
    flag.value = true  // two changes, delivered at 200: false, then true
    scheduler.advance(to: 500)
    XCTAssertEqual(timeline.lines, ["100ms: false -> true", "200ms: true -> false", "200ms: false -> true"])
    withExtendedLifetime(token) {}
  }

  // MARK: Downstream: bindings, derived values, the lock

  func testOutputPropagatesLikeAPropertyWriteWithObserversOutsideTheLock() {
    let scheduler = Scheduler()
    let text = Property("")
    let target = Property("")
    let debounced = text.debounced(for: .ms(200), on: scheduler)
    let upper = debounced.map { $0.uppercased() }
    let binding = debounced.bind(to: target)
    let timeline = Timeline(scheduler)
    var lockHeld: [Bool] = []
    let tokens = [
      timeline.observe(target, as: "target"),
      timeline.observe(upper, as: "upper"),
      debounced.observe { [graph] _ in lockHeld.append(graph.isLockedByCurrentThread) },
    ]
    text.value = "ada"
    scheduler.advance(to: 1_000)
    XCTAssertEqual(timeline.lines, ["200ms: target  -> ada", "200ms: upper  -> ADA"])
    XCTAssertEqual(lockHeld, [false], "observers of the output run after the lock is released")
    withExtendedLifetime((binding, tokens)) {}
  }

  func testDebouncedBindingNeedsNoOtherOwner() {
    let scheduler = Scheduler()
    let text = Property("")
    let target = Property("")
    let binding = text.debounced(for: .ms(100), on: scheduler).bind(to: target)
    text.value = "kept alive by its binding"
    scheduler.advance(to: 100)
    XCTAssertEqual(target.value, "kept alive by its binding")
    binding.dispose()
    text.value = "after dispose"
    scheduler.advance(to: 1_000)
    XCTAssertEqual(target.value, "kept alive by its binding")
    XCTAssertEqual(scheduler.pendingTimerCount, 0)
  }

  // MARK: Lifetime

  func testDisposingADebouncedValueCancelsItsPendingTimerAndCompletesIt() {
    let scheduler = Scheduler()
    let text = Property("")
    let target = Property("")
    let query = text.debounced(for: .ms(300), on: scheduler)
    let binding = query.bind(to: target)
    let timeline = Timeline(scheduler)
    let token = timeline.observe(query)
    text.value = "a"
    scheduler.advance(to: 100)
    XCTAssertEqual(scheduler.pendingTimerCount, 1)
    query.dispose()
    XCTAssertEqual(scheduler.pendingTimerCount, 0, "the pending timer is cancelled")
    XCTAssertTrue(query.isDisposed)
    XCTAssertTrue(binding.isDisposed, "bindings from it end")
    text.value = "ab"
    scheduler.advance(to: 2_000)
    XCTAssertEqual(timeline.lines, ["100ms: completed"])
    XCTAssertEqual(target.value, "")
    query.dispose()  // idempotent
    XCTAssertEqual(text.observerCount, 0, "the subscription to the source is gone")
    withExtendedLifetime(token) {}
  }

  func testDeallocatingATimedValueCancelsItsTimerAndLeavesNothingBehind() {
    let scheduler = Scheduler()
    let text = Property("")
    weak var weakQuery: TimedValue<String>?
    weak var weakThrottled: TimedValue<String>?
    weak var weakDelayed: TimedValue<String>?
    do {
      let query = text.debounced(for: .ms(300), on: scheduler)
      let throttled = text.throttled(for: .ms(300), on: scheduler)
      let delayed = text.delayed(by: .ms(300), on: scheduler)
      (weakQuery, weakThrottled, weakDelayed) = (query, throttled, delayed)
      text.value = "a"
      text.value = "ab"
      XCTAssertEqual(scheduler.pendingTimerCount, 4)
    }
    XCTAssertNil(weakQuery, "a pending timer does not keep its output alive")
    XCTAssertNil(weakThrottled)
    XCTAssertNil(weakDelayed)
    XCTAssertEqual(scheduler.pendingTimerCount, 0)
    XCTAssertEqual(text.observerCount, 0)
    scheduler.advance(to: 1_000)
  }

  func testWhenTheSourceGoesThePendingValueIsDeliveredThenTheOutputCompletes() {
    let scheduler = Scheduler()
    var person: Person? = Person(name: "Ada")
    let name = person!.$name.debounced(for: .ms(300), on: scheduler)
    let shown = person!.$name.delayed(by: .ms(100), on: scheduler)
    let timeline = Timeline(scheduler)
    let tokens = [timeline.observe(name, as: "debounced"), timeline.observe(shown, as: "delayed")]
    person!.name = "Grace"
    scheduler.advance(to: 50)
    person!.name = "Edsger"
    person = nil  // the source completes with a value pending
    XCTAssertFalse(name.isDisposed)
    scheduler.advance(to: 1_000)
    XCTAssertEqual(
      timeline.lines,
      [
        "100ms: delayed Ada -> Grace", "150ms: delayed Grace -> Edsger", "150ms: delayed completed",
        "350ms: debounced Ada -> Edsger", "350ms: debounced completed",
      ])
    XCTAssertTrue(name.isDisposed)
    withExtendedLifetime(tokens) {}
  }

  func testWhenTheSourceGoesWithNothingPendingTheOutputCompletesAtOnce() {
    let scheduler = Scheduler()
    var person: Person? = Person(name: "Ada")
    let throttled = person!.$name.throttled(for: .ms(300), on: scheduler)
    let timeline = Timeline(scheduler)
    let token = timeline.observe(throttled)
    person!.name = "Grace"  // leading, at once; the interval stays open
    scheduler.advance(to: 100)
    person = nil
    XCTAssertEqual(timeline.lines, ["0ms: Ada -> Grace", "100ms: completed"])
    XCTAssertEqual(scheduler.pendingTimerCount, 0, "the open interval's timer is cancelled")
    withExtendedLifetime(token) {}
  }

  func testATimedValueOfACompletedSourceIsCompletedFromTheStart() {
    let scheduler = Scheduler()
    let constant = Derived { 42 }  // reads nothing: complete from the start
    let delayed = constant.delayed(by: .ms(10), on: scheduler)
    XCTAssertTrue(delayed.isDisposed)
    XCTAssertEqual(delayed.value, 42)
    let timeline = Timeline(scheduler)
    let token = timeline.observe(delayed)
    XCTAssertEqual(timeline.lines, ["0ms: completed"])
    withExtendedLifetime(token) {}
  }

  // MARK: Time and ordering

  func testATimerThatWritesAPropertyADebounceReads() {
    let scheduler = Scheduler()
    let text = Property("")
    let query = text.debounced(for: .ms(300), on: scheduler)
    let timeline = Timeline(scheduler)
    let token = timeline.observe(query)
    scheduler.schedule(after: .ms(100)) { text.value = "typed" }
    scheduler.schedule(after: .ms(250)) { text.value = "typed more" }
    scheduler.advance(by: .seconds(1))
    XCTAssertEqual(timeline.lines, ["550ms:  -> typed more"], "the wait counts from the timer's due time")
    withExtendedLifetime(token) {}
  }

  func testADebounceFiresAmongSameTimeTimersAsIfMadeAtItsLatestChange() {
    let scheduler = Scheduler()
    let text = Property("")
    let query = text.debounced(for: .ms(300), on: scheduler)
    let timeline = Timeline(scheduler)
    let token = timeline.observe(query)
    text.value = "a"
    scheduler.schedule(after: .ms(400)) { timeline.record("timer made before the latest change") }
    scheduler.advance(to: 100)
    text.value = "ab"  // due at 400; its first timer was armed for 300
    scheduler.schedule(after: .ms(300)) { timeline.record("timer made after the latest change") }
    scheduler.advance(to: 1_000)
    XCTAssertEqual(
      timeline.lines,
      [
        "400ms: timer made before the latest change", "400ms:  -> ab", "400ms: timer made after the latest change",
      ])
    withExtendedLifetime(token) {}
  }

  func testDelayAndThrottleTimersTakeTheirPlaceByCreation() {
    let scheduler = Scheduler()
    let value = Property(0)
    let delayed = value.delayed(by: .ms(100), on: scheduler)
    let throttled = value.throttled(for: .ms(100), on: scheduler)
    let timeline = Timeline(scheduler)
    let tokens = [timeline.observe(delayed, as: "delayed"), timeline.observe(throttled, as: "throttled")]
    value.value = 1  // delay's timer, then throttle's interval (observers in subscription order)
    scheduler.schedule(after: .ms(100)) { timeline.record("timer") }
    value.value = 2  // delay's second timer, after the plain one; throttle holds 2
    scheduler.advance(to: 1_000)
    XCTAssertEqual(
      timeline.lines,
      [
        "0ms: throttled 0 -> 1", "100ms: delayed 0 -> 1", "100ms: throttled 1 -> 2", "100ms: timer",
        "100ms: delayed 1 -> 2",
      ])
    withExtendedLifetime(tokens) {}
  }

  func testLongWaitOverARepeatingTimerFeedingADebounce() {
    let scheduler = Scheduler()
    let ticks = Property(0)
    let settled = ticks.debounced(for: .ms(5), on: scheduler)
    var fired = 0
    let timer = scheduler.schedule(every: .ms(1)) { fired += 1; ticks.value = fired }
    scheduler.advance(by: .seconds(10))
    XCTAssertEqual(fired, 10_000)
    XCTAssertEqual(settled.value, 0, "never quiet for 5ms")
    timer.dispose()
    scheduler.advance(by: .ms(5))
    XCTAssertEqual(settled.value, 10_000)
  }

  // MARK: Threads

  func testChangesFromManyThreadsSettleOnTheSourcesLastValue() {
    let scheduler = Scheduler()
    let value = Property(0)
    let debounced = value.debounced(for: .ms(10), on: scheduler)
    let throttled = value.throttled(for: .ms(10), on: scheduler)
    let delayed = value.delayed(by: .ms(10), on: scheduler)
    let writers = 4
    let done = Counter()
    DispatchQueue.concurrentPerform(iterations: writers + 1) { index in
      if index == writers {
        while done.value < writers { scheduler.advance(by: .ms(1)) }
      } else {
        for step in 1...500 { value.value = index * 1_000 + step }
        done.increment()
      }
    }
    // Observers of writes from different threads run in no set order, so
    // the operators may have seen them in another order: one last write
    // from here decides.
    value.value = -1
    scheduler.advance(by: .seconds(1))
    XCTAssertEqual(debounced.value, -1)
    XCTAssertEqual(throttled.value, -1)
    XCTAssertEqual(delayed.value, -1)
    XCTAssertEqual(scheduler.pendingTimerCount, 0)
  }
}
