import CTaskHooks

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Time for reactive code: a clock, the timers pending on it, and the host
/// tasks waiting to run, all moved forward by one thread that says when.
///
/// With a **virtual** clock (the default) time moves only in ``advance(by:step:)``,
/// and jumps from one due timer to the next, so a script that waits ten
/// minutes takes as long as its timers' work. With the **real** clock the
/// same calls sleep until each timer is due.
///
/// Either way, nothing here runs on its own: timers fire and captured tasks
/// run only inside ``advance(by:step:)``, ``runReady()`` and
/// ``run(until:step:)``, on the thread that calls them. Time moves
/// only once every ready task has run until it blocks (Tokio's paused clock),
/// so a task that arms a sleep before the clock passes its deadline always
/// sees that deadline: the classic race of test schedulers cannot happen.
///
/// Thread-safe: tasks may schedule timers, and captured jobs may arrive,
/// from any thread. Timer actions and jobs run without the scheduler's lock.
public final class Scheduler: @unchecked Sendable {
  /// How time passes.
  public enum Mode: Sendable {
    /// Time moves only when the scheduler is told to advance it.
    case virtual
    /// Time is the wall clock (a `ContinuousClock`); advancing sleeps.
    case realTime
  }

  public let mode: Mode

  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let jobArrived = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  // Guarded by `mutex`, which makes every access exclusive already:
  // `@exclusivity(unchecked)` drops the runtime's dynamic check (~45
  // instructions and a thread-local lookup per access, ~15% of a timer).
  @exclusivity(unchecked) private var virtualNow = Duration.zero
  @exclusivity(unchecked) private var timers = TimerQueue()
  @exclusivity(unchecked) private var nextSequence: UInt64 = 0
  /// Captured jobs in arrival order; those before `readyHead` have run.
  @exclusivity(unchecked) private var readyJobs: [CapturedJob] = []
  @exclusivity(unchecked) private var readyHead = 0
  /// Set while a timer's action runs: `now` reads its due time.
  @exclusivity(unchecked) private var firingTime: Duration?
  /// Counts every job that arrives and every timer armed, fired or
  /// cancelled: a driver that lets other code run (an async test helper
  /// yielding the main actor) learns from it whether that code did
  /// anything here.
  @exclusivity(unchecked) private var activity: UInt64 = 0
  /// Set by ``close()``: jobs no longer arrive, timers no longer fire.
  @exclusivity(unchecked) private var isClosed = false
  /// What ``close()`` tells the tasks sleeping on the ``clock``, by sleep.
  @exclusivity(unchecked) private var closeHandlers: [ObjectIdentifier: () -> Void] = [:]
  /// The tasks sleeping on the ``clock``, by sleep: until when, and the
  /// label of what started the sleep (``labelNewSleeps(_:)``).
  @exclusivity(unchecked) private var sleeps: [ObjectIdentifier: PendingSleep] = [:]
  @exclusivity(unchecked) private var unlabelledSleeps = 0
  /// The tasks ``TaskCapture`` remembers as this session's (retained).
  @exclusivity(unchecked) private var rememberedTasks: [UnsafeMutableRawPointer] = []
  @exclusivity(unchecked) private var pruneRememberedAt = 256
  /// The origins of statements whose tasks still ran when they ended
  /// (``trackingTasks(label:_:)``), each retained once here.
  @exclusivity(unchecked) private var taskOrigins: [Unmanaged<TaskOrigin>] = []
  @exclusivity(unchecked) private var pruneOriginsAt = 64
  /// How ``TaskCapture`` names this scheduler's session, weakly. Made in
  /// `init` (a lazy variable read first from two threads would be made twice).
  private(set) lazy var route = TaskCapture.Route(self)
  private let wallStart = ContinuousClock.now
  /// Runs after each job, on the driving thread: where the host delivers
  /// the changes a task made (an `@Observable` model's writes), so they are
  /// seen at the virtual time the task made them.
  public var afterEachJob: (() -> Void)?
  /// Where the jobs of tasks it drives continue (see ``CapturedJob/run(on:)``).
  private let taskExecutor = SchedulerTaskExecutor()

