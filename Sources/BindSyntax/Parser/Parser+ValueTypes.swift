// The rules of Swift signatures, methods, `struct`/`enum` bodies, `switch`
// and patterns (Grammar.md, "Functions and methods" and "Value types").
extension Parser {
  /// functionParameter → IDENTIFIER
  ///                   | (memberName | '_')? IDENTIFIER ':' typeAnnotation ('=' expression)?
  ///
  /// A bare name is the untyped form (`func f(a, b)`); otherwise the first
  /// name is the argument label when a second name follows, as in Swift.
  func functionParameter(after context: String) throws -> FunctionParameter {
    var label: Identifier?
    var hasExplicitLabel = false
    if check(.identifier) || peek().kind.isKeyword, peek(1).kind == .identifier {
      let token = advance()
      hasExplicitLabel = true
      label = token.text == "_" ? nil : Identifier(token.text, range: token.range)
    }
    let name = try identifier(after: hasExplicitLabel ? "argument label" : context)
    if !hasExplicitLabel { label = name }
    guard hasExplicitLabel || check(.colon) else {
      return FunctionParameter(label: nil, name: name, type: nil, defaultValue: nil, range: name.range)
    }
    try expect(.colon, "expected ':' and a type after parameter '\(name.name)', as in '\(name.name): Int'")
    let type = try typeAnnotation(after: "':'")
    var defaultValue: Expression?
    if match(.equal) != nil { defaultValue = try expression() }
    let start = label?.range ?? name.range
    return FunctionParameter(
      label: label, name: name, type: type, defaultValue: defaultValue,
      range: start.union(defaultValue?.range ?? type.range))
  }

  /// A function's parameters are all typed (a Swift signature) or all bare
  /// names (the untyped form); a return type needs typed parameters.
  func checkParameterForms(_ parameters: [FunctionParameter], hasReturnType: Bool = false) throws {
    let typed = parameters.contains { $0.type != nil } || hasReturnType
    guard typed, let untyped = parameters.first(where: { $0.type == nil }) else { return }
    throw error(
      "parameter '\(untyped.name.name)' needs a type, as in '\(untyped.name.name): Int': a function's parameters are all typed or all untyped",
      at: untyped.name.range)
  }

  /// methodDeclaration → 'mutating'? functionDeclaration
  func methodDeclaration() throws -> FunctionDeclaration {
    let isMutating = peek().text == "mutating"
    if isMutating { advance() }
    return try functionDeclaration(isMutating: isMutating)
  }

  /// The types after a declaration's `:`: an enum's raw type (`String`,
  /// `Int`, written first) and the protocols it conforms to (`Error`, a
  /// script `protocol`, or one of Swift's that scripts know).
  func inheritanceClause(kind: TypeDeclaration.Kind, name: Identifier) throws -> (TypeAnnotation?, [Identifier]) {
    guard match(.colon) != nil else { return (nil, []) }
    var rawType: TypeAnnotation?
    var conformances: [Identifier] = []
    repeat {
      let type = try typeAnnotation(after: rawType == nil && conformances.isEmpty ? "':'" : "','")
      if kind == .enumeration, rawType == nil, conformances.isEmpty, Self.isRawTypeName(type) {
        rawType = type
      } else if Self.isRawTypeName(type) {
        throw error(
          "'\(type)' is not a protocol; only an 'enum' has a raw type, written first after ':'", at: type.range)
      } else if case .named(let protocolName, let range) = type {
        conformances.append(Identifier(protocolName, range: range))
      } else {
        throw error("'\(type)' is not a protocol; a type conforms to protocols by name, as in ': Error, Store'", at: type.range)
      }
    } while match(.comma) != nil
    return (rawType, conformances)
  }

  /// Whether an enum's first inherited type is its raw type.
  private static func isRawTypeName(_ type: TypeAnnotation) -> Bool {
    guard case .named(let name, _) = type else { return false }
    return ["String", "Int", "Double", "Float", "Character", "UInt", "Int8", "Int16", "Int32", "Int64"].contains(name)
  }

