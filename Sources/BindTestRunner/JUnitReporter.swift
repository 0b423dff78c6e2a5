import BindLanguage
import BindPlatform
import BindSyntax

/// A JUnit XML report for CI servers: one `testsuite`, one `testcase` per
/// file, with `failure` (kind in `type`, first problem in `message`, all
/// details as text, and `system-out` naming its attachments) or `skipped`,
/// and times in seconds.
package struct JUnitReporter: TestReporter {
  /// Creates a JUnit reporter.
  package init() {}

  /// Nothing: XML is written whole at the end.
  package func start(total: Int) -> String { "" }

  /// Nothing: XML is written whole at the end.
  package func report(_ result: FileTestResult, number: Int) -> String { "" }

  /// The whole document.
  package func finish(_ results: [FileTestResult], seconds: Double) -> String {
    let summary = TestSummary(results)
    let counts = "tests=\"\(results.count)\" failures=\"\(summary.failed)\" errors=\"0\" skipped=\"\(summary.skipped)\" time=\"\(ReportFormatting.seconds(seconds))\""
    var lines = [
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
      "<testsuites name=\"bindscript\" \(counts)>",
      "  <testsuite name=\"bindscript\" \(counts)>",
    ]
    for result in results { lines += testcase(result) }
    lines += ["  </testsuite>", "</testsuites>"]
    return lines.joined(separator: "\n") + "\n"
  }

  private func testcase(_ result: FileTestResult) -> [String] {
    let attributes = "name=\"\(TextEscaping.xmlAttribute.escape(result.path))\" classname=\"\(TextEscaping.xmlAttribute.escape(Self.className(result.path)))\" file=\"\(TextEscaping.xmlAttribute.escape(result.path))\" time=\"\(ReportFormatting.seconds(result.seconds))\""
    switch result.status {
    case .passed:
      return ["    <testcase \(attributes)/>"]
    case .skipped(let reason):
      return ["    <testcase \(attributes)>", "      <skipped message=\"\(TextEscaping.xmlAttribute.escape(reason))\"/>", "    </testcase>"]
    case .failed:
      let first = result.failures.first
      let message = first.map { "\($0.location(in: result.path)): \($0.message)" } ?? "failed"
      var text: [String] = []
      for failure in result.failures {
        text.append("\(failure.location(in: result.path)): \(failure.message)")
        text += failure.details.map { "    " + $0 }
      }
      return [
        "    <testcase \(attributes)>",
        "      <failure message=\"\(TextEscaping.xmlAttribute.escape(message))\" type=\"\(first?.kind.rawValue ?? "failure")\">"
          + TextEscaping.xmlText.escape(text.joined(separator: "\n")) + "</failure>",
      ] + systemOut(result) + ["    </testcase>"]
    }
  }

  /// The attachments as the JUnit Attachments plugin (Jenkins) and GitLab
  /// read them: one `[[ATTACHMENT|path]]` line each in `system-out`.
  private func systemOut(_ result: FileTestResult) -> [String] {
    guard !result.attachments.isEmpty else { return [] }
    let lines = result.attachments.map { "[[ATTACHMENT|\($0)]]" }.joined(separator: "\n")
    return ["      <system-out>" + TextEscaping.xmlText.escape(lines) + "</system-out>"]
  }

  /// `Scripts/binding/basic.bind` → `Scripts.binding.basic`, as JUnit
  /// consumers group test classes by dots.
  static func className(_ path: String) -> String {
    var name = Substring(path)
    if name.hasSuffix(".bind") { name = name.dropLast(5) }
    while name.hasPrefix("./") { name = name.dropFirst(2) }
    return name.split(separator: "/").joined(separator: ".")
  }

}
