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

  func testADroppedSchedulerReleasesItsPendingTimers() {
    weak var weakTimer: ScheduledTimer?
    do {
      let scheduler = Scheduler()
      weakTimer = scheduler.schedule(after: .seconds(1)) {}
      XCTAssertNotNil(weakTimer, "the scheduler holds a pending timer")
    }
    XCTAssertNil(weakTimer)
  }
}
