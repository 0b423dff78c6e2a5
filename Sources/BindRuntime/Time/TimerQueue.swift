/// A timer's place in the order of a ``TimerQueue``: due time, then creation.
///
/// The due time is kept as `Duration` keeps it, a 128-bit count of
/// attoseconds in two words (its `@frozen` layout, so these fields are part
/// of the standard library's ABI), compared high word first. `Duration`'s
/// own `<` is an opaque call into the standard library, made twice per level
/// of every sift, and its `components` divide by 10^18 (~250 instructions
/// for a key and its due time back).
struct TimerKey {
  let high: Int64
  let low: UInt64
  let sequence: UInt64

  init(due: Duration, sequence: UInt64) {
    (high, low) = (due._high, due._low)
    self.sequence = sequence
  }

  private init(high: Int64, low: UInt64, sequence: UInt64) {
    (self.high, self.low, self.sequence) = (high, low, sequence)
  }

  /// Before every key a timer can have.
  static let first = TimerKey(high: .min, low: 0, sequence: 0)

  var due: Duration { Duration(_high: high, low: low) }

  @inline(__always) static func < (lhs: TimerKey, rhs: TimerKey) -> Bool {
    if lhs.high != rhs.high { return lhs.high < rhs.high }
    if lhs.low != rhs.low { return lhs.low < rhs.low }
    return lhs.sequence < rhs.sequence
  }
}

/// The pending timers of a ``Scheduler``, earliest first: a binary min-heap
/// ordered by due time, then by creation, so timers due at the same instant
/// fire in the order they were made.
///
/// Scheduling and firing cost O(log n) in the pending timers. A slot holds
/// everything firing needs (the key and the action), and no reference to
/// the timer's handle: firing touches only the heap, and a handle that its
/// caller drops is freed at once. With a million timers, reading a handle
/// when it fires, and `malloc` reusing handles freed in due order (that is,
/// at random), were each a cache miss a timer.
///
/// So the queue tells whether a timer is still pending from its key alone:
/// pops come in key order, so a timer whose key is after the last one popped
/// (`lastFired`) has not fired. The rare timer made with a key before it (a
/// negative delay, a time in the past) is listed in `early` until it fires.
///
/// A cancelled timer is only listed, and skipped when it reaches the top;
/// once listed timers are more than half of the heap it is rebuilt without
/// them (O(n)), so cancelling costs O(1) amortized and dead entries never
/// outnumber live ones.
struct TimerQueue: ~Copyable {
  private struct Slot {
    let key: TimerKey
    let action: () -> Void
  }

  private var slots: [Slot] = []
  /// The sequence numbers of pending timers that were cancelled.
  private var cancelled: Set<UInt64> = []
  /// The sequence numbers of pending timers whose key is not after `lastFired`.
  private var early: Set<UInt64> = []
  /// The latest key that fired.
  private var lastFired = TimerKey.first

  init() {}

  /// Timers waiting to fire (cancelled ones excluded).
  var count: Int { slots.count - cancelled.count }

  /// The due time of the earliest live timer.
  mutating func nextDue() -> Duration? {
    dropCancelledTop()
    return slots.first?.key.due
  }

  mutating func insert(_ key: TimerKey, action: @escaping () -> Void) {
    if !(lastFired < key) { early.insert(key.sequence) }
    slots.append(Slot(key: key, action: action))
    siftUp(slots.count - 1)
  }

  /// Whether the timer with this key is waiting to fire (if it was not
  /// cancelled: the caller knows that).
  func isPending(_ key: TimerKey) -> Bool {
    lastFired < key || (!early.isEmpty && early.contains(key.sequence))
  }

  /// Cancels the timer with this key if it is pending.
  mutating func cancel(_ key: TimerKey) {
    guard isPending(key) else { return }
    early.remove(key.sequence)
    cancelled.insert(key.sequence)
    if cancelled.count > 64 && cancelled.count * 2 > slots.count { rebuildWithoutCancelled() }
  }

