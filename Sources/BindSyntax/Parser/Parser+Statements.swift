extension Parser {
  /// program → separator* (statement (separator+ statement)*)? separator* EOF
  func program() -> [Statement] {
    var statements: [Statement] = []
    skipSeparators()
    while !check(.eof) {
      if check(.rightBrace) {
        report(error("extraneous '}' at top level"))
        advance()
      } else if let statement = statementWithRecovery() {
        statements.append(statement)
      }
      skipSeparators()
    }
    return statements
  }

  /// statement → variableDeclaration | typeDeclaration | functionDeclaration
  ///           | bindStatement | observeStatement | onStatement | emitStatement
  ///           | disposeStatement | batchStatement | ifStatement | forStatement
  ///           | whileStatement | repeatStatement | returnStatement | 'break' | 'continue'
  ///           | importStatement | waitStatement | throwStatement | doStatement
  ///           | deferStatement | expressionStatement
  func statement() throws -> Statement {
    if startsDeclarationModifiers {
      // At the top level a script is one file of one module: Swift's
      // access levels there change nothing, so they are read and dropped.
      let modifiers = try declarationModifiers()
      guard [.let, .var, .func, .type, .struct, .enum].contains(peek().kind) || startsClassDeclaration else {
        throw error(
          "expected a declaration ('let', 'var', 'func', 'type', 'class', 'struct' or 'enum') after '\(modifiers.text)'")
      }
    }
    switch peek().kind {
    case .let, .var: return try variableDeclaration()
    case .type, .struct, .enum: return try typeDeclaration()
    case .identifier where startsClassDeclaration: return try typeDeclaration()
    case .identifier where peek().text == "protocol" && peek(1).kind == .identifier:
      return .protocolDeclaration(try protocolDeclaration())
    case .identifier where peek().text == "extension" && peek(1).kind == .identifier:
      return try typeDeclaration(isExtension: true)
    case .switch: return try switchStatement()
    case .func: return try functionDeclaration()
    case .bind: return try bindStatement()
    case .observe: return try observeStatement()
    case .on: return try onStatement()
    case .emit: return try emitStatement()
    case .dispose: return try disposeStatement()
    case .batch: return try batchStatement()
    case .if: return .ifStatement(try ifStatement())
    case .guard: return try guardStatement()
    case .for: return try forStatement()
    case .while: return try whileStatement()
    case .identifier where startsRepeatStatement: return try repeatStatement()
    case .return: return try returnStatement()
    case .break: return .breakStatement(advance().range)
    case .continue: return .continueStatement(advance().range)
    case .import: return try importStatement()
    case .wait: return try waitStatement()
    case .timeline: return try timelineStatement()
    case .throw: return try throwStatement()
    case .do: return try doStatement()
    case .defer: return try deferStatement()
    case .catch: throw error("'catch' must follow the '}' of a 'do' block, as in 'do { try f() } catch { … }'")
    case .identifier where startsEffectStatement: return try effectStatement()
    case .identifier where startsCleanupStatement: return try cleanupStatement()
    case .identifier where startsNotifyStatement: return try notifyStatement()
    case .identifier where startsWhyStatement: return try whyStatement()
    default: return try expressionStatement()
    }
  }

  /// `class Name` (contextual, as `class` is no keyword): Swift's class,
  /// which is a `type` (reference semantics).
  var startsClassDeclaration: Bool {
    check(.identifier) && peek().text == "class" && peek(1).kind == .identifier
  }

  /// waitStatement → 'wait' expression?
  ///
  /// `wait 300ms` lets that much script time pass; `wait` alone runs the
  /// work that is ready without moving time.
  func waitStatement() throws -> Statement {
    let keyword = advance()
    switch peek().kind {
    case .newline, .semicolon, .eof, .rightBrace: return .wait(nil, keyword.range)
    default:
      let duration = try expression()
      return .wait(duration, keyword.range.union(duration.range))
    }
  }

  /// timelineStatement → 'timeline' expression 'for' expression ('every' expression)?
  func timelineStatement() throws -> Statement {
    let keyword = advance()
    let source = try expression()
    try expect(.for, "expected 'for' and a duration after the timeline's source, as in 'timeline vm.query for 1s'")
    // No trailing closures: a `{` after the duration is a block the
    // statement does not take, said as such rather than as a call of `1s`.
    let duration = try withTrailingClosures(false) { try expression() }
    var frame: Expression?
    if match(.every) != nil { frame = try withTrailingClosures(false) { try expression() } }
    if check(.leftBrace) {
      throw error(
        "a timeline takes no block: 'timeline SOURCE for D' lets D pass and records SOURCE; "
          + "start what changes it before the timeline (an 'after' or 'every' timer, a Swift task)")
    }
    return .timeline(TimelineStatement(
      source: source, duration: duration, frame: frame, range: keyword.range.union((frame ?? duration).range)))
  }

  /// variableDeclaration → ('let' | 'var') (IDENTIFIER | tuplePattern) (':' typeAnnotation)? ('=' valueExpression)?
  /// tuplePattern        → '(' IDENTIFIER (',' IDENTIFIER)+ ')'
  ///
  /// The initializer may be left out only for an optional type (`var name: String?`),
  /// which starts `nil`. A tuple pattern (`let (a, _) = pair`) binds each
  /// element of the tuple to a name, `_` to none.
  func variableDeclaration() throws -> Statement {
    let keyword = advance()
    var tupleNames: [Identifier]?
    let name: Identifier
    if check(.leftParen) {
      let pattern = try tuplePattern()
      tupleNames = pattern.names
      name = Identifier("(" + pattern.names.map(\.name).joined(separator: ", ") + ")", range: pattern.range)
    } else {
      name = try identifier(after: "'\(keyword.text)'")
    }
    var type: TypeAnnotation?
    if match(.colon) != nil { type = try typeAnnotation(after: "':'") }
    if tupleNames != nil, !check(.equal) {
      throw error("expected '=' and a tuple after '\(keyword.text) \(name.name)'")
    }
    guard match(.equal) != nil else {
      if let type, case .optional = type {
        let initial = Expression.nilLiteral(SourceRange(at: type.range.end))
        return .variable(VariableDeclaration(
          isMutable: keyword.kind == .var, name: name, type: type, initializer: initial,
          range: keyword.range.union(type.range)))
      }
      if let type {
        throw error("expected '=' and an initial value after '\(name.name): \(type)'; only an optional type may leave it out")
      }
      throw error("expected '=' after variable name '\(name.name)'")
    }
    let value = try valueExpression()
    return .variable(VariableDeclaration(
      isMutable: keyword.kind == .var, name: name, type: type, initializer: value,
      range: keyword.range.union(value.range), tupleNames: tupleNames))
  }

  /// tuplePattern → '(' IDENTIFIER (',' IDENTIFIER)+ ')'
  ///
  /// Each name once; `_` binds nothing and may repeat.
  private func tuplePattern() throws -> (names: [Identifier], range: SourceRange) {
    let open = advance()
    var names: [Identifier] = []
    repeat {
      if check(.leftParen) {
        throw error("a tuple pattern inside a tuple pattern is not supported; take the inner tuple apart in a second 'let'")
      }
      let name = try identifier(after: names.isEmpty ? "'('" : "','")
      if name.name != "_", names.contains(where: { $0.name == name.name }) {
        throw error("'\(name.name)' is named twice in the tuple pattern; give each element its own name, or '_'", at: name.range)
      }
      names.append(name)
    } while match(.comma) != nil
    if !check(.rightParen), !check(.eof) {
      throw error("expected ',' or ')' after a name in the tuple pattern", notes: matchingNote(open))
    }
    let close = try close(.rightParen, opener: open)
    if names.count == 1 {
      throw error(
        "a tuple pattern takes two or more names; write '\(names[0].name)' without parentheses",
        at: open.range.union(close.range))
    }
    return (names, open.range.union(close.range))
  }

  /// bindStatement → 'bind' expression ('->' | '<->') expression ('as' IDENTIFIER)?
  func bindStatement() throws -> Statement {
    let keyword = advance()
    let source = try expression()
    guard let arrow = match(.arrow, .twoWayArrow) else {
      throw error("expected '->' or '<->' after bind source")
    }
    let target = try expression()
    let direction: BindStatement.Direction = arrow.kind == .arrow ? .oneWay : .twoWay
    if direction == .twoWay, !source.isAssignable {
      report("two-way binding needs a property on both sides; '\(source.sourceText(in: file))' is not one",
             at: source.range)
    }
    if !target.isAssignable {
      report("cannot bind to '\(target.sourceText(in: file))'; the target must be a property such as 'label.text'",
             at: target.range)
    }
    let name = try asName()
    return .bind(BindStatement(
      source: source, direction: direction, target: target, name: name,
      range: keyword.range.union(name?.range ?? target.range)))
  }

  /// observeStatement → 'observe' expression 'initial'? ('as' IDENTIFIER)? handlerBlock?
  func observeStatement() throws -> Statement {
    let keyword = advance()
    let observed = try withTrailingClosures(false) { try expression() }
    var end = observed.range
    let initial = match(.initial)
    if let initial { end = initial.range }
    let name = try asName()
    if let name { end = name.range }
    var handler: HandlerBlock?
    if check(.leftBrace) {
      let block = try handlerBlock()
      if block.parameters.count > 2 {
        report("an 'observe' handler takes at most two parameters (old, new)",
               at: block.parameters[2].range)
      }
      handler = block
      end = block.range
    }
    return .observe(ObserveStatement(
      expression: observed, initial: initial != nil, name: name, handler: handler,
      range: keyword.range.union(end)))
  }

  /// onStatement → 'on' expression ('as' IDENTIFIER)? handlerBlock
  func onStatement() throws -> Statement {
    let keyword = advance()
    let event = try withTrailingClosures(false) { try expression() }
    let name = try asName()
    guard check(.leftBrace) else { throw error("expected '{' after 'on' event") }
    let handler = try handlerBlock()
    if handler.parameters.count > 1 {
      report("an 'on' handler takes at most one parameter (the payload)",
             at: handler.parameters[1].range)
    }
    return .on(OnStatement(
      event: event, name: name, handler: handler, range: keyword.range.union(handler.range)))
  }

  /// emitStatement → 'emit' postfixExpression
  ///
  /// A trailing call passes the payload: `emit picker.picked(3)` is the
  /// event `picker.picked` with payload `3`.
  func emitStatement() throws -> Statement {
    let keyword = advance()
    let expression = try postfixExpression()
    let range = keyword.range.union(expression.range)
    guard case .call(let callee, let arguments, _) = expression else {
      return .emit(EmitStatement(event: expression, payload: nil, range: range))
    }
    if arguments.count > 1 || arguments.first?.label != nil {
      report("'emit' passes at most one payload, without a label, as in 'emit picker.picked(3)'",
             at: arguments[arguments.count > 1 ? 1 : 0].range)
    }
    return .emit(EmitStatement(event: callee, payload: arguments.first?.value, range: range))
  }

  /// disposeStatement → 'dispose' IDENTIFIER
  func disposeStatement() throws -> Statement {
    let keyword = advance()
    let name = try identifier(after: "'dispose'")
    return .dispose(name, keyword.range.union(name.range))
  }

  /// batchStatement → 'batch' block
  func batchStatement() throws -> Statement {
    let keyword = advance()
    let body = try block(after: "'batch'")
    return .batch(body, keyword.range.union(body.range))
  }

  /// ifStatement → 'if' conditionList block (NEWLINE? 'else' (ifStatement | block))?
  func ifStatement() throws -> IfStatement {
    let keyword = advance()
    let casePattern = try ifCasePattern()
    let conditions =
      casePattern == nil ? try conditionList() : [.expression(try withTrailingClosures(false) { try expression() })]
    let thenBlock = try block(after: "'if' condition")
    try rejectTrailingClosure(after: "an 'if' condition")
    var elseBranch: IfStatement.ElseBranch?
    var end = thenBlock.range
    if check(.else) || (check(.newline) && peek(1).kind == .else) {
      skipNewline()
      advance()
      if check(.if) {
        let nestedIf = try nested { try ifStatement() }
        elseBranch = .elseIf(nestedIf)
        end = nestedIf.range
      } else {
        let elseBlock = try block(after: "'else'")
        elseBranch = .block(elseBlock)
        end = elseBlock.range
      }
    }
    return IfStatement(
      conditions: conditions, thenBlock: thenBlock, elseBranch: elseBranch,
      range: keyword.range.union(end), casePattern: casePattern)
  }

  /// guardStatement → 'guard' conditionList 'else' block
  func guardStatement() throws -> Statement {
    let keyword = advance()
    let conditions = try conditionList()
    try expect(.else, "expected 'else' after 'guard' condition")
    let elseBlock = try block(after: "'else'")
    return .guardStatement(GuardStatement(
      conditions: conditions, elseBlock: elseBlock, range: keyword.range.union(elseBlock.range)))
  }

  /// conditionList → condition (',' condition)*
  /// condition     → ('let' | 'var') IDENTIFIER ('=' expression)? | expression
  ///
  /// No trailing closures here: the `{` after the list starts the block.
  func conditionList() throws -> [ConditionClause] {
    try withTrailingClosures(false) {
      var clauses: [ConditionClause] = []
      repeat {
        if let keyword = match(.let, .var) {
          let name = try identifier(after: "'\(keyword.text)'")
          var value: Expression?
          if match(.equal) != nil { value = try expression() }
          clauses.append(.optionalBinding(OptionalBinding(
            isMutable: keyword.kind == .var, name: name, value: value,
            range: keyword.range.union(value?.range ?? name.range))))
        } else {
          clauses.append(.expression(try expression()))
        }
      } while match(.comma) != nil
      return clauses
    }
  }

  /// forStatement → 'for' ( IDENTIFIER | '(' IDENTIFIER ',' IDENTIFIER ')' ) 'in' expression ( 'where' expression )? block
  ///
  /// The pair form goes through a dictionary's keys and values, or the
  /// `(offset, element)` pairs of `enumerated()`.
  func forStatement() throws -> Statement {
    let keyword = advance()
    var second: Identifier?
    let variable: Identifier
    if let open = match(.leftParen) {
      variable = try identifier(after: "'('")
      try expect(.comma, "expected ',' and a second name in 'for (key, value) in'")
      second = try identifier(after: "','")
      try close(.rightParen, opener: open)
    } else {
      variable = try identifier(after: "'for'")
    }
    try expect(.in, "expected 'in' after loop variable '\(variable.name)'")
    let sequence = try withTrailingClosures(false) { try expression() }
    var filter: Expression?
    if peek().kind == .identifier, peek().text == "where" {
      advance()
      filter = try withTrailingClosures(false) { try expression() }
    }
    var body = try block(after: filter == nil ? "'for' sequence" : "'where' condition")
    try rejectTrailingClosure(after: filter == nil ? "a 'for' sequence" : "a 'where' condition")
    if let filter {
      // `for x in xs where c { … }` runs the body for the elements where `c`
      // holds: the loop over an `if` (what Swift's `where` clause means).
      let guarded = IfStatement(condition: filter, thenBlock: body, elseBranch: nil, range: filter.range.union(body.range))
      body = Block(statements: [.ifStatement(guarded)], range: body.range)
    }
    return .forLoop(ForLoop(
      variable: variable, secondVariable: second, sequence: sequence, body: body,
      range: keyword.range.union(body.range)))
  }

  /// whileStatement → 'while' expression block
  func whileStatement() throws -> Statement {
    let keyword = advance()
    let condition = try withTrailingClosures(false) { try expression() }
    let body = try block(after: "'while' condition")
    try rejectTrailingClosure(after: "a 'while' condition")
    return .whileLoop(WhileLoop(
      condition: condition, body: body, range: keyword.range.union(body.range)))
  }

  /// `repeat` is contextual, as `effect` is: a statement only before `{`.
  var startsRepeatStatement: Bool { peek().text == "repeat" && peek(1).kind == .leftBrace }

  /// repeatStatement → 'repeat' block NEWLINE? 'while' expression
  func repeatStatement() throws -> Statement {
    let keyword = advance()
    let body = try block(after: "'repeat'")
    if check(.newline), peek(1).kind == .while { advance() }
    try expect(.while, "expected 'while' and a condition after the '}' of 'repeat', as in 'repeat { … } while n > 0'")
    let condition = try expression()
    return .whileLoop(WhileLoop(
      condition: condition, body: body, isRepeat: true, range: keyword.range.union(condition.range)))
  }

  /// returnStatement → 'return' valueExpression?
  func returnStatement() throws -> Statement {
    let keyword = advance()
    switch peek().kind {
    case .newline, .semicolon, .rightBrace, .eof:
      return .returnStatement(nil, keyword.range)
    default:
      let value = try valueExpression()
      return .returnStatement(value, keyword.range.union(value.range))
    }
  }

  /// importStatement → 'import' STRING
  func importStatement() throws -> Statement {
    let keyword = advance()
    if check(.identifier) {
      // `import Foundation`, pasted with Swift code: scripts have what they
      // use of it already, so a module import runs nothing (its path is
      // empty, which no file import can have).
      var end = advance().range
      while check(.dot), peek(1).kind == .identifier {
        advance()
        end = advance().range
      }
      return .importStatement(path: "", keyword.range.union(end))
    }
    guard check(.string) else {
      throw error("expected a plain string literal with the file's path after 'import', or a Swift module's name")
    }
    let path = advance()
    guard let value = path.value, !value.isEmpty else {
      throw error("expected a file's path in the string after 'import'", at: path.range)
    }
    return .importStatement(path: value, keyword.range.union(path.range))
  }

  /// expressionStatement → expression (('=' | '+=' | '-=' | '*=' | '/=' | '%=') valueExpression)?
  func expressionStatement() throws -> Statement {
    let target = try expression()
    // The assignment operators are spelled as their tokens are.
    guard let op = AssignmentOperator(rawValue: peek().kind.rawValue) else { return .expression(target) }
    advance()
    let value = try valueExpression()
    if !target.isAssignable {
      report("cannot assign to '\(target.sourceText(in: file))'; expected a variable, property or subscript",
             at: target.range)
    }
    return .assignment(Assignment(
      target: target, op: op, value: value,
      range: target.range.union(value.range)))
  }

  /// A `{` right after the block of an `if`, `for` or `while`: the user
  /// meant the first block as a trailing closure of the condition, which
  /// Swift does not allow there either.
  func rejectTrailingClosure(after context: String) throws {
    guard check(.leftBrace) else { return }
    throw error(
      "a trailing closure cannot end \(context): the first '{' starts the block; pass the closure in parentheses, as in 'if xs.contains(where: { $0 > 1 }) {'")
  }

  /// ('as' IDENTIFIER)?
  func asName() throws -> Identifier? {
    guard match(.as) != nil else { return nil }
    return try identifier(after: "'as'")
  }

  /// IDENTIFIER, with "expected name after X" when missing. `$0` and its
  /// kin are a closure's own names: nothing may declare one.
  func identifier(after context: String) throws -> Identifier {
    guard check(.identifier) else {
      let found = peek().kind.isKeyword ? "; '\(peek().text)' is a keyword" : ""
      throw error("expected name after \(context)\(found)")
    }
    if peek().text.hasPrefix("$") {
      throw error("'\(peek().text)' is an anonymous closure parameter and cannot be declared; choose another name")
    }
    let token = advance()
    return Identifier(token.text, range: token.range)
  }

  /// Consumes one newline token, if there is one.
  func skipNewline() {
    if check(.newline) { advance() }
  }
}
