import BindSyntax

/// The layout rules of ``Formatter`` applied to one file's tokens: walks the
/// tokens that are text (not the lexer's `newline` and `eof`), and rebuilds
/// the blanks, line breaks and comments between each two of them.
struct LayoutPass {
  /// An open bracket: its kind, and the indentation level of the lines
  /// inside it.
  private struct Opener {
    var kind: TokenKind
    var contentLevel: Int
    /// The source line of the bracket.
    var line: Int
    /// The `{` of a `switch`: its `case` and `default` lines sit at the
    /// `switch`'s level and their statements one deeper, as Swift lays them out.
    var isSwitchBody = false
  }

  private let bytes: [UInt8]
  private let startOffset: Int
  /// The tokens that are text.
  private let code: [Token]
  /// Whether the lexer put a `newline` token (the end of a statement)
  /// between `code[i - 1]` and `code[i]`.
  private let statementEndsBefore: [Bool]
  /// Whether the blanks between `code[i - 1]` and `code[i]` are kept as
  /// written (text the interpreter prints).
  private var verbatimBefore: [Bool]
  /// Whether `code[i]` is a postfix `?`, `??` or `!` (attached to a value).
  private var isPostfix: [Bool] = []
  /// Whether `code[i]` is a prefix `-` or `!`.
  private var isPrefix: [Bool] = []
  /// The `>`s that close generic arguments (`Set<Int>`): a `?` after one is postfix.
  private var genericCloses: Set<Int> = []
  /// The tokens after the `(` of an initializer named by its labels
  /// (`Point.init(x:y:)`), written without blanks as Swift writes them.
  private var compoundNameTokens: Set<Int> = []

  private var lines: [String] = []
  private var line = ""
  private var lineLevel = 0
  /// The level brackets opened now indent their contents from: the line's
  /// level, or less after a closer of a bracket opened on an earlier line.
  private var openingLevel = 0
  private var lineEndsWithOpener = false
  private var blankLinePending = false
  private var openers: [Opener] = []
  /// The bracket depths of the ternary `?`s still waiting for their `:`.
  private var ternaries: [Int] = []
  /// The bracket depths of the `switch`es still waiting for their `{`.
  private var switches: [Int] = []
  /// Whether the last token placed is the `:` of a `case` label, which a
  /// line break after does not continue (the case's statements follow).
  private var endsCaseLabel = false

  init(bytes: [UInt8], tokens: [Token]) {
    self.bytes = bytes
    self.startOffset = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    var code: [Token] = []
    var endsBefore: [Bool] = []
    var sawNewline = false
    for token in tokens where !token.isRecovery {
      switch token.kind {
      case .newline: sawNewline = true
      case .eof: break
      default:
        code.append(token)
        endsBefore.append(sawNewline)
        sawNewline = false
      }
    }
    self.code = code
    self.statementEndsBefore = endsBefore
    self.verbatimBefore = Array(repeating: false, count: code.count)
  }

  /// The formatted text.
  mutating func run() -> String {
    markVerbatimRegions()
    classifyOperators()
    var previousEnd = startOffset
    for index in code.indices {
      layOutGap(from: previousEnd, to: code[index].range.start.offset, before: index)
      place(index)
      previousEnd = code[index].range.end.offset
    }
    layOutGap(from: previousEnd, to: bytes.count, before: nil)
    finishLine()
    while lines.last?.isEmpty == true { lines.removeLast() }
    let bom = startOffset == 3 ? "\u{FEFF}" : ""
    return lines.isEmpty ? bom : bom + lines.joined(separator: "\n") + "\n"
  }

  // MARK: - Gaps: blanks, line breaks, comments