  public init(mode: Mode = .virtual) {
    self.mode = mode
    pthread_mutex_init(mutex, nil)
    defer {
      taskExecutor.scheduler = self
      _ = route
    }
    pthread_cond_init(jobArrived, nil)
  }

  deinit {
    taskExecutor.scheduler = nil
    TaskCapture.forgetTasks(rememberedTasks)
    for origin in taskOrigins { origin.release() }
    for job in readyJobs[readyHead...] { job.release() }
    for handler in closeHandlers.values { handler() }
    pthread_cond_destroy(jobArrived)
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
    jobArrived.deallocate()
  }

  /// The time since the scheduler started. Inside a timer's action, the
  /// timer's due time.
  public var now: Duration {
    withLock { firingTime ?? currentTime() }
  }

  /// A `Clock` on this scheduler's time, for the host's view-models:
  /// `try await clock.sleep(for: .milliseconds(300))` resumes when the
  /// scheduler's time reaches the deadline.
  public var clock: SchedulerClock { SchedulerClock(scheduler: self) }

  /// Whether a timer's action is running (on the thread that advances time).
  public var isFiring: Bool { withLock { firingTime != nil } }

  /// Timers waiting to fire.
  public var pendingTimerCount: Int { withLock { timers.count } }

  /// When the earliest pending timer is due, on ``now``'s time; `nil` when
  /// none is pending. With the real clock, how long a thread that drives the
  /// scheduler may do something else (wait for a key) before it should call
  /// ``advance(by:step:)`` again. Reading it changes nothing.
  public var nextDueTime: Duration? { withLock { timers.nextDue() } }

  /// Captured host jobs waiting to run.
  public var readyJobCount: Int { withLock { readyJobs.count - readyHead } }

  /// A number that changes whenever a job arrives or a timer is armed,
  /// fired or cancelled: equal readings mean nothing happened here between them.
  public var activityCount: UInt64 { withLock { activity } }

  /// Whether jobs of this scheduler's session that are bound for the main
  /// actor run inside ``runReady(step:)`` when it is called on the main
  /// thread (a command running scripts there). An async driver that yields
  /// the main actor instead turns it off: it may run inside the main
  /// queue's own drain, which MUST NOT be entered again.
  public var drainsMainQueue = true

  /// Whether ``runReady(step:)`` called here runs main-actor jobs: on the
  /// main thread, with ``drainsMainQueue`` on.
  public var drainsMainQueueHere: Bool { drainsMainQueue && isOnMainThread }

  /// Whether the calling thread is the process's main thread.
  public var isOnMainThread: Bool { bindscript_is_main_thread() != 0 }

  /// What waits on the main dispatch queue, where main-actor jobs do.
  public enum MainQueueState: Sendable {
    case empty, pending, unknown
  }

  /// Whether blocks (main-actor jobs among them) wait on the main queue,
  /// for a driver on the main actor deciding whether to yield it. Blocks
  /// the queue's drainer took in its current batch are not seen; blocks
  /// enqueued by the caller's own thread before it asks are.
  public var mainQueueState: MainQueueState {
    switch bindscript_main_queue_pending() {
    case 0: .empty
    case 1: .pending
    default: .unknown
    }
  }

  /// Runs `action` once, `delay` from now (at once, on the next advance, for
  /// a delay of zero or less).
  @discardableResult
  public func schedule(after delay: Duration, _ action: @escaping () -> Void) -> ScheduledTimer {
    let timer = ScheduledTimer(scheduler: self)
    withLock { insert(timer, due: currentTime() + delay, action: action) }
    return timer
  }

