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
  public mutating func append(source: String, output: [String]) {
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
