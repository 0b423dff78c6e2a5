import BindLanguage
import BindPlatform
import BindSyntax

/// A TAP version 13 report for `prove` and other TAP harnesses: one test
/// point per file, and a YAML block under each failure.
///
/// ```
/// TAP version 13
/// 1..2
/// ok 1 - Scripts/binding/basic.bind
/// not ok 2 - Scripts/observe/old-new.bind
///   ---
///   message: "Scripts/observe/old-new.bind:7: output differs"
///   severity: fail
///   duration_ms: 3
///   failures:
///     - at: "Scripts/observe/old-new.bind:7"
///       message: "output differs"
///       details: "| p.name = \"Ada\"\n--- expected\n…"
///   ...
/// ```
package struct TAPReporter: TestReporter {
  /// Creates a TAP reporter.
  package init() {}

  /// The version line and the plan.
  package func start(total: Int) -> String {
    "TAP version 13\n1..\(total)\n"
  }

  /// One test point, with YAML diagnostics when it failed.
  package func report(_ result: FileTestResult, number: Int) -> String {
    let description = TextEscaping.tapDescription.escape(result.path)
    switch result.status {
    case .passed:
      return "ok \(number) - \(description)\n"
    case .skipped(let reason):
      return "ok \(number) - \(description) # SKIP \(TextEscaping.tapDescription.escape(reason))\n"
    case .failed:
      var lines = ["not ok \(number) - \(description)", "  ---"]
      let first = result.failures.first
      let summary = first.map { "\($0.location(in: result.path)): \($0.message)" } ?? "failed"
      lines.append("  message: \(Self.quote(summary))")
      lines.append("  severity: fail")
      lines.append("  duration_ms: \(ReportFormatting.milliseconds(result.seconds))")
      if !result.failures.isEmpty { lines.append("  failures:") }
      for failure in result.failures {
        lines.append("    - at: \(Self.quote(failure.location(in: result.path)))")
        lines.append("      kind: \(failure.kind.rawValue)")
        lines.append("      message: \(Self.quote(failure.message))")
        // One string, not a list: prove's YAMLish reader takes a list item
        // such as `- "+error: …"` for a one-key hash.
        if !failure.details.isEmpty {
          lines.append("      details: " + Self.quote(failure.details.joined(separator: "\n")))
        }
      }
      lines.append("  ...")
      return lines.joined(separator: "\n") + "\n"
    }
  }

  /// Nothing: the plan came first.
  package func finish(_ results: [FileTestResult], seconds: Double) -> String { "" }

  /// A YAML double-quoted scalar.
  static func quote(_ text: String) -> String {
    "\"" + TextEscaping.yamlDoubleQuoted.escape(text) + "\""
  }
}
