import BindSyntax

/// Searches of a piece of syntax for an expression (`await` inside a
/// statement, a closure stored in a variable for the fuzz harness). What
/// the compiler decides about scopes and names is the resolver's
/// (``Resolver``). Each walks the tree once; the parser's nesting limit
/// bounds its depth.
package enum SyntaxWalk {
  /// Whether any expression in `statements` (nested blocks included, nested
  /// closures included unless `intoClosures` is false) satisfies `test`.
  package static func contains(
    _ statements: [Statement], intoClosures: Bool = true, where test: (Expression) -> Bool
  ) -> Bool {
    statements.contains { contains($0, intoClosures: intoClosures, where: test) }
  }

  package static func contains(_ statement: Statement, intoClosures: Bool, where test: (Expression) -> Bool) -> Bool {
    func expression(_ e: Expression?) -> Bool { e.map { contains($0, intoClosures: intoClosures, where: test) } ?? false }
    func block(_ b: Block) -> Bool { contains(b.statements, intoClosures: intoClosures, where: test) }
    func clauses(_ list: [ConditionClause]) -> Bool {
      list.contains { clause in
        switch clause {
        case .expression(let e): return expression(e)
        case .optionalBinding(let binding): return expression(binding.value)
        }
      }
    }
    switch statement {
    case .expression(let e): return expression(e)
    case .variable(let v): return expression(v.initializer)
    case .assignment(let a): return expression(a.target) || expression(a.value)
    case .typeDeclaration, .protocolDeclaration: return false
    case .function(let f): return block(f.body)
    case .bind(let b): return expression(b.source) || expression(b.target)
    case .observe(let o): return expression(o.expression) || (o.handler.map { block($0.body) } ?? false)
    case .on(let o): return expression(o.event) || block(o.handler.body)
    case .emit(let e): return expression(e.event) || expression(e.payload)
    case .dispose, .breakStatement, .continueStatement, .importStatement: return false
    case .batch(let b, _): return block(b)
    case .ifStatement(var branch):
      while true {
        if clauses(branch.conditions) || block(branch.thenBlock) { return true }
        switch branch.elseBranch {
        case nil: return false
        case .block(let b): return block(b)
        case .elseIf(let next): branch = next
        }
      }
    case .guardStatement(let g): return clauses(g.conditions) || block(g.elseBlock)
    case .switchStatement(let s):
      return expression(s.subject) || s.cases.contains { expression($0.guardExpression) || block($0.body) }
    case .forLoop(let f): return expression(f.sequence) || block(f.body)
    case .whileLoop(let w): return expression(w.condition) || block(w.body)
    case .returnStatement(let e, _): return expression(e)
    case .wait(let e, _): return expression(e)
    case .timeline(let t): return expression(t.source) || expression(t.duration) || expression(t.frame)
    case .effect(let e): return block(e.body)
    case .onCleanup(let b, _): return block(b)
    case .notify(let e, _), .why(let e, _): return expression(e)
    case .throwStatement(let e, _): return expression(e)
    case .deferStatement(let b, _): return block(b)
    case .doCatch(let d):
      return block(d.body) || d.catches.contains { expression($0.guardExpression) || block($0.body) }
    }
  }

  package static func contains(_ expression: Expression, intoClosures: Bool, where test: (Expression) -> Bool) -> Bool {
    if test(expression) { return true }
    func sub(_ e: Expression) -> Bool { contains(e, intoClosures: intoClosures, where: test) }
    switch expression {
    case .integer, .double, .string, .boolean, .nilLiteral, .name, .duration, .implicitMember: return false
    case .interpolatedString(let segments, _):
      return segments.contains { if case .expression(let e) = $0 { return sub(e) } else { return false } }
    case .array(let elements, _): return elements.contains(where: sub)
    case .tuple(let elements, _): return elements.contains { sub($0.value) }
    case .dictionary(let entries, _): return entries.contains { sub($0.key) || sub($0.value) }
    case .parenthesized(let e, _), .unary(_, let e, _), .member(let e, _, _), .optionalMember(let e, _, _),
      .await(let e, _), .untracked(let e, _), .tryExpression(_, let e, _):
      return sub(e)
    case .binary(_, let a, let b, _), .index(let a, let b, _): return sub(a) || sub(b)
    case .ternary(let a, let b, let c, _): return sub(a) || sub(b) || sub(c)
    case .call(let callee, let arguments, _): return sub(callee) || arguments.contains { sub($0.value) }
    case .timer(let timer): return sub(timer.interval) || contains(timer.body.statements, intoClosures: intoClosures, where: test)
    case .effect(let effect): return contains(effect.body.statements, intoClosures: intoClosures, where: test)
    case .closure(let closure):
      return intoClosures && contains(closure.body.statements, intoClosures: intoClosures, where: test)
    case .ifExpression(let statement):
      return contains(.ifStatement(statement), intoClosures: intoClosures, where: test)
    case .switchExpression(let statement):
      return contains(.switchStatement(statement), intoClosures: intoClosures, where: test)
    }
  }

  /// Whether `statement` is itself a block that outlives it. Spelled out
  /// case by case, so that a new statement form must be decided here.
  private static func isBlockThatOutlivesIt(_ statement: Statement) -> Bool {
    switch statement {
    case .function, .on, .effect, .onCleanup: return true
    case .observe(let observe): return observe.handler != nil
    case .expression, .variable, .assignment, .typeDeclaration, .bind, .emit, .dispose, .batch, .ifStatement,
      .forLoop, .whileLoop, .returnStatement, .breakStatement, .continueStatement, .importStatement, .wait,
      .timeline, .guardStatement, .switchStatement, .notify, .why, .throwStatement, .doCatch, .deferStatement,
      .protocolDeclaration:
      return false
    }
  }

  /// The blocks directly nested in `statement`: branches, loop bodies,
  /// cases, and the bodies of what it declares or registers.
  package static func nestedBlocks(of statement: Statement) -> [Block] {
    switch statement {
    case .expression, .variable, .assignment, .typeDeclaration, .bind, .emit, .dispose, .returnStatement,
      .breakStatement, .continueStatement, .importStatement, .wait, .timeline, .notify, .why, .throwStatement,
      .protocolDeclaration:
      return []
    case .function(let function): return [function.body]
    case .observe(let observe): return observe.handler.map { [$0.body] } ?? []
    case .on(let on): return [on.handler.body]
    case .batch(let block, _), .onCleanup(let block, _), .deferStatement(let block, _): return [block]
    case .doCatch(let statement): return [statement.body] + statement.catches.map(\.body)
    case .effect(let effect): return [effect.body]
    case .ifStatement(var branch):
      var blocks: [Block] = []
      while true {
        blocks.append(branch.thenBlock)
        switch branch.elseBranch {
        case nil: return blocks
        case .block(let block): return blocks + [block]
        case .elseIf(let next): branch = next
        }
      }
    case .guardStatement(let guardStatement): return [guardStatement.elseBlock]
    case .switchStatement(let switchStatement): return switchStatement.cases.map(\.body)
    case .forLoop(let loop): return [loop.body]
    case .whileLoop(let loop): return [loop.body]
    }
  }
}

