import BindPlatform
import BindSyntax
import BindTestRunner
/// A line-based encoding of a result, for the worker process that runs one
/// file to hand its result to `bindscript test` (no Foundation, so no JSON).
///
/// ```
/// bindscript-result 1
/// path<TAB>Scripts/a.bind
/// status<TAB>failed
/// seconds<TAB>0.0042
/// failure<TAB>output<TAB>7<TAB>output differs<TAB>| p.name = "Ada"\n--- expected
/// step<TAB>7<TAB>1<TAB>p.name: nil -> "Ada"
/// digest<TAB>1a2b3c4d5e6f7081
/// end
/// ```
/// `step` lines carry what each failing step printed and `digest` the
/// script that ran, for `--review` to propose new expectations from.
/// Fields escape backslash, tab, newline and carriage return.
extension FileTestResult {
  /// The first line of an encoded result.
  static let wireHeader = "bindscript-result 1"

  /// This result, encoded.
  var wireEncoded: String {
    var lines = [Self.wireHeader, "path\t" + Self.escape(path)]
    switch status {
    case .passed: lines.append("status\tpassed")
    case .failed: lines.append("status\tfailed")
    case .skipped(let reason): lines.append("status\tskipped\t" + Self.escape(reason))
    }
    lines.append("seconds\t\(seconds)")
    if wasUpdated { lines.append("updated") }
    for failure in failures {
      let fields = [
        "failure", failure.kind.rawValue, failure.line.map(String.init) ?? "-",
        Self.escape(failure.message), Self.escape(failure.details.joined(separator: "\n")),
      ]
      lines.append(fields.joined(separator: "\t"))
    }
    for step in steps where !step.passed {
      // The count tells no output from one empty line.
      lines.append("step\t\(step.line)\t\(step.actual.count)\t" + Self.escape(step.actual.joined(separator: "\n")))
    }
    if let scriptDigest { lines.append("digest\t" + String(scriptDigest, radix: 16)) }
    lines.append("end")
    return lines.joined(separator: "\n") + "\n"
  }

  /// Decodes a result from a worker's output; `nil` unless it holds a
  /// complete result (one cut short by a crash does not).
  init?(wireEncoded text: String) {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(where: { $0 == Self.wireHeader }) else { return nil }
    var result = FileTestResult(path: "", status: .failed)
    var complete = false
    for line in lines[(start + 1)...] {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      switch fields[0] {
      case "path" where fields.count == 2: result.path = Self.unescape(fields[1])
      case "status" where fields.count >= 2:
        switch fields[1] {
        case "passed": result.status = .passed
        case "skipped": result.status = .skipped(reason: fields.count > 2 ? Self.unescape(fields[2]) : "skipped")
        default: result.status = .failed
        }
      case "seconds" where fields.count == 2: result.seconds = Double(fields[1]) ?? 0
      case "failure" where fields.count == 5:
        let details = Self.unescape(fields[4])
        result.failures.append(TestFailure(
          kind: TestFailure.Kind(rawValue: fields[1]) ?? .error, line: Int(fields[2]),
          message: Self.unescape(fields[3]),
          details: details.isEmpty ? [] : details.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)))
      case "step" where fields.count == 4:
        guard let line = Int(fields[1]), let count = Int(fields[2]) else { continue }
        let actual = count == 0 ? [] : Self.unescape(fields[3]).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        result.steps.append(StepResult(line: line, expected: [], actual: actual, errors: [], passed: false))
      case "digest" where fields.count == 2: result.scriptDigest = UInt64(fields[1], radix: 16)
      case "updated": result.wasUpdated = true
      case "end": complete = true
      default: continue
      }
      if complete { break }
    }
    guard complete else { return nil }
    self = result
  }

  static func escape(_ text: String) -> String {
    TextEscaping.tabSeparatedField.escape(text)
  }

  static func unescape(_ text: String) -> String {
    var result = ""
    var escaping = false
    for character in text.unicodeScalars {
      if escaping {
        switch character {
        case "t": result += "\t"
        case "n": result += "\n"
        case "r": result += "\r"
        default: result.unicodeScalars.append(character)
        }
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else {
        result.unicodeScalars.append(character)
      }
    }
    return result
  }
}
