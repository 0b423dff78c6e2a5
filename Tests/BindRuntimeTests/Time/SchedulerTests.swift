import Foundation
import XCTest
@testable import BindRuntime

/// Timers on virtual time: due order, `now` inside a timer, repetition,
/// cancellation, and host tasks that sleep on the scheduler's clock.
final class SchedulerTests: XCTestCase {
  func testTimersFireInDueOrderAndSameTimeInCreationOrder() {
    let scheduler = Scheduler()
    var fired: [String] = []
    scheduler.schedule(after: .milliseconds(300)) { fired.append("c@\(scheduler.now)") }
    scheduler.schedule(after: .milliseconds(100)) { fired.append("a@\(scheduler.now)") }
    scheduler.schedule(after: .milliseconds(300)) { fired.append("d@\(scheduler.now)") }
    scheduler.schedule(after: .milliseconds(200)) { fired.append("b@\(scheduler.now)") }
    scheduler.advance(by: .milliseconds(250))
    XCTAssertEqual(fired, ["a@0.1 seconds", "b@0.2 seconds"])
    XCTAssertEqual(scheduler.now, .milliseconds(250), "time ends at the end of the wait")
    scheduler.advance(by: .milliseconds(50))
    XCTAssertEqual(fired, ["a@0.1 seconds", "b@0.2 seconds", "c@0.3 seconds", "d@0.3 seconds"])
    XCTAssertEqual(scheduler.pendingTimerCount, 0)
  }

  func testATimerScheduledByATimerFiresInTheSameAdvanceWhenDue() {
    let scheduler = Scheduler()
    var fired: [Duration] = []
    scheduler.schedule(after: .milliseconds(100)) {
      fired.append(scheduler.now)
      scheduler.schedule(after: .milliseconds(100)) { fired.append(scheduler.now) }
      scheduler.schedule(after: .zero) { fired.append(scheduler.now) }
    }
    scheduler.advance(by: .seconds(1))
    XCTAssertEqual(fired, [.milliseconds(100), .milliseconds(100), .milliseconds(200)])
  }

  func testRepeatingTimerDoesNotDriftAndStopsWhenDisposed() {
    let scheduler = Scheduler()
    var ticks: [Duration] = []
    var timer: ScheduledTimer?
    timer = scheduler.schedule(every: .milliseconds(300)) {
      ticks.append(scheduler.now)
      if ticks.count == 3 { timer?.dispose() }
    }
    scheduler.advance(by: .seconds(2))
    XCTAssertEqual(ticks, [.milliseconds(300), .milliseconds(600), .milliseconds(900)])
    XCTAssertTrue(timer!.isDisposed)
    XCTAssertEqual(scheduler.pendingTimerCount, 0)
  }

  func testDisposedTimerNeverFiresEvenWhenDueInTheSameAdvance() {
    let scheduler = Scheduler()
    var fired: [String] = []
    let later = scheduler.schedule(after: .milliseconds(200)) { fired.append("later") }
    scheduler.schedule(after: .milliseconds(100)) { later.dispose(); fired.append("first") }
    scheduler.advance(by: .seconds(1))
    XCTAssertEqual(fired, ["first"])
  }

  func testStepLimitStopsALongWait() {
    let scheduler = Scheduler()
    var count = 0
    scheduler.schedule(every: .milliseconds(1)) { count += 1 }
    struct Limit: Error {}
    var steps = 0
    XCTAssertThrowsError(try scheduler.advance(by: .seconds(3600), step: {
      steps += 1
      if steps > 1000 { throw Limit() }
    }))
    XCTAssertEqual(count, 1000)
    XCTAssertEqual(scheduler.now, .milliseconds(1000), "time stays at the last timer that fired")
  }

  func testManyCancelledTimersDoNotPileUp() {
    let scheduler = Scheduler()
    var fired = 0
    for round in 0..<10_000 {
      let timer = scheduler.schedule(after: .milliseconds(500 + round)) { fired += 1 }
      if round % 100 != 0 { timer.dispose() }
    }
    XCTAssertEqual(scheduler.pendingTimerCount, 100)
    scheduler.advance(by: .seconds(20))
    XCTAssertEqual(fired, 100)
  }

  // MARK: Host tasks

