import XCTest
@testable import BindRuntime

/// The timer heap against a sorted list, on pseudo-random due times with
/// many ties and cancellations, so that every sift path is exercised.
final class TimerQueueTests: XCTestCase {
  func testTimersFireInDueThenCreationOrderWithCancellations() {
    let scheduler = Scheduler()
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    func next(_ range: UInt64) -> Int {
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      return Int(state % range)
    }
    var fired: [Int] = []
    var expected: [(due: Int, index: Int)] = []
    var timers: [ScheduledTimer] = []
    for index in 0..<5_000 {
      let due = next(500)  // ~10 timers per instant
      timers.append(scheduler.schedule(after: .milliseconds(due)) { fired.append(index) })
      expected.append((due, index))
    }
    var cancelled = Set<Int>()
    for _ in 0..<3_000 {
      let index = next(5_000)
      timers[index].dispose()
      cancelled.insert(index)
    }
    XCTAssertEqual(scheduler.pendingTimerCount, 5_000 - cancelled.count)
    scheduler.advance(by: .seconds(1))
    let order = expected.filter { !cancelled.contains($0.index) }
      .sorted { $0.due < $1.due || ($0.due == $1.due && $0.index < $1.index) }.map(\.index)
    XCTAssertEqual(fired, order)
    XCTAssertEqual(scheduler.pendingTimerCount, 0)
  }

  /// The scheduler holds a pending timer's action (not its handle, which
  /// only its caller holds); dropping the scheduler releases it.
  func testADroppedSchedulerReleasesItsPendingTimers() {
    final class Captured {}
    weak var weakCaptured: Captured?
    weak var weakTimer: ScheduledTimer?
    do {
      let scheduler = Scheduler()
      do {
        let captured = Captured()
        weakCaptured = captured
        weakTimer = scheduler.schedule(after: .seconds(1)) { withExtendedLifetime(captured) {} }
      }
      XCTAssertNotNil(weakCaptured, "the scheduler holds a pending timer's action")
      XCTAssertNil(weakTimer, "and not the handle its caller dropped")
      XCTAssertEqual(scheduler.pendingTimerCount, 1)
    }
    XCTAssertNil(weakCaptured)
  }

  func testADroppedHandleDoesNotCancelItsTimer() {
    let scheduler = Scheduler()
    var fired: [String] = []
    _ = scheduler.schedule(after: .milliseconds(10)) { fired.append("once") }
    _ = scheduler.schedule(every: .milliseconds(20)) { fired.append("every") }
    scheduler.advance(by: .milliseconds(45))
    XCTAssertEqual(fired, ["once", "every", "every"])
    XCTAssertEqual(scheduler.pendingTimerCount, 1)
  }

  /// A one-shot timer that fired is over, and disposing it changes nothing:
  /// the queue tells pending timers from fired ones by their keys.
  func testDisposingAFiredTimerLeavesThePendingOnesAlone() {
    let scheduler = Scheduler()
    var fired: [String] = []
    let first = scheduler.schedule(after: .milliseconds(10)) { fired.append("first") }
    scheduler.schedule(after: .milliseconds(30)) { fired.append("second") }
    scheduler.advance(by: .milliseconds(20))
    XCTAssertTrue(first.isDisposed, "a one-shot timer that fired is over")
    first.dispose()
    XCTAssertTrue(first.isDisposed)
    XCTAssertEqual(scheduler.pendingTimerCount, 1)
    scheduler.advance(by: .milliseconds(20))
    XCTAssertEqual(fired, ["first", "second"])
    XCTAssertEqual(scheduler.pendingTimerCount, 0)
  }

  /// Timers made for a time before the latest one that fired (a negative
  /// delay, a time in the past, inside a firing) are still pending until
  /// they fire, and disposing one cancels it.
  func testTimersMadeForThePastFireAtOnceAndCanBeCancelled() {
    let scheduler = Scheduler()
    var fired: [String] = []
    var kept: ScheduledTimer?
    scheduler.schedule(after: .milliseconds(100)) {
      kept = scheduler.schedule(after: .milliseconds(-50)) { fired.append("kept@\(scheduler.now)") }
      let cancelled = scheduler.schedule(at: .milliseconds(10)) { fired.append("cancelled") }
      XCTAssertEqual(scheduler.pendingTimerCount, 2)
      cancelled.dispose()
      XCTAssertEqual(scheduler.pendingTimerCount, 1)
      scheduler.schedule(at: .zero) { fired.append("past@\(scheduler.now)") }
      fired.append("first")
    }
    scheduler.advance(by: .milliseconds(100))
    XCTAssertEqual(fired, ["first", "past@0.0 seconds", "kept@0.05 seconds"])
    fired = []
    scheduler.schedule(after: .milliseconds(10)) { fired.append("later") }
    let past = scheduler.schedule(at: .milliseconds(1)) { fired.append("past") }
    XCTAssertEqual(scheduler.pendingTimerCount, 2)
    past.dispose()
    kept?.dispose()
    XCTAssertEqual(scheduler.pendingTimerCount, 1)
    scheduler.advance(by: .seconds(1))
    XCTAssertEqual(fired, ["later"])
    XCTAssertEqual(scheduler.pendingTimerCount, 0)
  }

  func testDisposingARepeatingTimerBetweenFiringsStopsIt() {
    let scheduler = Scheduler()
    var ticks = 0
    let timer = scheduler.schedule(every: .milliseconds(10)) { ticks += 1 }
    scheduler.advance(by: .milliseconds(35))
    XCTAssertEqual(scheduler.pendingTimerCount, 1)
    timer.dispose()
    XCTAssertTrue(timer.isDisposed)
    XCTAssertEqual(scheduler.pendingTimerCount, 0)
    scheduler.advance(by: .seconds(1))
    XCTAssertEqual(ticks, 3)
  }
}
