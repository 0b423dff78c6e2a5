import BindRuntime
import BindSyntax

/// How a statement finishes a host call whose task its async caller awaited:
/// gives the call's value, or throws the call's located error.
typealias HostTaskCompletion = (Result<Value, any Error>) throws -> Value

/// Statements run from an `async` caller: ``Interpreter/executeCooperatively(_:in:isolation:)``.
///
/// The synchronous ``Interpreter/execute(_:in:)`` lets time pass and waits
/// for host tasks by running their jobs on the interpreter's thread. A
/// `@MainActor` view-model's jobs (its `Task`s, the rest of its async
/// methods after each suspension) go to the main actor instead, and on
/// Linux the runtime gives BindScript no way to run those itself; a
/// `@MainActor` test occupies the main actor, so they cannot run until the
/// test's own job suspends. So the async entry point suspends: a top-level
/// `wait` and a statement of the form `await call(…)` hand their work back
/// to the async caller, which drives the session (``driveCooperatively``)
/// and yields its actor between steps, so main-actor jobs run at the
/// virtual instant they became ready; then the statement finishes as it
/// would have (host changes delivered, the value or the call's error),
/// within the same statement's output. A statement that uses awaited
/// values (`let x = await vm.load()`) runs those awaits first, each that
/// way, then runs with their values (``AwaitedValues``). An `await` or a
/// `wait` elsewhere (inside a function, a handler, a closure or a block)
/// cannot suspend the interpreter's Swift stack: it waits as the
/// synchronous entry point does, and when nothing is left that could
/// finish it, it fails at once with an error that says to await at
/// statement level.
final class CooperativeAwait {
  /// The call a statement `await call(…)` awaits, and its file.
  private let site: (range: SourceRange, file: SourceFile)?
  /// The range of a statement `wait DURATION`.
  private let waitSite: SourceRange?
  /// Whether the caller runs on the main actor, whose jobs cannot run
  /// while the interpreter blocks.
  let isOnMainActor: Bool
  /// The task that call started, once it has.
  var suspended: SuspendedHostTask?
  /// How long the `wait` statement lets time pass, once it has asked to.
  var suspendedWait: Duration?

  /// The values of the statement's awaits that already ran.
  let resolved: ResolvedAwaits

  init(
    site: (range: SourceRange, file: SourceFile)?, waitSite: SourceRange? = nil,
    isOnMainActor: Bool, resolved: ResolvedAwaits
  ) {
    self.site = site
    self.waitSite = waitSite
    self.isOnMainActor = isOnMainActor
    self.resolved = resolved
  }

  /// Whether the host call at `range` of `file` is the statement's awaited call.
  func isSite(_ range: SourceRange, in file: SourceFile) -> Bool {
    guard let site, suspended == nil else { return false }
    return site.range == range && site.file.path == file.path && site.file.text == file.text
  }

  /// Whether the `wait` at `range` is the statement itself.
  func isWaitSite(_ range: SourceRange) -> Bool {
    suspendedWait == nil && waitSite == range
  }
}

/// A statement-level awaited host task handed back to the async caller.
struct SuspendedHostTask {
  let outcome: HostTaskOutcome
  let task: Task<Void, Never>
  let completion: HostTaskCompletion
  /// An error a callback kept before the call (reported after it, as the
  /// synchronous path does).
  let pendingError: ScriptError?
}

/// Thrown through the statement when its awaited call or its `wait`
/// suspends; never seen outside ``Interpreter/executeCooperatively(_:in:isolation:)``.
struct HostTaskSuspensionMarker: Error {}

