import BindRuntime
import BindSyntax

/// Compiles one branch of an `if` or `switch` expression (its block of one
/// expression) to an execution that gives the value as `.returned`: the
/// statement's machinery (conditions, patterns, scopes) runs the branches.
typealias BranchValue = (Block) throws -> Execution

// `if` and `switch` expressions (Swift 5.9).
extension Compiler {
  /// ifExpression     -> 'if' … block 'else' …, each block one expression
  /// switchExpression -> 'switch' expression '{' (switchCase expression)* '}'
  ///
  /// `type` is the type the context declares (a typed variable, a return
  /// type, a derived property's type), which each branch must give, as in
  /// Swift: checked before running for a literal, and where the branch is
  /// taken otherwise, either way located at the branch. Without one,
  /// branches that are literals must be of one type (Swift checks each
  /// branch on its own, so `if c { 1 } else { 2.5 }` is an error there).
  /// Any other expression compiles as ``compileExpression(_:)`` does.
  func compileValue(_ expression: Expression, expecting type: ValueType?) throws -> Evaluation {
    let construct: String
    let run: Execution
    switch expression {
    case .ifExpression(let statement):
      construct = "'if' expression"
      try checkLiteralBranches(of: expression, expecting: type, in: construct)
      run = try compileIf(statement) { try self.compileBranch($0, expecting: type, in: construct) }
    case .switchExpression(let statement):
      construct = "'switch' expression"
      try checkLiteralBranches(of: expression, expecting: type, in: construct)
      run = try compileSwitch(statement) { try self.compileBranch($0, expecting: type, in: construct) }
    default:
      return try compileExpression(expression, expecting: type)
    }
    return { frame in
      if case .returned(let value?) = try run(frame) { return value }
      // Not reached: an `if` expression has an `else`, and a `switch` that
      // matches no case throws.
      return .null
    }
  }

  private func compileBranch(_ block: Block, expecting type: ValueType?, in construct: String) throws -> Execution {
    guard case .expression(let branch)? = block.statements.first else {
      throw error(.statement(.branchNotExpression(construct: construct)), at: block.range)
    }
    let evaluate = try compileValue(branch, expecting: type)
    guard let type else { return { frame in .returned(try evaluate(frame)) } }
    let file = self.file
    return { frame in
      let value = try evaluate(frame)
      guard let converted = type.coerce(value) else {
        throw ScriptError(.branchMismatch(valueType: value.typeName, expected: "\(type)", construct: construct), at: branch.range, in: file)
      }
      return .returned(converted)
    }
  }

  /// The compile-time part of the branch checks (see ``compileValue(_:expecting:)``).
  private func checkLiteralBranches(of expression: Expression, expecting type: ValueType?, in construct: String) throws {
    var first: Value?
    for branch in Self.branchValues(of: expression) {
      guard let sample = Self.literalSample(branch) else { continue }
      if let type {
        if type.coerce(sample) == nil {
          throw error(.branchMismatch(valueType: sample.typeName, expected: "\(type)", construct: construct), at: branch.range)
        }
      } else if let first, first.typeName != sample.typeName {
        throw error(
          .statement(.branchTypes(construct: construct, first: first.typeName, second: sample.typeName)),
          at: branch.range)
      } else {
        first = first ?? sample
      }
    }
  }

  /// The expressions whose values an `if` or `switch` expression may give:
  /// its branches, through nested ones.
  private static func branchValues(of expression: Expression) -> [Expression] {
    var blocks: [Block] = []
    switch expression {
    case .ifExpression(var statement):
      while true {
        blocks.append(statement.thenBlock)
        if case .elseIf(let next) = statement.elseBranch { statement = next; continue }
        if case .block(let block) = statement.elseBranch { blocks.append(block) }
        break
      }
    case .switchExpression(let statement): blocks = statement.cases.map(\.body)
    default: return [expression]
    }
    return blocks.flatMap { block in block.statements.flatMap { statement -> [Expression] in
      guard case .expression(let branch) = statement else { return [] }
      return branchValues(of: branch)
    } }
  }

  /// A value of the literal's type, for the checks made before running.
  private static func literalSample(_ expression: Expression) -> Value? {
    switch expression {
    case .integer: return .int(0)
    case .double: return .double(0)
    case .string, .interpolatedString: return .string("")
    case .boolean: return .bool(false)
    case .parenthesized(let inner, _): return literalSample(inner)
    default: return nil
    }
  }
}

extension Expression {
  /// Whether this is an `if` or `switch` expression.
  var isBranchExpression: Bool {
    switch self {
    case .ifExpression, .switchExpression: return true
    default: return false
    }
  }
}
