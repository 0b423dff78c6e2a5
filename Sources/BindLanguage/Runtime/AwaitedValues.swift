import BindSyntax

/// The awaits of a top-level statement that ``Interpreter/executeCooperatively(_:in:isolation:)``
/// can run first, each suspending the async caller, so that the statement
/// uses their values: `let items = await vm.load()`, `x = await vm.count()`,
/// `print(await vm.count())`, `"\(await a()) and \(await b())"`.
///
/// An await qualifies when it is evaluated every time the statement runs
/// (not in a closure, a timer, the right of `&&`, `||`, `??` or a branch of
/// `?:`), its operand is a call, and no other call is evaluated before it:
/// running it first then changes nothing the statement would have done
/// before it (Swift's left-to-right order is kept). When some await of the
/// statement does not qualify, there is no plan, and the statement runs as
/// it always did (an await that cannot suspend blocks, and on the main
/// actor fails with a located error).
enum AwaitedValues {
  /// The awaits to run first, innermost and leftmost first; `nil` when some
  /// await of the statement cannot run first; empty when it has none at
  /// its top (an `if`, a loop or a block keeps its awaits).
  static func plan(for statement: Statement) -> [Expression]? {
    var walk = Walk()
    switch statement {
    case .expression(let expression):
      walk.eager(expression)
    case .variable(let declaration):
      walk.eager(declaration.initializer)
    case .assignment(let assignment):
      walk.eager(assignment.target)
      walk.eager(assignment.value)
    case .typeDeclaration, .function, .bind, .observe, .on, .emit, .dispose, .batch, .ifStatement, .forLoop,
      .whileLoop, .returnStatement, .breakStatement, .continueStatement, .importStatement, .wait, .timeline, .effect,
      .onCleanup, .notify, .why, .guardStatement, .switchStatement, .throwStatement, .doCatch, .deferStatement,
      .protocolDeclaration:
      // Its awaits (in blocks, bodies, conditions, an emitted payload, …)
      // run as they always did.
      return []
    }
    return walk.refused ? nil : walk.awaits
  }

  /// A walk in evaluation order.
  private struct Walk {
    var awaits: [Expression] = []
    /// Whether an await was found where it cannot run first.
    var refused = false
    /// Whether a call (not awaited) was evaluated: an await after it would
    /// run before it.
    var calledBefore = false

    mutating func eager(_ expression: Expression) {
      switch expression {
      case .integer, .double, .string, .boolean, .nilLiteral, .name, .duration, .implicitMember:
        return
      case .closure, .timer, .effect:
        // Run later, by whoever calls them: not this statement's awaits.
        return
      case .await(let operand, _):
        guard case .call(let callee, let arguments, _) = operand.unparenthesized, !calledBefore else {
          refused = true
          return
        }
        // The call's own callee and arguments are evaluated by the call:
        // their awaits come first, and a call among them is the awaited call's.
        eager(callee)
        for argument in arguments { eager(argument.value) }
        awaits.append(expression)
      case .interpolatedString(let segments, _):
        for case .expression(let inner) in segments { eager(inner) }
      case .array(let elements, _):
        elements.forEach { eager($0) }
      case .tuple(let elements, _):
        elements.forEach { eager($0.value) }
      case .dictionary(let entries, _):
        for entry in entries {
          eager(entry.key)
          eager(entry.value)
        }
      case .parenthesized(let inner, _), .unary(_, let inner, _), .member(let inner, _, _),
        .optionalMember(let inner, _, _), .untracked(let inner, _), .tryExpression(.propagating, let inner, _):
        eager(inner)
      case .tryExpression(_, let inner, _):
        // `try?` and `try!` handle the error of what they cover: an await
        // run before the statement would throw it past them.
        conditional(inner)
      case .binary(let op, let left, let right, _):
        eager(left)
        switch op {
        case .and, .or, .nilCoalescing: conditional(right)
        default: eager(right)
        }
      case .ternary(let condition, let whenTrue, let whenFalse, _):
        eager(condition)
        conditional(whenTrue)
        conditional(whenFalse)
      case .ifExpression, .switchExpression:
        // Only the first condition is sure to run: the rest is conditional.
        conditional(expression)
      case .index(let base, let index, _):
        eager(base)
        eager(index)
      case .call(let callee, let arguments, _):
        eager(callee)
        for argument in arguments { eager(argument.value) }
        calledBefore = true
      }
    }

    /// A part the statement may not evaluate: an await there cannot run first.
    mutating func conditional(_ expression: Expression) {
      if SyntaxWalk.contains(expression, intoClosures: false, where: { if case .await = $0 { true } else { false } }) {
        refused = true
      }
      if SyntaxWalk.contains(expression, intoClosures: false, where: { if case .call = $0 { true } else { false } }) { calledBefore = true }
    }
  }
}

/// The values of awaits already run for the statement being compiled.
struct ResolvedAwaits {
  private var values: [(range: SourceRange, value: Value)] = []
  private let file: SourceFile

  init(file: SourceFile) { self.file = file }

  mutating func add(_ value: Value, for awaited: Expression) { values.append((awaited.range, value)) }

  /// The value of the await at `range` of `file`, if it already ran.
  func value(at range: SourceRange, in file: SourceFile) -> Value? {
    guard file.path == self.file.path, file.text == self.file.text else { return nil }
    return values.first { $0.range == range }?.value
  }
}
