/// How a run is set up, from the command line.
public struct RunOptions {
  /// Timed rounds per case; the median is reported.
  public var rounds = 9
  /// How long one round of one case should take.
  public var roundNanoseconds: UInt64 = 20_000_000
  /// Runs only scenarios whose key contains this.
  public var scenarioFilter: String?
  /// Runs only implementations whose name contains this (case-insensitive).
  public var implementationFilter: String?
  /// Profiling mode: run the selected cases for this many iterations, once,
  /// with no calibration and no table (for callgrind or perf).
  public var profileIterations: Int?

  public init() {}
}

/// Runs sections: every case of a scenario is built, calibrated, then timed in
/// interleaved rounds (A B C D, A B C D, ...) so that noise from a shared
/// machine falls on every implementation alike.
public struct Runner {
  public let options: RunOptions

  public init(options: RunOptions) { self.options = options }

  public func run(_ section: Section) -> SectionResult {
    var result = SectionResult(section: section, scenarios: [])
    for scenario in section.scenarios where selects(scenario: scenario.key) {
      result.scenarios.append(run(scenario))
    }
    return result
  }

  private func selects(scenario key: String) -> Bool {
    guard let filter = options.scenarioFilter else { return true }
    return key.contains(filter)
  }

  private func selects(implementation name: String) -> Bool {
    guard let filter = options.implementationFilter else { return true }
    return name.lowercased().contains(filter.lowercased())
  }

  private func run(_ scenario: Scenario) -> ScenarioResult {
    var cases: [CaseResult] = []
    var timed: [(index: Int, units: Int, workload: Workload, iterations: Int)] = []
    for contestant in scenario.contestants {
      var result = CaseResult(implementation: contestant.implementation)
      guard selects(implementation: contestant.implementation) else {
        result.note = "not selected"
        cases.append(result)
        continue
      }
      switch contestant.measure {
      case .unavailable(let reason):
        result.note = reason
      case .reading(let read):
        let readings = (0..<3).compactMap { _ in read() }
        if readings.isEmpty {
          result.note = "cannot be read on this platform"
        } else {
          result.samples = readings
          result.value = median(readings)
        }
      case .time(let units, let prepare):
        let workload = prepare()
        let iterations = options.profileIterations ?? calibrate(workload)
        timed.append((cases.count, units, workload, iterations))
        result.iterationsPerRound = iterations
      }
      cases.append(result)
    }
    if options.profileIterations != nil {
      for entry in timed { entry.workload.run(entry.iterations) }
      return ScenarioResult(scenario: scenario, cases: cases)
    }
    for _ in 0..<options.rounds {
      for entry in timed {
        let start = monotonicNanoseconds()
        entry.workload.run(entry.iterations)
        let elapsed = Double(monotonicNanoseconds() - start)
        let perUnit = elapsed / Double(entry.iterations * entry.units) / scenario.nanosecondsPerUnit
        cases[entry.index].samples.append(perUnit)
      }
    }
    for entry in timed {
      if let failure = entry.workload.check() {
        cases[entry.index].note = "CHECK FAILED: \(failure)"
      } else {
        cases[entry.index].value = median(cases[entry.index].samples)
      }
    }
    return ScenarioResult(scenario: scenario, cases: cases)
  }

  /// Doubles the iteration count until a run takes a measurable time, then
  /// scales it to one round's target. The runs double as warm-up.
  private func calibrate(_ workload: Workload) -> Int {
    var iterations = 1
    while true {
      let start = monotonicNanoseconds()
      workload.run(iterations)
      let elapsed = monotonicNanoseconds() - start
      if elapsed >= 2_000_000 || iterations >= 1 << 30 {
        let scaled = Double(iterations) * Double(options.roundNanoseconds) / Double(max(elapsed, 1))
        return max(1, Int(scaled))
      }
      iterations *= 2
    }
  }
}
