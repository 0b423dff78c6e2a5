import BenchSupport
import BindRuntime

/// The time section: BindRuntime's `Scheduler` against a plain binary heap
/// of (due, sequence) written for the benchmark, and a debounced binding
/// against a plain one, each pair in the same run.
public enum TimeSection {
  static let baseline = "baseline"
  static let subject = "BindRuntime"
  static let burstTimers = 1_000_000
  static let holdSizes = [1_000, 10_000, 100_000, 1_000_000]

  public static func make() -> Section {
    Section(
      title: "Time: Scheduler vs a plain binary heap, debounced vs plain binding",
      baseline: baseline,
      implementations: [baseline, subject],
      scenarios: scenarios,
      goals: goals,
      notes: notes)
  }

  static func holdKey(_ size: Int) -> String { "timer-hold-\(short(size))" }

  static func short(_ size: Int) -> String {
    switch size {
    case 1_000_000...: return "\(size / 1_000_000)m"
    case 1_000...: return "\(size / 1_000)k"
    default: return "\(size)"
    }
  }

  static var scenarios: [Scenario] {
    // Delays of 1 ms to 100 s: ~1% of the timers share their due time with another.
    let delays = DueTimes.list(count: burstTimers, range: 100_000)
    var scenarios = [
      Scenario(
        key: "timer-burst", title: "1,000,000 timers scheduled, then fired in due order", unit: "ns/timer",
        contestants: [
          Contestant(baseline, TimeWorkloads.heapBurst(delays: delays)),
          Contestant(subject, TimeWorkloads.schedulerBurst(delays: delays)),
        ])
    ]
    for size in holdSizes {
      scenarios.append(
        Scenario(
          key: holdKey(size), title: "schedule + fire one timer, \(short(size)) pending", unit: "ns/timer",
          contestants: [
            Contestant(baseline, TimeWorkloads.heapHold(pending: size)),
            Contestant(subject, TimeWorkloads.schedulerHold(pending: size)),
          ]))
    }
    scenarios.append(
      Scenario(
        key: "debounce-change", title: "a change into a binding (debounced: one that does not fire)",
        unit: "ns/change",
        contestants: [
          Contestant(baseline, TimeWorkloads.plainBinding()),
          Contestant(subject, TimeWorkloads.debouncedBinding()),
        ]))
    return scenarios
  }

  static var goals: [Goal] {
    [
      Goal("1,000,000 pending timers fire in due order within 2× of the binary heap") { result in
        guard let ratio = result.ratio("timer-burst", subject, to: baseline) else { return (nil, "not measured") }
        return (ratio <= 2, "\(format(ratio))×")
      },
      Goal("scheduling + firing grows like log n: the Scheduler's cost from 1k to 1m pending grows by at most 1.5× the heap's growth") { result in
        let first = holdKey(holdSizes.first!)
        let last = holdKey(holdSizes.last!)
        guard let small = result.value(first, subject), let large = result.value(last, subject),
          let heapSmall = result.value(first, baseline), let heapLarge = result.value(last, baseline)
        else { return (nil, "not measured") }
        let growth = large / small
        let heapGrowth = heapLarge / heapSmall
        var perLog: [String] = []
        for size in holdSizes {
          if let value = result.value(holdKey(size), subject) {
            perLog.append("\(short(size)) \(format(value / log2(Double(size))))")
          }
        }
        let detail =
          "Scheduler ×\(format(growth)), heap ×\(format(heapGrowth)) (log2 n ×2.0); "
          + "Scheduler ns per log2 n: \(perLog.joined(separator: ", "))"
        return (growth <= 1.5 * heapGrowth, detail)
      },
      Goal("a debounced binding's change that does not fire costs at most 3× a plain binding's") { result in
        guard let ratio = result.ratio("debounce-change", subject, to: baseline) else { return (nil, "not measured") }
        return (ratio <= 3, "\(format(ratio))×")
      },
    ]
  }

  static let notes = [
    "baseline: for the timer scenarios, a plain binary min-heap of (due: Duration, sequence: UInt64) written for "
      + "the benchmark (TimerHeap.swift: no timer objects, no actions, no lock); for `debounce-change`, "
      + "`source.bind(to: target)` between two `Property<Int>`.",
    "timer-burst: 1,000,000 timers with pseudo-random delays of 1 ms to 100 s (~1% share a due time) are "
      + "scheduled (`schedule(after:_:)`, one shared action that counts), then `advance(by:)` fires them all; a unit "
      + "is one timer, scheduled and fired. The heap inserts and pops the same due times. The check verifies every "
      + "timer fired, and on 100,000 of them that they fired in due order, same-time timers in creation order.",
    "timer-hold-N: N timers pending (due within N ms); each unit fires the earliest (`run(until:)`) and its action "
      + "schedules one more a pseudo-random 1...N ms later, so N stay pending (the classic \"hold\" model of "
      + "priority-queue benchmarks). The heap pops and inserts.",
    "debounce-change: each unit writes a new value into the source. BindRuntime: "
      + "`source.debounced(for: .seconds(3600), on: scheduler).bind(to: target)`, so no change fires (the check "
      + "then advances an hour and finds the last value in the target); baseline: `source.bind(to: target)`.",
  ]
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
