import BenchSupport
import BindRuntime

/// A counter behind a pointer, shared by closures: a captured `var` or a
/// class's stored property would add a dynamic exclusivity check to every
/// increment (see `Tally` in the runtime section).
final class Tally {
  private let storage = UnsafeMutablePointer<Int>.allocate(capacity: 1)
  init() { storage.initialize(to: 0) }
  deinit { storage.deallocate() }
  var count: Int {
    @inline(__always) get { storage.pointee }
    @inline(__always) set { storage.pointee = newValue }
  }
}

/// The workloads of the time section, for the binary heap and BindRuntime.
enum TimeWorkloads {
  // MARK: 1,000,000 pending timers, then fired

  static func heapBurst(delays: [Duration]) -> Measure {
    .time(unitsPerIteration: delays.count) {
      let heap = UnsafeMutablePointer<TimerHeap>.allocate(capacity: 1)
      heap.initialize(to: TimerHeap(capacity: delays.count))
      let disorder = Tally()
      let elapsed = Tally()
      let span = maxMilliseconds(delays) + 1
      return Workload(
        run: { n in
          for _ in 0..<n {
            let start = Duration.milliseconds(elapsed.count)
            disorder.count += heap.pointee.burst(delays: delays, start: start)
            elapsed.count += span
          }
        },
        check: {
          defer { heap.deinitialize(count: 1); heap.deallocate() }
          return disorder.count == 0 && heap.pointee.count == 0 ? nil : "\(disorder.count) out of order"
        })
    }
  }

  static func schedulerBurst(delays: [Duration]) -> Measure {
    .time(unitsPerIteration: delays.count) {
      let scheduler = Scheduler()
      let fired = Tally()
      let iterations = Tally()
      // One action for every timer: the work measured is the scheduler's.
      let action = { fired.count += 1 }
      let span = Duration.milliseconds(maxMilliseconds(delays) + 1)
      return Workload(
        run: { n in
          for _ in 0..<n {
            for delay in delays { scheduler.schedule(after: delay, action) }
            scheduler.advance(by: span)
          }
          iterations.count += n
        },
        check: {
          if fired.count != delays.count * iterations.count {
            return "\(fired.count) fired for \(delays.count * iterations.count) scheduled"
          }
          if scheduler.pendingTimerCount != 0 { return "\(scheduler.pendingTimerCount) left pending" }
          return checkDueOrder(delays: Array(delays.prefix(100_000)))
        })
    }
  }

  /// Fires timers with these delays on a new scheduler and checks that they
  /// fired in due order, same-time timers in creation order. Not timed.
  static func checkDueOrder(delays: [Duration]) -> String? {
    let scheduler = Scheduler()
    var fired: [(due: Duration, index: Int)] = []
    fired.reserveCapacity(delays.count)
    for (index, delay) in delays.enumerated() {
      scheduler.schedule(after: delay) { fired.append((scheduler.now, index)) }
    }
    scheduler.advance(by: .milliseconds(maxMilliseconds(delays) + 1))
    guard fired.count == delays.count else { return "order check: \(fired.count) of \(delays.count) fired" }
    for (previous, next) in zip(fired, fired.dropFirst()) {
      let inOrder = previous.due < next.due || (previous.due == next.due && previous.index < next.index)
      if !inOrder || delays[next.index] != next.due { return "order check: timer \(next.index) out of order" }
    }
    return nil
  }

  // MARK: Hold: n pending, schedule one and fire one

  static func heapHold(pending: Int) -> Measure {
    .time(unitsPerIteration: 1) {
      let heap = UnsafeMutablePointer<TimerHeap>.allocate(capacity: 1)
      heap.initialize(to: TimerHeap(capacity: pending + 1))
      let times = UnsafeMutablePointer<DueTimes>.allocate(capacity: 1)
      times.initialize(to: DueTimes())
      for _ in 0..<pending { heap.pointee.insert(due: times.pointee.next(range: pending)) }
      let last = Tally()
      return Workload(
        run: { n in
          last.count = Int(heap.pointee.hold(iterations: n, times: &times.pointee, range: pending).components.seconds)
        },
        check: {
          defer {
            heap.deinitialize(count: 1); heap.deallocate()
            times.deinitialize(count: 1); times.deallocate()
          }
          return heap.pointee.count == pending ? nil : "\(heap.pointee.count) pending, not \(pending)"
        })
    }
  }

  static func schedulerHold(pending: Int) -> Measure {
    .time(unitsPerIteration: 1) {
      let scheduler = Scheduler()
      let refill = Refill(scheduler: scheduler, range: pending)
      for _ in 0..<pending { refill.scheduleOne() }
      return Workload(
        run: { n in
          let target = refill.fired.count + n
          _ = scheduler.run(until: { refill.fired.count >= target })
        },
        check: {
          let left = scheduler.pendingTimerCount
          return left == pending ? nil : "\(left) pending, not \(pending)"
        })
    }
  }

  /// Each firing schedules the next timer, a pseudo-random delay later, with
  /// the same action (one closure for all, no allocation but the timer's).
  final class Refill {
    let scheduler: Scheduler
    let range: Int
    let fired = Tally()
    private let times = UnsafeMutablePointer<DueTimes>.allocate(capacity: 1)
    private var action: (() -> Void)!

    init(scheduler: Scheduler, range: Int) {
      self.scheduler = scheduler
      self.range = range
      times.initialize(to: DueTimes())
      action = { [unowned self] in
        fired.count += 1
        scheduleOne()
      }
    }

    deinit { times.deallocate() }

    func scheduleOne() {
      scheduler.schedule(after: times.pointee.next(range: range), action)
    }
  }

  // MARK: A change that does not fire

  static func plainBinding() -> Measure {
    .time(unitsPerIteration: 1) {
      let source = Property(0)
      let target = Property(0)
      let token = source.bind(to: target)
      let counter = Tally()
      return Workload(
        run: { n in
          for _ in 0..<n {
            counter.count += 1
            source.value = counter.count
          }
        },
        check: {
          withExtendedLifetime(token) {}
          return target.value == counter.count ? nil : "target \(target.value), source \(counter.count)"
        })
    }
  }

  static func debouncedBinding() -> Measure {
    .time(unitsPerIteration: 1) {
      let scheduler = Scheduler()
      let source = Property(0)
      let target = Property(0)
      // Never quiet for an hour while the benchmark writes: no change fires.
      let token = source.debounced(for: .seconds(3_600), on: scheduler).bind(to: target)
      let counter = Tally()
      return Workload(
        run: { n in
          for _ in 0..<n {
            counter.count += 1
            source.value = counter.count
          }
        },
        check: {
          defer { withExtendedLifetime(token) {} }
          if target.value != 0 { return "fired during the writes: target \(target.value)" }
          if scheduler.pendingTimerCount != 1 { return "\(scheduler.pendingTimerCount) timers pending, not 1" }
          scheduler.advance(by: .seconds(3_600))
          return target.value == counter.count ? nil : "after the wait: target \(target.value), source \(counter.count)"
        })
    }
  }

  static func maxMilliseconds(_ delays: [Duration]) -> Int {
    let (seconds, attoseconds) = (delays.max() ?? .zero).components
    return Int(seconds * 1_000 + attoseconds / 1_000_000_000_000_000)
  }
}
