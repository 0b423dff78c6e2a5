import BindLanguage
import BindSyntax

/// Collects the lines of one REPL entry and decides, after each line,
/// whether the entry is complete.
///
/// The decision is the parser's: an entry is complete unless
/// `ParseResult.isIncomplete` says a `{`, `(` or `[` is still open or the
/// last line ends with an operator. Pure and terminal-free, so it is tested
/// on plain strings.
public struct InputAccumulator {
  /// What the REPL should do after a line.
  public enum Outcome {
    /// Nothing to do: a blank line with no entry under way.
    case empty
    /// A meta command line (`:help`, `:load FILE`, …), typed at the
    /// primary prompt; the text is trimmed.
    case metaCommand(String)
    /// The entry is incomplete: read another line with the continuation prompt.
    case needsMore
    /// The entry is complete (or was forced to end): evaluate it. `text` is
    /// the whole entry, its lines joined with "\n", as history stores it.
    case complete(text: String, parsed: ParseResult)
  }

  /// The lines of the entry so far.
  public private(set) var lines: [String] = []
  /// Blank lines typed in a row during a continuation.
  private var trailingBlankLines = 0

  /// Creates an empty accumulator.
  public init() {}

  /// Whether no entry is under way (the primary prompt is due).
  public var isEmpty: Bool { lines.isEmpty }

  /// The entry so far, lines joined with "\n".
  public var text: String { lines.joined(separator: "\n") }

  /// Adds a line (which may itself hold newlines: a recalled multi-line
  /// history entry) and says what to do next. After `.complete`,
  /// `.metaCommand` and `.empty` the accumulator is empty again.
  public mutating func add(_ line: String) -> Outcome {
    let isBlank = line.allSatisfy(\.isWhitespace)
    if lines.isEmpty {
      if isBlank { return .empty }
      let trimmed = line.trimmingWhitespace()
      // A meta command is a whole line of its own; `:` starts no statement.
      if trimmed.hasPrefix(":") { return .metaCommand(trimmed) }
    }
    lines.append(line)
    trailingBlankLines = isBlank ? trailingBlankLines + 1 : 0
    let parsed = Parser.parse(SourceFile(path: nil, text: text))
    // Two blank continuation lines end the entry anyway, as in Python, so
    // the parser's "expected '}'" error shows instead of an endless prompt.
    if parsed.isIncomplete && trailingBlankLines < 2 { return .needsMore }
    let entry = text
    reset()
    return .complete(text: entry, parsed: parsed)
  }

  /// Drops the entry under way (Ctrl-C).
  public mutating func reset() {
    lines.removeAll()
    trailingBlankLines = 0
  }
}

extension String {
  /// The string without leading and trailing spaces, tabs and newlines.
  func trimmingWhitespace() -> String {
    guard let first = firstIndex(where: { !$0.isWhitespace }),
      let last = lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(self[first...last])
  }
}
