/// A statement. Every case knows its `SourceRange`, which spans the whole
/// statement (the test runner uses its lines to attach `#>` expectations).
///
/// Indirect, as `Expression` is: a statement is one reference, not the
/// size of its largest case (a file's statements are an array of them).
public indirect enum Statement: Equatable, Sendable {
  /// A bare expression; the REPL and test scripts print its value.
  case expression(Expression)
  /// `let x = e` / `var x = e`.
  case variable(VariableDeclaration)
  /// `target = e`, `target += e`, `target -= e`.
  case assignment(Assignment)
  /// `type Name { ... }`.
  case typeDeclaration(TypeDeclaration)
  /// `func name(a, b) { ... }`.
  case function(FunctionDeclaration)
  /// `bind a -> b [as n]`, `bind a <-> b [as n]`.
  case bind(BindStatement)
  /// `observe e [initial] [as n] [{ old, new in ... }]`.
  case observe(ObserveStatement)
  /// `on e [as n] { [v in] ... }`.
  case on(OnStatement)
  /// `emit e` or `emit e(payload)`.
  case emit(EmitStatement)
  /// `dispose name`.
  case dispose(Identifier, SourceRange)
  /// `batch { ... }`.
  case batch(Block, SourceRange)
  /// `if c { } else if c2 { } else { }`.
  case ifStatement(IfStatement)
  /// `for x in e { }`.
  case forLoop(ForLoop)
  /// `while c { }` or `repeat { } while c`.
  case whileLoop(WhileLoop)
  /// `return` or `return e`.
  case returnStatement(Expression?, SourceRange)
  /// `break`.
  case breakStatement(SourceRange)
  /// `continue`.
  case continueStatement(SourceRange)
  /// `import "path"`; the path is relative to the importing file.
  case importStatement(path: String, SourceRange)
  /// `wait 300ms` (let time pass) or `wait` (run the work that is ready).
  case wait(Expression?, SourceRange)
  /// `timeline vm.query for 1s every 100ms`: lets the time pass and prints
  /// what the source did, one character per frame.
  case timeline(TimelineStatement)
  /// `effect [as name] { … }`: runs now and again when what it read changes.
  case effect(EffectStatement)
  /// `onCleanup { … }`: inside an effect's run, runs before the next run and
  /// when the effect is disposed.
  case onCleanup(Block, SourceRange)
  /// `notify obj.prop`: tells observers and dependents of a change, even
  /// though the value compares equal (Vue's `triggerRef`).
  case notify(Expression, SourceRange)
  /// `why label.text`: prints the chain of causes of the value's last change.
  case why(Expression, SourceRange)
  /// `guard let x = opt, x > 0 else { return }`.
  case guardStatement(GuardStatement)
  /// `switch subject { case …: … }`.
  case switchStatement(SwitchStatement)
  /// `throw value`: ends the enclosing `do` or throwing function with an error.
  case throwStatement(Expression, SourceRange)
  /// `do { … } catch … { … }`.
  case doCatch(DoCatchStatement)
  /// `defer { … }`: runs when the enclosing block exits, however it exits.
  case deferStatement(Block, SourceRange)
  /// `protocol Name { … }`: requirements script types may conform to.
  case protocolDeclaration(ProtocolDeclaration)

  /// The range of the whole statement.
  public var range: SourceRange {
    switch self {
    case .expression(let e): return e.range
    case .variable(let v): return v.range
    case .assignment(let a): return a.range
    case .typeDeclaration(let t): return t.range
    case .function(let f): return f.range
    case .bind(let b): return b.range
    case .observe(let o): return o.range
    case .on(let o): return o.range
    case .emit(let e): return e.range
    case .ifStatement(let i): return i.range
    case .forLoop(let f): return f.range
    case .whileLoop(let w): return w.range
    case .timeline(let t): return t.range
    case .effect(let e): return e.range
    case .onCleanup(_, let range), .notify(_, let range), .why(_, let range): return range
    case .guardStatement(let g): return g.range
    case .switchStatement(let s): return s.range
    case .doCatch(let d): return d.range
    case .protocolDeclaration(let p): return p.range
    case .throwStatement(_, let range), .deferStatement(_, let range): return range
    case .dispose(_, let range), .batch(_, let range), .returnStatement(_, let range), .wait(_, let range),
      .breakStatement(let range), .continueStatement(let range), .importStatement(_, let range):
      return range
    }
  }
}

