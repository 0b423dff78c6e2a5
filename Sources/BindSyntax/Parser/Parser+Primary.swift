extension Parser {
  /// postfixExpression → primaryExpression
  ///                     ('(' argumentList ')' trailingClosure? | trailingClosure | '.' (memberName | INTEGER)
  ///                      | '?.' (memberName | INTEGER) | '[' expression ']')*
  /// trailingClosure   → closureExpression   (* not where a block follows: see allowsTrailingClosure *)
  func postfixExpression() throws -> Expression {
    var base = try primaryExpression()
    var levels = 0
    defer { depth -= levels }
    while true {
      let kind = peek().kind
      switch kind {
      case .leftParen, .dot, .questionDot, .leftBracket: break
      case .leftBrace where allowsTrailingClosure && !startsPropertyObservers: break
      case .bang where peek().range.start.offset == previous.range.end.offset:
        // `x!`, with nothing between: Swift's force unwrap (`!x` is a prefix `not`).
        let bang = advance()
        base = .unary(.forceUnwrap, base, base.range.union(bang.range))
        continue
      default: return base
      }
      try deepen()
      levels += 1
      if kind == .leftBrace {
        // `f { … }` is `f({ … })`; `f(1) { … }` adds the closure as the last argument.
        let closure = try closureExpression(isTrailing: true)
        let argument = Argument(label: nil, value: closure, range: closure.range)
        if case .call(let callee, var arguments, let range) = base, !endsWithTrailingClosure(arguments) {
          arguments.append(argument)
          base = .call(callee, arguments, range.union(closure.range))
        } else {
          base = .call(base, [argument], base.range.union(closure.range))
        }
        continue
      }
      let token = advance()
      switch kind {
      case .leftParen:
        let arguments = try withTrailingClosures(true) { try argumentList() }
        if !check(.rightParen), !check(.eof) {
          throw error("expected ',' or ')' after argument", notes: matchingNote(token))
        }
        let close = try close(.rightParen, opener: token)
        base = .call(base, arguments, base.range.union(close.range))
      case .dot, .questionDot:
        // `pair.0`: a tuple element by position.
        var name = try tupleIndex() ?? memberName(after: "'\(token.text)'")
        if name.name == "init", kind == .dot, let labelled = initializerName(name) { name = labelled }
        let range = base.range.union(name.range)
        base = kind == .dot ? .member(base, name, range) : .optionalMember(base, name, range)
      default:
        let index = try withTrailingClosures(true) { try expression() }
        let close = try close(.rightBracket, opener: token)
        base = .index(base, index, base.range.union(close.range))
      }
    }
  }

  /// `init(describing:)` after `String.`: an initializer named by its
  /// argument labels, as Swift names one to use it as a function value. Nil
  /// when the parenthesis starts a call (`String.init(3)`).
  private func initializerName(_ keyword: Identifier) -> Identifier? {
    guard check(.leftParen) else { return nil }
    var ahead = 1
    var labels: [String] = []
    while peek(ahead).kind == .identifier || peek(ahead).kind.isKeyword, peek(ahead + 1).kind == .colon {
      labels.append(peek(ahead).text)
      ahead += 2
    }
    guard !labels.isEmpty, peek(ahead).kind == .rightParen else { return nil }
    for _ in 0...ahead { advance() }
    return Identifier("init(" + labels.map { $0 + ":" }.joined() + ")", range: keyword.range.union(previous.range))
  }

  /// The position after `.` in `pair.0`, as a member name.
  private func tupleIndex() -> Identifier? {
    guard check(.integer) else { return nil }
    let token = advance()
    return Identifier(token.text, range: token.range)
  }

  /// argumentList → (argument (',' argument)* ','?)?
  func argumentList() throws -> [Argument] {
    var arguments: [Argument] = []
    while !check(.rightParen), !check(.eof) {
      arguments.append(try argument())
      if match(.comma) == nil { break }
    }
    return arguments
  }

  /// argument → (memberName ':')? expression
  func argument() throws -> Argument {
    var label: Identifier?
    if check(.identifier) || peek().kind.isKeyword, peek(1).kind == .colon {
      label = try memberName(after: "'('")
      advance()  // ':'
    }
    let value = try operatorFunction() ?? expression()
    return Argument(label: label, value: value, range: (label?.range ?? value.range).union(value.range))
  }

  /// operatorFunction → ( '+' | '-' | '*' | '/' | '%' | '==' | '!=' | '<' | '<=' | '>' | '>=' )
  ///                    followed by ',' or ')'
  ///
  /// An operator passed as a function, as Swift allows (`xs.sorted(by: >)`,
  /// `xs.reduce(0, +)`): it reads as the closure `{ $0 > $1 }`, located at
  /// the operator.
  private func operatorFunction() throws -> Expression? {
    guard peek(1).kind == .comma || peek(1).kind == .rightParen else { return nil }
    let binary: BinaryOperator
    switch peek().kind {
    case .plus: binary = .add
    case .minus: binary = .subtract
    case .star: binary = .multiply
    case .slash: binary = .divide
    case .percent: binary = .remainder
    case .equalEqual: binary = .equal
    case .bangEqual: binary = .notEqual
    case .less: binary = .less
    case .lessEqual: binary = .lessEqual
    case .greater: binary = .greater
    case .greaterEqual: binary = .greaterEqual
    default: return nil
    }
    let range = advance().range
    let body = Expression.binary(binary, .name("$0", range), .name("$1", range), range)
    return .closure(ClosureExpression(
      parameters: nil, resultType: nil, body: Block(statements: [.expression(body)], range: range)))
  }

  /// primaryExpression → INTEGER | DOUBLE | stringLiteral | 'true' | 'false' | 'nil'
  ///                   | IDENTIFIER | '(' expression ')' | arrayLiteral | '.' memberName
  func primaryExpression() throws -> Expression {
    let token = peek()
    switch token.kind {
    case .integer:
      advance()
      return integerLiteral(token, negated: false, range: token.range)
    case .double:
      advance()
      return doubleLiteral(token, negated: false, range: token.range)
    case .duration:
      advance()
      return durationLiteral(token, negated: false, range: token.range)
    case .after, .every:
      return try timerExpression()
    case .string:
      advance()
      return .string(token.value ?? "", token.range)
    case .stringHead:
      return try stringLiteral()
    case .true, .false:
      advance()
      return .boolean(token.kind == .true, token.range)
    case .nil:
      advance()
      return .nilLiteral(token.range)
    case .identifier where startsUntrackedExpression:
      return try untrackedExpression()
    case .identifier where startsEffectStatement:
      return .effect(try effect())
    case .identifier:
      advance()
      return .name(token.text, token.range)
    case .leftParen:
      return try withTrailingClosures(true) { try parenthesizedOrTuple() }
    case .leftBracket:
      return try withTrailingClosures(true) { try arrayLiteral() }
    case .leftBrace:
      return try closureExpression(isTrailing: false)
    case .dot:
      advance()
      let name = try memberName(after: "'.'")
      return .implicitMember(name, token.range.union(name.range))
    default:
      throw error(missingExpressionMessage())
    }
  }

  /// parenthesizedExpression → '(' expression ')'
  /// tupleExpression         → '(' argument ',' argument (',' argument)* ')'
  ///
  /// `(x)` is `x` in parentheses; two or more elements, each with an
  /// optional label, are a tuple: `(1, "a")`, `(x: 1, y: 2)`.
  private func parenthesizedOrTuple() throws -> Expression {
    let open = advance()
    var elements: [Argument] = []
    repeat {
      if check(.rightParen), !elements.isEmpty { break }  // a trailing comma
      elements.append(try argument())
    } while match(.comma) != nil
    if elements.count > 1, !check(.rightParen), !check(.eof) {
      throw error("expected ',' or ')' after tuple element", notes: matchingNote(open))
    }
    let close = try close(.rightParen, opener: open)
    let range = open.range.union(close.range)
    guard elements.count == 1 else { return .tuple(elements, range) }
    if let label = elements[0].label {
      throw error(
        "a tuple has two or more elements; write the value without the label '\(label.name)', or add an element",
        at: label.range)
    }
    return .parenthesized(elements[0].value, range)
  }

  /// "expected expression after '='", worded for where the parser is.
  private func missingExpressionMessage() -> String {
    if check(.if) || check(.switch) {
      return "'\(peek().text)' can be a value only after 'return' or '=', or as a body's only statement; give it a variable first, as in 'let value = \(peek().text) …'"
    }
    if current == 0 { return "expected expression, found \(peek())" }
    switch previous.kind {
    case .stringHead, .stringMiddle: return "expected expression in string interpolation"
    case .newline, .semicolon, .leftBrace: return "expected expression, found \(peek())"
    default:
      if peek().kind.isKeyword, peek().kind != .eof {
        return "expected expression after \(previous), found keyword '\(peek().text)'"
      }
      return "expected expression after \(previous)"
    }
  }

  /// arrayLiteral      → '[' (expression (',' expression)* ','?)? ']'
  /// dictionaryLiteral → '[' ':' ']' | '[' expression ':' expression (',' expression ':' expression)* ','? ']'
  func arrayLiteral() throws -> Expression {
    let open = advance()
    if match(.colon) != nil {
      let close = try close(.rightBracket, opener: open)
      return .dictionary([], open.range.union(close.range))
    }
    if !check(.rightBracket) {
      let first = try expression()
      if match(.colon) != nil { return try dictionaryLiteral(open: open, firstKey: first) }
      return try arrayLiteral(open: open, first: first)
    }
    return try arrayLiteral(open: open, first: nil)
  }

  /// The rest of a dictionary literal, after its first key and `:`.
  private func dictionaryLiteral(open: Token, firstKey: Expression) throws -> Expression {
    var entries = [DictionaryEntry(key: firstKey, value: try expression())]
    while match(.comma) != nil, !check(.rightBracket), !check(.eof) {
      let key = try expression()
      try expect(.colon, "expected ':' after dictionary key", notes: matchingNote(open))
      entries.append(DictionaryEntry(key: key, value: try expression()))
    }
    if !check(.rightBracket), !check(.eof) {
      throw error("expected ',' or ']' after dictionary entry", notes: matchingNote(open))
    }
    let close = try close(.rightBracket, opener: open)
    return .dictionary(entries, open.range.union(close.range))
  }

  /// The rest of an array literal, after its first element (if any).
  private func arrayLiteral(open: Token, first: Expression?) throws -> Expression {
    var elements: [Expression] = []
    if let first {
      elements.append(first)
      if match(.comma) == nil {
        if !check(.rightBracket), !check(.eof) {
          throw error("expected ',' or ']' after array element", notes: matchingNote(open))
        }
        let close = try close(.rightBracket, opener: open)
        return .array(elements, open.range.union(close.range))
      }
    }
    while !check(.rightBracket), !check(.eof) {
      elements.append(try expression())
      if match(.comma) == nil { break }
    }
    if !check(.rightBracket), !check(.eof) {
      throw error("expected ',' or ']' after array element", notes: matchingNote(open))
    }
    let close = try close(.rightBracket, opener: open)
    return .array(elements, open.range.union(close.range))
  }

  /// stringLiteral → STRING | STRING_HEAD expression (STRING_MIDDLE expression)* STRING_TAIL
  ///
  /// (This method parses the interpolated form; a plain STRING is handled
  /// by `primaryExpression`.)
  func stringLiteral() throws -> Expression {
    let head = advance()
    var segments: [StringSegment] = []
    if let text = head.value, !text.isEmpty { segments.append(.text(text, head.range)) }
    while true {
      segments.append(.expression(try withTrailingClosures(true) { try expression() }))
      guard let next = match(.stringMiddle, .stringTail) else {
        throw error("expected ')' after interpolated expression")
      }
      if let text = next.value, !text.isEmpty { segments.append(.text(text, next.range)) }
      if next.kind == .stringTail {
        return .interpolatedString(segments, head.range.union(next.range))
      }
    }
  }

  /// The value of an integer literal, or 0 after reporting that it does not
  /// fit in 64 bits.
  func integerLiteral(_ token: Token, negated: Bool, range: SourceRange) -> Expression {
    let digits = token.text.filter { $0 != "_" }
    let limit = negated ? UInt64(Int64.max) + 1 : UInt64(Int64.max)
    guard let magnitude = UInt64(digits), magnitude <= limit else {
      report("integer literal '\(negated ? "-" : "")\(token.text)' overflows Int", at: range)
      return .integer(0, range)
    }
    if !negated { return .integer(Int64(magnitude), range) }
    return .integer(magnitude == limit ? Int64.min : -Int64(magnitude), range)
  }

  /// The value of a duration literal (`300ms`, `1.5s`, `2min`, `1h`), exact
  /// to the nanosecond, or zero after reporting that it is out of range.
  func durationLiteral(_ token: Token, negated: Bool, range: SourceRange) -> Expression {
    let text = token.text.filter { $0 != "_" }
    // The longest unit that ends the text: `ms` before `s`, and never the
    // `e` of an exponent (`1e3ms`).
    let unit = Lexer.durationUnits.keys.sorted { $0.count > $1.count }.first { text.hasSuffix($0) } ?? ""
    let number = text.dropLast(unit.count)
    let scale = Lexer.durationUnits[unit] ?? 1
    guard let nanoseconds = Parser.nanoseconds(String(number), scale: scale) else {
      report("duration literal '\(negated ? "-" : "")\(token.text)' is too long; the limit is about 292 years", at: range)
      return .duration(.zero, range)
    }
    return .duration(.nanoseconds(negated ? -nanoseconds : nanoseconds), range)
  }

  /// `number` (digits, a fraction, an exponent) times `scale` nanoseconds,
  /// rounded to the nanosecond; `nil` past `Int64`.
  static func nanoseconds(_ number: String, scale: Int64) -> Int64? {
    if let whole = Int64(number) {
      let (product, overflow) = whole.multipliedReportingOverflow(by: scale)
      return overflow ? nil : product
    }
    // A fraction or exponent: split into digits and a power of ten, so that
    // `0.1s` is exactly 100,000,000 ns (a Double would not be).
    var mantissa = number, exponent = 0
    if let e = mantissa.firstIndex(where: { $0 == "e" || $0 == "E" }) {
      exponent = Int(mantissa[mantissa.index(after: e)...]) ?? 0
      mantissa = String(mantissa[..<e])
    }
    if let dot = mantissa.firstIndex(of: ".") {
      exponent -= mantissa.distance(from: dot, to: mantissa.endIndex) - 1
      mantissa.remove(at: dot)
    }
    guard var value = Int64(mantissa) else { return nil }
    var (result, overflow) = value.multipliedReportingOverflow(by: scale)
    guard !overflow else { return nil }
    value = result
    while exponent > 0 {
      (result, overflow) = value.multipliedReportingOverflow(by: 10)
      guard !overflow else { return nil }
      value = result
      exponent -= 1
    }
    while exponent < 0 && value != 0 {
      value = exponent == -1 ? (value + 5) / 10 : value / 10
      exponent += 1
    }
    return value
  }

  /// timerExpression → ('after' | 'every') expression ('as' IDENTIFIER)? block
  ///
  /// `after 300ms { … }` runs the block once, 300 ms from now; `every 1s
  /// { … }` every second. Its value is the timer, for `dispose`.
  func timerExpression() throws -> Expression {
    let keyword = advance()
    let interval = try withTrailingClosures(false) { try expression() }
    let name = try asName()
    let body = try block(after: "'\(keyword.text)' interval")
    return .timer(TimerExpression(
      repeats: keyword.kind == .every, interval: interval, name: name, body: body,
      range: keyword.range.union(body.range)))
  }

  /// The value of a floating-point literal, or 0 after reporting that it is
  /// out of range.
  func doubleLiteral(_ token: Token, negated: Bool, range: SourceRange) -> Expression {
    let value = Double(token.text.filter { $0 != "_" }) ?? .infinity
    guard value.isFinite else {
      report("floating-point literal '\(token.text)' overflows Double", at: range)
      return .double(0, range)
    }
    return .double(negated ? -value : value, range)
  }
}
