/// The pending timers of a ``Scheduler``, earliest first: a binary min-heap
/// ordered by due time, then by creation, so timers due at the same instant
/// fire in the order they were made.
///
/// Scheduling and firing cost O(log n) in the pending timers. A cancelled
/// timer is only marked, and skipped when it reaches the top; once marked
/// timers are more than half of the heap it is rebuilt without them (O(n)),
/// so cancelling costs O(1) amortized and dead entries never outnumber live
/// ones. The ordering keys are stored in the heap's slots, so sifting never
/// touches the timers themselves.
struct TimerQueue {
  private struct Slot {
    let due: Duration
    let sequence: UInt64
    let timer: ScheduledTimer

    @inline(__always) static func < (lhs: Slot, rhs: Slot) -> Bool {
      lhs.due < rhs.due || (lhs.due == rhs.due && lhs.sequence < rhs.sequence)
    }
  }

  private var slots: [Slot] = []
  private var cancelledCount = 0

  /// Timers waiting to fire (cancelled ones excluded).
  var count: Int { slots.count - cancelledCount }

  /// The due time of the earliest live timer.
  mutating func nextDue() -> Duration? {
    dropCancelledTop()
    return slots.first?.due
  }

  mutating func insert(_ timer: ScheduledTimer, due: Duration, sequence: UInt64) {
    slots.append(Slot(due: due, sequence: sequence, timer: timer))
    siftUp(slots.count - 1)
  }

  /// Removes and returns the earliest live timer if it is due by `time`.
  mutating func popFirst(dueBy time: Duration) -> (timer: ScheduledTimer, due: Duration)? {
    dropCancelledTop()
    guard let first = slots.first, first.due <= time else { return nil }
    removeTop()
    return (first.timer, first.due)
  }

  /// Records that a timer in the queue was cancelled.
  mutating func noteCancelled() {
    cancelledCount += 1
    if cancelledCount > 64 && cancelledCount * 2 > slots.count { rebuildWithoutCancelled() }
  }

  private mutating func dropCancelledTop() {
    while let first = slots.first, first.timer.isCancelled {
      removeTop()
      cancelledCount -= 1
    }
  }

  private mutating func rebuildWithoutCancelled() {
    slots.removeAll { $0.timer.isCancelled }
    cancelledCount = 0
    for index in stride(from: slots.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
  }

  private mutating func removeTop() {
    let last = slots.removeLast()
    guard !slots.isEmpty else { return }
    slots[0] = last
    siftDown(0)
  }

  private mutating func siftUp(_ start: Int) {
    var child = start
    let moving = slots[child]
    while child > 0 {
      let parent = (child - 1) / 2
      guard moving < slots[parent] else { break }
      slots[child] = slots[parent]
      child = parent
    }
    slots[child] = moving
  }

  private mutating func siftDown(_ start: Int) {
    var parent = start
    let moving = slots[parent]
    let count = slots.count
    while true {
      var child = 2 * parent + 1
      guard child < count else { break }
      if child + 1 < count && slots[child + 1] < slots[child] { child += 1 }
      guard slots[child] < moving else { break }
      slots[parent] = slots[child]
      parent = child
    }
    slots[parent] = moving
  }
}