/// `let name = initializer`, `var name: Type = initializer`, or `var name: Type?`
/// (which starts `nil`).
public struct VariableDeclaration: Equatable, Sendable {
  /// `var` (reassignable) rather than `let`.
  public var isMutable: Bool
  /// The variable's name.
  public var name: Identifier
  /// The declared type (`var cells: [Cell] = []`), if written.
  public var type: TypeAnnotation?
  /// Its initial value (a `nil` literal for `var x: T?` written without one).
  public var initializer: Expression
  /// From `let`/`var` to the end of the initializer.
  public var range: SourceRange
  /// `let (a, _) = pair`: the names the tuple's elements are bound to, in
  /// order (`_` for one not bound); `name` is then the whole pattern,
  /// `(a, _)`, which no variable can be called.
  public var tupleNames: [Identifier]?

  /// Creates a variable declaration.
  public init(
    isMutable: Bool, name: Identifier, type: TypeAnnotation? = nil, initializer: Expression, range: SourceRange,
    tupleNames: [Identifier]? = nil
  ) {
    self.isMutable = isMutable
    self.name = name
    self.type = type
    self.initializer = initializer
    self.range = range
    self.tupleNames = tupleNames
  }

  /// The names the declaration binds: its name, or those of its tuple
  /// pattern except `_`.
  public var boundNames: [Identifier] {
    tupleNames?.filter { $0.name != "_" } ?? [name]
  }
}

/// One clause of an `if`, `guard` or `while` condition list:
/// `if let a = x, let b = y, a > b {`.
public enum ConditionClause: Equatable, Sendable {
  /// A Bool expression.
  case expression(Expression)
  /// `let name = value` (or `var`), or the shorthand `let name`: holds when
  /// the value is not `nil`, and binds it to `name`.
  case optionalBinding(OptionalBinding)

  /// Where the clause is written.
  public var range: SourceRange {
    switch self {
    case .expression(let expression): return expression.range
    case .optionalBinding(let binding): return binding.range
    }
  }
}

/// `let name = value`, `var name = value` or `let name` in a condition list.
public struct OptionalBinding: Equatable, Sendable {
  /// `var` rather than `let`.
  public var isMutable: Bool
  /// The name bound to the unwrapped value.
  public var name: Identifier
  /// The optional value; `nil` for the shorthand `if let name`, which
  /// unwraps the variable of the same name.
  public var value: Expression?
  /// From `let`/`var` to the end of the value.
  public var range: SourceRange

  /// Creates an optional binding.
  public init(isMutable: Bool, name: Identifier, value: Expression?, range: SourceRange) {
    self.isMutable = isMutable
    self.name = name
    self.value = value
    self.range = range
  }
}

/// `guard conditions else { … }`: the else block must leave the enclosing
/// scope (`return`, `break`, `continue`); names bound by the conditions are
/// visible after the statement.
public struct GuardStatement: Equatable, Sendable {
  /// The clauses, all of which must hold.
  public var conditions: [ConditionClause]
  /// What runs when one does not.
  public var elseBlock: Block
  /// From `guard` to the closing `}`.
  public var range: SourceRange

  /// Creates a guard statement.
  public init(conditions: [ConditionClause], elseBlock: Block, range: SourceRange) {
    self.conditions = conditions
    self.elseBlock = elseBlock
    self.range = range
  }
}

/// An assignment operator.
public enum AssignmentOperator: String, Equatable, Sendable {
  /// `=`
  case assign = "="
  /// `+=`
  case add = "+="
  /// `-=`
  case subtract = "-="
  /// `*=`
  case multiply = "*="
  /// `/=`
  case divide = "/="
  /// `%=`
  case remainder = "%="
}

/// `target op value`, where `target.isAssignable`.
public struct Assignment: Equatable, Sendable {
  /// A name, member or subscript.
  public var target: Expression
  /// `=`, `+=` or `-=`.
  public var op: AssignmentOperator
  /// The assigned value.
  public var value: Expression
  /// From the target to the end of the value.
  public var range: SourceRange

  /// Creates an assignment.
  public init(target: Expression, op: AssignmentOperator, value: Expression, range: SourceRange) {
    self.target = target
    self.op = op
    self.value = value
    self.range = range
  }
}

/// `if condition { } [else if ... | else { }]`.
public struct IfStatement: Equatable, Sendable {
  /// What follows `else`.
  public indirect enum ElseBranch: Equatable, Sendable {
    /// `else { ... }`
    case block(Block)
    /// `else if ...`
    case elseIf(IfStatement)
  }

  /// The condition clauses (`if let a = x, a > 0 {`), all of which must hold.
  /// For `if case PATTERN = value`, the value alone.
  public var conditions: [ConditionClause]
  /// The pattern of `if case PATTERN = value`, matched against the value in `conditions`.
  public var casePattern: Pattern?
  /// The block run when the condition holds.
  public var thenBlock: Block
  /// The `else` part, if any.
  public var elseBranch: ElseBranch?
  /// From `if` to the last closing `}`.
  public var range: SourceRange

