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
    bindscript_enqueue_original(pointer, isMainExecutor ? 1 : 0)
  }

  var pointer: UnsafeMutableRawPointer { unsafeBitCast(job, to: UnsafeMutableRawPointer.self) }
}

/// Routes Swift concurrency's jobs to the ``Scheduler`` of the session that
/// made them, so that host tasks (the ones a script starts and the ones its
/// view-models start) run only when the script lets time pass, on the
/// script's thread and actor, and two sessions (two test suites running in
/// parallel) never see each other's jobs.
///
/// A job headed for Swift's global executor belongs to a session when:
/// 1. it is a task the session has seen before (each task routed once is
///    remembered, and retained so its address is not reused, until the
///    session's scheduler closes);
/// 2. it is enqueued from code running inside ``routing(to:_:)`` (a
///    statement, a timer, a host call), or from a task started there: the
///    route is a task-local value, which `Task { … }` inherits;
/// 3. it is enqueued while the session's scheduler runs a job on this
///    thread (a task hopping executors, when the runtime has already
///    cleared its current task);
/// 4. it is enqueued from the main queue while one session drives on the
///    main actor (``beginDrivingMainActor(_:)``): a task a `@MainActor`
///    view-model started, whose creation no hook sees, leaving the actor
///    for nonisolated code.
///
/// Any other job (the test library's own, an unrelated task) goes to
/// Swift's executors as usual.
///
/// The runtime's enqueue hook is process-wide; it is installed once, on
/// first use, unless another library's hook is there already, in which
/// case nothing is routed and tasks run on Swift's executors
/// (``isRouting(to:)`` is false). Main-actor jobs are not routed: the
/// runtime does not call its main-executor hook on Linux. They wait on the
/// main queue, where the driver of a session on the main actor lets them
/// run (a command on the main thread drains the queue; an async test
/// helper yields the actor).
public enum TaskCapture {
  /// The session whose scheduler jobs enqueued here go to.
  @TaskLocal private static var route: Route?

  /// Whether the hook is ours (installed on first use).
  private static let hookInstalled: Bool = bindscript_capture_jobs(receive) != 0

  /// Tasks routed before, by address: each retained, and its route weak.
  private static let knownTasks = Mutex<[UnsafeMutableRawPointer: Route]>([:])

  /// The sessions driving on the main actor now, with the tasks driving them.
  private static let mainActorDrivers = Mutex<[(route: Route, task: UnsafeMutableRawPointer?)]>([])

  /// Runs `body` with the jobs it enqueues, and those of the tasks it
  /// starts, routed to `scheduler`.
  public static func routing<T>(to scheduler: Scheduler, _ body: () throws -> T) rethrows -> T {
    guard hookInstalled else { return try body() }
    if route?.scheduler === scheduler { return try body() }
    return try $route.withValue(scheduler.route, operation: body)
  }

  /// Runs the async `body` with its jobs routed to `scheduler`: for a task
  /// the session starts detached, which inherits no route.
  public static func routing<T: Sendable>(
    to scheduler: Scheduler, _ body: @Sendable () async throws -> T
  ) async rethrows -> T {
    guard hookInstalled else { return try await body() }
    return try await $route.withValue(scheduler.route, operation: body)
  }

  /// Notes that `scheduler`'s session drives on the main actor from the
  /// current task, yielding the actor so that the session's main-actor jobs
  /// run: while it is the only session doing so, the jobs those leave the
  /// actor with are routed to `scheduler` (rule 4 above), until
  /// ``endDrivingMainActor(_:)``.
  public static func beginDrivingMainActor(_ scheduler: Scheduler) {
    let task = withUnsafeCurrentTask { $0.map { unsafeBitCast($0, to: UnsafeMutableRawPointer.self) } }
    let route = scheduler.route
    mainActorDrivers.withLock { $0.append((route, task)) }
  }

  public static func endDrivingMainActor(_ scheduler: Scheduler) {
    let route = scheduler.route
    mainActorDrivers.withLock { drivers in
      if let index = drivers.lastIndex(where: { $0.route === route }) { drivers.remove(at: index) }
    }
  }

  /// Whether jobs enqueued here go to `scheduler`.
  public static func isRouting(to scheduler: Scheduler) -> Bool {
    hookInstalled && route?.scheduler === scheduler
  }

  /// Forgets the tasks `scheduler` was given (it closes): releases them.
  static func forgetTasks(_ tasks: [UnsafeMutableRawPointer]) {
    knownTasks.withLock { known in
      for task in tasks { known[task] = nil }
    }
    tasks.forEach(bindscript_release_task)
  }

  /// Notes that `job`, given to `scheduler`, is one of its session's tasks.
  static func remember(_ job: CapturedJob, for scheduler: Scheduler) {
    let task = job.pointer
    guard bindscript_job_is_task(task) != 0 else { return }
    let isNew = knownTasks.withLock { known in
      guard known[task] == nil else { return false }
      known[task] = scheduler.route
      return true
    }
    guard isNew else { return }
    bindscript_retain_task(task)
    scheduler.noteRemembered(task)
  }

  /// The session `job` belongs to, by the rules above.
  private static func owner(of job: CapturedJob) -> Scheduler? {
    if let known = knownTasks.withLock({ $0[job.pointer] }) { return known.scheduler }
    if let scheduler = route?.scheduler { return scheduler }
    if let running = bindscript_running_scheduler() {
      return Unmanaged<Scheduler>.fromOpaque(running).takeUnretainedValue()
    }
    guard bindscript_is_on_main_queue() != 0 else { return nil }
    return mainActorDrivers.withLock { drivers in
      // Never a driver itself (it leaves the actor for nonisolated code,
      // a sleep), and only when one session drives: with two, whose task
      // this is cannot be told.
      guard drivers.count == 1, let driver = drivers.first, driver.task != job.pointer else { return nil }
      return driver.route.scheduler
    }
  }

  /// The hook's sink: a C function, so it captures nothing.
  private static let receive: bindscript_job_sink = { job, isMain in
    let captured = CapturedJob(job: unsafeBitCast(job, to: UnownedJob.self), isMainExecutor: isMain != 0)
    if let scheduler = owner(of: captured), scheduler.accept(captured) { return }
    captured.release()
  }

  /// A session's scheduler, weakly: a task a view-model keeps (a sleep
  /// that never ends) MUST NOT keep the session's scheduler alive.
  final class Route: Sendable {
    weak let scheduler: Scheduler?

    init(_ scheduler: Scheduler) { self.scheduler = scheduler }
  }
}

/// The task executor captured jobs run on: what a running task enqueues
/// next goes to its scheduler, so a task that began under a capture stays
/// with it until it ends.
final class SchedulerTaskExecutor: TaskExecutor, @unchecked Sendable {
  unowned(unsafe) var scheduler: Scheduler?

  func enqueue(_ job: consuming ExecutorJob) {
    let captured = CapturedJob(job: UnownedJob(job), isMainExecutor: false)
    if let scheduler, scheduler.accept(captured) { return }
    captured.release()
  }
}
