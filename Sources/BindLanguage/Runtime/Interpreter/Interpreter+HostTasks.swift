import BindRuntime
import Dispatch
import Synchronization

/// The host's async work, as scripts start and await it.
///
/// Everything that drives host tasks is here, behind ``awaitHostTask(_:)``
/// and ``startHostTask(_:)``. While a statement runs, the interpreter's
/// ``Scheduler`` captures Swift's jobs (``TaskCapture``): a started task,
/// and every task a view-model starts, runs only when the script lets it —
/// at `wait`, or while it awaits — on the interpreter's thread, one job at a
/// time. So what tasks do (writes, the observers they run) happens at a
/// known point of the script and belongs to that statement's output.
///
/// Awaiting runs ready tasks; when none is ready and the awaited task is
/// not done, time jumps to the next timer (a view-model's `clock.sleep`),
/// so an `await` never needs a hand-picked duration and never deadlocks on
/// virtual time. Only when nothing is ready and no timer is pending does it
/// wait for the outside world (a real network call), up to
/// ``hostTaskIdleLimit``.
extension Interpreter {
  /// How long an `await` waits for work outside the script (no task ready,
  /// no timer pending) before it gives up with an error.
  static let hostTaskIdleLimit = Duration.seconds(30)

  /// How long an `await` that cannot suspend waits for outside work, under
  /// ``executeCooperatively(_:in:isolation:)`` on the main actor, before it says why it
  /// cannot finish: the main actor's jobs cannot run while it blocks.
  static let blockedMainActorLimit = Duration.seconds(1)

  /// Runs `body` to completion; returns its value or rethrows its error.
  /// Ctrl-C (``interruptRequested``) cancels the task and stops the statement.
  ///
  /// With a `completion` (the call is a statement `await call(…)` run by
  /// ``executeCooperatively(_:in:isolation:)``), starts the task and hands it to the
  /// async caller instead of waiting (see ``CooperativeAwait``).
  func awaitHostTask(
    _ body: @escaping @Sendable () async throws -> Value, completion: HostTaskCompletion? = nil
  ) throws -> Value {
    let outcome = HostTaskOutcome()
    let scheduler = self.scheduler
    let origin = OriginHandoff(TaskOrigin.current)
    let task = Task.detached {
      let result: Result<Value, any Error>
      do {
        result = .success(try await Self.run(body, on: scheduler, taking: origin))
      } catch {
        result = .failure(error)
      }
      outcome.finish(result)
    }
    if let completion, let cooperative = cooperativeAwait {
      cooperative.suspended = SuspendedHostTask(
        outcome: outcome, task: task, completion: completion, pendingError: pendingError)
      pendingError = nil
      throw HostTaskSuspensionMarker()
    }
    let idleLimit = cooperativeAwait?.isOnMainActor == true ? Interpreter.blockedMainActorLimit : Interpreter.hostTaskIdleLimit
    var idle = Duration.zero
    let slice = Duration.milliseconds(100)
    let capturing = TaskCapture.isRouting(to: scheduler)
    while true {
      if let result = outcome.result { return try result.get() }
      if pollInterruption() {
        task.cancel()
        throw ScriptError(.interrupted)
      }
      let progressed: Bool
      if capturing {
        progressed = try scheduler.run(
          until: { outcome.result != nil }, idleTimeout: slice, step: { try countTimerFiring() },
          poll: { try checkInterruption() })
      } else {
        // Another interpreter holds the capture (tests running in
        // parallel): the task runs on Swift's executors while this thread waits.
        progressed = outcome.wait(timeout: slice)
      }
      idle = progressed ? .zero : idle + slice
      if idle >= idleLimit {
        task.cancel()
        if cooperativeAwait?.isOnMainActor == true {
          throw ScriptError(.bridge(.mainActorAwait))
        }
        throw ScriptError(.awaitIdle)
      }
    }
  }

  /// Starts `body` as a task the script owns: ``endSession()`` cancels it,
  /// and an error it throws is reported by the next statement.
  func startHostTask(_ body: @escaping @Sendable () async throws -> Value) {
    let tasks = hostTasks
    let id = tasks.nextID()
    let scheduler = self.scheduler
    let origin = OriginHandoff(TaskOrigin.current)
    let task = Task.detached {
      do {
        _ = try await Self.run(body, on: scheduler, taking: origin)
        tasks.finished(id, error: nil)
      } catch {
        tasks.finished(id, error: error)
      }
    }
    tasks.add(id, task)
  }

