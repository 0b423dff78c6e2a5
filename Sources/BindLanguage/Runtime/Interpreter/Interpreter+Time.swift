import BindRuntime
import BindSyntax

/// Time in scripts: `now`, `wait`, and the timers `after` and `every` make.
/// Every timer firing counts as one step against the statement's step
/// limit, so a `wait` over a storm of timers ends in an error, not a hang.
extension Interpreter {
  /// `wait DURATION`: lets script time pass, firing the timers that come due
  /// and running ready host tasks. `wait` alone is `wait 0ms`: the ready
  /// tasks and the timers due now run, and time stays.
  func wait(for duration: Duration?, at range: SourceRange, in file: SourceFile) throws {
    if ReactiveGraph.shared.isLockedByCurrentThread {
      throw ScriptError(
        .waitNotHere(inTimer: false),
        at: range, in: file)
    }
    if scheduler.isFiring {
      throw ScriptError(
        .waitNotHere(inTimer: true), at: range, in: file)
    }
    let duration = duration ?? .zero
    try Interpreter.checkWaitable(duration, at: range, in: file)
    if let cooperative = cooperativeAwait, cooperative.isWaitSite(range) {
      // A top-level `wait` from an async caller: the caller lets the time
      // pass, yielding its actor between steps (``CooperativeAwait``).
      cooperative.suspendedWait = duration
      throw HostTaskSuspensionMarker()
    }
    try scheduler.advance(
      by: duration, step: { try step(at: range, in: file, cost: Interpreter.timerFiringCost) },
      poll: { try step(at: range, in: file, cost: 0) })
  }

  /// Throws unless `duration` may pass: 0ms or more.
  static func checkWaitable(_ duration: Duration, at range: SourceRange, in file: SourceFile) throws {
    guard duration >= .zero else {
      throw ScriptError(.negativeWait(literal: duration.literal), at: range, in: file)
    }
  }

  /// With `--real-time`, how long until a timer is due (zero when one is,
  /// or a host job is ready; at most 50ms for an app's command on the main
  /// thread): how long a REPL waiting at the prompt may wait
  /// for a key before it calls ``runDueTimers()``. `nil` when nothing is
  /// pending, and always with virtual time, where time moves only when a
  /// script waits (so a saved session replays exactly).
  public var timeUntilDueTimers: Duration? {
    guard scheduler.mode == .realTime else { return nil }
    if scheduler.readyJobCount > 0 { return .zero }
    // An app's command on the main thread (`mainOnMainActor`): its models'
    // main-actor jobs wait on the main queue, which nothing announces (a
    // task back from a nonisolated service): look this often, so they run
    // at the prompt too.
    let mainQueuePoll: Duration? = hasHostClasses && scheduler.drainsMainQueueHere ? .milliseconds(50) : nil
    guard let due = scheduler.nextDueTime else { return mainQueuePoll }
    return min(max(due - scheduler.now, .zero), mainQueuePoll ?? .seconds(Int64.max))
  }

  /// With `--real-time`, between statements (a REPL waiting at the prompt):
  /// fires the timers the wall clock has brought due and runs ready host
  /// tasks, as `wait` would with nothing left to wait for. It counts steps
  /// as `wait` does, each call with a fresh budget, and throws what a
  /// statement would (a timer block's error, the step limit, Ctrl-C).
  /// With virtual time it does nothing.
  public func runDueTimers() throws {
    guard scheduler.mode == .realTime else { return }
    try runAsStatement {
      try scheduler.advance(by: .zero) { try countTimerFiring() }
    }
  }

  /// Counts a timer that fires or a host job that runs outside a `wait`
  /// (while a statement awaits a host task, or at the REPL's prompt), for the
  /// step limit; the caller locates the error.
  func countTimerFiring() throws {
    try step(cost: Interpreter.timerFiringCost)
  }

  /// Stops the statement when Ctrl-C came (``interruptRequested``), counting
  /// no step: what a sleep on the real clock calls now and then
  /// (``Scheduler/realTimePollInterval``), so that Ctrl-C ends a `wait 100h`
  /// or an `await` of a long sleep; the caller locates the error.
  func checkInterruption() throws {
    try step(cost: 0)
  }

  /// Steps a timer firing or a host job costs: about what running a small
  /// block costs in loop iterations, so that the step limit bounds a `wait`
  /// over a storm of timers (`every 1ms` for a year), or a task that yields
  /// forever, in about the time it bounds a loop.
  static let timerFiringCost = 16

  /// Makes the timer of an `after` (once, `interval` from now) or an `every`
  /// (each `interval`) expression; `fire` runs its block.
  func makeTimer(
    repeats: Bool, interval: Duration, name: String?, summary: String,
    at range: SourceRange, in file: SourceFile, fire: @escaping () -> Void
  ) throws -> Value {
    let timer: ScheduledTimer
    // `--trace` shows the firing before the steps its block causes, with
    // `now` at the timer's due time. Unowned: the scheduler holds the timer,
    // and only the scheduler runs it.
    let label = name.map { "\(summary) as \($0)" } ?? summary
    let traced = { [unowned scheduler] in
      ReactiveGraph.shared.traceStep(.timer(name: label, time: scheduler.now.literal))
      fire()
    }
    if repeats {
      guard interval > .zero else {
        let reason = interval == .zero ? ": it would fire forever without time passing" : ""
        throw ScriptError(.badInterval(keyword: "every", interval: interval.literal, allowsZero: false, reason: reason), at: range, in: file)
      }
      timer = scheduler.schedule(every: interval, traced)
    } else {
      guard interval >= .zero else {
        throw ScriptError(.badInterval(keyword: "after", interval: interval.literal, allowsZero: true, reason: ""), at: range, in: file)
      }
      timer = scheduler.schedule(after: interval, traced)
    }
    timerCount += 1
    connections.add(name: name, kind: .timer, summary: summary, site: SourceSite(range, in: file), token: timer)
    return .handle(ConnectionHandle(token: timer, typeName: "Timer", number: timerCount))
  }
}
