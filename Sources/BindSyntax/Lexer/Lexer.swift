/// The tokens of one file, and what went wrong while finding them.
public struct LexResult: Sendable {
  /// The tokens, always ending with one `eof` token.
  public var tokens: [Token]
  /// Lexical errors: unterminated strings, bad escapes, stray characters.
  public var diagnostics: [Diagnostic]
  /// Whether the input ended where a statement must go on: inside an open
  /// `(`, `[` or `{`, or right after a token that continues the line (a
  /// binary operator, `->`, `<->`, `,`, `=`). The REPL then asks for more.
  public var endsInsideStatement: Bool
}

/// Splits source text into tokens.
///
/// Layout rules (Grammar.md §1): `#` starts a comment to the end of the line
/// (so a `#!` shebang and `#>` expectation lines are comments too). A newline
/// ends a statement and becomes a `newline` token, except
/// - while a `(` or `[` is open (a `{` inside them makes newlines count
///   again until it closes), and
/// - after a token that continues the line (`TokenKind.continuesLine`).
/// Consecutive newlines collapse into one token. A string literal cannot
/// span lines; `\(` inside it starts an interpolation, lexed as ordinary
/// tokens until its matching `)`, so strings nest inside interpolations.
public struct Lexer {
  /// What an open bracket on the stack is.
  enum Opener: Equatable {
    case paren, bracket, brace
    /// A `\(` inside the string literal whose `"` is at `stringStart`.
    case interpolation(stringStart: Int)

    var isInterpolation: Bool {
      if case .interpolation = self { return true }
      return false
    }
  }

  let file: SourceFile
  let bytes: [UInt8]
  var position = 0
  var tracker: LocationTracker
  var tokens: [Token] = []
  var diagnostics: [Diagnostic] = []
  var openers: [Opener] = []
  /// How many `.interpolation` entries `openers` holds. Kept as a count
  /// because checking the stack at every newline would make deeply nested
  /// input quadratic.
  var openInterpolations = 0
  var keepsLineBreaks = true

  /// Lexes the whole of `file`; without `keepingLineBreaks`, makes no
  /// `newline` tokens (for a reader of declarations, not the parser: a
  /// file of short lines has as many of them as of the rest).
  public static func tokenize(_ file: SourceFile, keepingLineBreaks: Bool = true) -> LexResult {
    var lexer = Lexer(file: file)
    lexer.keepsLineBreaks = keepingLineBreaks
    // Room for more tokens than code has (one per 3.5 to 4 bytes; one per
    // 2.5 for a file of one-word lines), so that a large file's array is
    // not copied as it grows: the copy at the last doubling held twice the
    // tokens at once (the language server's peak on an 8 MiB file). Pages
    // of the room left unused are never touched, so never resident.
    lexer.tokens.reserveCapacity(file.bytes.count / 2 + 1)
    lexer.run()
    let endsInside = !lexer.openers.isEmpty || lexer.lineGoesOn(at: lexer.tokens.count - 2)
    return LexResult(
      tokens: lexer.tokens, diagnostics: lexer.diagnostics, endsInsideStatement: endsInside)
  }

  private init(file: SourceFile) {
    self.file = file
    self.bytes = file.bytes
    self.tracker = LocationTracker(file: file)
  }

  /// The main loop: blanks and comments, newlines, then one token at a time.
  private mutating func run() {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    while true {
      skipBlanksAndComments()
      guard position < bytes.count else { break }
      if bytes[position] == Ascii.newline {
        lineBreak()
      } else {
        scanToken()
      }
    }
    closeUnterminatedStrings(at: bytes.count)
    emit(.eof, from: bytes.count)
  }

  /// Skips spaces, tabs, carriage returns and `#` comments, stopping at a
  /// newline.
  private mutating func skipBlanksAndComments() {
    while position < bytes.count {
      switch bytes[position] {
      case Ascii.space, Ascii.tab, Ascii.carriageReturn, 0x0C:
        position += 1
      case Ascii.hash:
        while position < bytes.count, bytes[position] != Ascii.newline { position += 1 }
      default:
        return
      }
    }
  }

  /// A line break: a `newline` token unless the statement goes on.
  private mutating func lineBreak() {
    let start = position
    closeUnterminatedStrings(at: start)
    position += 1
    if let top = openers.last, top == .paren || top == .bracket { return }
    guard keepsLineBreaks, let last = tokens.last, last.kind != .newline, !lineGoesOn(at: tokens.count - 1) else { return }
    emit(.newline, from: start)
  }

  /// Whether a statement goes on after token `index`: it continues the
  /// line (an operator, a `,`), unless it is a postfix `!` (`opt!`),
  /// written against the value before it, which ends a value instead.
  private func lineGoesOn(at index: Int) -> Bool {
    guard index >= 0, tokens[index].kind.continuesLine else { return false }
    guard tokens[index].kind == .bang, index > 0 else { return true }
    let before = tokens[index - 1]
    let isPostfix = before.range.end.offset == tokens[index].range.start.offset && !before.kind.continuesLine
      && ![.newline, .leftParen, .leftBracket, .leftBrace].contains(before.kind)
    return !isPostfix
  }

