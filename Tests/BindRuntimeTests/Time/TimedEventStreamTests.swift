import Foundation
import XCTest
@testable import BindRuntime

/// `debounced`, `throttled` and `delayed` on event streams: whole timelines,
/// and the returned stream's ownership of its operator.
final class TimedEventStreamTests: RuntimeTestCase {
  func testDebounceSendsTheLastPayloadOfEachQuietBurstOnce() {
    let scheduler = Scheduler()
    let keys = EventStream<String>()
    let settled = keys.debounced(for: .ms(300), on: scheduler)
    let timeline = Timeline(scheduler)
    let token = timeline.on(settled)
    keys.send("a")
    scheduler.advance(to: 100)
    keys.send("b")
    keys.send("b")  // events have no equality: each one restarts the wait
    scheduler.advance(to: 399)
    keys.send("c")
    XCTAssertEqual(scheduler.pendingTimerCount, 1)
    scheduler.advance(to: 1_000)
    keys.send("d")
    scheduler.advance(to: 2_000)
    XCTAssertEqual(timeline.lines, ["699ms: c", "1300ms: d"])
    withExtendedLifetime(token) {}
  }

  func testThrottleSendsTheFirstAtOnceAndTheLatestOfEachInterval() {
    let scheduler = Scheduler()
    let taps = EventStream<Int>()
    let throttled = taps.throttled(for: .ms(300), on: scheduler)
    let timeline = Timeline(scheduler)
    let token = timeline.on(throttled)
    taps.send(1)
    taps.send(2)
    scheduler.advance(to: 100)
    taps.send(3)
    scheduler.advance(to: 500)
    taps.send(4)  // inside [300, 600), opened by 3
    scheduler.advance(to: 1_000)
    taps.send(5)  // [600, 900) ended with nothing held: at once
    scheduler.advance(to: 2_000)
    XCTAssertEqual(timeline.lines, ["0ms: 1", "300ms: 3", "600ms: 4", "1000ms: 5"])
    withExtendedLifetime(token) {}
  }

  func testDelaySendsEveryPayloadLaterInOrderEqualOnesIncluded() {
    let scheduler = Scheduler()
    let events = EventStream<String>()
    let delayed = events.delayed(by: .ms(200), on: scheduler)
    let timeline = Timeline(scheduler)
    let token = timeline.on(delayed)
    events.send("x")
    events.send("x")
    scheduler.advance(to: 50)
    events.send("y")
    scheduler.advance(to: 1_000)
    XCTAssertEqual(timeline.lines, ["200ms: x", "200ms: x", "250ms: y"])
    withExtendedLifetime(token) {}
  }

  func testAVoidEventIsDebounced() {
    let scheduler = Scheduler()
    let button = Button()
    let taps = button.tap.debounced(for: .ms(100), on: scheduler)
    let timeline = Timeline(scheduler)
    let token = taps.on { timeline.record("tap") }
    button.tap.send()
    button.tap.send()
    scheduler.advance(to: 500)
    XCTAssertEqual(timeline.lines, ["100ms: tap"])
    withExtendedLifetime(token) {}
  }

  func testDroppingTheTimedStreamRemovesItsHandlerAndCancelsItsTimer() {
    let scheduler = Scheduler()
    let source = EventStream<Int>()
    weak var weakDebounced: EventStream<Int>?
    let timeline = Timeline(scheduler)
    do {
      let debounced = source.debounced(for: .ms(100), on: scheduler)
      let throttled = source.throttled(for: .ms(100), on: scheduler)
      let delayed = source.delayed(by: .ms(100), on: scheduler)
      weakDebounced = debounced
      let tokens = [timeline.on(debounced), timeline.on(throttled), timeline.on(delayed)]
      XCTAssertEqual(source.handlerCount, 3)
      source.send(1)
      source.send(2)
      XCTAssertEqual(scheduler.pendingTimerCount, 4)
      withExtendedLifetime(tokens) {}
    }
    XCTAssertNil(weakDebounced, "neither the source nor a pending timer keeps the stream alive")
    XCTAssertEqual(source.handlerCount, 0)
    XCTAssertEqual(scheduler.pendingTimerCount, 0)
    scheduler.advance(to: 1_000)
    XCTAssertEqual(timeline.lines, ["0ms: 1"], "only the throttle's first, sent at once")
  }

  func testPendingPayloadsArriveAfterTheSourceStreamIsGone() {
    let scheduler = Scheduler()
    var source: EventStream<String>? = EventStream<String>()
    let delayed = source!.delayed(by: .ms(100), on: scheduler)
    let timeline = Timeline(scheduler)
    let token = timeline.on(delayed)
    source!.send("last words")
    source = nil
    scheduler.advance(to: 1_000)
    XCTAssertEqual(timeline.lines, ["100ms: last words"])
    withExtendedLifetime(token) {}
  }

  func testHandlersOfTheTimedStreamRunWithoutTheLock() {
    let scheduler = Scheduler()
    let source = EventStream<Int>()
    let delayed = source.delayed(by: .ms(10), on: scheduler)
    let counter = Property(0)
    var lockHeld: [Bool] = []
    let token = delayed.on { [graph] value in
      lockHeld.append(graph.isLockedByCurrentThread)
      counter.value = value  // a handler may write
    }
    source.send(7)
    scheduler.advance(to: 100)
    XCTAssertEqual(lockHeld, [false])
    XCTAssertEqual(counter.value, 7)
    withExtendedLifetime(token) {}
  }

  func testAHandlerThatSendsBackIntoTheThrottledSourceIsHeldNotNested() {
    let scheduler = Scheduler()
    let source = EventStream<Int>()
    let throttled = source.throttled(for: .ms(100), on: scheduler)
    let timeline = Timeline(scheduler)
    let token = throttled.on { value in
      timeline.record("\(value)")
      if value < 3 { source.send(value + 1) }  // arrives while the interval is open
    }
    source.send(1)
    scheduler.advance(to: 1_000)
    XCTAssertEqual(timeline.lines, ["0ms: 1", "100ms: 2", "200ms: 3"])
    withExtendedLifetime(token) {}
  }
}