  /// Runs `action` once, at `time` on this scheduler's clock.
  @discardableResult
  public func schedule(at time: Duration, _ action: @escaping () -> Void) -> ScheduledTimer {
    let timer = ScheduledTimer(scheduler: self)
    withLock { insert(timer, due: time, action: action) }
    return timer
  }

  /// Runs `action` every `interval`, the first time `interval` from now.
  /// Each firing is due `interval` after the previous one's due time, so a
  /// slow action does not make the timer drift.
  ///
  /// - Precondition: `interval` is positive.
  @discardableResult
  public func schedule(every interval: Duration, _ action: @escaping () -> Void) -> ScheduledTimer {
    precondition(interval > .zero, "a repeating timer needs a positive interval")
    let timer = ScheduledTimer(scheduler: self)
    let repetition = Repetition(scheduler: self, timer: timer, interval: interval, action: action)
    withLock { insert(timer, due: currentTime() + interval, action: repetition.fire) }
    return timer
  }

  /// The current time (as ``now`` reads it), and a place in the creation
  /// order of timers taken at this moment, for an operator that keeps one
  /// timer and moves its deadline (a debounce): the timer it arms later with
  /// ``schedule(at:orderedAs:_:)`` fires among same-time timers as if it had
  /// been made now, as a timer cancelled and made again on each change would.
  func stamp() -> (now: Duration, order: UInt64) {
    withLock {
      nextSequence &+= 1
      return (firingTime ?? currentTime(), nextSequence)
    }
  }

  /// Runs `action` once, at `time`, ordered among same-time timers by `order`
  /// (from ``stamp()``) instead of by the moment of this call.
  ///
  /// `order` MUST NOT be that of another pending timer: the queue knows a
  /// pending timer by it (a debounce re-arms only after its timer fired).
  @discardableResult
  func schedule(at time: Duration, orderedAs order: UInt64, _ action: @escaping () -> Void) -> ScheduledTimer {
    let timer = ScheduledTimer(scheduler: self)
    withLock { insert(timer, due: time, sequence: order, action: action) }
    return timer
  }

  /// Lets `duration` pass. Ready jobs run first; then each timer due by the
  /// end fires in due order, with `now` at its due time and the jobs it made
  /// ready run before the next; finally `now` is the end.
  ///
  /// - Parameters:
  ///   - step: called before each job and each firing; throw from it to
  ///     stop (a step limit). What it stops stays queued, and time stays at
  ///     the last timer that fired.
  ///   - poll: with the real clock, called at least every
  ///     ``realTimePollInterval`` while it sleeps; throw from it to stop
  ///     (Ctrl-C), as from `step`.
  public func advance(by duration: Duration, step: () throws -> Void, poll: () throws -> Void) rethrows {
    try runReady(step: step)
    let end = withLock { currentTime() } + max(duration, .zero)
    while try fireNextTimer(dueBy: end, step: step, poll: poll) {}
    if mode == .realTime { try sleepUntil(end, step: step, poll: poll) }
    withLock { if mode == .virtual { virtualNow = max(virtualNow, end) } }
    try runReady(step: step)
  }

  /// Lets `duration` pass, stopped only by `step` (see
  /// ``advance(by:step:poll:)``).
  public func advance(by duration: Duration, step: () throws -> Void) rethrows {
    try advance(by: duration, step: step, poll: {})
  }

  /// Lets `duration` pass, with no limit on the jobs and timers that run.
  public func advance(by duration: Duration) {
    advance(by: duration, step: {}, poll: {})
  }