  /// Lays out what lies between two tokens (or the file's ends): either the
  /// space between two tokens on one line, or a trailing comment, line
  /// breaks, blank lines and comment lines.
  private mutating func layOutGap(from start: Int, to end: Int, before next: Int?) {
    let parts = bytes[start..<end].split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    let atFileStart = lines.isEmpty && line.isEmpty
    if parts.count == 1 {
      if let next, !atFileStart {
        line += spacing(before: next, gap: parts[0])
      } else if let comment = Self.comment(in: parts[0]) {
        if atFileStart { line = comment } else { line += Self.blanksBeforeComment(in: parts[0]) + comment }
      }
      return
    }
    if let comment = Self.comment(in: parts[0]) {
      if atFileStart { commentLine(comment) } else { line += Self.blanksBeforeComment(in: parts[0]) + comment }
    }
    finishLine()
    // Before a token the last part holds only its indentation; at the end
    // of the file it may hold a comment without a line break.
    for part in next == nil ? parts.dropFirst() : parts.dropFirst().dropLast() {
      if let comment = Self.comment(in: part) {
        commentLine(comment)
      } else {
        blankLinePending = true
      }
    }
    if let next { startLine(with: next) }
  }

  /// The blanks between `code[index - 1]` and `code[index]` on one line.
  private func spacing(before index: Int, gap: ArraySlice<UInt8>) -> String {
    if verbatimBefore[index] { return String(decoding: gap, as: UTF8.self) }
    let hadBlank = !gap.isEmpty
    let previous = code[index - 1].kind
    let next = code[index].kind
    guard Self.isKnown(previous), Self.isKnown(next) else { return hadBlank ? " " : "" }
    if compoundNameTokens.contains(index) { return "" }
    switch (previous, next) {
    case (.stringHead, _), (.stringMiddle, _), (_, .stringMiddle), (_, .stringTail): return ""
    case (.leftParen, _), (.leftBracket, _), (_, .rightParen), (_, .rightBracket): return ""
    case (_, .comma), (_, .semicolon): return ""
    case (.comma, _), (.semicolon, _): return " "
    // `3. 9` (the element 9 of 3) written together would be the number 3.9.
    case (.dot, .integer) where index >= 2 && code[index - 2].kind == .integer: return hadBlank ? " " : ""
    case (.dot, _), (.questionDot, _): return ""
    case (_, .dot), (_, .questionDot): return endsValue(index - 1) ? "" : (hadBlank ? " " : "")
    default: break
    }
    if isPrefix[index - 1] {
      // `-5` is a negative literal and `- 5` the negation of 5: two trees.
      let isNumber = next == .integer || next == .double || next == .duration
      return previous == .minus && isNumber && hadBlank ? " " : ""
    }
    if isPostfix[index] { return "" }
    switch (previous, next) {
    case (.leftBrace, _), (_, .leftBrace), (_, .rightBrace): return " "
    case (_, .leftParen), (_, .leftBracket):
      if next == .leftParen, isTypeAttribute(index - 1) { return " " }  // `@Sendable (Int) -> Int`
      if endsValue(index - 1) { return "" }
      // `{ $0 + 1 }(2)` calls the closure; a blank the author wrote is kept.
      if previous == .rightBrace { return hadBlank ? " " : "" }
      if previous == .let || previous == .var { return " " }  // `let (a, b) = pair`, `case let (x, y):`
      return code[index - 1].kind.isKeyword && !hadBlank ? "" : " "
    case (.dotDotDot, _), (.dotDotLess, _), (_, .dotDotDot), (_, .dotDotLess): return ""
    case (_, .colon): return ternaries.last == openers.count ? " " : ""
    default: return " "
    }
  }

  /// Whether `code[index]` names a closure type's attribute (`@escaping`),
  /// which Swift sets apart from the type after it.
  private func isTypeAttribute(_ index: Int) -> Bool {
    index > 0 && code[index - 1].kind == .at && code[index].kind == .identifier
      && Parser.ignoredTypeAttributes.contains(code[index].text)
  }