  /// Lexes the token starting at `position`.
  private mutating func scanToken() {
    let start = position
    let byte = bytes[position]
    switch byte {
    case Ascii.zero...Ascii.nine:
      number()
    case Ascii.quote:
      position += 1
      stringSegment(from: start, stringStart: start, isFirst: true)
    case Ascii.leftParen:
      position += 1
      openers.append(.paren)
      emit(.leftParen, from: start)
    case Ascii.rightParen:
      rightParen()
    case Ascii.leftBracket, Ascii.leftBrace:
      position += 1
      openers.append(byte == Ascii.leftBracket ? .bracket : .brace)
      emit(byte == Ascii.leftBracket ? .leftBracket : .leftBrace, from: start)
    case Ascii.rightBracket, Ascii.rightBrace:
      position += 1
      close(byte == Ascii.rightBracket ? .bracket : .brace)
      emit(byte == Ascii.rightBracket ? .rightBracket : .rightBrace, from: start)
    case UInt8(ascii: "$") where position + 1 < bytes.count && Lexer.isDigit(bytes[position + 1]):
      // `$0`, `$1`: a closure's anonymous parameters, names to the parser.
      position += 1
      while position < bytes.count, Lexer.isDigit(bytes[position]) { position += 1 }
      emit(.identifier, from: start)
    default:
      if Lexer.isIdentifierStart(byte) || byte >= 0x80 {
        identifierOrKeyword()
      } else {
        operatorToken()
      }
    }
  }

  /// `)`: either closes an interpolation (and resumes its string) or a `(`.
  private mutating func rightParen() {
    let start = position
    position += 1
    if case .interpolation(let stringStart) = openers.last {
      openers.removeLast()
      openInterpolations -= 1
      stringSegment(from: start, stringStart: stringStart, isFirst: false)
    } else {
      close(.paren)
      emit(.rightParen, from: start)
    }
  }

  /// Pops the innermost `opener` and everything opened after it, without
  /// crossing an interpolation; an unmatched closer pops nothing.
  private mutating func close(_ opener: Opener) {
    for index in openers.indices.reversed() {
      if openers[index] == opener {
        openers.removeSubrange(index...)
        return
      }
      if openers[index].isInterpolation { return }
    }
  }

  /// Operators and punctuation, longest match first.
  private mutating func operatorToken() {
    let start = position
    // `@` only starts an attribute (`@equal`); anywhere else it stays an
    // unexpected character.
    if bytes[start] == UInt8(ascii: "@"), start + 1 < bytes.count, Lexer.isIdentifierStart(bytes[start + 1]) {
      position += 1
      emit(.at, from: start)
      return
    }
    if let (kind, length) = Lexer.operatorAt(bytes, start) {
      position += length
      emit(kind, from: start)
      return
    }
    position += 1
    let character = String(decoding: [bytes[start]], as: UTF8.self)
    var message = "unexpected character \(Lexer.describe(character))"
    if character == "&" || character == "|" { message += "; did you mean '\(character)\(character)'?" }
    report(message, from: start, to: position)
  }

  /// Operator spellings, as bytes, longest first.
  private static let operators: [(bytes: [UInt8], kind: TokenKind)] = TokenKind.allCases
    .filter { !$0.isKeyword && $0 != .at && $0.rawValue.utf8.count <= 3 && $0.rawValue.utf8.allSatisfy { !isIdentifierStart($0) } }
    .map { (Array($0.rawValue.utf8), $0) }
    .sorted { $0.bytes.count > $1.bytes.count }

  /// The operator at `offset` and its length in bytes, if any.
  private static func operatorAt(_ bytes: [UInt8], _ offset: Int) -> (TokenKind, Int)? {
    candidates: for (spelling, kind) in operators where offset + spelling.count <= bytes.count {
      for (index, byte) in spelling.enumerated() where bytes[offset + index] != byte {
        continue candidates
      }
      return (kind, spelling.count)
    }
    return nil
  }

  /// Closes every interpolation still open at `offset` (at a line break or
  /// the end of input): the string is unterminated. Emits a recovery
  /// `stringTail` for each so the parser's nesting stays balanced.
  mutating func closeUnterminatedStrings(at offset: Int) {
    guard openInterpolations > 0, let outer = openers.firstIndex(where: { $0.isInterpolation }),
      case .interpolation(let stringStart) = openers[outer]
    else { return }
    report("unterminated string literal", from: stringStart, to: offset)
    for opener in openers[outer...].reversed() where opener.isInterpolation {
      emit(.stringTail, from: offset, value: "", isRecovery: true)
    }
    openers.removeSubrange(outer...)
    openInterpolations = 0
  }

  /// Appends a token spanning `start..<position`.
  mutating func emit(
    _ kind: TokenKind, from start: Int, value: String? = nil, isRecovery: Bool = false
  ) {
    let end = isRecovery ? start : position
    let range = SourceRange(start: tracker.location(at: start), end: tracker.location(at: end))
    let text = String(decoding: bytes[start..<end], as: UTF8.self)
    tokens.append(Token(kind: kind, range: range, text: text, value: value, isRecovery: isRecovery))
  }

  /// Records an error spanning `start..<end`.
  mutating func report(_ message: String, from start: Int, to end: Int) {
    diagnostics.append(.error(message, at: file.range(from: start, to: end)))
  }

  /// A character as messages show it: quoted when printable, else `U+XXXX`.
  static func describe(_ character: String) -> String {
    guard let scalar = character.unicodeScalars.first,
      scalar.value >= 0x20, scalar.value != 0x7F, !scalar.properties.isWhitespace
    else {
      let value = character.unicodeScalars.first?.value ?? 0
      let hex = String(value, radix: 16, uppercase: true)
      return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
    return "'\(character)'"
  }
}