  /// Runs captured jobs until none is ready: every host task that can make
  /// progress runs until it blocks, without moving time.
  ///
  /// - Parameter step: called before each job; throw from it to stop (a task
  ///   that yields forever would otherwise never let this return).
  public func runReady(step: () throws -> Void) rethrows {
    let executor = taskExecutor.asUnownedTaskExecutor()
    // Main-actor jobs are not captured (the runtime does not call its
    // main-executor hook on Linux): they wait on the main dispatch queue.
    // On the main thread they are run here, between captured jobs, so a
    // script driving `@MainActor` view-models from the main thread (a
    // `@MainActor` test) sees them run as its tasks do. Each round drains the
    // queue twice, since a main job may post another.
    var mainRounds = 0
    while true {
      while withLock({ readyHead < readyJobs.count }) {
        try step()
        let job = withLock { () -> CapturedJob in
          defer { readyHead += 1 }
          return readyJobs[readyHead]
        }
        let outer = bindscript_running_scheduler()
        bindscript_set_running_scheduler(Unmanaged.passUnretained(self).toOpaque())
        job.run(on: executor)
        bindscript_set_running_scheduler(outer)
        afterEachJob?()
        withLock { compactReadyJobs() }
        mainRounds = 0
      }
      guard drainsMainQueue, mainRounds < 2, bindscript_drain_main_queue() != 0 else { return }
      afterEachJob?()
      mainRounds += 1
    }
  }

  /// Runs captured jobs until none is ready, with no limit.
  public func runReady() {
    runReady(step: {})
  }

  /// Drives tasks and time until `isDone()`: ready jobs run; when none is
  /// ready, the next timer fires (virtual time jumps to it; real time sleeps
  /// until it is due, waking early for a job that arrives, and calling
  /// `poll` as ``advance(by:step:poll:)`` does).
  ///
  /// - Returns: `false` when `isDone()` is still false but nothing is left
  ///   that could change it: no job is ready, no timer pending, and none
  ///   arrived from outside within `idleTimeout`.
  public func run(
    until isDone: () -> Bool, idleTimeout: Duration = .seconds(5), step: () throws -> Void,
    poll: () throws -> Void
  ) rethrows -> Bool {
    // On the main thread, main-actor jobs arrive on the main queue without
    // waking this wait: poll for them in short slices.
    let slice = bindscript_is_main_thread() != 0 ? min(idleTimeout, .milliseconds(1)) : idleTimeout
    var idle = Duration.zero
    while true {
      try runReady(step: step)
      if isDone() { return true }
      if try fireNextTimer(dueBy: .seconds(Int64.max), step: step, poll: poll) {
        idle = .zero
        continue
      }
      // Nothing ready, nothing pending: a task may still be waiting on work
      // outside the scheduler (another thread, real I/O). Wait for its job.
      if waitForJob(timeout: slice) {
        idle = .zero
      } else {
        idle += slice
        if idle >= idleTimeout { return isDone() }
      }
    }
  }

  /// Drives tasks and time until `isDone()`, stopped only by `step` (see
  /// ``run(until:idleTimeout:step:poll:)``).
  public func run(
    until isDone: () -> Bool, idleTimeout: Duration = .seconds(5), step: () throws -> Void
  ) rethrows -> Bool {
    try run(until: isDone, idleTimeout: idleTimeout, step: step, poll: {})
  }

  /// Drives tasks and time until `isDone()`, with no limit on the jobs and
  /// timers that run (see ``run(until:idleTimeout:step:poll:)``).
  public func run(until isDone: () -> Bool, idleTimeout: Duration = .seconds(5)) -> Bool {
    run(until: isDone, idleTimeout: idleTimeout, step: {}, poll: {})
  }

  // MARK: Captured jobs

  /// Queues a job that the concurrency runtime was about to hand to an
  /// executor (see ``TaskCapture``); it runs in the next ``runReady()``.
  /// Drops the jobs that ran once they are most of the array (O(1)
  /// amortized per job, where removing the first each time is O(n)).
  private func compactReadyJobs() {
    if readyHead == readyJobs.count {
      readyJobs.removeAll(keepingCapacity: true)
      readyHead = 0
    } else if readyHead > 64 && readyHead * 2 > readyJobs.count {
      readyJobs.removeFirst(readyHead)
      readyHead = 0
    }
  }