extension Interpreter {
  /// Compiles and runs one top-level statement from an async caller, as
  /// ``execute(_:in:)`` does, except that a statement `await call(…)` (the
  /// whole statement a call of an async host function or method) awaits the
  /// call's task, and a statement `wait DURATION` lets time pass, by
  /// suspending the caller rather than blocking its thread.
  ///
  /// Use it from the caller's actor (`isolation`), with the objects the
  /// script drives isolated to it: from a `@MainActor` test, a `@MainActor`
  /// view-model's tasks and async methods run while the test is suspended,
  /// each at the virtual instant it became ready, and what they change is
  /// reported in this statement's output.
  /// - Returns: the value of a bare expression, or `nil`.
  public func executeCooperatively(
    _ statement: Statement, in file: SourceFile, isolation: isolated (any Actor)? = #isolation
  ) async throws -> Value? {
    guard statementDepth == 0 else { return try execute(statement, in: file) }
    defer { labelSleeps(startedBy: statement, in: file) }
    let onMainActor = Self.isMainActor(isolation)
    // The caller may run inside the main queue's drain (a `@MainActor`
    // test), which MUST NOT be entered again: not even by a `wait` in a
    // function or a handler, which cannot suspend.
    let drainedMainQueue = scheduler.drainsMainQueue
    scheduler.drainsMainQueue = false
    defer { scheduler.drainsMainQueue = drainedMainQueue }
    var resolved = ResolvedAwaits(file: file)
    if case .expression(let expression) = statement, case .await = expression.unparenthesized {
      // The whole statement is the await: nothing to run after it.
    } else if let awaits = AwaitedValues.plan(for: statement) {
      // Each await whose value the statement uses runs first, as a statement
      // of its own that suspends; the statement then runs with their values.
      for awaited in awaits {
        let value = try await executeAwait(awaited, statement: statement, in: file, resolved: resolved, onMainActor: onMainActor)
        resolved.add(value, for: awaited)
      }
    }
    var site: (range: SourceRange, file: SourceFile)?
    if case .expression(let expression) = statement, case .await(let operand, _) = expression.unparenthesized,
      case .call = operand.unparenthesized
    {
      site = (operand.unparenthesized.range, file)
    }
    var waitSite: SourceRange?
    if case .wait(_, let range) = statement { waitSite = range }
    let cooperative = CooperativeAwait(site: site, waitSite: waitSite, isOnMainActor: onMainActor, resolved: resolved)
    cooperativeAwait = cooperative
    defer { cooperativeAwait = nil }
    do {
      return try execute(statement, in: file)
    } catch {
      cooperativeAwait = nil
      if let duration = cooperative.suspendedWait {
        try await finishWait(duration, statement: statement, in: file)
        return nil
      }
      guard let suspended = cooperative.suspended else { throw error }
      return try await finish(suspended, statement: statement, in: file)
    }
  }

  /// Runs `await call(…)`, one await of `statement`, as a statement of its
  /// own that suspends the caller; its errors are located at `statement`.
  /// - Returns: the call's value (`nil` when it gives none).
  private func executeAwait(
    _ awaited: Expression, statement: Statement, in file: SourceFile, resolved: ResolvedAwaits, onMainActor: Bool,
    isolation: isolated (any Actor)? = #isolation
  ) async throws -> Value {
    guard case .await(let operand, _) = awaited else { return .null }
    let call = operand.unparenthesized
    let cooperative = CooperativeAwait(site: (call.range, file), isOnMainActor: onMainActor, resolved: resolved)
    cooperativeAwait = cooperative
    defer { cooperativeAwait = nil }
    do {
      return try execute(.expression(awaited), in: file) ?? .null
    } catch {
      guard let suspended = cooperative.suspended else { throw error.asScriptError(at: statement.range, in: file) }
      cooperativeAwait = nil
      return try await finish(suspended, statement: statement, in: file) ?? .null
    }
  }

  /// Awaits a suspended statement's task, then finishes the statement.
  private func finish(
    _ suspended: SuspendedHostTask, statement: Statement, in file: SourceFile,
    isolation: isolated (any Actor)? = #isolation
  ) async throws -> Value? {
    statementDepth += 1
    defer { statementDepth -= 1 }
    do {
      let result: Result<Value, any Error>
      do {
        try await driveCooperatively(until: { suspended.outcome.result != nil })
        result = suspended.outcome.result ?? .failure(ScriptError(.interrupted))
      } catch {
        suspended.task.cancel()
        result = .failure(error)
      }
      pendingError = pendingError ?? suspended.pendingError
      let value = try suspended.completion(result)
      try endSuspendedStatement()
      return value.isNull && !lastCallProducedValue ? nil : value
    } catch {
      pendingError = nil
      throw error.asScriptError(at: statement.range, in: file)
    }
  }

  /// Lets `duration` pass for a statement `wait DURATION` that suspended.
  private func finishWait(
    _ duration: Duration, statement: Statement, in file: SourceFile, isolation: isolated (any Actor)? = #isolation
  ) async throws {
    statementDepth += 1
    defer { statementDepth -= 1 }
    do {
      try await driveCooperatively(until: { false }, end: scheduler.now + duration)
      try endSuspendedStatement()
    } catch {
      pendingError = nil
      throw error.asScriptError(at: statement.range, in: file)
    }
  }

  /// What ends every statement, for one that suspended: host changes
  /// delivered, a task's or a callback's error thrown.
  private func endSuspendedStatement() throws {
    try TaskCapture.routing(to: scheduler) {
      collectHostTaskFailure()
      deliverHostChanges()
      try throwPendingError()
    }
  }

