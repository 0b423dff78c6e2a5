import Dispatch
import LineEditor
import Synchronization

/// Carries tool calls from the MCP server's tasks to the thread that owns
/// the session, and runs them there one at a time, in the order they came.
///
/// The session MUST stay on one thread: the interpreter is not thread-safe,
/// it needs the large stack `bindscript` runs its commands on (deep
/// scripts end in an error, not a crash), and an app whose types belong to
/// the main actor runs its command on the main thread. So that thread
/// blocks in ``serve(_:)``, and Swift concurrency's threads only queue work.
final class SessionThread<Session>: Sendable {
  private struct Queue {
    var calls: [@Sendable (Session) -> Void] = []
    var isFinished = false
  }
  private let queue = Mutex(Queue())
  /// Signalled once per queued call, and once by ``finish()``.
  private let signal = DispatchSemaphore(value: 0)

  /// Runs `work` on the session's thread and returns its result. A
  /// cancelled request (`notifications/cancelled`) stops the running
  /// statement as Ctrl-C would.
  func perform<Result: Sendable>(_ work: @escaping @Sendable (Session) -> Result) async -> Result {
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        queue.withLock { $0.calls.append { session in continuation.resume(returning: work(session)) } }
        signal.signal()
      }
    } onCancel: {
      SignalInterrupts.signal()
    }
  }

  /// Ends ``serve(_:)`` once the calls queued so far have run.
  func finish() {
    queue.withLock { $0.isFinished = true }
    signal.signal()
  }

  /// Runs queued calls on this thread until ``finish()``.
  func serve(_ session: Session) {
    while true {
      signal.wait()
      let next = queue.withLock { queue in queue.calls.isEmpty ? nil : queue.calls.removeFirst() }
      guard let next else { return }
      // A cancellation that came after its call ended must not stop this one.
      SignalInterrupts.consumePending()
      next(session)
    }
  }
}