  /// Queues `job` unless the scheduler is closed. - Returns: whether it did.
  func accept(_ job: CapturedJob) -> Bool {
    let accepted = withLock {
      guard !isClosed else { return false }
      readyJobs.append(job)
      activity &+= 1
      pthread_cond_signal(jobArrived)
      return true
    }
    if accepted { TaskCapture.remember(job, for: self) }
    return accepted
  }

  /// Keeps `task` to be forgotten when the scheduler closes, or once it has
  /// ended and only this scheduler refers to it (checked whenever the list
  /// has doubled, so a long session that starts a task a second stays small).
  func noteRemembered(_ task: UnsafeMutableRawPointer) {
    let (closed, ended) = withLock { () -> (Bool, [UnsafeMutableRawPointer]) in
      guard !isClosed else { return (true, []) }
      rememberedTasks.append(task)
      guard rememberedTasks.count >= pruneRememberedAt else { return (false, []) }
      var ended: [UnsafeMutableRawPointer] = []
      rememberedTasks.removeAll { task in
        guard bindscript_task_is_only_retained_here(task) != 0 else { return false }
        ended.append(task)
        return true
      }
      pruneRememberedAt = max(256, rememberedTasks.count * 2)
      return (false, ended)
    }
    if closed { TaskCapture.forgetTasks([task]) }
    if !ended.isEmpty { TaskCapture.forgetTasks(ended) }
  }

  /// Ends the scheduler's part in its session's tasks, for a session that
  /// is over: captured jobs go back to the executors they were headed for
  /// and later ones go there directly; pending timers are dropped, and the
  /// tasks sleeping on the ``clock`` wake with `CancellationError`, so no
  /// task is left waiting for a time that will never come, and none keeps
  /// the session alive. Idempotent.
  public func close() {
    let (handlers, tasks, origins) = withLock { () -> ([() -> Void], [UnsafeMutableRawPointer], [Unmanaged<TaskOrigin>]) in
      isClosed = true
      timers = TimerQueue()
      sleeps = [:]
      defer { (closeHandlers, rememberedTasks, taskOrigins) = ([:], [], []) }
      return (Array(closeHandlers.values), rememberedTasks, taskOrigins)
    }
    releasePendingJobs()
    TaskCapture.forgetTasks(tasks)
    for origin in origins { origin.release() }
    for handler in handlers { handler() }
  }

  /// Calls `handler` when the scheduler closes, unless
  /// ``forgetCloseHandler(of:)`` is called for `owner` first; at once if it
  /// is closed already.
  func onClose(of owner: AnyObject, _ handler: @escaping () -> Void) {
    let closed = withLock {
      if !isClosed { closeHandlers[ObjectIdentifier(owner)] = handler }
      return isClosed
    }
    if closed { handler() }
  }

  func forgetCloseHandler(of owner: AnyObject) {
    withLock { _ = closeHandlers.removeValue(forKey: ObjectIdentifier(owner)) }
  }

  /// Hands the captured jobs not yet run back to the executors they were
  /// headed for, where they run on their own: for a scheduler that will not
  /// drive its tasks again.
  public func releasePendingJobs() {
    let pending = withLock {
      defer {
        readyJobs.removeAll()
        readyHead = 0
      }
      return readyJobs[readyHead...]
    }
    for job in pending { job.release() }
  }

  // MARK: What is pending

  /// A task sleeping on the ``clock``.
  public struct PendingSleep: Sendable {
    /// When it wakes.
    public let due: Duration
    /// What the session was doing when it began to sleep (``labelNewSleeps(_:)``).
    public var label: String?
    /// The statement that started the sleeping task (``TaskOrigin``).
    var origin: ObjectIdentifier?
  }

  /// The tasks sleeping on the ``clock``, earliest first.
  public var pendingSleeps: [PendingSleep] {
    withLock { sleeps.values.sorted { $0.due < $1.due } }
  }

