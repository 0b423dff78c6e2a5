// `if` and `switch` as values (Swift 5.9, SE-0380): which statements can be
// one, and the expression they are.

extension Statement {
  /// This `if` or `switch` statement as an `if`/`switch` expression; `nil`
  /// for any other statement.
  ///
  /// - Throws: why it cannot be a value: an `if` needs an `else`, and every
  ///   branch must be one expression (or, nested, an `if` or `switch` that
  ///   can be a value), located at the part to fix.
  public func branchExpression() throws(Diagnostic) -> Expression? {
    switch self {
    case .ifStatement(let statement): return .ifExpression(try statement.valueForm())
    case .switchStatement(let statement): return .switchExpression(try statement.valueForm())
    default: return nil
    }
  }
}

extension Block {
  /// What the block gives as a body without `return` (Swift's implicit
  /// return): its only statement when that is an expression, or an `if` or
  /// `switch` that can be a value, as that expression. `nil` otherwise.
  public var implicitReturnValue: Expression? {
    guard statements.count == 1 else { return nil }
    if case .expression(let expression) = statements[0] { return expression }
    return (try? statements[0].branchExpression()) ?? nil
  }

  /// The block as a branch of an `if` or `switch` expression: its one
  /// expression, a nested `if` or `switch` made an expression.
  fileprivate func branchValue(of construct: String) throws(Diagnostic) -> Block {
    guard let first = statements.first else {
      throw .error("a branch of \(construct) must give a value; write it between the braces", at: range)
    }
    if statements.count > 1 {
      throw Self.notOneExpression(construct, at: statements[1].range)
    }
    if case .expression = first { return self }
    guard let nested = try first.branchExpression() else { throw Self.notOneExpression(construct, at: first.range) }
    return Block(statements: [.expression(nested)], range: range)
  }

  private static func notOneExpression(_ construct: String, at range: SourceRange) -> Diagnostic {
    .error(
      "a branch of \(construct) must be a single expression, its value; compute the value before it, or use a statement that assigns a variable in each branch",
      at: range)
  }
}

extension IfStatement {
  /// The statement as an `if` expression (see ``Statement/branchExpression()``).
  fileprivate func valueForm() throws(Diagnostic) -> IfStatement {
    var form = self
    form.thenBlock = try thenBlock.branchValue(of: "an 'if' expression")
    switch elseBranch {
    case nil:
      let start = range.start
      let keyword = SourceRange(
        start: start, end: SourceLocation(offset: start.offset + 2, line: start.line, column: start.column + 2))
      throw .error(
        "an 'if' expression must have an 'else'; add 'else { … }' with the value it gives otherwise", at: keyword)
    case .block(let block): form.elseBranch = .block(try block.branchValue(of: "an 'if' expression"))
    case .elseIf(let next): form.elseBranch = .elseIf(try next.valueForm())
    }
    return form
  }
}

extension SwitchStatement {
  /// The statement as a `switch` expression (see ``Statement/branchExpression()``).
  fileprivate func valueForm() throws(Diagnostic) -> SwitchStatement {
    var form = self
    for index in cases.indices {
      form.cases[index].body = try cases[index].body.branchValue(of: "a 'switch' expression")
    }
    return form
  }
}
