extension Parser {
  /// closureExpression → '{' NEWLINE? closureSignature? separator*
  ///                     (statement (separator+ statement)*)? separator* '}'
  /// closureSignature  → IDENTIFIER (',' IDENTIFIER)* 'in'
  ///                   | '(' (closureParameter (',' closureParameter)*)? ')' 'throws'? ('->' typeAnnotation)? 'in'
  /// closureParameter  → IDENTIFIER (':' typeAnnotation)?
  ///
  /// Without a signature the body may name its parameters `$0`, `$1`, ….
  func closureExpression(isTrailing: Bool) throws -> Expression {
    try nested {
      try withTrailingClosures(true) {
        let open = try expect(.leftBrace, "expected '{'")
        if check(.newline), startsClosureSignature(at: 1) { advance() }
        var parameters: [ClosureExpression.Parameter]?
        var resultType: TypeAnnotation?
        if startsParameterList(at: 0) {
          var names: [ClosureExpression.Parameter] = []
          repeat {
            names.append(.init(name: try identifier(after: names.isEmpty ? "'{'" : "','"), type: nil))
          } while match(.comma) != nil
          try expect(.in, "expected 'in' after closure parameters")
          parameters = names
        } else if startsClosureSignature(at: 0) {
          (parameters, resultType) = try closureSignature()
        }
        let statements = blockStatements()
        let close = try self.close(.rightBrace, opener: open)
        let body = Block(statements: statements, range: open.range.union(close.range))
        return .closure(ClosureExpression(
          parameters: parameters, resultType: resultType, body: body, isTrailing: isTrailing))
      }
    }
  }

  /// `(a: Int, b) -> Int in`, after the closure's `{`.
  private func closureSignature() throws -> ([ClosureExpression.Parameter], TypeAnnotation?) {
    let open = advance()
    var parameters: [ClosureExpression.Parameter] = []
    while !check(.rightParen), !check(.eof) {
      let name = try identifier(after: parameters.isEmpty ? "'('" : "','")
      var type: TypeAnnotation?
      if match(.colon) != nil { type = try typeAnnotation(after: "':'") }
      parameters.append(.init(name: name, type: type))
      if match(.comma) == nil { break }
    }
    try close(.rightParen, opener: open)
    // A closure may throw whether or not it says so (Swift infers it).
    _ = match(.throws)
    var result: TypeAnnotation?
    if match(.arrow) != nil { result = try typeAnnotation(after: "'->'") }
    try expect(.in, "expected 'in' after the closure's parameters")
    return (parameters, result)
  }

  /// Whether the tokens from `start` places ahead are `( … )` followed by
  /// `in` or `->`: a parenthesized closure signature rather than a body that
  /// starts with a parenthesized expression.
  private func startsClosureSignature(at start: Int) -> Bool {
    if startsParameterList(at: start) { return true }
    guard peek(start).kind == .leftParen else { return false }
    var ahead = start + 1
    var open = 1
    while open > 0 {
      switch peek(ahead).kind {
      case .leftParen: open += 1
      case .rightParen: open -= 1
      case .eof, .newline, .leftBrace, .rightBrace: return false
      default: break
      }
      ahead += 1
    }
    let next = peek(ahead).kind
    return next == .in || next == .arrow || next == .throws
  }

  /// Whether a call's last argument is a trailing closure (so another `{`
  /// calls the result instead of adding a second closure).
  func endsWithTrailingClosure(_ arguments: [Argument]) -> Bool {
    guard let last = arguments.last, case .closure(let closure) = last.value else { return false }
    return closure.isTrailing
  }
}
