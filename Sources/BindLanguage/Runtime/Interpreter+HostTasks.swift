import Dispatch
import Synchronization

/// The host's async work, as scripts start and await it.
///
/// Everything that drives host tasks is here, behind ``awaitHostTask(_:)``
/// and ``startHostTask(_:)``: the compiled calls use only these two, so the
/// scheduler can be replaced (by a deterministic executor that `wait` and
/// `await` drive) without touching them.
///
/// For now a task runs on Swift's global executor. Awaiting blocks the
/// interpreter's thread until the task ends, so the task's effects (writes
/// of observed properties, the script observers they run) happen while the
/// interpreter is waiting, never alongside it. A started task runs alongside
/// the interpreter: its effects are not yet ordered with the statements
/// that follow.
extension Interpreter {
  /// Runs `body` to completion, blocking this thread; returns its value or
  /// rethrows its error. Ctrl-C (``interruptRequested``) cancels the task
  /// and stops the statement.
  func awaitHostTask(_ body: @escaping @Sendable () async throws -> Value) throws -> Value {
    let outcome = HostTaskOutcome()
    let done = DispatchSemaphore(value: 0)
    let task = Task.detached {
      do {
        outcome.result = .success(try await body())
      } catch {
        outcome.result = .failure(error)
      }
      done.signal()
    }
    while done.wait(timeout: .now() + .milliseconds(50)) == .timedOut {
      if let interruptRequested, interruptRequested() {
        task.cancel()
        throw ScriptError("interrupted")
      }
    }
    return try outcome.result!.get()
  }

  /// Starts `body` as a task the script owns: ``endSession()`` cancels it,
  /// and an error it throws is reported by the next statement.
  func startHostTask(_ body: @escaping @Sendable () async throws -> Value) {
    let tasks = hostTasks
    let id = tasks.nextID()
    let task = Task.detached {
      do {
        _ = try await body()
        tasks.finished(id, error: nil)
      } catch {
        tasks.finished(id, error: error)
      }
    }
    tasks.add(id, task)
  }

  /// Makes the first error of a started task that failed since the last
  /// statement this statement's pending error.
  func collectHostTaskFailure() {
    guard pendingError == nil, let failure = hostTasks.takeFailure() else { return }
    pendingError = failure as? ScriptError ?? ScriptError("\(failure)")
  }
}

/// What an awaited task gave, handed from its thread to the waiting one
/// (the semaphore orders the write before the read).
private final class HostTaskOutcome: @unchecked Sendable {
  var result: Result<Value, any Error>?
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