  /// Gives the sleeps begun since the last call the label `label`: a
  /// session calls it after each statement, so a sleep is known by the
  /// statement during which the task fell asleep (its own code is Swift's).
  public func labelNewSleeps(_ label: () -> String) {
    guard withLock({ unlabelledSleeps > 0 }) else { return }
    let text = label()
    withLock {
      for (key, sleep) in sleeps where sleep.label == nil { sleeps[key]?.label = text }
      unlabelledSleeps = 0
    }
  }

  func noteSleep(_ sleeper: AnyObject, until due: Duration) {
    let origin = TaskOrigin.current.map(ObjectIdentifier.init)
    withLock {
      guard !isClosed else { return }
      sleeps[ObjectIdentifier(sleeper)] = PendingSleep(due: due, label: nil, origin: origin)
      unlabelledSleeps += 1
    }
  }

  func forgetSleep(_ sleeper: AnyObject) {
    withLock { _ = sleeps.removeValue(forKey: ObjectIdentifier(sleeper)) }
  }

  /// Runs `body` (a statement) under a new ``TaskOrigin``, which the tasks
  /// it starts hold until they end; keeps the origin if any still runs
  /// when `body` returns, with the text `label` gives, for
  /// ``runningTasks``. `body` is given the origin, to name the Swift
  /// methods that start tasks (``TaskOrigin/noteStarter(_:)``).
  public func trackingTasks<T>(label: () -> String, _ body: (TaskOrigin) throws -> T) rethrows -> T {
    let origin = TaskOrigin()
    defer {
      // The binding has ended: beyond `origin` here, only tasks hold it.
      if origin.referenceCount > 1 {
        origin.label = label()
        keep(origin)
      }
    }
    return try TaskOrigin.$current.withValue(origin) { try body(origin) }
  }

  /// Keeps `origin` for ``runningTasks``, dropping those whose tasks all
  /// ended whenever the list has doubled.
  private func keep(_ origin: TaskOrigin) {
    let ended = withLock { () -> [Unmanaged<TaskOrigin>] in
      guard !isClosed else { return [] }
      taskOrigins.append(.passRetained(origin))
      guard taskOrigins.count >= pruneOriginsAt else { return [] }
      let ended = taskOrigins.filter { Self.runningCount(of: $0) == 0 }
      taskOrigins.removeAll { Self.runningCount(of: $0) == 0 }
      pruneOriginsAt = max(64, taskOrigins.count * 2)
      return ended
    }
    for origin in ended { origin.release() }
  }

  /// How many tasks hold `origin`: its references beyond the list's own.
  private static func runningCount(of origin: Unmanaged<TaskOrigin>) -> Int {
    bindscript_strong_count(origin.toOpaque()) - 1
  }

  /// The statements whose Swift tasks still run, in the order they ran,
  /// each with how many, and how many of those sleep on the ``clock``.
  public var runningTasks: [RunningTasks] {
    withLock {
      taskOrigins.compactMap { unmanaged in
        let count = Self.runningCount(of: unmanaged)
        guard count > 0 else { return nil }
        let origin = unmanaged.takeUnretainedValue()
        let id = ObjectIdentifier(origin)
        let sleeping = sleeps.values.count { $0.origin == id }
        return RunningTasks(label: origin.label, starters: origin.starters, count: count, sleeping: sleeping)
      }
    }
  }

  /// When `timer` fires next; `nil` once it is over.
  func dueTime(of timer: ScheduledTimer) -> Duration? {
    withLock { timer.isCancelled || !timers.isPending(timer.key) ? nil : timer.key.due }
  }

  // MARK: Timers

  /// Whether `timer` will not fire again: cancelled, or a one-shot timer
  /// that has left the queue to fire.
  func isOver(_ timer: ScheduledTimer) -> Bool {
    withLock { timer.isCancelled || !timers.isPending(timer.key) }
  }

  func cancel(_ timer: ScheduledTimer) {
    withLock {
      guard !timer.isCancelled else { return }
      timer.isCancelled = true
      activity &+= 1
      // A closed scheduler's queue no longer has it.
      if !isClosed { timers.cancel(timer.key) }
    }
  }

