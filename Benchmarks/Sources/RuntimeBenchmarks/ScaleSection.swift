import BenchSupport
import BindRuntime

/// The scale section (issue #14): what a write costs next to a thousand
/// unobserved derived values, and what one subscription costs as a value's
/// fan-out grows from 10^3 to 10^6. Both must stay flat.
public enum ScaleSection {
  static let baseline = "hand-written"
  static let subject = "BindRuntime"
  static let inactiveDerivedValues = 1_000
  static let fanOutSizes = [1_000, 10_000, 100_000, 1_000_000]

  public static func make() -> Section {
    Section(
      title: "Scale: unobserved derived values, fan-outs of 10^3…10^6",
      baseline: baseline,
      implementations: [baseline, subject],
      scenarios: scenarios,
      goals: goals,
      notes: notes)
  }

  static var scenarios: [Scenario] {
    var scenarios = [
      Scenario(
        key: "unobserved-0", title: "write, nothing reads the value", unit: "ns/write",
        contestants: [Contestant(baseline, handWrittenWrite()), Contestant(subject, runtimeWrite(derived: 0))]),
      Scenario(
        key: "unobserved-\(inactiveDerivedValues)",
        title: "write, \(inactiveDerivedValues) unobserved derived values read it", unit: "ns/write",
        contestants: [
          Contestant(baseline, handWrittenWrite()),
          Contestant(subject, runtimeWrite(derived: inactiveDerivedValues)),
        ]),
    ]
    for size in fanOutSizes {
      scenarios.append(
        Scenario(
          key: "subscribe-\(size)", title: "bind + end, fan-out of \(size)", unit: "ns/subscription",
          contestants: [Contestant(baseline, handWrittenFanOut(size)), Contestant(subject, runtimeFanOut(size))]))
    }
    return scenarios
  }

  static var goals: [Goal] {
    [
      Goal("\(subject): \(inactiveDerivedValues) unobserved derived values cost a write nothing (≤ 1.3× a write none read)") {
        result in
        guard let with = result.value("unobserved-\(inactiveDerivedValues)", subject),
          let without = result.value("unobserved-0", subject)
        else { return (nil, "not measured") }
        return (with <= without * 1.3, "\(format(with)) ns against \(format(without)) ns")
      },
      Goal("\(subject): cost per subscription flat from 10^3 to 10^6 (largest ≤ 2× smallest)") { result in
        let costs = fanOutSizes.compactMap { result.value("subscribe-\($0)", subject) }
        guard costs.count == fanOutSizes.count, let first = costs.first, let largest = costs.max() else {
          return (nil, "not measured")
        }
        return (largest <= first * 2, costs.map { format($0) }.joined(separator: " / ") + " ns")
      },
    ]
  }

  static let notes = [
    "unobserved: one `Property<Int>` written with fresh values; in `unobserved-\(inactiveDerivedValues)` "
      + "\(inactiveDerivedValues) `Derived` values read it, each read once when built and never since (lazy: "
      + "inactive, no edge from the property). Hand-written: a `didSet` over an empty observer array.",
    "subscribe: each iteration binds one `Property` into n target properties (`bind(to:)`) and then ends the "
      + "bindings in the order they were made (the order a session's teardown uses; the hardest for a list). "
      + "Hand-written: n closures writing into n cells, removed newest first (its `removeObserver` searches "
      + "from the end, so that is its O(1) order). A unit is one subscription, made and ended.",
  ]

  // MARK: Workloads

  static func handWrittenWrite() -> Measure {
    .time(unitsPerIteration: 1) {
      let cell = HandWrittenCell(0)
      let counter = Counter()
      return Workload(
        run: { n in for _ in 0..<n { cell.x = counter.next() } },
        check: { cell.x == counter.current ? nil : "x \(cell.x)" })
    }
  }

  static func runtimeWrite(derived count: Int) -> Measure {
    .time(unitsPerIteration: 1) {
      let source = Property(0)
      let derived = (0..<count).map { offset in Derived { source.value &+ offset } }
      for value in derived { _ = value.value }
      let counter = Counter()
      return Workload(
        run: { n in for _ in 0..<n { source.value = counter.next() } },
        check: {
          guard source.value == counter.current else { return "source \(source.value)" }
          // Read last: reading makes them current, not active.
          if let last = derived.last, last.value != counter.current &+ (count - 1) { return "derived \(last.value)" }
          return nil
        })
    }
  }

  static func handWrittenFanOut(_ size: Int) -> Measure {
    .time(unitsPerIteration: size) {
      let source = HandWrittenCell(0)
      let targets = (0..<size).map { _ in HandWrittenCell(0) }
      source.reserveObservers(size)
      var rounds = 0
      return Workload(
        run: { n in
          for _ in 0..<n {
            var ids: [Int] = []
            ids.reserveCapacity(size)
            for target in targets { ids.append(source.observe { _, new in target.x = new }) }
            rounds += 1
            source.x = rounds
            for id in ids.reversed() { source.removeObserver(id) }
          }
        },
        check: { targets.last!.x == rounds ? nil : "last target \(targets.last!.x)" })
    }
  }

  static func runtimeFanOut(_ size: Int) -> Measure {
    .time(unitsPerIteration: size) {
      let source = Property(0)
      let targets = (0..<size).map { _ in Property(0) }
      var rounds = 0
      return Workload(
        run: { n in
          for _ in 0..<n {
            var tokens: [Disposable] = []
            tokens.reserveCapacity(size)
            for target in targets { tokens.append(source.bind(to: target)) }
            rounds += 1
            source.value = rounds
            for token in tokens { token.dispose() }
          }
        },
        check: { targets.last!.value == rounds ? nil : "last target \(targets.last!.value)" })
    }
  }
}