  /// enumCaseDeclaration → 'case' enumCaseItem (',' enumCaseItem)*
  /// enumCaseItem        → memberName ('(' associatedValue (',' associatedValue)* ')')? ('=' expression)?
  /// associatedValue     → (memberName ':')? typeAnnotation
  func enumCaseMembers(kind: TypeDeclaration.Kind) throws -> [TypeDeclaration.Member] {
    let keyword = advance()
    guard kind == .enumeration else {
      throw error("'case' declares an enum case; it is only allowed in an 'enum'", at: keyword.range)
    }
    var members: [TypeDeclaration.Member] = []
    repeat {
      let name = try memberName(after: members.isEmpty ? "'case'" : "','")
      var values: [EnumCaseDeclaration.AssociatedValue] = []
      var end = name.range
      if let open = match(.leftParen) {
        while !check(.rightParen), !check(.eof) {
          var label: Identifier?
          if check(.identifier) || peek().kind.isKeyword, peek(1).kind == .colon {
            label = try memberName(after: "'('")
            advance()
          }
          values.append(.init(label: label, type: try typeAnnotation(after: label == nil ? "'('" : "':'")))
          if match(.comma) == nil { break }
        }
        end = try close(.rightParen, opener: open).range
      }
      var rawValue: Expression?
      if match(.equal) != nil {
        let value = try expression()
        rawValue = value
        end = value.range
      }
      members.append(.enumCase(EnumCaseDeclaration(
        name: name, associatedValues: values, rawValue: rawValue, range: name.range.union(end))))
    } while match(.comma) != nil
    return members
  }

  /// switchStatement → 'switch' expression '{' separator* switchCase* '}'
  func switchStatement() throws -> Statement {
    let keyword = advance()
    let subject = try withTrailingClosures(false) { try expression() }
    guard check(.leftBrace) else { throw error("expected '{' after 'switch' subject") }
    return try nested {
      let open = advance()
      var cases: [SwitchStatement.Case] = []
      skipSeparators()
      while !check(.rightBrace), !check(.eof) {
        guard check(.case) || check(.default) else {
          throw error("expected 'case' or 'default' in 'switch'; every statement belongs to a case")
        }
        cases.append(try switchCase())
      }
      let close = try self.close(.rightBrace, opener: open)
      return .switchStatement(SwitchStatement(
        subject: subject, cases: cases, keywordRange: keyword.range, range: keyword.range.union(close.range)))
    }
  }

  /// switchCase → ('case' pattern (',' pattern)* ('where' expression)? | 'default') ':'
  ///              separator* statement (separator+ statement)*
  func switchCase() throws -> SwitchStatement.Case {
    let keyword = advance()
    var patterns: [Pattern] = []
    var guardExpression: Expression?
    if keyword.kind == .case {
      repeat { patterns.append(try pattern()) } while match(.comma) != nil
      if peek().kind == .identifier, peek().text == "where" {
        advance()
        guardExpression = try expression()
      }
    }
    try expect(.colon, "expected ':' after '\(keyword.kind == .case ? "case" : "default")' pattern")
    var statements: [Statement] = []
    skipSeparators()
    while !check(.case), !check(.default), !check(.rightBrace), !check(.eof) {
      if let statement = statementWithRecovery() { statements.append(statement) }
      skipSeparators()
    }
    if statements.isEmpty, !check(.eof) {
      report(
        "'\(keyword.text)' label in a 'switch' must have at least one executable statement; write 'break' to do nothing",
        at: keyword.range)
    }
    let end = statements.last?.range ?? keyword.range
    return SwitchStatement.Case(
      patterns: patterns, guardExpression: guardExpression,
      body: Block(statements: statements, range: keyword.range.union(end)), range: keyword.range.union(end))
  }

  /// ('case' pattern '=')? after `if`: the pattern of `if case .loaded(let items) = state`.
  func ifCasePattern() throws -> Pattern? {
    guard match(.case) != nil else { return nil }
    let pattern = try self.pattern()
    try expect(.equal, "expected '=' and a value after the pattern of 'if case'")
    return pattern
  }

