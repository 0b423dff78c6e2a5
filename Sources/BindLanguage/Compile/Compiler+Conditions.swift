import BindSyntax

extension Compiler {
  /// ifStatement with optional bindings: `if let a = x, let b = y, a > b { … }`.
  ///
  /// The names bound live in the `then` block (with its variables, in one
  /// block scope), not in `else`, as in Swift.
  func compileIfWithClauses(_ statement: IfStatement, valueBranch: BranchValue? = nil) throws -> Execution {
    let elseBlock: Execution
    switch statement.elseBranch {
    case .none: elseBlock = { _ in .next }
    case .block(let block): elseBlock = try valueBranch?(block) ?? compileBlock(block)
    case .elseIf(let nested): elseBlock = try compileIf(nested, valueBranch: valueBranch)
    }
    let enclosing = scope
    if resolved.needsFrame(.conditions(statement.range)) {
      let own = FunctionScope(parent: enclosing)
      scope = own
      defer { scope = enclosing }
      let holds = try compileClauses(statement.conditions)
      let body = try valueBranch?(statement.thenBlock) ?? compileSequence(statement.thenBlock.statements)
      let blockScope = BlockScope.ownFrame(own, linksEnclosingFrame: !enclosing.isGlobal)
      return { frame in
        let inner = blockScope.enter(frame)
        return try holds(inner) ? body(inner) : elseBlock(frame)
      }
    }
    scope.pushBlock()
    defer { scope.popBlock() }
    let holds = try compileClauses(statement.conditions)
    let body = try valueBranch?(statement.thenBlock) ?? compileSequence(statement.thenBlock.statements)
    let slots = scope.slotsOfInnermostBlock
    let globals = scope.isGlobal ? interpreter.session.globalFrame : nil
    return { frame in
      defer {
        let holder = globals ?? frame
        for slot in slots { holder.slots[slot] = .null }
      }
      return try holds(frame) ? body(frame) : elseBlock(frame)
    }
  }

  /// guardStatement -> 'guard' conditionList 'else' block
  ///
  /// The else block must leave the scope; the names the conditions bind are
  /// variables of the enclosing block from here on.
  func compileGuard(_ statement: GuardStatement) throws -> Execution {
    let elseBlock = try compileBlock(statement.elseBlock)
    switch statement.elseBlock.statements.last {
    case .returnStatement, .breakStatement, .continueStatement, .throwStatement: break
    case nil, .expression, .variable, .assignment, .typeDeclaration, .function, .bind, .observe, .on, .emit, .dispose,
      .batch, .ifStatement, .forLoop, .whileLoop, .importStatement, .wait, .timeline, .effect, .onCleanup, .notify,
      .why, .guardStatement, .switchStatement, .doCatch, .deferStatement, .protocolDeclaration:
      throw error(
        .statement(.guardFallsThrough),
        at: statement.elseBlock.range)
    }
    let holds = try compileClauses(statement.conditions)
    return { frame in
      if try holds(frame) { return .next }
      return try elseBlock(frame)
    }
  }

  /// The clauses of a condition list, in order: each optional binding's
  /// value is compiled before its name is declared (`if let x = x` unwraps
  /// the outer `x`), and declared before the clauses after it.
  func compileClauses(_ clauses: [ConditionClause]) throws -> (Frame) throws -> Bool {
    struct Check { let holds: (Frame) throws -> Bool }
    var checks: [Check] = []
    for clause in clauses {
      switch clause {
      case .expression(let expression):
        checks.append(Check(holds: try compileCondition(expression)))
      case .optionalBinding(let binding):
        let value = try compileExpression(binding.value ?? .name(binding.name.name, binding.name.range))
        let slot = declare(binding.name, isMutable: binding.isMutable)
        if scope.isGlobal {
          interpreter.session.ensureGlobalCapacity()
          let session = interpreter.session
          checks.append(Check { frame in
            let unwrapped = try value(frame)
            if unwrapped.isNull { return false }
            session.bindGlobal(slot, to: unwrapped)
            return true
          })
        } else {
          checks.append(Check { frame in
            let unwrapped = try value(frame)
            if unwrapped.isNull { return false }
            frame.slots[slot] = unwrapped
            return true
          })
        }
      }
    }
    if checks.count == 1 { return checks[0].holds }
    return { frame in
      for check in checks where !(try check.holds(frame)) { return false }
      return true
    }
  }
}
