/// The benchmark's baseline for timers: a plain binary min-heap of
/// (due, sequence), written for the benchmark and nothing else: no timer
/// objects, no actions, no lock, no cancellation. Ordered as the scheduler's
/// timers are, by due time, then by creation.
struct TimerHeap {
  struct Entry {
    let due: Duration
    let sequence: UInt64

    @inline(__always) static func < (lhs: Entry, rhs: Entry) -> Bool {
      lhs.due < rhs.due || (lhs.due == rhs.due && lhs.sequence < rhs.sequence)
    }
  }

  private(set) var entries: [Entry] = []
  private var nextSequence: UInt64 = 0

  var count: Int { entries.count }

  init(capacity: Int = 0) { entries.reserveCapacity(capacity) }

  mutating func insert(due: Duration) {
    nextSequence &+= 1
    entries.append(Entry(due: due, sequence: nextSequence))
    var child = entries.count - 1
    let moving = entries[child]
    while child > 0 {
      let parent = (child - 1) / 2
      guard moving < entries[parent] else { break }
      entries[child] = entries[parent]
      child = parent
    }
    entries[child] = moving
  }

  mutating func popFirst() -> Entry? {
    guard let first = entries.first else { return nil }
    let last = entries.removeLast()
    guard !entries.isEmpty else { return first }
    var parent = 0
    let count = entries.count
    while true {
      var child = 2 * parent + 1
      guard child < count else { break }
      if child + 1 < count && entries[child + 1] < entries[child] { child += 1 }
      guard entries[child] < last else { break }
      entries[parent] = entries[child]
      parent = child
    }
    entries[parent] = last
    return first
  }
}

/// Due times for the benchmarks: a fixed pseudo-random sequence (xorshift),
/// the same for every implementation, with repeats so that same-time timers
/// (ordered by creation) are part of the work.
struct DueTimes {
  private var state: UInt64

  init(seed: UInt64 = 0x9E37_79B9_7F4A_7C15) { state = seed }

  /// A delay in whole milliseconds in `1...range`.
  @inline(__always) mutating func next(range: Int) -> Duration {
    state ^= state << 13
    state ^= state >> 7
    state ^= state << 17
    return .milliseconds(Int64(state % UInt64(range)) + 1)
  }

  /// `count` delays in `1...range`.
  static func list(count: Int, range: Int) -> [Duration] {
    var times = DueTimes()
    return (0..<count).map { _ in times.next(range: range) }
  }
}

/// The baseline's loops, each one mutating call on the heap, so that the
/// benchmark pays no dynamic exclusivity check per operation (a closure's
/// captured `var` or a class's stored property would).
extension TimerHeap {
  /// Inserts a timer `delay` after `start` for each delay, then pops them all
  /// in due order. Returns how many came out of order (0).
  mutating func burst(delays: [Duration], start: Duration) -> Int {
    for delay in delays { insert(due: start + delay) }
    var last = Duration.zero
    var disorder = 0
    while let entry = popFirst() {
      if entry.due < last { disorder += 1 }
      last = entry.due
    }
    return disorder
  }

  /// The "hold" model: `iterations` times, pops the earliest timer and
  /// inserts a new one a pseudo-random delay after it, so the number pending
  /// stays the same. Returns the last due time popped.
  mutating func hold(iterations: Int, times: inout DueTimes, range: Int) -> Duration {
    var now = Duration.zero
    for _ in 0..<iterations {
      guard let entry = popFirst() else { break }
      now = entry.due
      insert(due: now + times.next(range: range))
    }
    return now
  }
}