  func testCapturedTaskSleepsOnTheVirtualClock() throws {
    let scheduler = Scheduler()
    let log = TaskLog()
    let clock = scheduler.clock
    TaskCapture.routing(to: scheduler) {
      Task {
        log.append("start at \(clock.now.offset)")
        try await clock.sleep(for: .milliseconds(300))
        log.append("woke at \(clock.now.offset)")
      }
    }
    XCTAssertEqual(log.entries, [], "a task runs only when the scheduler lets it")
    scheduler.runReady()
    XCTAssertEqual(log.entries, ["start at 0.0 seconds"])
    scheduler.advance(by: .milliseconds(299))
    XCTAssertEqual(log.entries, ["start at 0.0 seconds"])
    scheduler.advance(by: .milliseconds(1))
    XCTAssertEqual(log.entries, ["start at 0.0 seconds", "woke at 0.3 seconds"])
  }

  func testCancellingASleepingTaskEndsItsSleep() throws {
    let scheduler = Scheduler()
    let log = TaskLog()
    let clock = scheduler.clock
    let task = TaskCapture.routing(to: scheduler) {
      Task {
        do {
          try await clock.sleep(for: .seconds(10))
          log.append("woke")
        } catch {
          log.append("cancelled at \(clock.now.offset)")
        }
      }
    }
    scheduler.runReady()
    task.cancel()
    scheduler.runReady()
    XCTAssertEqual(log.entries, ["cancelled at 0.0 seconds"])
    XCTAssertEqual(scheduler.pendingTimerCount, 0)
  }

  /// Two sessions route at once, each to its own scheduler (two test
  /// suites in parallel): neither runs the other's tasks.
  func testEachSchedulerGetsOnlyItsOwnTasks() {
    let first = Scheduler()
    let second = Scheduler()
    let log = TaskLog()
    TaskCapture.routing(to: first) { Task { log.append("first") } }
    TaskCapture.routing(to: second) { Task { log.append("second") } }
    XCTAssertEqual(first.readyJobCount, 1)
    XCTAssertEqual(second.readyJobCount, 1)
    second.runReady()
    XCTAssertEqual(log.entries, ["second"])
    first.runReady()
    XCTAssertEqual(log.entries, ["second", "first"])
  }

  func testATaskOutsideAnyRouteRunsOnSwiftsExecutors() {
    let scheduler = Scheduler()
    let done = DispatchSemaphoreBox()
    Task { done.signal() }
    XCTAssertTrue(done.wait(seconds: 5))
    XCTAssertEqual(scheduler.readyJobCount, 0)
  }

  /// A session that ends: its jobs go back to Swift's executors, and the
  /// tasks sleeping on its clock wake with `CancellationError`, so none is
  /// left waiting for a time that will not come.
  func testClosingHandsJobsBackAndWakesSleepers() throws {
    let scheduler = Scheduler()
    let ran = DispatchSemaphoreBox()
    let woke = DispatchSemaphoreBox()
    let clock = scheduler.clock
    TaskCapture.routing(to: scheduler) {
      Task {
        do {
          try await clock.sleep(for: .seconds(60))
        } catch is CancellationError {
          woke.signal()
        }
      }
    }
    scheduler.runReady()
    XCTAssertEqual(scheduler.pendingTimerCount, 1)
    TaskCapture.routing(to: scheduler) { Task { ran.signal() } }
    XCTAssertEqual(scheduler.readyJobCount, 1)
    scheduler.close()
    XCTAssertTrue(ran.wait(seconds: 5), "the job ran on the global executor once released")
    XCTAssertTrue(woke.wait(seconds: 5), "the sleep ended with CancellationError")
    XCTAssertEqual(scheduler.pendingTimerCount, 0)
  }
}

/// A log that tasks on other executors may append to.
final class TaskLog: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [String] = []
  var entries: [String] { lock.withLock { storage } }
  func append(_ entry: String) { lock.withLock { storage.append(entry) } }
}

final class DispatchSemaphoreBox: @unchecked Sendable {
  private let semaphore = DispatchSemaphore(value: 0)
  func signal() { semaphore.signal() }
  func wait(seconds: Int) -> Bool { semaphore.wait(timeout: .now() + .seconds(seconds)) == .success }
}
