/// What one implementation scored in one scenario.
public struct CaseResult {
  public let implementation: String
  /// The median, in the scenario's unit; nil when not measured.
  public var value: Double?
  /// Every round's figure, in the scenario's unit.
  public var samples: [Double] = []
  public var iterationsPerRound = 0
  /// Why there is no value, or what a failed check said.
  public var note: String?
}

/// One scenario's results, by implementation.
public struct ScenarioResult {
  public let scenario: Scenario
  public var cases: [CaseResult]

  public func value(_ implementation: String) -> Double? {
    cases.first { $0.implementation == implementation }?.value
  }
}

/// A whole section's results.
public struct SectionResult {
  public let section: Section
  public var scenarios: [ScenarioResult]

  public func value(_ scenarioKey: String, _ implementation: String) -> Double? {
    scenarios.first { $0.scenario.key == scenarioKey }?.value(implementation)
  }

  /// `implementation`'s figure divided by `reference`'s, in one scenario.
  public func ratio(_ scenarioKey: String, _ implementation: String, to reference: String) -> Double? {
    guard let figure = value(scenarioKey, implementation), let base = value(scenarioKey, reference), base > 0 else {
      return nil
    }
    return figure / base
  }
}