  /// Moves virtual time to `time` with no timer fired, if it is later than
  /// now (a driver that fired every timer due by then itself).
  public func moveVirtualTime(to time: Duration) {
    withLock { if mode == .virtual { virtualNow = max(virtualNow, time) } }
  }

  /// Fires the earliest timer due by `end`, if any, with ``now`` at its due
  /// time (virtual time moves there); ready jobs run after it. A driver
  /// that lets other work run between two timers (see ``drainsMainQueue``)
  /// calls it itself. `step` runs before the timer leaves the queue, so a
  /// step limit that stops here loses no timer. With the real clock it
  /// sleeps until the timer is due, calling `poll` as
  /// ``advance(by:step:poll:)`` does.
  /// - Returns: whether a timer was due.
  public func fireNextTimer(
    dueBy end: Duration, step: () throws -> Void, poll: () throws -> Void
  ) rethrows -> Bool {
    guard let due = try nextDue(by: end, step: step, poll: poll) else { return false }
    try step()
    // Not returned from `withLock`: a closure through its generic result is
    // re-abstracted, an allocation a firing.
    var popped: (() -> Void)?
    withLock {
      guard let (action, _) = timers.popFirst(dueBy: due) else { return }
      activity &+= 1
      if mode == .virtual { virtualNow = max(virtualNow, due) }
      firingTime = due
      popped = action
    }
    guard let action = popped else { return true }
    action()
    withLock { firingTime = nil }
    try runReady(step: step)
    return true
  }

  /// Fires the earliest timer due by `end`, stopped only by `step` (see
  /// ``fireNextTimer(dueBy:step:poll:)``).
  public func fireNextTimer(dueBy end: Duration, step: () throws -> Void) rethrows -> Bool {
    try fireNextTimer(dueBy: end, step: step, poll: {})
  }

  /// The due time of the earliest live timer if it is due by `end`; with
  /// the real clock, once it is due (running jobs that arrive meanwhile,
  /// which may schedule earlier timers).
  private func nextDue(by end: Duration, step: () throws -> Void, poll: () throws -> Void) rethrows -> Duration? {
    while true {
      let (due, isDueNow) = withLock { () -> (Duration?, Bool) in
        guard let due = timers.nextDue(), due <= end else { return (nil, true) }
        return (due, mode == .virtual || due <= currentTime())
      }
      guard let due else { return nil }
      if isDueNow { return due }
      // Real time, not yet due: sleep until it is, or a job comes.
      if try waitForJob(until: due, poll: poll) { try runReady(step: step) }
    }
  }

  /// Queues `action` at `due` as `timer`'s next firing. Lock held.
  private func insert(
    _ timer: ScheduledTimer, due: Duration, sequence: UInt64? = nil, action: @escaping () -> Void
  ) {
    let order: UInt64
    if let sequence {
      order = sequence
    } else {
      nextSequence &+= 1
      order = nextSequence
    }
    timer.key = TimerKey(due: due, sequence: order)
    guard !isClosed else { return }
    activity &+= 1
    timers.insert(timer.key, action: action)
  }

  /// Queues a repeating timer's next firing, `interval` after the one under
  /// way (whose key the handle still holds), unless the timer was cancelled.
  /// Called at the end of its action.
  fileprivate func repeatAfterFiring(_ repetition: Repetition) {
    withLock {
      let timer = repetition.timer
      guard !timer.isCancelled else { return }
      insert(timer, due: timer.key.due + repetition.interval, action: repetition.fire)
    }
  }

  // MARK: Waiting (real time)

  /// The longest a sleep on the real clock goes without calling its
  /// `poll`: how long a Ctrl-C waits to stop a `wait 100h`.
  public static let realTimePollInterval = Duration.milliseconds(50)