  /// A comment line at the level of the lines around it.
  private mutating func commentLine(_ comment: String) {
    finishLine()
    if blankLinePending, !lines.isEmpty, !lineEndsWithOpener { lines.append("") }
    blankLinePending = false
    lines.append(Self.indentation(openers.last?.contentLevel ?? 0) + comment)
    lineEndsWithOpener = false
  }

  /// Begins the line whose first token is `code[index]`.
  private mutating func startLine(with index: Int) {
    let kind = code[index].kind
    let isCloser = kind == .rightBrace || kind == .rightParen || kind == .rightBracket
    if isCloser {
      lineLevel = max(0, (openers.last?.contentLevel ?? 1) - 1)
    } else if let innermost = openers.last, innermost.isSwitchBody, kind == .case || kind == .default {
      lineLevel = innermost.contentLevel - 1
    } else {
      let innermost = openers.last?.kind
      let continues =
        index > 0 && !statementEndsBefore[index] && !endsCaseLabel && (innermost == nil || innermost == .leftBrace)
      lineLevel = (openers.last?.contentLevel ?? 0) + (continues ? 1 : 0)
    }
    openingLevel = lineLevel
    if blankLinePending, !lines.isEmpty, !lineEndsWithOpener, !isCloser { lines.append("") }
    blankLinePending = false
  }

  /// Ends the line being built, if any.
  private mutating func finishLine() {
    guard !line.isEmpty else { return }
    lines.append(Self.indentation(lineLevel) + line)
    line = ""
  }

  /// Puts `code[index]` on the current line and tracks its brackets.
  private mutating func place(_ index: Int) {
    let token = code[index]
    line += token.text
    endsCaseLabel = false
    switch token.kind {
    case .switch:
      switches.append(openers.count)
    case .leftParen, .leftBracket, .leftBrace:
      let isSwitchBody = token.kind == .leftBrace && switches.last == openers.count
      if isSwitchBody { switches.removeLast() }
      openers.append(
        Opener(kind: token.kind, contentLevel: openingLevel + 1, line: token.range.start.line, isSwitchBody: isSwitchBody))
    case .rightParen, .rightBracket, .rightBrace:
      if let opener = openers.popLast(), opener.line != token.range.start.line {
        // `func f(a,\n  b) {`: what opens after the `)` belongs to the
        // line the `(` was on, so the body is indented from there.
        openingLevel = min(openingLevel, opener.contentLevel - 1)
      }
      while let last = ternaries.last, last > openers.count { ternaries.removeLast() }
    case .question where !isPostfix[index]:
      ternaries.append(openers.count)
    case .colon:
      if let last = ternaries.last, last == openers.count {
        ternaries.removeLast()
      } else {
        endsCaseLabel = openers.last?.isSwitchBody == true
      }
    default: break
    }
    lineEndsWithOpener = token.kind == .leftParen || token.kind == .leftBracket || token.kind == .leftBrace
  }

  // MARK: - Token roles

  /// Whether `code[index]` ends a value, so that a `(`, `[` or `.` after it
  /// is a call, subscript or member access.
  private func endsValue(_ index: Int) -> Bool {
    if genericCloses.contains(index) { return true }
    let kind = code[index].kind
    switch kind {
    case .identifier, .integer, .double, .duration, .string, .stringTail, .rightParen, .rightBracket,
      .true, .false, .nil:
      return true
    case .question, .questionQuestion, .bang:
      // `try?` and `try!` mark what follows; they end no value.
      return isPostfix[index] && code[index - 1].kind != .try
    default:
      // A keyword after `.` is a member name (`vm.on`, `x.type`).
      return kind.isKeyword && index > 0 && (code[index - 1].kind == .dot || code[index - 1].kind == .questionDot)
    }
  }