  /// pattern → 'let' pattern | '_' | '.' memberName patternArguments?
  ///         | IDENTIFIER '.' memberName patternArguments? | tuplePattern | expression
  ///
  /// Under `let`, a bare name binds the value (`case let .failed(m)`).
  func pattern(binding: Bool = false) throws -> Pattern {
    try nested {
      if let keyword = match(.let) {
        if binding { throw error("'let' cannot appear inside another 'let' pattern", at: keyword.range) }
        return try pattern(binding: true)
      }
      if check(.identifier), peek().text == "_" { return .wildcard(advance().range) }
      if check(.leftParen), endsPatternAfterParentheses() { return try tuplePattern(binding: binding) }
      if binding, check(.identifier), endsPattern(peek(1).kind) || peek(1).text == "where" {
        let token = advance()
        return .binding(Identifier(token.text, range: token.range))
      }
      if let dot = match(.dot) {
        return try enumCasePattern(typeName: nil, start: dot.range, binding: binding)
      }
      if check(.identifier), peek(1).kind == .dot, peek().text.first?.isUppercase == true,
        check(.identifier, ahead: 2) || peek(2).kind.isKeyword,
        endsPattern(peek(3).kind) || peek(3).kind == .leftParen || peek(3).text == "where"
      {
        let type = advance()
        advance()  // '.'
        return try enumCasePattern(typeName: Identifier(type.text, range: type.range), start: type.range, binding: binding)
      }
      return .expression(try expression())
    }
  }

  private func check(_ kind: TokenKind, ahead: Int) -> Bool { peek(ahead).kind == kind }

  /// Whether the `(` here is closed by a `)` that ends the pattern: then it
  /// is a tuple pattern (`case (0, _):`), else an expression that starts
  /// with parentheses (`case (a + b) * 2:`).
  private func endsPatternAfterParentheses() -> Bool {
    guard let close = closingBracket(of: current) else { return false }
    let next = tokens[min(close + 1, tokens.count - 1)]
    return endsPattern(next.kind) || next.text == "where"
  }

  /// tuplePattern → '(' ( memberName ':' )? pattern ( ',' ( memberName ':' )? pattern )+ ')'
  ///
  /// One element without a label is that element's pattern in parentheses.
  private func tuplePattern(binding: Bool) throws -> Pattern {
    let open = advance()
    var elements: [PatternArgument] = []
    repeat {
      var label: Identifier?
      if check(.identifier) || peek().kind.isKeyword, peek(1).kind == .colon, peek().kind != .let {
        label = try memberName(after: "'('")
        advance()
      }
      elements.append(PatternArgument(label: label, pattern: try pattern(binding: binding)))
    } while match(.comma) != nil && !check(.rightParen)
    let close = try self.close(.rightParen, opener: open)
    if elements.count == 1 {
      if let label = elements[0].label {
        report(
          "a tuple pattern has two or more elements; write the pattern without the label '\(label.name)', or add an element",
          at: label.range)
      }
      return elements[0].pattern
    }
    return .tuple(elements, open.range.union(close.range))
  }

  /// Whether a token ends a pattern: `,`, `)`, `:`, `=`, `where`.
  private func endsPattern(_ kind: TokenKind) -> Bool {
    switch kind {
    case .comma, .rightParen, .colon, .equal: return true
    // After a `catch` pattern: `catch let e as LoginError {`, `catch LoginError.invalid {`.
    case .as, .leftBrace: return true
    case .identifier: return false
    default: return false
    }
  }

  /// The rest of `.name(patterns)` after the dot.
  private func enumCasePattern(typeName: Identifier?, start: SourceRange, binding: Bool) throws -> Pattern {
    let name = try memberName(after: "'.'")
    guard let open = match(.leftParen) else {
      return .enumCase(typeName: typeName, name: name, arguments: nil, start.union(name.range))
    }
    var arguments: [PatternArgument] = []
    while !check(.rightParen), !check(.eof) {
      var label: Identifier?
      if check(.identifier) || peek().kind.isKeyword, peek(1).kind == .colon, peek().kind != .let {
        label = try memberName(after: "'('")
        advance()
      }
      arguments.append(PatternArgument(label: label, pattern: try pattern(binding: binding)))
      if match(.comma) == nil { break }
    }
    let close = try self.close(.rightParen, opener: open)
    return .enumCase(typeName: typeName, name: name, arguments: arguments, start.union(close.range))
  }
}
