extension Parser {
  /// expression → ('try' ('?' | '!')?)? 'await'? ternaryExpression
  ///
  /// As in Swift, `await` covers everything to its right: `await a.f() + b`
  /// awaits the whole sum.
  func expression() throws -> Expression {
    try nested {
      if let keyword = match(.try) { return try tryExpression(keyword) }
      guard let keyword = match(.await) else { return try ternaryExpression() }
      let operand = try ternaryExpression()
      return .await(operand, keyword.range.union(operand.range))
    }
  }

  /// The rest of `try e`, `try? e` or `try! e` after `try`: as `await`, it
  /// covers everything to its right (`try f() + g()` marks both calls).
  private func tryExpression(_ keyword: Token) throws -> Expression {
    var kind = TryKind.propagating
    var start = keyword.range
    if check(.question) || check(.bang), peek().range.start.offset == keyword.range.end.offset {
      let mark = advance()
      kind = mark.kind == .question ? .optional : .forced
      start = keyword.range.union(mark.range)
    }
    let operand = try expression()
    return .tryExpression(kind, operand, start.union(operand.range))
  }

  /// valueExpression → ifStatement | switchStatement | expression
  ///
  /// Where a value is given (after `return`, `=`, `+=`, `-=`), an `if` or
  /// `switch` is an expression (Swift 5.9): it needs an `else`, and each
  /// branch is one expression, the value.
  func valueExpression() throws -> Expression {
    let statement: Statement
    let reported = diagnostics.count
    switch peek().kind {
    case .if: statement = .ifStatement(try ifStatement())
    case .switch: statement = try switchStatement()
    default: return try expression()
    }
    // A branch that lost statements to an error (reported already) would
    // be blamed for them again.
    guard diagnostics.count == reported else { throw ParseError(diagnostic: nil, isAtEnd: false) }
    do {
      // Never nil: the statement is an `if` or a `switch`.
      return try statement.branchExpression() ?? .nilLiteral(statement.range)
    } catch {
      throw ParseError(diagnostic: error, isAtEnd: false)
    }
  }

  /// ternaryExpression → orExpression ('?' expression ':' ternaryExpression)?
  func ternaryExpression() throws -> Expression {
    let condition = try orExpression()
    guard let question = match(.question) else { return condition }
    let thenValue = try expression()
    try expect(.colon, "expected ':' after '?' branch of conditional expression",
               notes: matchingNote(question))
    let elseValue = try nested { try ternaryExpression() }
    return .ternary(condition, thenValue, elseValue, condition.range.union(elseValue.range))
  }

  /// orExpression → andExpression ('||' andExpression)*
  func orExpression() throws -> Expression {
    try leftAssociative(OperatorPrecedence.or, operand: andExpression)
  }

  /// andExpression → comparisonExpression ('&&' comparisonExpression)*
  func andExpression() throws -> Expression {
    try leftAssociative(OperatorPrecedence.and, operand: comparisonExpression)
  }

  /// comparisonExpression → nilCoalescingExpression
  ///                        (('==' | '!=' | '<' | '<=' | '>' | '>=') nilCoalescingExpression)?
  ///
  /// Non-associative: `a < b < c` is an error.
  func comparisonExpression() throws -> Expression {
    try nonAssociative(
      OperatorPrecedence.comparison, operand: nilCoalescingExpression,
      chained: "comparison operators cannot be chained; combine comparisons with '&&'")
  }

  /// nilCoalescingExpression → rangeExpression ('??' nilCoalescingExpression)?
  ///
  /// Right-associative, and tighter than comparison, as in Swift.
  func nilCoalescingExpression() throws -> Expression {
    let value = try rangeExpression()
    guard match(.questionQuestion) != nil else { return value }
    let fallback = try nested { try nilCoalescingExpression() }
    return .binary(.nilCoalescing, value, fallback, value.range.union(fallback.range))
  }

  /// rangeExpression → additiveExpression (('...' | '..<') additiveExpression)?
  func rangeExpression() throws -> Expression {
    try nonAssociative(
      OperatorPrecedence.range, operand: additiveExpression,
      chained: "range operators cannot be chained")
  }

  /// additiveExpression → multiplicativeExpression (('+' | '-') multiplicativeExpression)*
  func additiveExpression() throws -> Expression {
    try leftAssociative(OperatorPrecedence.additive, operand: multiplicativeExpression)
  }

