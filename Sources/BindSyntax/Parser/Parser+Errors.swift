extension Parser {
  /// throwStatement → 'throw' expression
  func throwStatement() throws -> Statement {
    let keyword = advance()
    switch peek().kind {
    case .newline, .semicolon, .eof, .rightBrace:
      throw error("expected an error value after 'throw', as in 'throw LoginError.invalid'")
    default:
      let value = try expression()
      return .throwStatement(value, keyword.range.union(value.range))
    }
  }

  /// deferStatement → 'defer' block
  func deferStatement() throws -> Statement {
    let keyword = advance()
    let body = try block(after: "'defer'")
    return .deferStatement(body, keyword.range.union(body.range))
  }

  /// doStatement → 'do' block ( NEWLINE? catchClause )*
  ///
  /// As `else`, a `catch` may start the line after the `}` before it.
  func doStatement() throws -> Statement {
    let keyword = advance()
    let body = try block(after: "'do'")
    var catches: [CatchClause] = []
    while check(.catch) || (check(.newline) && peek(1).kind == .catch) {
      if check(.newline) { advance() }
      catches.append(try catchClause())
    }
    return .doCatch(DoCatchStatement(
      body: body, catches: catches, range: keyword.range.union(catches.last?.range ?? body.range)))
  }

  /// catchClause → 'catch' ( catchPattern ( ',' catchPattern )* | 'is' typeAnnotation )?
  ///                ( 'where' expression )? block
  /// catchPattern → pattern ( 'as' typeAnnotation )?
  ///
  /// `as` follows a binding (`catch let e as LoginError`), once per clause;
  /// `catch is LoginError` is `catch _ as LoginError`. (`is` is contextual.)
  func catchClause() throws -> CatchClause {
    let keyword = advance()
    var patterns: [Pattern] = []
    var castType: TypeAnnotation?
    var guardExpression: Expression?
    if peek().kind == .identifier, peek().text == "is", peek(1).kind == .identifier {
      patterns = [.wildcard(advance().range)]
      castType = try typeAnnotation(after: "'is'")
      if peek().kind == .identifier, peek().text == "where" {
        advance()
        guardExpression = try withTrailingClosures(false) { try expression() }
      }
    } else if !check(.leftBrace) {
      try withTrailingClosures(false) {
        repeat {
          let pattern = try self.pattern()
          patterns.append(pattern)
          if let cast = match(.as) {
            guard pattern.isIrrefutable, castType == nil, patterns.count == 1 else {
              throw error("'as Type' goes after one name in a 'catch', as in 'catch let error as LoginError'", at: cast.range)
            }
            castType = try typeAnnotation(after: "'as'")
          }
        } while match(.comma) != nil
        if peek().kind == .identifier, peek().text == "where" {
          advance()
          guardExpression = try expression()
        }
      }
      if castType != nil, patterns.count > 1 {
        throw error("'as Type' goes after one name in a 'catch', as in 'catch let error as LoginError'", at: patterns[1].range)
      }
    }
    let body = try block(after: patterns.isEmpty ? "'catch'" : "the 'catch' pattern")
    return CatchClause(
      patterns: patterns, castType: castType, guardExpression: guardExpression, body: body,
      keywordRange: keyword.range, range: keyword.range.union(body.range))
  }
}