  /// Removes the earliest live timer if it is due by `time`, and returns its
  /// action and due time.
  mutating func popFirst(dueBy time: Duration) -> (action: () -> Void, due: Duration)? {
    dropCancelledTop()
    guard let due = slots.first?.key.due, due <= time else { return nil }
    let slot = removeTop()
    if lastFired < slot.key {
      lastFired = slot.key
    } else {
      early.remove(slot.key.sequence)
    }
    return (slot.action, due)
  }

  /// Removes cancelled timers from the top. With none cancelled it MUST NOT
  /// look up the top's key: that hashing would be paid on every firing.
  private mutating func dropCancelledTop() {
    while !cancelled.isEmpty, let first = slots.first, cancelled.remove(first.key.sequence) != nil {
      _ = removeTop()
    }
  }

  private mutating func rebuildWithoutCancelled() {
    slots.removeAll { cancelled.contains($0.key.sequence) }
    cancelled.removeAll()
    for index in stride(from: slots.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
  }

  // The sifts move one hole up or down and compare keys only. Slots are
  // moved, never copied, so moving one does not retain its action (an atomic
  // operation, on memory not touched since the timer was scheduled).
  // Through the buffer, without bounds, uniqueness or overflow checks (an
  // index is below the count, itself far below `Int.max / 2`), and one slot
  // at a time (`moveInitialize(from:count:)` checks for overlap).

  /// Removes the top and returns it.
  ///
  /// Floyd's pop: the hole at the top sinks to a leaf along the earlier
  /// child, one comparison a level instead of two, then the last slot fills
  /// it and rises (rarely more than a level or two). The top is moved into
  /// the last place, which `removeLast` then takes.
  private mutating func removeTop() -> Slot {
    let last = slots.count - 1
    if last > 0 {
      slots.withUnsafeMutableBufferPointer { slots in
        let base = slots.baseAddress!
        let top = base.move()
        let moving = (base + last).move()
        var hole = 0
        while true {
          var child = 2 &* hole &+ 1
          guard child < last else { break }
          if child &+ 1 < last && base[child &+ 1].key < base[child].key { child &+= 1 }
          (base + hole).initialize(to: (base + child).move())
          hole = child
        }
        hole = Self.rise(moving.key, from: hole, in: base)
        (base + hole).initialize(to: moving)
        (base + last).initialize(to: top)
      }
    }
    return slots.removeLast()
  }

  private mutating func siftUp(_ start: Int) {
    slots.withUnsafeMutableBufferPointer { slots in
      let base = slots.baseAddress!
      let moving = (base + start).move()
      let hole = Self.rise(moving.key, from: start, in: base)
      (base + hole).initialize(to: moving)
    }
  }

  /// Moves the hole at `start` up past the slots after `key`, and returns
  /// where it ends: where a slot with `key` belongs.
  @inline(__always)
  private static func rise(_ key: TimerKey, from start: Int, in base: UnsafeMutablePointer<Slot>) -> Int {
    var hole = start
    while hole > 0 {
      let parent = (hole &- 1) / 2
      guard key < base[parent].key else { break }
      (base + hole).initialize(to: (base + parent).move())
      hole = parent
    }
    return hole
  }

  /// Restores the order below `start` (rebuilding after cancellations).
  private mutating func siftDown(_ start: Int) {
    slots.withUnsafeMutableBufferPointer { slots in
      let base = slots.baseAddress!
      let count = slots.count
      let moving = (base + start).move()
      var hole = start
      while true {
        var child = 2 &* hole &+ 1
        guard child < count else { break }
        if child &+ 1 < count && base[child &+ 1].key < base[child].key { child &+= 1 }
        guard base[child].key < moving.key else { break }
        (base + hole).initialize(to: (base + child).move())
        hole = child
      }
      (base + hole).initialize(to: moving)
    }
  }
}