  /// Drives the session from its async caller until `isDone()` or, with an
  /// `end`, until time reaches it: at each virtual instant, every ready job
  /// runs until it blocks (the scheduler's, and the caller's actor's, which
  /// run while this yields it), and only then does the next timer fire.
  /// Without an `end`, when nothing is ready and no timer is pending, it
  /// waits for the outside world up to ``hostTaskIdleLimit``.
  ///
  /// Jobs are routed to the scheduler while script or host code runs here
  /// (``TaskCapture/routing(to:_:)``), and, on the main actor, the jobs
  /// that leave the main queue while this drives
  /// (``TaskCapture/beginDrivingMainActor(_:)``); the test library's own
  /// tasks keep theirs.
  func driveCooperatively(
    until isDone: () -> Bool, end: Duration? = nil, isolation: isolated (any Actor)? = #isolation
  ) async throws {
    let onMainActor = Self.isMainActor(isolation)
    if onMainActor { TaskCapture.beginDrivingMainActor(scheduler) }
    defer { if onMainActor { TaskCapture.endDrivingMainActor(scheduler) } }
    let step = { [unowned self] in try self.countTimerFiring() }
    let poll = { [unowned self] in try self.checkInterruption() }
    var idle = Duration.zero
    while true {
      try await settle(step: step)
      if isDone() { return }
      if pollInterruption() { throw ScriptError(.interrupted) }
      let scheduler = self.scheduler
      if try TaskCapture.routing(to: scheduler, { try scheduler.fireNextTimer(dueBy: end ?? .seconds(Int64.max), step: step, poll: poll) }) {
        idle = .zero
        continue
      }
      if let end {
        if scheduler.mode == .realTime {
          try TaskCapture.routing(to: scheduler) { try scheduler.advance(by: end - scheduler.now, step: step, poll: poll) }
        }
        scheduler.moveVirtualTime(to: end)
        return
      }
      // Nothing ready, no timer: the task waits for the outside world (a
      // real network call), whose answer arrives on Swift's executors.
      let slice = Duration.milliseconds(2)
      try? await Task.sleep(for: slice)
      idle += slice
      if idle >= Interpreter.hostTaskIdleLimit { throw ScriptError(.awaitIdle) }
    }
  }

  /// Runs ready work until none is left: the scheduler's jobs, then the
  /// caller's actor's (by yielding it), then the host changes they made.
  ///
  /// Whether an actor's jobs are done cannot be asked, but everything they
  /// can do that a script sees leaves a mark here: a job for the scheduler
  /// (a hop off the actor, a task started), a timer armed (a sleep on the
  /// script's clock), a model's change, a line of output. A yield runs
  /// every job queued on the actor before it, so a yield that leaves no
  /// mark ran nothing of the session's, unless a job hopped to the actor
  /// again without a mark. On the main actor the main queue says whether
  /// blocks still wait there (``Scheduler/mainQueueState``): drained by a
  /// worker and empty, nothing does and no yield is needed; drained by the
  /// main thread's run loop, one quiet yield confirms it; holding blocks
  /// that are not the session's (another suite's) or unreadable,
  /// ``quietRounds`` do. Off the main actor nothing of the session's waits
  /// for the caller's actor: no yield.
  private func settle(step: () throws -> Void, isolation: isolated (any Actor)? = #isolation) async throws {
    let scheduler = self.scheduler
    let onMainActor = Self.isMainActor(isolation)
    var marks: (UInt64, UInt64, Int) { (scheduler.activityCount, hostChanges.reportedCount, outputCount) }
    var quiet = 0
    while true {
      let before = marks
      try step()
      if scheduler.readyJobCount > 0 {
        try TaskCapture.routing(to: scheduler) { try scheduler.runReady(step: step) }
      }
      TaskCapture.routing(to: scheduler) { deliverHostChanges() }
      if onMainActor {
        if isSettledWithoutYielding { return }
        await Task.yield()
        TaskCapture.routing(to: scheduler) { deliverHostChanges() }
      }
      guard marks == before, scheduler.readyJobCount == 0 else {
        quiet = 0
        continue
      }
      quiet += 1
      if quiet >= quietYieldsNeeded(onMainActor: onMainActor) { return }
    }
  }

  /// Whether, on the main actor, nothing of the session's can be waiting:
  /// no job for the scheduler, and a main queue that is empty and drained by
  /// a worker (a process in `dispatch_main`, as Swift Testing's is), which
  /// takes its blocks one at a time, so the queue shows all that waits.
  private var isSettledWithoutYielding: Bool {
    scheduler.readyJobCount == 0 && !scheduler.isOnMainThread && scheduler.mainQueueState == .empty
  }

  /// How many yields in a row must leave no mark before the actor's jobs
  /// count as done (see ``settle(step:isolation:)``): off the main actor,
  /// one round without a yield; on it, one when the main queue is empty
  /// (the main thread's run loop drains it in batches, which the queue no
  /// longer shows: XCTest), ``quietRounds`` when blocks wait there that are
  /// not the session's, or the queue cannot be read.
  private func quietYieldsNeeded(onMainActor: Bool) -> Int {
    !onMainActor || scheduler.mainQueueState == .empty ? 1 : Interpreter.quietRounds
  }

  /// Whether `isolation` is the main actor's.
  static func isMainActor(_ isolation: (any Actor)?) -> Bool {
    (isolation as AnyObject?) === MainActor.shared
  }

  /// Yields without a mark (see ``settle(step:isolation:)``) after which
  /// the actor's jobs count as done, when the main queue cannot tell: a job
  /// that hops to the actor again without leaving a mark still runs, one
  /// round later.
  static let quietRounds = 3
}