  /// Decides, left to right, which `?`, `??` and `!` are postfix (written
  /// against a value: `String?`, `T??`) and which `-` and `!` are prefix.
  private mutating func classifyOperators() {
    isPostfix = Array(repeating: false, count: code.count)
    isPrefix = Array(repeating: false, count: code.count)
    for index in code.indices where index > 0 {
      let kind = code[index].kind
      let attached = code[index - 1].range.end.offset == code[index].range.start.offset
      switch kind {
      case .question, .questionQuestion, .bang:
        if attached && (endsValue(index - 1) || (code[index - 1].kind == .try && kind != .questionQuestion)) {
          isPostfix[index] = true
        } else if kind == .bang {
          isPrefix[index] = true
        }
        if statementEndsBefore[index] && kind == .bang {
          isPostfix[index] = false
          isPrefix[index] = true
        }
      case .minus:
        isPrefix[index] = statementEndsBefore[index] || !endsValue(index - 1)
      default: break
      }
    }
    if let first = code.first, first.kind == .minus || first.kind == .bang { isPrefix[0] = true }
  }

  /// Marks the gaps whose blanks the interpreter's output depends on: the
  /// source text of reactive statements' expressions and of some calls
  /// becomes labels and messages (`observe a+b` prints `a+b: 1 -> 2`).
  private mutating func markVerbatimRegions() {
    for index in code.indices {
      let token = code[index]
      let afterDot = index > 0 && (code[index - 1].kind == .dot || code[index - 1].kind == .questionDot)
      if afterDot { continue }
      switch token.kind {
      case .bind, .observe, .on, .emit, .timeline:
        let startsStatement = index == 0 || statementEndsBefore[index]
          || [.leftBrace, .semicolon].contains(code[index - 1].kind)
        if startsStatement { markStatement(from: index, stopsAtBrace: token.kind == .observe || token.kind == .on) }
      // `why label.text` prints its value's text (`why` is contextual, a
      // name before another name at a statement's start).
      case .identifier where token.text == "why" && index + 1 < code.count && code[index + 1].kind == .identifier:
        let startsStatement = index == 0 || statementEndsBefore[index]
          || [.leftBrace, .semicolon].contains(code[index - 1].kind)
        if startsStatement { markStatement(from: index, stopsAtBrace: false) }
      case .identifier where Self.labelledCalls.contains(token.text):
        if index + 1 < code.count, code[index + 1].kind == .leftParen { markCall(from: index + 1) }
      case .less: markGenericArguments(from: index)
      default: break
      }
    }
    markCompoundNames()
  }

  /// Finds `.init(label:…)` (see ``compoundNameTokens``).
  private mutating func markCompoundNames() {
    for index in code.indices.dropFirst() where code[index].text == "init" && code[index - 1].kind == .dot {
      var next = index + 2
      guard next < code.count, code[index + 1].kind == .leftParen else { continue }
      while next + 1 < code.count, code[next].kind == .identifier || code[next].kind.isKeyword,
        code[next + 1].kind == .colon
      {
        next += 2
      }
      guard next > index + 2, next < code.count, code[next].kind == .rightParen else { continue }
      compoundNameTokens.formUnion(index + 2...next)
    }
  }

  /// Keeps `Set<Int>` as written: a `<` right after a name opens generic
  /// arguments only without a blank between (the parser's rule), which
  /// the operator spacing `Set < Int` would break.
  private mutating func markGenericArguments(from open: Int) {
    guard open > 0, code[open - 1].kind == .identifier,
      code[open - 1].range.end.offset == code[open].range.start.offset
    else { return }
    // Every token a type annotation may hold: qualified names
    // (`Screen.State`), optionals, arrays, dictionaries, function and tuple
    // types (`(Int) throws -> Int`), attributes (`@escaping`).
    let typeTokens: Set<TokenKind> = [
      .identifier, .comma, .leftBracket, .rightBracket, .colon, .question, .questionQuestion, .less, .dot,
      .leftParen, .rightParen, .arrow, .throws, .at,
    ]
    var depth = 0
    var close = open
    while close < code.count {
      switch code[close].kind {
      case .less: depth += 1
      case .greater: depth -= 1
      case let kind where typeTokens.contains(kind): break
      default: return
      }
      if depth == 0 { break }
      close += 1
    }
    guard close < code.count else { return }
    for index in open...close { verbatimBefore[index] = true }
    genericCloses.insert(close)
  }