  /// The condition when it is a single Bool expression (no bindings), or
  /// the value of `if case`.
  public var condition: Expression? {
    guard conditions.count == 1, case .expression(let expression) = conditions[0] else { return nil }
    return expression
  }

  /// Creates an if statement with a list of condition clauses, or the
  /// value and pattern of `if case`.
  public init(
    conditions: [ConditionClause], thenBlock: Block, elseBranch: ElseBranch?, range: SourceRange,
    casePattern: Pattern? = nil
  ) {
    self.conditions = conditions
    self.casePattern = casePattern
    self.thenBlock = thenBlock
    self.elseBranch = elseBranch
    self.range = range
  }

  /// Creates an if statement with one Bool condition.
  public init(condition: Expression, thenBlock: Block, elseBranch: ElseBranch?, range: SourceRange) {
    self.init(conditions: [.expression(condition)], thenBlock: thenBlock, elseBranch: elseBranch, range: range)
  }
}

/// `for variable in sequence { body }` or `for (a, b) in sequence { body }`.
public struct ForLoop: Equatable, Sendable {
  /// The loop variable (the first of a pair).
  public var variable: Identifier
  /// The second name of `for (key, value) in …`, if the pattern is a pair.
  public var secondVariable: Identifier?
  /// A range (`1...10`, `0..<n`) or an array.
  public var sequence: Expression
  /// The body.
  public var body: Block
  /// From `for` to the closing `}`.
  public var range: SourceRange

  /// Creates a for loop.
  public init(
    variable: Identifier, secondVariable: Identifier? = nil, sequence: Expression, body: Block, range: SourceRange
  ) {
    self.variable = variable
    self.secondVariable = secondVariable
    self.sequence = sequence
    self.body = body
    self.range = range
  }
}

/// `while condition { body }`, or `repeat { body } while condition`.
public struct WhileLoop: Equatable, Sendable {
  /// The condition, checked before each iteration (after each one for `repeat`).
  public var condition: Expression
  /// The body.
  public var body: Block
  /// Whether it is `repeat { … } while …`: the body runs once before the
  /// condition is first checked.
  public var isRepeat: Bool
  /// From `while` (or `repeat`) to the closing `}` (or the end of the condition).
  public var range: SourceRange

  /// Creates a while loop.
  public init(condition: Expression, body: Block, isRepeat: Bool = false, range: SourceRange) {
    self.condition = condition
    self.body = body
    self.isRepeat = isRepeat
    self.range = range
  }
}

/// `do { body } catch … { … } catch { … }`: runs the body; an error thrown
/// in it runs the first clause whose pattern matches it.
public struct DoCatchStatement: Equatable, Sendable {
  /// The statements that may throw.
  public var body: Block
  /// The `catch` clauses, in order (none: `do { … }` is only a block).
  public var catches: [CatchClause]
  /// From `do` to the last closing `}`.
  public var range: SourceRange

  /// Creates a do statement.
  public init(body: Block, catches: [CatchClause], range: SourceRange) {
    self.body = body
    self.catches = catches
    self.range = range
  }
}

/// One `catch` clause: `catch`, `catch let e as LoginError`,
/// `catch LoginError.invalid`, `catch .network(let reason) where …`.
public struct CatchClause: Equatable, Sendable {
  /// The patterns, any of which matches; empty for a bare `catch`, which
  /// binds the error to `error`.
  public var patterns: [Pattern]
  /// The type of `catch let e as Type`: the error must be a value of it.
  public var castType: TypeAnnotation?
  /// The `where` condition, if any.
  public var guardExpression: Expression?
  /// The statements run when the clause matches.
  public var body: Block
  /// The `catch` keyword.
  public var keywordRange: SourceRange
  /// From `catch` to the closing `}`.
  public var range: SourceRange

  /// Creates a catch clause.
  public init(
    patterns: [Pattern], castType: TypeAnnotation?, guardExpression: Expression?, body: Block,
    keywordRange: SourceRange, range: SourceRange
  ) {
    self.patterns = patterns
    self.castType = castType
    self.guardExpression = guardExpression
    self.body = body
    self.keywordRange = keywordRange
    self.range = range
  }

  /// Whether the clause catches every error: no pattern, or only names
  /// and `_`, without `as` or `where`.
  public var catchesEverything: Bool {
    castType == nil && guardExpression == nil && patterns.allSatisfy(\.isIrrefutable)
  }
}
