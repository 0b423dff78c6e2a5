import BenchSupport

/// The runtime section: BindRuntime against a hand-written baseline,
/// OpenCombine and the Observation framework, in the same run.
public enum RuntimeSection {
  static let baseline = "hand-written"
  static let subject = "BindRuntime"
  static let hops = 100
  static let fanOutObservers = 1_000
  static let liveSubscriptions = 100_000
  static let cellxLayers = 1_000
  static let effectReads = 10

  static let contenders: [RuntimeContender] = [
    HandWrittenContender(), BindRuntimeContender(), OpenCombineContender(), ObservationContender(),
  ]

  public static func make() -> Section {
    Section(
      title: "Runtime: BindRuntime vs hand-written, OpenCombine, Observation",
      baseline: baseline,
      implementations: contenders.map(\.name),
      scenarios: scenarios,
      goals: goals,
      notes: notes)
  }

  static var scenarios: [Scenario] {
    func row(_ measure: (RuntimeContender) -> Measure) -> [Contestant] {
      contenders.map { Contestant($0.name, measure($0)) }
    }
    return [
      Scenario(
        key: "set-notify", title: "set-and-notify, 1 observer", unit: "ns/write",
        contestants: row { $0.setAndNotify() }),
      Scenario(
        key: "chain", title: "\(hops)-hop chain", unit: "ns/hop",
        contestants: row { $0.chain(hops: hops) }),
      Scenario(
        key: "fan-out", title: "fan-out to \(fanOutObservers) observers", unit: "ns/delivery",
        contestants: row { $0.fanOut(observers: fanOutObservers) }),
      Scenario(
        key: "churn", title: "subscribe + dispose", unit: "ns/pair",
        contestants: row { $0.churn() }),
      Scenario(
        key: "bytes", title: "live subscription (\(liveSubscriptions / 1000)k)", unit: "bytes/sub",
        contestants: row { $0.bytesPerSubscription(count: liveSubscriptions) }),
      Scenario(
        key: "cellx", title: "cellx \(cellxLayers) layers", unit: "µs/update", nanosecondsPerUnit: 1_000,
        contestants: row { $0.cellx(layers: cellxLayers) }),
      Scenario(
        key: "effect-rerun", title: "effect re-run, \(effectReads) reads", unit: "ns/run",
        contestants: row { $0.effectRerun(values: effectReads) }),
    ]
  }

  static let timedKeys = ["set-notify", "chain", "fan-out", "churn", "cellx"]

  static var goals: [Goal] {
    var goals: [Goal] = []
    for key in ["set-notify", "chain", "fan-out"] {
      goals.append(
        Goal("\(subject) within 3× of \(baseline) on \(key)") { result in
          guard let ratio = result.ratio(key, subject, to: baseline) else { return (nil, "not measured") }
          return (ratio <= 3, "\(format(ratio))×")
        })
    }
    goals.append(
      Goal("\(subject) within 2× of \(baseline) on effect-rerun") { result in
        guard let ratio = result.ratio("effect-rerun", subject, to: baseline) else { return (nil, "not measured") }
        return (ratio <= 2, "\(format(ratio))×")
      })
    goals.append(
      Goal("\(subject) ≥5× faster than OpenCombine in every timed scenario") { result in
        speedups(result, over: "OpenCombine") { $0 >= 5 }
      })
    goals.append(
      Goal("\(subject) faster than Observation in every timed scenario") { result in
        speedups(result, over: "Observation") { $0 > 1 }
      })
    goals.append(
      Goal("\(subject) ≤ 160 bytes per live subscription") { result in
        guard let bytes = result.value("bytes", subject) else { return (nil, "not measured") }
        return (bytes <= 160, "\(format(bytes)) bytes")
      })
    goals.append(
      Goal("\(subject) updates cellx \(cellxLayers) layers in < 1 ms") { result in
        guard let micros = result.value("cellx", subject) else { return (nil, "not measured") }
        return (micros < 1_000, "\(format(micros)) µs")
      })
    return goals
  }

  /// How many times faster the subject is than `other` in each timed scenario
  /// both were measured in, and whether every one passes `test`.
  private static func speedups(_ result: SectionResult, over other: String, _ test: (Double) -> Bool)
    -> (met: Bool?, detail: String)
  {
    var parts: [String] = []
    var met = true
    for key in timedKeys {
      guard let ratio = result.ratio(key, other, to: subject) else { continue }
      met = met && test(ratio)
      parts.append("\(key) \(format(ratio))×")
    }
    return parts.isEmpty ? (nil, "not measured") : (met, parts.joined(separator: ", "))
  }

  static let notes = [
    "set-and-notify: one observer receiving (old, new) — `@Observed var x` + `observeChanges`; "
      + "`didSet` + closure array; `CurrentValueSubject` + `sink`; `@Observable` + `withObservationTracking` "
      + "re-armed in `onChange` (which carries no value and fires in `willSet`).",
    "chain: \(hops + 1) values, each passing changes to the next; a unit is one hop. BindRuntime: "
      + "`bind(to: Property)`; hand-written: an observer assigning the next cell; OpenCombine: `sink` setting "
      + "the next subject; Observation: each hop's tracking closure copies its source into the next cell, "
      + "queued by `onChange` and drained after the write (`onChange` runs before the value is stored).",
    "fan-out: \(fanOutObservers) observers of one value; a unit is one delivery.",
    "subscribe + dispose: on a value with no other observers. Observation has no way to cancel a "
      + "registration, so its pair is register + a write that fires (and so ends) it.",
    "live subscription: heap growth (glibc `mallinfo2`: in-use chunks + mmap'd blocks) over "
      + "\(liveSubscriptions) subscriptions to one value, each closure capturing one reference; the caller's "
      + "own slot for the token (pre-reserved) is not counted. Hand-written keeps an id per closure so it can unsubscribe.",
    "cellx: the four start values written in one transaction (`ReactiveGraph.shared.transaction`), then the "
      + "four end values read; values alternate between (4,3,2,1) and (1,2,3,4) and are checked. Building the "
      + "graph is not timed. Hand-written recomputes every cell once in topological order.",
    "effect re-run: an effect reading \(effectReads) values, one of them written per iteration, in turn; a unit "
      + "is one run. BindRuntime: `Effect` over `Property` values (dependencies tracked on every run); "
      + "hand-written: each value's `didSet` calls one closure that reads all \(effectReads).",
  ]
}