  /// Calls whose source text becomes part of a message or label.
  private static let labelledCalls: Set<String> = ["assert", "debounce", "throttle", "delay"]

  private mutating func markStatement(from keyword: Int, stopsAtBrace: Bool) {
    var depth = 0
    var index = keyword + 2
    while index < code.count {
      let kind = code[index].kind
      if depth == 0 && (statementEndsBefore[index] || kind == .semicolon) { return }
      if depth == 0 && stopsAtBrace && kind == .leftBrace { return }
      switch kind {
      case .leftParen, .leftBracket, .leftBrace: depth += 1
      case .rightParen, .rightBracket, .rightBrace:
        if depth == 0 { return }
        depth -= 1
      default: break
      }
      verbatimBefore[index] = true
      index += 1
    }
  }

  private mutating func markCall(from open: Int) {
    var depth = 0
    var index = open
    while index < code.count {
      verbatimBefore[index] = true
      switch code[index].kind {
      case .leftParen, .leftBracket, .leftBrace: depth += 1
      case .rightParen, .rightBracket, .rightBrace:
        depth -= 1
        if depth <= 0 { return }
      default: break
      }
      index += 1
    }
  }

  // MARK: - Helpers

  /// The comment in one line's part of a gap (from `#` to the end, byte for
  /// byte less the carriage returns it ends with), or `nil` for blanks only.
  /// All of them go, not only a CRLF's: the line is written back with `\n`,
  /// so keeping any but the last would lose one more on each pass.
  private static func comment(in part: ArraySlice<UInt8>) -> String? {
    guard let hash = part.firstIndex(of: UInt8(ascii: "#")) else { return nil }
    var end = part.endIndex
    while end > hash, part[end - 1] == UInt8(ascii: "\r") { end -= 1 }
    return String(decoding: part[hash..<end], as: UTF8.self)
  }

  /// The blanks between code and a comment after it on its line, as
  /// written (comments aligned in a column stay aligned), at least one.
  private static func blanksBeforeComment(in part: ArraySlice<UInt8>) -> String {
    guard let hash = part.firstIndex(of: UInt8(ascii: "#")), hash > part.startIndex else { return " " }
    return String(decoding: part[part.startIndex..<hash], as: UTF8.self)
  }

  private static func indentation(_ level: Int) -> String {
    String(repeating: " ", count: level * Formatter.indentWidth)
  }

  /// Whether the layout rules know this kind of token. Kinds added to the
  /// language after these rules keep the blanks they were written with
  /// (collapsed to one), so new syntax never gets spaced wrongly.
  private static func isKnown(_ kind: TokenKind) -> Bool { knownKinds.contains(kind) }

  private static let knownKinds: Set<TokenKind> = [
    .identifier, .integer, .double, .duration, .string, .stringHead, .stringMiddle, .stringTail,
    .let, .var, .type, .event, .bind, .observe, .initial, .as, .on, .emit, .dispose, .batch,
    .wait, .after, .every, .timeline, .if, .else, .for, .in, .while, .func, .return, .break,
    .continue, .import, .await, .true, .false, .nil, .do, .catch, .throw, .throws, .try, .defer,
    .leftParen, .rightParen, .leftBracket, .rightBracket, .leftBrace, .rightBrace,
    .comma, .dot, .colon, .semicolon, .plus, .minus, .star, .slash, .percent,
    .equalEqual, .bangEqual, .less, .lessEqual, .greater, .greaterEqual, .ampAmp, .pipePipe, .bang,
    .question, .questionQuestion, .questionDot, .arrow, .twoWayArrow, .equal, .plusEqual,
    .minusEqual, .starEqual, .slashEqual, .percentEqual, .dotDotDot, .dotDotLess,
  ]
}
