import BindLanguage
import BindSyntax

/// Turns test results into a report, a piece at a time, so a long run can
/// stream its report in a stable order.
///
/// Reporters only make text; the command line decides where it goes.
package protocol TestReporter {
  /// What to print before any result, knowing how many files will run.
  func start(total: Int) -> String
  /// What to print for the `number`th (1-based) result, in file order.
  func report(_ result: FileTestResult, number: Int) -> String
  /// What to print once every file has run.
  func finish(_ results: [FileTestResult], seconds: Double) -> String
}

/// The report formats of `bindscript test --format`.
package enum TestReportFormat: String, CaseIterable, Sendable {
  /// One line per file, failure details, and a summary line.
  case plain
  /// TAP version 13 with YAML diagnostics, for `prove`.
  case tap
  /// JUnit XML, for CI servers.
  case junit

  /// A reporter for this format.
  package func reporter(useColor: Bool = false) -> TestReporter {
    switch self {
    case .plain: return PlainReporter(useColor: useColor)
    case .tap: return TAPReporter()
    case .junit: return JUnitReporter()
    }
  }
}

/// Counts of files by outcome.
package struct TestSummary: Equatable, Sendable {
  /// Files that passed.
  package var passed = 0
  /// Files that failed.
  package var failed = 0
  /// Files skipped with `# skip:`.
  package var skipped = 0

  /// Counts `results`.
  package init(_ results: [FileTestResult]) {
    for result in results {
      switch result.status {
      case .passed: passed += 1
      case .failed: failed += 1
      case .skipped: skipped += 1
      }
    }
  }

  /// `N passed, N failed`, plus `, N skipped` when files were skipped.
  package var line: String {
    "\(passed) passed, \(failed) failed" + (skipped > 0 ? ", \(skipped) skipped" : "")
  }
}

/// Number formatting without Foundation.
enum ReportFormatting {
  /// Seconds with three decimals: `0.042`.
  static func seconds(_ value: Double) -> String {
    let milliseconds = Int((max(0, value) * 1000).rounded())
    let fraction = String(milliseconds % 1000)
    return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
  }

  /// Whole milliseconds.
  static func milliseconds(_ value: Double) -> Int {
    Int((max(0, value) * 1000).rounded())
  }
}