  /// multiplicativeExpression → prefixExpression (('*' | '/' | '%') prefixExpression)*
  func multiplicativeExpression() throws -> Expression {
    try leftAssociative(OperatorPrecedence.multiplicative, operand: prefixExpression)
  }

  /// prefixExpression → ('-' | '!') prefixExpression | postfixExpression
  ///
  /// A `-` written directly before a number literal makes a negative
  /// literal, so `-9223372036854775808` is `Int.min`.
  func prefixExpression() throws -> Expression {
    if check(.await) {
      throw error("'await' cannot appear to the right of an operator; put it at the start of the expression")
    }
    if check(.try) {
      throw error(
        "'try' cannot appear to the right of an operator; put it at the start of the expression (before 'await')")
    }
    guard let token = match(.minus, .bang) else { return try postfixExpression() }
    if token.kind == .minus, let literal = negativeLiteral(after: token) { return literal }
    let operand = try nested { try prefixExpression() }
    let op: UnaryOperator = token.kind == .minus ? .negate : .not
    return .unary(op, operand, token.range.union(operand.range))
  }

  /// A literal right after `minus` (no space, no postfix operator after it),
  /// folded into a negative literal; `nil` otherwise.
  private func negativeLiteral(after minus: Token) -> Expression? {
    let number = peek()
    guard number.kind == .integer || number.kind == .double || number.kind == .duration,
      number.range.start.offset == minus.range.end.offset
    else { return nil }
    switch peek(1).kind {
    case .dot, .questionDot, .leftParen, .leftBracket: return nil
    default: break
    }
    advance()
    let range = minus.range.union(number.range)
    switch number.kind {
    case .integer: return integerLiteral(number, negated: true, range: range)
    case .duration: return durationLiteral(number, negated: true, range: range)
    default: return doubleLiteral(number, negated: true, range: range)
    }
  }

  /// operand (op operand)*, building a left-leaning tree. Each operator
  /// counts as one nesting level, because the tree gets one level deeper.
  private func leftAssociative(
    _ operators: OperatorPrecedence, operand: () throws -> Expression
  ) throws -> Expression {
    var lhs = try operand()
    var levels = 0
    defer { depth -= levels }
    while let op = operators.binaryOperator(peek().kind) {
      try deepen()
      levels += 1
      advance()
      let rhs = try operand()
      lhs = .binary(op, lhs, rhs, lhs.range.union(rhs.range))
    }
    return lhs
  }

  /// operand (op operand)?, with an error if a second operator follows.
  private func nonAssociative(
    _ operators: OperatorPrecedence, operand: () throws -> Expression, chained: String
  ) throws -> Expression {
    let lhs = try operand()
    guard let op = operators.binaryOperator(peek().kind) else { return lhs }
    advance()
    let rhs = try operand()
    if operators.binaryOperator(peek().kind) != nil { throw error(chained, at: peek().range) }
    return .binary(op, lhs, rhs, lhs.range.union(rhs.range))
  }
}

/// The precedence levels of the binary operators, and each level's
/// operators by token.
///
/// A `switch`, not a dictionary per level: looked up for every operand at
/// every level, and a dictionary keyed by `TokenKind` also cost the first
/// parse of each process a search of every protocol conformance in the
/// binary (~0.23 M instructions) for `TokenKind: Hashable`.
private enum OperatorPrecedence {
  case or, and, comparison, range, additive, multiplicative

  func binaryOperator(_ kind: TokenKind) -> BinaryOperator? {
    switch (self, kind) {
    case (.or, .pipePipe): return .or
    case (.and, .ampAmp): return .and
    case (.comparison, .equalEqual): return .equal
    case (.comparison, .bangEqual): return .notEqual
    case (.comparison, .less): return .less
    case (.comparison, .lessEqual): return .lessEqual
    case (.comparison, .greater): return .greater
    case (.comparison, .greaterEqual): return .greaterEqual
    case (.range, .dotDotDot): return .closedRange
    case (.range, .dotDotLess): return .halfOpenRange
    case (.additive, .plus): return .add
    case (.additive, .minus): return .subtract
    case (.multiplicative, .star): return .multiply
    case (.multiplicative, .slash): return .divide
    case (.multiplicative, .percent): return .remainder
    default: return nil
    }
  }
}
