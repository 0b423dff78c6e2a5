import BindSyntax

// The resolver's walk of what branches: conditions, patterns, and the
// scopes of `if`, `switch` and `catch`.
extension Resolver {
  /// A `switch` case or `catch` clause (or an `if case`): its patterns'
  /// names, its `where` condition and its body, one scope. A body that is
  /// a block (`bodyFraming`) may get a frame of its own.
  private mutating func patternScope(
    _ key: SourceRange, patterns: [Pattern], declaring implicit: Identifier? = nil, guardExpression: Expression?,
    body: Block, bodyIsBlock: Bool, bodyFraming: SlotLayout.Framing? = nil
  ) -> ResolvedSyntax.Facts {
    openScope(.whenNeeded(.patterns(key)))
    if let implicit { declare(implicit, .other) }
    var facts = ResolvedSyntax.Facts()
    for pattern in patterns { facts = facts | self.pattern(pattern) }
    if let guardExpression { facts = facts | expression(guardExpression) }
    if bodyIsBlock {
      facts = facts | block(body, framing: bodyFraming)
    } else {
      blockDepth += 1
      facts = facts | statements(body.statements)
      blockDepth -= 1
    }
    closeScope()
    result.scopes[.patterns(key)] = facts
    return facts
  }

  private mutating func pattern(_ pattern: Pattern) -> ResolvedSyntax.Facts {
    switch pattern {
    case .wildcard: return .init()
    case .binding(let name):
      declare(name, .other)
      return .init()
    case .enumCase(let typeName, _, let arguments, _):
      // A variable of that name would hide the enum.
      if let typeName { scopes.locate(typeName.name, at: typeName.range) }
      var facts = ResolvedSyntax.Facts()
      for argument in arguments ?? [] { facts = facts | self.pattern(argument.pattern) }
      return facts
    case .expression(let value): return expression(value)
    case .tuple(let elements, _):
      var facts = ResolvedSyntax.Facts()
      for element in elements { facts = facts | self.pattern(element.pattern) }
      return facts
    }
  }

  mutating func conditions(_ clauses: [ConditionClause]) -> ResolvedSyntax.Facts {
    var facts = ResolvedSyntax.Facts()
    for clause in clauses {
      switch clause {
      case .expression(let condition): facts = facts | expression(condition)
      case .optionalBinding(let binding):
        if let value = binding.value {
          facts = facts | expression(value)
        } else {
          reference(binding.name.name, at: binding.name.range)
        }
        // `if var x = …` may be assigned another value in its block; the
        // shorthand `if let x` binds the name a second time, which is never trusted.
        declare(binding.name, binding.isMutable ? .other : binding.value.map(NameBindings.Binding.unwrapped) ?? .other)
      }
    }
    return facts
  }

  /// An `if` statement, or an `if` expression (`isExpression`), whose
  /// branches the compiler runs in the enclosing frame.
  mutating func ifStatement(_ statement: IfStatement, isExpression: Bool = false) -> ResolvedSyntax.Facts {
    var facts: ResolvedSyntax.Facts
    let branchFraming: SlotLayout.Framing? = isExpression ? .never : nil
    if let casePattern = statement.casePattern {
      facts = conditions(statement.conditions)
      facts = facts | patternScope(
        statement.range, patterns: [casePattern], guardExpression: nil, body: statement.thenBlock, bodyIsBlock: true,
        bodyFraming: branchFraming)
    } else {
      // With bindings (`if let`), the names and the `then` block share one
      // scope, which may get a frame; a plain condition's block may itself.
      let hasBindings = statement.condition == nil
      openScope(hasBindings ? .whenNeeded(.conditions(statement.range)) : .never)
      facts = conditions(statement.conditions)
        | block(statement.thenBlock, framing: hasBindings ? .never : branchFraming)
      closeScope()
      result.scopes[.conditions(statement.range)] = facts
    }
    switch statement.elseBranch {
    case nil: return facts
    case .block(let elseBlock): return facts | block(elseBlock, framing: branchFraming)
    case .elseIf(let next): return facts | ifStatement(next, isExpression: isExpression)
    }
  }

  mutating func switchStatement(_ statement: SwitchStatement) -> ResolvedSyntax.Facts {
    var facts = expression(statement.subject)
    for switchCase in statement.cases {
      facts = facts | patternScope(
        switchCase.range, patterns: switchCase.patterns, guardExpression: switchCase.guardExpression,
        body: switchCase.body, bodyIsBlock: false)
    }
    return facts
  }

  mutating func doCatch(_ statement: DoCatchStatement) -> ResolvedSyntax.Facts {
    var facts = block(statement.body) | .write
    for clause in statement.catches {
      // A bare `catch` binds the error to `error`, as Swift's does.
      let error = clause.patterns.isEmpty ? Identifier("error", range: clause.keywordRange) : nil
      facts = facts | patternScope(
        clause.range, patterns: clause.patterns, declaring: error, guardExpression: clause.guardExpression,
        body: clause.body, bodyIsBlock: true)
    }
    return facts
  }
}
