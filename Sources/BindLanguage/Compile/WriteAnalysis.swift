import BindSyntax

/// Whether a handler block may write observable values, decided from its
/// syntax, conservatively: an observer block that may write runs as one
/// batch (`compileObserverBlock`), and one that cannot (`{
/// count += 1 }`, `{ print(new) }`) skips the cost of a transaction on every
/// change. Anything not known to be harmless counts as a write: a property or
/// subscript assignment, `emit`, a call other than `print`, and every
/// construct this analysis does not know.
enum WriteAnalysis {
  static func mayWrite(_ statements: [Statement]) -> Bool {
    statements.contains(where: mayWrite)
  }

  static func mayWrite(_ statement: Statement) -> Bool {
    switch statement {
    case .expression(let expression): return mayWrite(expression)
    case .variable(let declaration): return mayWrite(declaration.initializer)
    case .assignment(let assignment):
      guard case .name = assignment.target.unparenthesized else { return true }
      return mayWrite(assignment.value)
    case .ifStatement(let statement): return mayWrite(statement)
    case .forLoop(let loop): return mayWrite(loop.sequence) || mayWrite(loop.body.statements)
    case .whileLoop(let loop): return mayWrite(loop.condition) || mayWrite(loop.body.statements)
    case .returnStatement(let value, _): return value.map(mayWrite) ?? false
    case .breakStatement, .continueStatement: return false
    default: return true
    }
  }

  private static func mayWrite(_ statement: IfStatement) -> Bool {
    let conditionsMayWrite = statement.conditions.contains { clause in
      switch clause {
      case .expression(let condition): return mayWrite(condition)
      case .optionalBinding(let binding): return binding.value.map(mayWrite) ?? false
      }
    }
    if conditionsMayWrite || mayWrite(statement.thenBlock.statements) { return true }
    switch statement.elseBranch {
    case nil: return false
    case .block(let block): return mayWrite(block.statements)
    case .elseIf(let next): return mayWrite(next)
    }
  }

  static func mayWrite(_ expression: Expression) -> Bool {
    switch expression {
    case .integer, .double, .string, .boolean, .nilLiteral, .name, .duration: return false
    case .interpolatedString(let segments, _):
      return segments.contains { segment in
        if case .expression(let inner) = segment { return mayWrite(inner) }
        return false
      }
    case .array(let elements, _): return elements.contains(where: mayWrite)
    case .tuple(let elements, _): return elements.contains { mayWrite($0.value) }
    case .parenthesized(let inner, _), .unary(_, let inner, _), .member(let inner, _, _),
      .optionalMember(let inner, _, _), .untracked(let inner, _):
      return mayWrite(inner)
    case .binary(_, let lhs, let rhs, _), .index(let lhs, let rhs, _): return mayWrite(lhs) || mayWrite(rhs)
    case .ternary(let condition, let then, let otherwise, _):
      return mayWrite(condition) || mayWrite(then) || mayWrite(otherwise)
    case .call(.name("print", _), let arguments, _): return arguments.contains { mayWrite($0.value) }
    case .ifExpression(let statement): return mayWrite(statement)
    default: return true
    }
  }
}
