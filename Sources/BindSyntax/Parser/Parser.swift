import BindPlatform

/// What parsing a file produced.
public struct ParseResult: Sendable {
  /// The file that was parsed (for rendering diagnostics and reading
  /// expressions' source text).
  public var file: SourceFile
  /// The statements that parsed; statements with errors are left out.
  public var statements: [Statement]
  /// Lexical and syntax errors, in source order.
  public var diagnostics: [Diagnostic]
  /// Whether the input stopped in the middle of a statement (an open `{`,
  /// `(` or `[`, or a trailing operator, `->`, `<->`, `,` or `=`) with no
  /// error before its end: the REPL should read another line and parse the
  /// whole input again. `diagnostics` then describe what was missing.
  public var isIncomplete: Bool

  /// Whether there is at least one error.
  public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// A syntax error on its way to the statement that recovers from it. A
/// `nil` diagnostic has already been reported (by the lexer, or as a
/// duplicate) and only unwinds.
struct ParseError: Error {
  var diagnostic: Diagnostic?
  /// Whether the error was found at the end of the input.
  var isAtEnd: Bool
}

/// A recursive-descent parser: one method per grammar rule, each documented
/// with the production it parses (see Grammar.md, whose rule names match).
///
/// Errors throw `ParseError` up to the enclosing statement, which reports it
/// and skips to the next statement (`synchronize`), so one run reports every
/// broken statement. Nesting (brackets, blocks, unary operators, operator
/// chains) is limited to `nestingLimit` levels so that no input can overflow
/// the stack, here or in an interpreter that walks the tree recursively.
public final class Parser {
  /// The deepest nesting accepted.
  public static let nestingLimit = 256

  /// Parses a whole file.
  ///
  /// Runs on a thread of its own with a large stack (`LargeStack`): at the
  /// nesting limit a debug build needs a few MiB, more than a secondary
  /// thread's default 512 KiB.
  public static func parse(_ file: SourceFile) -> ParseResult {
    LargeStack.run { parseOnCurrentThread(file) }
  }

  /// Parses a whole file on the calling thread (which needs a stack of a few
  /// MiB in debug builds; the main thread's 8 MiB is enough).
  public static func parseOnCurrentThread(_ file: SourceFile) -> ParseResult {
    let lexed = Lexer.tokenize(file)
    let parser = Parser(file: file, tokens: lexed.tokens)
    let statements = Parser.mergingExtensions(parser.program())
    // A lexical error (say, an unterminated string or a stray character)
    // usually causes parser errors on its line; only the cause is shown.
    let lexicalLines = Set(lexed.diagnostics.map(\.range.start.line))
    let parserDiagnostics = parser.diagnostics.filter { !lexicalLines.contains($0.range.start.line) }
    let diagnostics = (lexed.diagnostics + parserDiagnostics).enumerated()
      .sorted { ($0.element.range.start.offset, $0.offset) < ($1.element.range.start.offset, $1.offset) }
      .map(\.element)
    let isIncomplete = lexed.endsInsideStatement && lexed.diagnostics.isEmpty
      && !parser.reportedErrorBeforeEnd
    return ParseResult(
      file: file, statements: statements, diagnostics: diagnostics, isIncomplete: isIncomplete)
  }

  /// Parses `text`; `path` is `nil` for REPL input.
  public static func parse(_ text: String, path: String? = nil) -> ParseResult {
    parse(SourceFile(path: path, text: text))
  }

  let file: SourceFile
  let tokens: [Token]
  var current = 0
  var diagnostics: [Diagnostic] = []
  var depth = 0
  var reportedErrorBeforeEnd = false
  /// False while parsing an expression that a `{` block follows (an `if`,
  /// `while` or `guard` condition, a `for` sequence, the source of `on` and
  /// `observe`, a timer's interval): there a `{` starts that block, not a
  /// trailing closure, as in Swift. Brackets and closure bodies allow them again.
  var allowsTrailingClosure = true

  /// Parses `body` with trailing closures allowed or not (see ``allowsTrailingClosure``).
  func withTrailingClosures<T>(_ allowed: Bool, _ body: () throws -> T) rethrows -> T {
    let saved = allowsTrailingClosure
    allowsTrailingClosure = allowed
    defer { allowsTrailingClosure = saved }
    return try body()
  }
  private var reportedOffsets: Set<Int> = []
  /// For each opening bracket's token index, the index of the bracket that
  /// closes it (of any kind, as a scan would pair them); found in one pass
  /// when first asked, so that looking past nested parentheses costs no
  /// rescan per level.
  private var closingBrackets: [Int: Int]?

  init(file: SourceFile, tokens: [Token]) {
    self.file = file
    self.tokens = tokens
  }

  // MARK: - Vocabulary

  /// The token `ahead` places past the current one (never past `eof`).
  func peek(_ ahead: Int = 0) -> Token {
    tokens[min(current + ahead, tokens.count - 1)]
  }

  /// The token just consumed.
  var previous: Token { tokens[max(0, current - 1)] }

  /// Whether the current token is of `kind`.
  func check(_ kind: TokenKind) -> Bool { peek().kind == kind }

  /// The index of the bracket that closes the one at token `index`, nil
  /// when nothing closes it.
  func closingBracket(of index: Int) -> Int? {
    if closingBrackets == nil {
      var pairs: [Int: Int] = [:]
      var open: [Int] = []
      for (position, token) in tokens.enumerated() {
        switch token.kind {
        case .leftParen, .leftBracket, .leftBrace: open.append(position)
        case .rightParen, .rightBracket, .rightBrace: if let opener = open.popLast() { pairs[opener] = position }
        default: break
        }
      }
      closingBrackets = pairs
    }
    return closingBrackets?[index]
  }

