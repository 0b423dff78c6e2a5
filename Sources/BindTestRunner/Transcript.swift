import BindLanguage
import BindSyntax

/// A session written down as a replayable test script: each statement's
/// source, then its output as `#> ` expectation lines. Both the REPL's
/// `:save` and `bindscript run --record` write this, and `bindscript test`
/// replays it.
public struct Transcript {
  private var lines: [String] = []

  /// Creates an empty transcript.
  public init() {}

  /// Appends one statement (or a multi-line input) and what it printed,
  /// errors included as `error: MESSAGE` lines.
  ///
  /// A statement Ctrl-C stopped comes with the interruption points where it
  /// was stopped (``Interpreter/interruptionPoint``), written as an
  /// `# interrupted at point N` line above it: `bindscript test` stops it
  /// at the same points, so it leaves the same state and prints the same
  /// output, and the statements after it replay as they ran.
  public mutating func append(source: String, output: [String], interruptedAt points: [Int] = []) {
    if !points.isEmpty { lines.append(InterruptionMarker.line(for: points)) }
    var trimmed = Substring(source)
    while trimmed.last == "\n" { trimmed = trimmed.dropLast() }
    lines.append(contentsOf: trimmed.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    // A printed string may hold newlines; each becomes its own `#>` line,
    // as `bindscript test` compares line by line.
    for entry in output {
      for line in entry.split(separator: "\n", omittingEmptySubsequences: false) {
        lines.append(line.isEmpty ? "#>" : "#> " + line)
      }
    }
  }

  /// The script text, ending in a newline.
  public var text: String { lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n" }
}

/// The comment line that records where Ctrl-C stopped a statement:
/// `# interrupted at point 12` (or `points 12, 40` when a handler was
/// stopped before the statement itself), directly above the statement.
package enum InterruptionMarker {
  static let prefix = "# interrupted at point"

  /// The marker line for `points`.
  static func line(for points: [Int]) -> String {
    prefix + (points.count == 1 ? " " : "s ") + points.map(String.init).joined(separator: ", ")
  }

  /// The points of a marker line, or `nil` when `line` is not one.
  static func points(in line: Substring) -> [Int]? {
    var rest = line.drop { $0 == " " || $0 == "\t" }
    if rest.last == "\r" { rest = rest.dropLast() }
    guard rest.hasPrefix(prefix) else { return nil }
    rest = rest.dropFirst(prefix.count)
    if rest.first == "s" { rest = rest.dropFirst() }
    let points = rest.split(separator: ",", omittingEmptySubsequences: false).map { Int(String($0.filter { $0 != " " })) }
    guard !points.isEmpty, points.allSatisfy({ ($0 ?? 0) > 0 }) else { return nil }
    return points.map { $0! }
  }
}
