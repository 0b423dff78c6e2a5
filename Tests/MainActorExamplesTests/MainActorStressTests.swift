import BindLanguage
import Foundation
import BindScriptTesting
import MainActorViewModels
import Testing

/// The async example scripts 50 times in a row, in two suites that Swift
/// Testing runs in parallel: each run has its own interpreter, clock and
/// jobs, so no run sees another's tasks, and every transcript is the same.
/// `BINDSCRIPT_STRESS_RUNS=1000 swift test --filter MainActorStress` runs
/// it longer (under load, for the numbers in a report).
enum MainActorStress {
  static let runs = ProcessInfo.processInfo.environment["BINDSCRIPT_STRESS_RUNS"].flatMap { Int($0) } ?? 50

  @MainActor
  static func runAll(_ runs: Int) async -> Int {
    var failures = 0
    for _ in 0..<runs {
      for script in ScriptTest.scripts(in: MainActorExampleTypes.scriptsFolder) {
        let result = await expectScript(script) { try MainActorExampleTypes.register(in: $0) }
        if !result.passed { failures += 1 }
      }
    }
    return failures
  }
}

@MainActor
@Suite struct MainActorStressSuiteA {
  @Test func everyRunGivesTheSameTranscripts() async {
    #expect(await MainActorStress.runAll(MainActorStress.runs) == 0)
  }
}

@MainActor
@Suite struct MainActorStressSuiteB {
  @Test func everyRunGivesTheSameTranscripts() async {
    #expect(await MainActorStress.runAll(MainActorStress.runs) == 0)
  }
}
