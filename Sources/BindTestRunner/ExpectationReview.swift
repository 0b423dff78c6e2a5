/// `bindscript test --review`: each failing expectation of a script as a
/// proposal to accept or reject, and the file with the accepted ones
/// written in, as `--update` would write them.
package struct ExpectationReview {
  /// One statement whose output differs from its `#>` lines.
  package struct Proposal {
    package var step: TestStep
    /// What it printed (redacted, as the runner compared it).
    package var actual: [String]
    /// Expected against actual, as a failure shows it.
    package var diff: [String]
  }

  package let script: TestScript
  package let proposals: [Proposal]

  /// The proposals for `script` from the steps of its result that failed
  /// (as a worker hands them back: their line and output). A script
  /// without `#>` lines has none: its failures are errors to fix, not
  /// expectations to accept.
  package init(script: TestScript, failedSteps: [StepResult]) {
    self.script = script
    guard script.checksOutput else {
      proposals = []
      return
    }
    let stepsByLine = Dictionary(script.steps.map { ($0.firstLine, $0) }, uniquingKeysWith: { first, _ in first })
    proposals = failedSteps.compactMap { result in
      guard let step = stepsByLine[result.line] else { return nil }
      let diff = UnifiedDiff.render(expected: step.expected, actual: result.actual)
      return diff.isEmpty ? nil : Proposal(step: step, actual: result.actual, diff: diff)
    }
  }

  /// The file's bytes with the proposals at `accepted` (indices into
  /// ``proposals``) written in.
  package func bytes(accepting accepted: [Int]) -> [UInt8] {
    ExpectationUpdater.update(script, changing: accepted.map { (proposals[$0].step, proposals[$0].actual) })
  }
}