  /// Sleeps until `time` (real clock), running jobs that arrive meanwhile.
  private func sleepUntil(_ time: Duration, step: () throws -> Void, poll: () throws -> Void) rethrows {
    while withLock({ currentTime() }) < time {
      if try waitForJob(until: time, poll: poll) { try runReady(step: step) }
    }
  }

  /// Waits until a job is ready or the real clock reaches `time`, but no
  /// longer than ``realTimePollInterval``, then calls `poll`.
  /// - Returns: whether a job is ready.
  private func waitForJob(until time: Duration, poll: () throws -> Void) rethrows -> Bool {
    let ready = waitForJob(timeout: min(time - withLock { currentTime() }, Self.realTimePollInterval))
    try poll()
    return ready
  }

  /// Waits up to `timeout` for a job. - Returns: whether one is ready.
  private func waitForJob(timeout: Duration) -> Bool {
    withLock {
      if readyHead < readyJobs.count { return true }
      guard timeout > .zero else { return false }
      var deadline = timespec()
      clock_gettime(CLOCK_REALTIME, &deadline)
      let (seconds, attoseconds) = timeout.components
      let nanoseconds = Int(deadline.tv_nsec) + Int(attoseconds / 1_000_000_000)
      deadline.tv_sec += Int(seconds) + nanoseconds / 1_000_000_000
      deadline.tv_nsec = nanoseconds % 1_000_000_000
      pthread_cond_timedwait(jobArrived, mutex, &deadline)
      return readyHead < readyJobs.count
    }
  }

  // MARK: Locking

  /// Virtual time, or the wall clock's time since the start. Under `mutex`.
  private func currentTime() -> Duration {
    mode == .virtual ? virtualNow : wallStart.duration(to: .now)
  }

  private func withLock<T>(_ body: () throws -> T) rethrows -> T {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }
}

/// A timer on a ``Scheduler``: dispose it to cancel it. A disposed timer
/// never fires again, even if its time has come in the same advance.
///
/// Unlike an observation token, a pending timer is held by its scheduler:
/// dropping the handle does not cancel it, as a dropped `Task` handle does
/// not cancel the task. The scheduler keeps the timer's action, not this
/// handle, which nothing but its caller holds (or, for a repeating timer,
/// its action): a handle the caller drops is freed at once, and firing
/// never reads it (see ``TimerQueue``).
public final class ScheduledTimer: Disposable, @unchecked Sendable {
  private weak var scheduler: Scheduler?
  // Guarded by the scheduler's lock (hence no dynamic exclusivity checks).
  /// The timer's place in the queue; for a repeating timer, its next firing's.
  @exclusivity(unchecked) var key = TimerKey.first
  @exclusivity(unchecked) var isCancelled = false

  init(scheduler: Scheduler) {
    self.scheduler = scheduler
  }

  /// Whether the timer is over: cancelled, or fired if it fires once (so a
  /// session's list of connections shows only pending timers).
  public var isDisposed: Bool { scheduler?.isOver(self) ?? true }

  /// When it fires next; `nil` once it is over.
  public var dueTime: Duration? { scheduler?.dueTime(of: self) }

  /// Cancels the timer.
  public func dispose() {
    scheduler?.cancel(self)
  }
}

/// A repeating timer's action as the queue holds it: runs the action, then
/// queues the next firing, `interval` after this one's due time, so a slow
/// action does not make the timer drift.
private final class Repetition {
  /// Unretained, and unchecked: only the scheduler runs `fire`, from its
  /// own queue, so it is alive then (and a weak load is two atomic
  /// operations a firing).
  unowned(unsafe) let scheduler: Scheduler
  let timer: ScheduledTimer
  let interval: Duration
  let action: () -> Void

  init(scheduler: Scheduler, timer: ScheduledTimer, interval: Duration, action: @escaping () -> Void) {
    self.scheduler = scheduler
    self.timer = timer
    self.interval = interval
    self.action = action
  }

  func fire() {
    action()
    scheduler.repeatAfterFiring(self)
  }
}
