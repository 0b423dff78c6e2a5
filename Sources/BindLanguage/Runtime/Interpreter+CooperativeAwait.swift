import BindRuntime
import BindSyntax

/// How a statement finishes a host call whose task its async caller awaited:
/// gives the call's value, or throws the call's located error.
typealias HostTaskCompletion = (Result<Value, any Error>) throws -> Value

/// Statements run from an `async` caller: ``Interpreter/executeCooperatively(_:in:isolation:)``.
///
/// The synchronous ``Interpreter/execute(_:in:)`` waits for an awaited host
/// task by running its jobs on the interpreter's thread. A `@MainActor`
/// async method's jobs go to the main actor, and on Linux the runtime gives
/// BindScript no way to run those itself; a `@MainActor` test runs inside
/// the main queue's drain, where they cannot run until the test's own job
/// ends or suspends. So the async entry point suspends: a statement of the
/// form `await call(…)` starts the call's task, returns to the async
/// caller, which awaits the task, yielding the actor so its jobs run, while
/// it drives the scheduler (captured tasks, timers) as the synchronous wait
/// does; then the statement finishes as it would have (host changes
/// delivered, the value or the call's error), within the same statement's
/// output. A statement that uses awaited values (`let x = await vm.load()`)
/// runs those awaits first, each that way, then runs with their values
/// (``AwaitedValues``). An `await` elsewhere (inside a function, a handler,
/// a closure or a block) cannot suspend the interpreter's Swift stack: it waits as
/// the synchronous entry point does, and when nothing is left that could
/// finish it, it fails at once with an error that says to await at
/// statement level.
final class CooperativeAwait {
  /// The call a statement `await call(…)` awaits, and its file.
  private let site: (range: SourceRange, file: SourceFile)?
  /// Whether the caller runs on the main actor, whose jobs cannot run
  /// while the interpreter blocks.
  let isOnMainActor: Bool
  /// The task that call started, once it has.
  var suspended: SuspendedHostTask?

  /// The values of the statement's awaits that already ran.
  let resolved: ResolvedAwaits

  init(site: (range: SourceRange, file: SourceFile)?, isOnMainActor: Bool, resolved: ResolvedAwaits) {
    self.site = site
    self.isOnMainActor = isOnMainActor
    self.resolved = resolved
  }

  /// Whether the host call at `range` of `file` is the statement's awaited call.
  func isSite(_ range: SourceRange, in file: SourceFile) -> Bool {
    guard let site, suspended == nil else { return false }
    return site.range == range && site.file.path == file.path && site.file.text == file.text
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

/// Thrown through the statement when its awaited call suspends; never
/// seen outside ``Interpreter/executeCooperatively(_:in:isolation:)``.
struct HostTaskSuspensionMarker: Error {}

extension Interpreter {
  /// Compiles and runs one top-level statement from an async caller, as
  /// ``execute(_:in:)`` does, except that a statement `await call(…)` (the
  /// whole statement a call of an async host function or method) awaits the
  /// call's task by suspending the caller rather than blocking its thread.
  ///
  /// Use it from the caller's actor (`isolation`), with the objects the
  /// script drives isolated to it: from a `@MainActor` test, a `@MainActor`
  /// view-model's async method runs while the test is suspended, and what
  /// it changes is reported in this statement's output.
  /// - Returns: the value of a bare expression, or `nil`.
  public func executeCooperatively(
    _ statement: Statement, in file: SourceFile, isolation: isolated (any Actor)? = #isolation
  ) async throws -> Value? {
    guard statementDepth == 0 else { return try execute(statement, in: file) }
    let onMainActor = (isolation as AnyObject?) === MainActor.shared
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
    let cooperative = CooperativeAwait(site: site, isOnMainActor: onMainActor, resolved: resolved)
    cooperativeAwait = cooperative
    defer { cooperativeAwait = nil }
    do {
      return try execute(statement, in: file)
    } catch {
      guard let suspended = cooperative.suspended else { throw error }
      cooperativeAwait = nil
      return try await finish(suspended, statement: statement, in: file)
    }
  }

  /// Runs `await call(…)`, one await of `statement`, as a statement of its
  /// own that suspends the caller; its errors are located at `statement`.
  /// - Returns: the call's value (`nil` when it gives none).
  private func executeAwait(
    _ awaited: Expression, statement: Statement, in file: SourceFile, resolved: ResolvedAwaits, onMainActor: Bool
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
  private func finish(_ suspended: SuspendedHostTask, statement: Statement, in file: SourceFile) async throws -> Value? {
    statementDepth += 1
    defer { statementDepth -= 1 }
    do {
      let result = await drive(suspended)
      pendingError = pendingError ?? suspended.pendingError
      let value = try suspended.completion(result)
      collectHostTaskFailure()
      deliverHostChanges()
      try throwPendingError()
      return value.isNull && !lastCallProducedValue ? nil : value
    } catch {
      pendingError = nil
      throw error.asScriptError(at: statement.range, in: file)
    }
  }

  /// Runs the scheduler's work as the synchronous wait does (captured jobs,
  /// then timers when none is ready), yielding the caller's actor between
  /// rounds so its jobs run too, until the task is done.
  ///
  /// Jobs are captured only while this runs the scheduler, never while it
  /// is suspended: other code of the process (the test library's own
  /// tasks) runs then, and must not end up in the script's scheduler. The
  /// script's tasks stay with it anyway: a task that ran a job on the
  /// scheduler's executor sends it its later jobs.
  private func drive(_ suspended: SuspendedHostTask) async -> Result<Value, any Error> {
    let step = { [unowned self] in try self.countTimerFiring() }
    let scheduler = self.scheduler
    var idle = Duration.zero
    let slice = Duration.milliseconds(2)
    // An actor's job may post another: yield a few times before deciding
    // that nothing but time (or the outside world) can make progress.
    let yieldsBeforeTime = 3
    var quietYields = 0
    while true {
      if let result = suspended.outcome.result { return result }
      if pollInterruption() {
        suspended.task.cancel()
        return .failure(ScriptError("interrupted"))
      }
      do {
        if scheduler.readyJobCount > 0 {
          try capturing { try scheduler.runReady(step: step) }
          quietYields = 0
          idle = .zero
          continue
        }
        await Task.yield()
        scheduler.afterEachJob?()
        if suspended.outcome.result != nil || scheduler.readyJobCount > 0 { continue }
        quietYields += 1
        if quietYields < yieldsBeforeTime { continue }
        quietYields = 0
        if let due = scheduler.nextDueTime {
          try capturing { try scheduler.advance(by: due - scheduler.now, step: step) }
          idle = .zero
          continue
        }
        // Nothing ready, no timer: the task waits for the outside world.
        if try capturing({
          try scheduler.run(
            until: { suspended.outcome.result != nil || scheduler.readyJobCount > 0 }, idleTimeout: slice, step: step)
        }) {
          idle = .zero
          continue
        }
        idle += slice
        if idle >= Interpreter.hostTaskIdleLimit {
          suspended.task.cancel()
          return .failure(ScriptError(Interpreter.idleMessage))
        }
      } catch {
        suspended.task.cancel()
        return .failure(error)
      }
    }
  }

  /// Runs `body` with the process's new jobs captured for this
  /// interpreter's scheduler, when no other capture is on.
  private func capturing<T>(_ body: () throws -> T) rethrows -> T {
    let capture = TaskCapture.begin(for: scheduler)
    defer { capture?.dispose() }
    return try body()
  }
}
