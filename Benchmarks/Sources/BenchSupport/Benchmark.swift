/// A workload built and ready to run; building it is never timed.
public struct Workload {
  /// Performs `iterations` operations.
  public let run: (_ iterations: Int) -> Void
  /// After the runs: nil if the results are right, else what is wrong.
  public let check: () -> String?

  public init(run: @escaping (_ iterations: Int) -> Void, check: @escaping () -> String? = { nil }) {
    self.run = run
    self.check = check
  }
}

/// How one implementation is measured in one scenario.
public enum Measure {
  /// Timed: `prepare` builds the state, and each iteration of the workload
  /// counts as `unitsPerIteration` units (hops, deliveries, ...).
  case time(unitsPerIteration: Int, prepare: () -> Workload)
  /// Read, not timed (bytes per subscription); nil when it cannot be read here.
  case reading(() -> Double?)
  /// Not measured, for the reason given.
  case unavailable(String)
}

/// One implementation of a scenario.
public struct Contestant {
  public let implementation: String
  public let measure: Measure

  public init(_ implementation: String, _ measure: Measure) {
    self.implementation = implementation
    self.measure = measure
  }
}

/// One row of the table: the same work done by every implementation.
public struct Scenario {
  public let key: String
  public let title: String
  /// The unit shown, such as "ns/write".
  public let unit: String
  /// Divides a timed result in nanoseconds into the unit shown (1000 for µs).
  public let nanosecondsPerUnit: Double
  public let contestants: [Contestant]

  public init(key: String, title: String, unit: String, nanosecondsPerUnit: Double = 1, contestants: [Contestant]) {
    self.key = key
    self.title = title
    self.unit = unit
    self.nanosecondsPerUnit = nanosecondsPerUnit
    self.contestants = contestants
  }
}

/// A goal checked against a section's results, such as "within 3× of hand-written".
public struct Goal {
  public let description: String
  /// Returns whether the goal is met (nil: could not tell) and the figures behind it.
  public let evaluate: (SectionResult) -> (met: Bool?, detail: String)

  public init(_ description: String, evaluate: @escaping (SectionResult) -> (met: Bool?, detail: String)) {
    self.description = description
    self.evaluate = evaluate
  }
}

/// A group of scenarios compared against one baseline implementation.
public struct Section {
  public let title: String
  /// The implementation the ratios are taken against.
  public let baseline: String
  /// Column order.
  public let implementations: [String]
  public let scenarios: [Scenario]
  public let goals: [Goal]
  /// Lines printed under the table (what each scenario does exactly).
  public let notes: [String]

  public init(
    title: String, baseline: String, implementations: [String], scenarios: [Scenario], goals: [Goal] = [],
    notes: [String] = []
  ) {
    self.title = title
    self.baseline = baseline
    self.implementations = implementations
    self.scenarios = scenarios
    self.goals = goals
    self.notes = notes
  }
}
