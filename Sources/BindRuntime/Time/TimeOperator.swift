/// The timing of one time operator (debounce, throttle, delay), apart from
/// what it times: inputs arrive through ``receive(_:)`` and leave through
/// `deliver`, later, from a timer action on the thread that drives the
/// ``Scheduler``. Values (``TimedValue``) and events share it.
///
/// Thread-safe: inputs may arrive on any thread. Its lock guards its state and
/// MUST NOT be held while it calls `deliver` or `finish`, because those run
/// observers that may write the source again (calling ``receive(_:)`` on this
/// thread) or drop the last reference to the output. Arming or cancelling a
/// timer under it is fine: the scheduler never calls out under its own lock,
/// and takes no other lock.
///
/// Pending timers hold their operator strongly until they fire or are
/// cancelled; the operator holds its output only through `deliver`, which
/// captures it weakly, so a pending timer never keeps an output alive.
class TimeOperator<Element> {
  let scheduler: Scheduler
  let interval: Duration
  /// Hands an element to the output. Set once, before the first input.
  var deliver: (Element) -> Void = { _ in }
  /// Ends the output, once the source has ended and nothing is pending. Set
  /// once, before the first input.
  var finish: () -> Void = {}
  let lock = RecursiveLock()
  // Guarded by `lock`.
  var isCancelled = false
  var sourceEnded = false

  init(scheduler: Scheduler, interval: Duration) {
    precondition(interval >= .zero, "a time operator needs an interval of zero or more")
    self.scheduler = scheduler
    self.interval = interval
  }

  deinit { lock.destroy() }

  /// A new input (a changed value, an event).
  func receive(_ element: Element) {}

  /// Called once the source can send nothing more: what is pending is still
  /// delivered at its time, then `finish` runs (at once if nothing is).
  func sourceDidEnd() {
    lock.lock()
    guard !isCancelled && !sourceEnded else { return lock.unlock() }
    sourceEnded = true
    let endsNow = !hasPending
    if endsNow { cancelTimers() }
    lock.unlock()
    if endsNow { finish() }
  }

  /// Stops for good: drops what is pending and cancels the timers. Neither
  /// `deliver` nor `finish` runs afterwards.
  func cancel() {
    lock.lock()
    isCancelled = true
    cancelTimers()
    lock.unlock()
  }

  /// Whether something waits to be delivered. Lock held.
  var hasPending: Bool { false }

  /// Drops what is pending and cancels its timers. Lock held.
  func cancelTimers() {}
}

/// Debounce: delivers the latest input once none has arrived for `interval`.
///
/// One timer, not one per input: an input only moves the deadline (and
/// remembers its place among same-time timers, ``Scheduler/stamp()``); a timer
/// that fires before the deadline arms itself again for it. So an input that
/// does not fire costs two lock pairs and no allocation.
final class Debouncer<Element>: TimeOperator<Element> {
  // Guarded by `lock`.
  private var pending: Element?
  private var deadline = Duration.zero
  private var order: UInt64 = 0
  private var timer: ScheduledTimer?

  override func receive(_ element: Element) {
    lock.lock()
    defer { lock.unlock() }
    guard !isCancelled else { return }
    pending = element
    let stamp = scheduler.stamp()
    deadline = stamp.now + interval
    order = stamp.order
    if timer == nil { arm() }
  }

  /// Arms the timer for the deadline, ordered as of the latest input. Lock held.
  private func arm() {
    timer = scheduler.schedule(at: deadline, orderedAs: order) { [self] in fire() }
  }

  private func fire() {
    lock.lock()
    guard !isCancelled, let element = pending else {
      timer = nil
      return lock.unlock()
    }
    if scheduler.now < deadline {
      // An input came after this timer was armed: wait for its deadline.
      arm()
      return lock.unlock()
    }
    pending = nil
    timer = nil
    let ends = sourceEnded
    lock.unlock()
    deliver(element)
    if ends { finish() }
  }

  override var hasPending: Bool { pending != nil }

  override func cancelTimers() {
    pending = nil
    timer?.dispose()
    timer = nil
  }
}

/// Throttle: the first input passes at once and opens an interval; inputs
/// during it are held, and when it ends the latest of them is delivered and
/// opens the next interval. An interval that ends with nothing held closes,
/// and the next input passes at once again.
final class Throttler<Element>: TimeOperator<Element> {
  // Guarded by `lock`.
  private var pending: Element?
  /// The timer at the end of the open interval; nil while none is open.
  private var timer: ScheduledTimer?

  override func receive(_ element: Element) {
    lock.lock()
    guard !isCancelled else { return lock.unlock() }
    if timer != nil {
      pending = element
      return lock.unlock()
    }
    openInterval()
    lock.unlock()
    deliver(element)
  }

  /// Opens an interval from now (inside a timer's action, from its due time). Lock held.
  private func openInterval() {
    timer = scheduler.schedule(at: scheduler.now + interval) { [self] in intervalDidEnd() }
  }

  private func intervalDidEnd() {
    lock.lock()
    guard !isCancelled, let element = pending else {
      timer = nil
      return lock.unlock()
    }
    pending = nil
    let ends = sourceEnded
    if ends { timer = nil } else { openInterval() }
    lock.unlock()
    deliver(element)
    if ends { finish() }
  }

  override var hasPending: Bool { pending != nil }

  override func cancelTimers() {
    pending = nil
    timer?.dispose()
    timer = nil
  }
}

/// Delay: delivers every input `interval` after it arrived, in arrival order.
///
/// One timer per input, made as the input arrives, so that it takes its
/// place among same-time timers by creation, as any timer does. Due times
/// never go backwards (with the real clock, an input from another thread may
/// read an earlier time than the one before it): the queue is in due order,
/// and the timer that fires always delivers the oldest input.
final class Delayer<Element>: TimeOperator<Element> {
  private struct Entry {
    var element: Element?
    let timer: ScheduledTimer
  }

  // Guarded by `lock`.
  private var queue: [Entry] = []
  private var head = 0
  private var lastDue: Duration?

  override func receive(_ element: Element) {
    lock.lock()
    defer { lock.unlock() }
    guard !isCancelled else { return }
    var due = scheduler.now + interval
    if let lastDue, lastDue > due { due = lastDue }
    lastDue = due
    let timer = scheduler.schedule(at: due) { [self] in fire() }
    queue.append(Entry(element: element, timer: timer))
  }

  private func fire() {
    lock.lock()
    guard !isCancelled, head < queue.count, let element = queue[head].element else { return lock.unlock() }
    queue[head].element = nil
    head += 1
    if head == queue.count {
      queue.removeAll(keepingCapacity: true)
      head = 0
    } else if head >= 64 && head * 2 >= queue.count {
      queue.removeFirst(head)
      head = 0
    }
    let ends = sourceEnded && queue.isEmpty
    lock.unlock()
    deliver(element)
    if ends { finish() }
  }

  override var hasPending: Bool { head < queue.count }

  override func cancelTimers() {
    for entry in queue[head...] { entry.timer.dispose() }
    queue.removeAll()
    head = 0
  }
}
