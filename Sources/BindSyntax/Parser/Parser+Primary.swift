extension Parser {
  /// postfixExpression → primaryExpression
  ///                     ('(' argumentList ')' | '.' memberName | '?.' memberName | '[' expression ']')*
  func postfixExpression() throws -> Expression {
    var base = try primaryExpression()
    var levels = 0
    defer { depth -= levels }
    while true {
      let kind = peek().kind
      switch kind {
      case .leftParen, .dot, .questionDot, .leftBracket: break
      default: return base
      }
      try deepen()
      levels += 1
      let token = advance()
      switch kind {
      case .leftParen:
        let arguments = try argumentList()
        if !check(.rightParen), !check(.eof) {
          throw error("expected ',' or ')' after argument", notes: matchingNote(token))
        }
        let close = try close(.rightParen, opener: token)
        base = .call(base, arguments, base.range.union(close.range))
      case .dot, .questionDot:
        let name = try memberName(after: "'\(token.text)'")
        let range = base.range.union(name.range)
        base = kind == .dot ? .member(base, name, range) : .optionalMember(base, name, range)
      default:
        let index = try expression()
        let close = try close(.rightBracket, opener: token)
        base = .index(base, index, base.range.union(close.range))
      }
    }
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
    let value = try expression()
    return Argument(label: label, value: value, range: (label?.range ?? value.range).union(value.range))
  }

  /// primaryExpression → INTEGER | DOUBLE | stringLiteral | 'true' | 'false' | 'nil'
  ///                   | IDENTIFIER | '(' expression ')' | arrayLiteral
  func primaryExpression() throws -> Expression {
    let token = peek()
    switch token.kind {
    case .integer:
      advance()
      return integerLiteral(token, negated: false, range: token.range)
    case .double:
      advance()
      return doubleLiteral(token, negated: false, range: token.range)
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
    case .identifier:
      advance()
      return .name(token.text, token.range)
    case .leftParen:
      advance()
      let inner = try expression()
      let close = try close(.rightParen, opener: token)
      return .parenthesized(inner, token.range.union(close.range))
    case .leftBracket:
      return try arrayLiteral()
    default:
      throw error(missingExpressionMessage())
    }
  }

  /// "expected expression after '='", worded for where the parser is.
  private func missingExpressionMessage() -> String {
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

  /// arrayLiteral → '[' (expression (',' expression)* ','?)? ']'
  func arrayLiteral() throws -> Expression {
    let open = advance()
    var elements: [Expression] = []
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
      segments.append(.expression(try expression()))
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
