import Synchronization

/// A `Clock` on a ``Scheduler``'s time, for view-models to sleep on:
/// virtual when the scheduler is, so `wait 300ms` in a script wakes a
/// `try await clock.sleep(for: .milliseconds(300))` without real waiting.
///
/// ```swift
/// final class SearchViewModel {
///   init(clock: any Clock<Duration>) { ... }
/// }
/// let vm = SearchViewModel(clock: interpreter.scheduler.clock)
/// ```
public struct SchedulerClock: Clock, Sendable {
  /// A point on the scheduler's time: the time since it started.
  public struct Instant: InstantProtocol, Sendable {
    public var offset: Duration

    public init(offset: Duration) { self.offset = offset }

    public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    public func duration(to other: Instant) -> Duration { other.offset - offset }
    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  public let scheduler: Scheduler

  public init(scheduler: Scheduler) { self.scheduler = scheduler }

  public var now: Instant { Instant(offset: scheduler.now) }

  public var minimumResolution: Duration { .nanoseconds(1) }

  /// Suspends until the scheduler's time reaches `deadline`; throws
  /// `CancellationError` if the task is cancelled first.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let sleeper = Sleeper()
    // A session that ends wakes its sleepers: its time stops for good.
    scheduler.onClose(of: sleeper) { sleeper.finish(CancellationError()) }
    scheduler.noteSleep(sleeper, until: deadline.offset)
    defer {
      scheduler.forgetCloseHandler(of: sleeper)
      scheduler.forgetSleep(sleeper)
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
        sleeper.start(continuation, timer: scheduler.schedule(at: deadline.offset) { sleeper.finish(nil) })
      }
    } onCancel: {
      sleeper.finish(CancellationError())
    }
  }
}

/// One sleep: its continuation is resumed exactly once, by its timer or by
/// cancellation, whichever comes first.
private final class Sleeper: Sendable {
  private struct State {
    var continuation: CheckedContinuation<Void, Error>?
    var timer: ScheduledTimer?
    /// Set once: `nil` inside when the timer fired, the error when cancelled.
    var outcome: Error??
  }

  private let state = Mutex(State())

  func start(_ continuation: CheckedContinuation<Void, Error>, timer: ScheduledTimer) {
    let earlier: Error?? = state.withLock { state in
      if state.outcome == nil {
        state.continuation = continuation
        state.timer = timer
      }
      return state.outcome
    }
    // Cancelled before the continuation existed.
    guard let earlier else { return }
    timer.dispose()
    resume(continuation, with: earlier)
  }

  func finish(_ error: Error?) {
    let waiting: (CheckedContinuation<Void, Error>?, ScheduledTimer?)? = state.withLock { state in
      guard state.outcome == nil else { return nil }
      state.outcome = .some(error)
      defer { (state.continuation, state.timer) = (nil, nil) }
      return (state.continuation, state.timer)
    }
    guard let (continuation, timer) = waiting else { return }
    if error != nil { timer?.dispose() }
    if let continuation { resume(continuation, with: error) }
  }

  private func resume(_ continuation: CheckedContinuation<Void, Error>, with error: Error?) {
    if let error { continuation.resume(throwing: error) } else { continuation.resume() }
  }
}
