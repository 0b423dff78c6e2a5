import BindLanguage
import BindSyntax

/// The default report: one line per file (PASS, FAIL, SKIP), the details of
/// each failure under its file, and the summary line `N passed, N failed`.
///
/// ```
/// PASS Scripts/binding/basic.bind (4 ms)
/// FAIL Scripts/observe/old-new.bind (3 ms)
///   Scripts/observe/old-new.bind:7: output differs
///     | p.name = "Ada"
///     --- expected
///     +++ actual
///     @@ -1 +1 @@
///     -p.name: "P1" -> "Ada"
///     +p.name: "P1" -> "Bob"
/// 1 passed, 1 failed
/// ```
package struct PlainReporter: TestReporter {
  /// Whether to colour PASS, FAIL and the diff (on a terminal only).
  package var useColor: Bool

  /// Creates a plain reporter.
  package init(useColor: Bool = false) {
    self.useColor = useColor
  }

  /// Prints nothing before the results.
  package func start(total: Int) -> String { "" }

  /// The file's line and, when it failed, its failures.
  package func report(_ result: FileTestResult, number: Int) -> String {
    var lines: [String] = []
    let time = "(\(ReportFormatting.milliseconds(result.seconds)) ms\(result.wasUpdated ? ", updated" : ""))"
    switch result.status {
    case .passed:
      lines.append("\(paint("PASS", 32)) \(result.path) \(time)")
    case .failed:
      lines.append("\(paint("FAIL", 31)) \(result.path) \(time)")
      for failure in result.failures {
        lines.append("  \(failure.location(in: result.path)): \(failure.message)")
        lines += failure.details.map { "    " + paintDiff($0) }
      }
      lines += result.attachments.map { "  diagram: \($0)" }
    case .skipped(let reason):
      lines.append("\(paint("SKIP", 33)) \(result.path) (\(reason))")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The summary line.
  package func finish(_ results: [FileTestResult], seconds: Double) -> String {
    TestSummary(results).line + "\n"
  }

  private func paint(_ text: String, _ color: Int) -> String {
    useColor ? "\u{1B}[1;\(color)m\(text)\u{1B}[0m" : text
  }

  /// A diff line in its colour: removed red, added green, hunk headers cyan.
  package func paintDiff(_ line: String) -> String {
    guard useColor, !line.hasPrefix("---"), !line.hasPrefix("+++") else { return line }
    if line.hasPrefix("-") { return "\u{1B}[31m\(line)\u{1B}[0m" }
    if line.hasPrefix("+") { return "\u{1B}[32m\(line)\u{1B}[0m" }
    if line.hasPrefix("@@") { return "\u{1B}[36m\(line)\u{1B}[0m" }
    return line
  }
}
