import CTaskHooks
import Synchronization

/// A job the concurrency runtime was about to hand to the global executor or
/// to the main actor's, held by a ``Scheduler`` until it drives its tasks.
struct CapturedJob: @unchecked Sendable {
  let job: UnownedJob
  let isMainExecutor: Bool

  /// Runs the job on the calling thread: a main-actor job on the main
  /// actor's executor, any other on `taskExecutor`, whose `enqueue` hands
  /// the task's later jobs (after a suspension, `Task.yield()`) back to the
  /// same scheduler, captured or not. Jobs run one at a time, in the order
  /// they became ready, so tasks interleave only at their suspension points,
  /// and always the same way.
  func run(on taskExecutor: UnownedTaskExecutor) {
    if isMainExecutor {
      job.runSynchronously(on: MainActor.sharedUnownedExecutor)
    } else {
      job.runSynchronously(on: taskExecutor)
    }
  }

  /// Hands the job back to the executor it was headed for.
  func release() {
    bindscript_enqueue_original(unsafeBitCast(job, to: UnsafeMutableRawPointer.self), isMainExecutor ? 1 : 0)
  }
}

/// Routes Swift concurrency's jobs to a ``Scheduler``, so that host tasks
/// (the ones a script starts and the ones its view-models start) run only
/// when the script lets time pass, on its thread. Main-actor jobs are not
/// among them: the runtime does not call its main-executor hook on Linux
/// (the scheduler drains the main queue itself when it runs on the main
/// thread).
///
/// The runtime's enqueue hooks are process-wide: one scheduler captures at a
/// time. Capturing ends when the returned token is disposed. Jobs captured
/// by then stay with the scheduler, to run when it next drives its tasks,
/// until ``Scheduler/releasePendingJobs()`` hands them back to their
/// executors: no task is ever lost.
public enum TaskCapture {
  /// The scheduler jobs go to, while a capture is on.
  private static let target = Mutex<Scheduler?>(nil)

  /// Starts routing jobs to `scheduler`.
  ///
  /// - Returns: a token that ends the capture, or `nil` when another
  ///   capture (this one's or another library's hook) is active.
  public static func begin(for scheduler: Scheduler) -> Disposable? {
    target.withLock { target in
      guard target == nil, bindscript_capture_jobs(receive) != 0 else { return nil }
      target = scheduler
      return ActionDisposable { end(for: scheduler) }
    }
  }

  /// Whether jobs are being captured for `scheduler`.
  public static func isCapturing(for scheduler: Scheduler) -> Bool {
    target.withLock { $0 === scheduler }
  }

  private static func end(for scheduler: Scheduler) {
    target.withLock { target in
      guard target === scheduler else { return }
      bindscript_release_jobs()
      target = nil
    }
  }

  /// The hook's sink: a C function, so it captures nothing.
  private static let receive: bindscript_job_sink = { job, isMain in
    let captured = CapturedJob(job: unsafeBitCast(job, to: UnownedJob.self), isMainExecutor: isMain != 0)
    if let scheduler = target.withLock({ $0 }) {
      scheduler.enqueue(captured)
    } else {
      captured.release()
    }
  }
}

/// The task executor captured jobs run on: what a running task enqueues
/// next goes to its scheduler, so a task that began under a capture stays
/// with it until it ends.
final class SchedulerTaskExecutor: TaskExecutor, @unchecked Sendable {
  unowned(unsafe) var scheduler: Scheduler?

  func enqueue(_ job: consuming ExecutorJob) {
    let captured = CapturedJob(job: UnownedJob(job), isMainExecutor: false)
    if let scheduler { scheduler.enqueue(captured) } else { captured.release() }
  }
}