  /// Runs a host task's `body` with its jobs routed to `scheduler` and
  /// its statement's origin bound, so the tasks it starts hold it too (a
  /// detached task inherits neither). The task holds the origin only while
  /// `body` runs, in this frame: it lets go before its caller reports the
  /// result, so an awaited task that has given its value no longer counts
  /// as running (``Scheduler/runningTasks``).
  private static func run(
    _ body: @escaping @Sendable () async throws -> Value, on scheduler: Scheduler, taking handoff: OriginHandoff
  ) async throws -> Value {
    let origin = handoff.take()
    return try await TaskOrigin.$current.withValue(origin) { try await TaskCapture.routing(to: scheduler, body) }
  }

  /// Makes the first error of a started task that failed since the last
  /// statement this statement's pending error.
  func collectHostTaskFailure() {
    guard pendingError == nil, let failure = hostTasks.takeFailure() else { return }
    pendingError = (failure as? ThrownError)?.uncaught ?? failure as? ScriptError ?? ScriptError(.swiftError("\(failure)"))
  }
}

/// A statement's ``TaskOrigin`` on its way to the detached task of a host
/// call: held here until the task begins (a started task may begin after
/// its statement ended, and still counts as its task), then by the task.
/// A capture in the task's closure would hold it until the task is freed,
/// past its end.
final class OriginHandoff: Sendable {
  private let origin: Mutex<TaskOrigin?>

  init(_ origin: TaskOrigin?) { self.origin = Mutex(origin) }

  func take() -> TaskOrigin? {
    origin.withLock { origin in
      defer { origin = nil }
      return origin
    }
  }
}

/// What an awaited task gave, handed from the thread that ran it to the
/// waiting one.
final class HostTaskOutcome: @unchecked Sendable {
  private let state = Mutex<Result<Value, any Error>?>(nil)
  private let done = DispatchSemaphore(value: 0)

  var result: Result<Value, any Error>? { state.withLock { $0 } }

  func finish(_ result: Result<Value, any Error>) {
    state.withLock { $0 = result }
    done.signal()
  }

  /// Waits up to `timeout` for the result. - Returns: whether it came.
  func wait(timeout: Duration) -> Bool {
    let milliseconds = Int(timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
    guard done.wait(timeout: .now() + .milliseconds(milliseconds)) == .success else { return false }
    done.signal()
    return true
  }
}

/// The tasks scripts started and not yet finished, and the errors of those
/// that failed; shared with the tasks' threads.
final class HostTasks: Sendable {
  private struct State {
    var lastID = 0
    /// Started and not finished; a task may finish before it is added.
    var live: Set<Int> = []
    var running: [Int: Task<Void, Never>] = [:]
    var failures: [any Error] = []
  }

  private let state = Mutex(State())

  /// The id of a task about to start.
  func nextID() -> Int {
    state.withLock { state in
      state.lastID += 1
      state.live.insert(state.lastID)
      return state.lastID
    }
  }

  /// Keeps a started task for cancelling, unless it already finished.
  func add(_ id: Int, _ task: Task<Void, Never>) {
    state.withLock { state in
      if state.live.contains(id) { state.running[id] = task }
    }
  }

  func finished(_ id: Int, error: (any Error)?) {
    state.withLock { state in
      state.live.remove(id)
      state.running[id] = nil
      if let error, !(error is CancellationError) { state.failures.append(error) }
    }
  }

  func takeFailure() -> (any Error)? {
    state.withLock { state in state.failures.isEmpty ? nil : state.failures.removeFirst() }
  }

  /// How many started tasks have not finished.
  var runningCount: Int { state.withLock { $0.live.count } }

  /// Cancels every task (the session ends).
  func cancelAll() {
    let tasks = state.withLock { state in
      let tasks = Array(state.running.values)
      state.running = [:]
      state.failures = []
      return tasks
    }
    tasks.forEach { $0.cancel() }
  }
}