extension SyntaxWalk {
  /// Whether a closure may end up held by a frame it captures: a function
  /// or closure body that stores a closure in a variable or a property
  /// (`inner = { inner }`, `vm.onTap = { vm.x }`, `adders.append({ … })`: a
  /// frame is kept whole, Grammar.md "Block variables"). As in Swift, such a cycle
  /// is the script's own; the fuzz harness does not count it as a leak.
  package static func mayStoreCapturingClosures(_ statements: [Statement]) -> Bool {
    func storesClosure(_ body: [Statement]) -> Bool {
      contains(body) { expression in
        guard case .closure(let closure) = expression else { return false }
        return storesClosure(closure.body.statements) || storesAnyClosure(closure.body.statements)
      } || storesAnyClosure(body)
    }
    func storesAnyClosure(_ body: [Statement]) -> Bool {
      body.contains { statement in
        switch statement {
        case .variable(let v): return contains([.expression(v.initializer)], where: isClosure)
        case .assignment(let a): return contains([.expression(a.value)], where: isClosure)
        case .function(let f): return storesAnyClosure(f.body.statements) || storesClosure(f.body.statements)
        case .expression(.call(.member(_, let method, _), let arguments, _)):
          // `adders.append({ … })`: into a collection the frame holds.
          return Builtins.mutatingArrayMethods.contains(method.name)
            && arguments.contains { contains([.expression($0.value)], where: isClosure) }
        // The blocks these hold are searched through `nestedBlocks`; what
        // they declare or register (a handler, an effect) is not the frame's.
        case .expression, .typeDeclaration, .bind, .observe, .on, .emit, .dispose, .batch, .ifStatement, .forLoop,
          .whileLoop, .returnStatement, .breakStatement, .continueStatement, .importStatement, .wait, .timeline,
          .effect, .onCleanup, .notify, .why, .guardStatement, .switchStatement, .throwStatement, .doCatch,
          .deferStatement, .protocolDeclaration:
          return false
        }
      } || nestedBlocks(body).contains(where: storesAnyClosure)
    }
    func functionStores(_ function: FunctionDeclaration) -> Bool {
      storesAnyClosure(function.body.statements) || storesClosure(function.body.statements)
    }
    return statements.contains { statement in
      switch statement {
      case .function(let function): return functionStores(function)
      // A method's frame, as a function's (`result.append({ v * factor })`).
      case .typeDeclaration(let type): return (type.methods + type.initializers).contains(where: functionStores)
      // Their closures are found by the search of expressions below.
      case .expression, .variable, .assignment, .bind, .observe, .on, .emit, .dispose, .batch, .ifStatement,
        .forLoop, .whileLoop, .returnStatement, .breakStatement, .continueStatement, .importStatement, .wait,
        .timeline, .effect, .onCleanup, .notify, .why, .guardStatement, .switchStatement, .throwStatement, .doCatch,
        .deferStatement, .protocolDeclaration:
        return false
      }
    } || contains(statements) { expression in
      guard case .closure(let closure) = expression else { return false }
      return storesAnyClosure(closure.body.statements)
    }
  }

  private static func isClosure(_ expression: Expression) -> Bool {
    if case .closure = expression { return true }
    return false
  }

  /// The statement lists directly nested in `statements`, outside what
  /// they declare or register.
  private static func nestedBlocks(_ statements: [Statement]) -> [[Statement]] {
    statements.flatMap { isBlockThatOutlivesIt($0) ? [] : nestedBlocks(of: $0).map(\.statements) }
  }
}