  /// Consumes and returns the current token (stays at `eof`).
  @discardableResult
  func advance() -> Token {
    let token = peek()
    if token.kind != .eof { current += 1 }
    return token
  }

  /// Consumes the current token if it is of `kind`.
  func match(_ kind: TokenKind) -> Token? {
    check(kind) ? advance() : nil
  }

  /// Consumes the current token if it is of `kind` or `other`.
  func match(_ kind: TokenKind, _ other: TokenKind) -> Token? {
    check(kind) || check(other) ? advance() : nil
  }

  /// Consumes the current token if it is one of `kinds`.
  func match(_ kind: TokenKind, _ other: TokenKind, _ third: TokenKind) -> Token? {
    check(kind) || check(other) || check(third) ? advance() : nil
  }

  /// Consumes a token of `kind`, or throws `message`.
  @discardableResult
  func expect(_ kind: TokenKind, _ message: @autoclosure () -> String,
              notes: [Diagnostic.Note] = []) throws -> Token {
    if check(kind) { return advance() }
    throw error(message(), notes: notes)
  }

  /// A syntax error at the current token; when that is a newline or the end
  /// of input, just after the last token before it (where the missing text
  /// belongs).
  func error(_ message: String, at range: SourceRange? = nil,
             notes: [Diagnostic.Note] = []) -> ParseError {
    let token = peek()
    let isAtEnd = token.kind == .eof
    if token.isRecovery && range == nil { return ParseError(diagnostic: nil, isAtEnd: isAtEnd) }
    var where_ = range ?? token.range
    if range == nil, token.kind == .newline || token.kind == .eof {
      var index = current - 1
      while index > 0, tokens[index].kind == .newline { index -= 1 }
      if index >= 0 { where_ = SourceRange(at: tokens[index].range.end) }
    }
    return ParseError(diagnostic: .error(message, at: where_, notes: notes), isAtEnd: isAtEnd)
  }

  /// Records an error, once per location.
  func report(_ error: ParseError) {
    if !error.isAtEnd { reportedErrorBeforeEnd = true }
    guard let diagnostic = error.diagnostic,
      reportedOffsets.insert(diagnostic.range.start.offset).inserted
    else { return }
    diagnostics.append(diagnostic)
  }

  /// Records an error that does not stop parsing (a bad literal or target).
  func report(_ message: String, at range: SourceRange) {
    report(ParseError(diagnostic: .error(message, at: range), isAtEnd: false))
  }

  /// Goes one nesting level deeper, or throws when that passes the limit.
  /// The caller MUST undo it (`depth -= 1`) on every path.
  func deepen() throws {
    guard depth < Parser.nestingLimit else {
      throw error("expression nested too deeply (limit \(Parser.nestingLimit))", at: peek().range)
    }
    depth += 1
  }

  /// Runs `body` one nesting level deeper.
  func nested<T>(_ body: () throws -> T) throws -> T {
    try deepen()
    defer { depth -= 1 }
    return try body()
  }

  /// The note pointing back at an unclosed opener.
  func matchingNote(_ opener: Token) -> [Diagnostic.Note] {
    [Diagnostic.Note("to match this '\(opener.text)'", at: opener.range)]
  }

  /// Consumes the closer for `opener`, or throws "expected ')' to close '('
  /// at line N".
  @discardableResult
  func close(_ kind: TokenKind, opener: Token) throws -> Token {
    try expect(kind, "expected '\(kind.rawValue)' to close '\(opener.text)' at line \(opener.range.start.line)",
               notes: matchingNote(opener))
  }

  // MARK: - Recovery

  /// Skips to where the next statement can start at the current level:
  /// past a newline or `;`, or up to a `}` that closes the enclosing block.
  /// Brackets opened while skipping are skipped whole; the loop is iterative
  /// so skipping 100,000 open brackets is safe.
  func synchronize() {
    var open = 0
    while !check(.eof) {
      switch peek().kind {
      case .newline where open == 0, .semicolon where open == 0:
        advance()
        return
      case .rightBrace where open == 0:
        return
      case .leftParen, .leftBracket, .leftBrace, .stringHead:
        open += 1
      case .rightParen, .rightBracket, .rightBrace, .stringTail:
        open = max(0, open - 1)
      default:
        break
      }
      advance()
    }
  }

  /// Parses one statement and its terminator, or reports the error and
  /// synchronizes (returning `nil`). Always consumes at least one token
  /// unless it stops at `}` or `eof`.
  func statementWithRecovery() -> Statement? {
    let start = current
    do {
      let result = try statement()
      try endOfStatement()
      return result
    } catch {
      report(error as? ParseError ?? ParseError(diagnostic: nil, isAtEnd: false))
      synchronize()
      if current == start, !check(.rightBrace) { advance() }
      return nil
    }
  }

  /// A statement ends at a newline, `;`, `}` or the end of input.
  func endOfStatement(_ what: String = "statement") throws {
    switch peek().kind {
    case .newline, .semicolon, .rightBrace, .eof: return
    case .rightParen: throw error("unexpected ')' without a matching '('")
    case .rightBracket: throw error("unexpected ']' without a matching '['")
    default: throw error("expected newline or ';' after \(what)")
    }
  }

  /// separator → NEWLINE | ';'
  func skipSeparators() {
    while check(.newline) || check(.semicolon) { advance() }
  }
}
