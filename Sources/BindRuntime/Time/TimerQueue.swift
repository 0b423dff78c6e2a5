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
struct TimerQueue: ~Copyable {
  /// A timer's place in the order: due time, then creation. The due time is
  /// kept as whole seconds and attoseconds (``Duration/components``, ordered
  /// the same way) because `Duration`'s `<` is an opaque call into the
  /// standard library, made twice per level of every sift.
  private struct Key {
    let seconds: Int64
    let attoseconds: Int64
    let sequence: UInt64

    init(due: Duration, sequence: UInt64) {
      (seconds, attoseconds) = due.components
      self.sequence = sequence
    }

    var due: Duration { Duration(secondsComponent: seconds, attosecondsComponent: attoseconds) }

    @inline(__always) static func < (lhs: Key, rhs: Key) -> Bool {
      if lhs.seconds != rhs.seconds { return lhs.seconds < rhs.seconds }
      if lhs.attoseconds != rhs.attoseconds { return lhs.attoseconds < rhs.attoseconds }
      return lhs.sequence < rhs.sequence
    }
  }

  /// The timer is held with a reference count of its own, taken on insert
  /// and handed over on removal (or released, for a cancelled timer), so that
  /// moving slots and popping the top never retain or release: each of those
  /// is an atomic operation on memory usually not in the cache (the timer was
  /// not touched since it was scheduled), which stalls far longer than a read.
  private struct Slot {
    let key: Key
    let timer: Unmanaged<ScheduledTimer>

    var isCancelled: Bool { timer._withUnsafeGuaranteedRef { $0.isCancelled } }
  }

  private var slots: [Slot] = []
  private var cancelledCount = 0

  init() {}

  deinit {
    for slot in slots { slot.timer.release() }
  }

  /// Timers waiting to fire (cancelled ones excluded).
  var count: Int { slots.count - cancelledCount }

  /// The due time of the earliest live timer.
  mutating func nextDue() -> Duration? {
    dropCancelledTop()
    return slots.first?.key.due
  }

  mutating func insert(_ timer: ScheduledTimer, due: Duration, sequence: UInt64) {
    slots.append(Slot(key: Key(due: due, sequence: sequence), timer: .passRetained(timer)))
    siftUp(slots.count - 1)
  }

  /// Removes and returns the earliest live timer if it is due by `time`.
  mutating func popFirst(dueBy time: Duration) -> (timer: ScheduledTimer, due: Duration)? {
    dropCancelledTop()
    guard let due = slots.first?.key.due, due <= time else { return nil }
    return (removeTop().takeRetainedValue(), due)
  }

  /// Records that a timer in the queue was cancelled.
  mutating func noteCancelled() {
    cancelledCount += 1
    if cancelledCount > 64 && cancelledCount * 2 > slots.count { rebuildWithoutCancelled() }
  }

  /// Removes cancelled timers from the top. With none cancelled it MUST NOT
  /// look at the top timer: with many timers that read is a cache miss.
  private mutating func dropCancelledTop() {
    while cancelledCount > 0, let first = slots.first, first.isCancelled {
      removeTop().release()
      cancelledCount -= 1
    }
  }

  private mutating func rebuildWithoutCancelled() {
    slots.removeAll { slot in
      guard slot.isCancelled else { return false }
      slot.timer.release()
      return true
    }
    cancelledCount = 0
    for index in stride(from: slots.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
  }

  // The sifts move one hole up or down and compare keys only: the slots are
  // plain data, so moving one retains nothing, and the timers themselves are
  // never touched. Through the buffer, without bounds or uniqueness checks.

  /// Removes the top and returns its timer, with the queue's reference.
  ///
  /// Floyd's pop: the hole at the top sinks to a leaf along the earlier
  /// child, one comparison a level instead of two, then the last slot fills
  /// it and rises (rarely more than a level or two).
  private mutating func removeTop() -> Unmanaged<ScheduledTimer> {
    let last = slots.removeLast()
    guard !slots.isEmpty else { return last.timer }
    let top = slots[0].timer
    let hole = slots.withUnsafeMutableBufferPointer { slots in
      var hole = 0
      while true {
        var child = 2 * hole + 1
        guard child < slots.count else { break }
        if child + 1 < slots.count && slots[child + 1].key < slots[child].key { child += 1 }
        slots[hole] = slots[child]
        hole = child
      }
      slots[hole] = last
      return hole
    }
    siftUp(hole)
    return top
  }

  private mutating func siftUp(_ start: Int) {
    slots.withUnsafeMutableBufferPointer { slots in
      var child = start
      let moving = slots[child]
      while child > 0 {
        let parent = (child - 1) / 2
        guard moving.key < slots[parent].key else { break }
        slots[child] = slots[parent]
        child = parent
      }
      slots[child] = moving
    }
  }

  /// Restores the order below `start` (rebuilding after cancellations).
  private mutating func siftDown(_ start: Int) {
    slots.withUnsafeMutableBufferPointer { slots in
      var parent = start
      let moving = slots[parent]
      while true {
        var child = 2 * parent + 1
        guard child < slots.count else { break }
        if child + 1 < slots.count && slots[child + 1].key < slots[child].key { child += 1 }
        guard slots[child].key < moving.key else { break }
        slots[parent] = slots[child]
        parent = child
      }
      slots[parent] = moving
    }
  }
}
