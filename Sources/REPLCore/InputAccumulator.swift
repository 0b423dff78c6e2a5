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
    /// A syntax error inside a block that is still open (`type VM {` then a
    /// bad line): show `parsed`'s errors now. The lines that follow, up to
    /// the line that closes the block, belong to this entry and are not run
    /// (``skippedRest(text:)``), so they do not fail one by one.
    case failedInOpenBlock(text: String, parsed: ParseResult)
    /// The block a ``failedInOpenBlock(text:parsed:)`` entry left open has
    /// closed: `text` is the whole entry, for history, so that Up recalls
    /// all of it to edit. Nothing is run.
    case skippedRest(text: String)
  }

  /// The lines of the entry so far.
  public private(set) var lines: [String] = []
  /// Blank lines typed in a row during a continuation.
  private var trailingBlankLines = 0
  /// Whether the entry under way already failed to parse, and its lines are
  /// collected only until its blocks close.
  public private(set) var isSkipping = false

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
    if isSkipping {
      if endsInsideBlock && trailingBlankLines < 2 { return .needsMore }
      let entry = text
      reset()
      return .skippedRest(text: entry)
    }
    let parsed = Parser.parse(SourceFile(path: nil, text: text))
    // Two blank continuation lines end the entry anyway, as in Python, so
    // the parser's "expected '}'" error shows instead of an endless prompt.
    if parsed.isIncomplete && trailingBlankLines < 2 { return .needsMore }
    // Only once the entry spans lines: a one-line entry with an error is
    // simply wrong, and retyped.
    if parsed.hasErrors, lines.count > 1, trailingBlankLines < 2, endsInsideBlock {
      isSkipping = true
      return .failedInOpenBlock(text: text, parsed: parsed)
    }
    let entry = text
    reset()
    return .complete(text: entry, parsed: parsed)
  }

  /// Whether the entry so far leaves a `(`, `[` or `{` open, judged by the
  /// lexer alone (the parser stopped at the error).
  private var endsInsideBlock: Bool {
    let lexed = Lexer.tokenize(SourceFile(path: nil, text: text))
    return lexed.endsInsideStatement && lexed.diagnostics.isEmpty
  }

  /// Drops the entry under way (Ctrl-C).
  public mutating func reset() {
    lines.removeAll()
    trailingBlankLines = 0
    isSkipping = false
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
