/// A name as written in the source, with its range (a variable, property,
/// label or parameter name).
public struct Identifier: Hashable, Sendable {
  /// The name.
  public var name: String
  /// Where it is written.
  public var range: SourceRange

  /// Creates an identifier.
  public init(_ name: String, range: SourceRange) {
    self.name = name
    self.range = range
  }

  /// The argument labels of a member that names an initializer, as Swift
  /// writes one as a value: `[]` for `init` (`String.init`), the labels
  /// for `init(describing:)` (nil for `_`); nil for any other name.
  public var initializerLabels: [String?]? {
    if name == "init" { return [] }
    guard name.hasPrefix("init("), name.hasSuffix(":)") else { return nil }
    return name.dropFirst("init(".count).dropLast(2).split(separator: ":", omittingEmptySubsequences: false)
      .map { $0 == "_" ? nil : String($0) }
  }
}

/// How a `try` handles an error its operand throws.
public enum TryKind: String, Hashable, Sendable {
  /// `try`: the error goes on to the enclosing `catch` or throwing function.
  case propagating = "try"
  /// `try?`: the value becomes an optional, `nil` when an error was thrown.
  case optional = "try?"
  /// `try!`: an error is a runtime error located at the `try!`.
  case forced = "try!"
}

/// A prefix operator.
public enum UnaryOperator: String, Hashable, Sendable {
  /// `-x`
  case negate = "-"
  /// `!x`
  case not = "!"
  /// `x!`: the optional's value, an error if it is `nil` (written after
  /// its operand, with nothing between).
  case forceUnwrap = "postfix !"
}

/// An infix operator. The raw value is its spelling.
public enum BinaryOperator: String, Hashable, Sendable {
  /// Additive (`+` also joins strings).
  case add = "+", subtract = "-"
  /// Multiplicative.
  case multiply = "*", divide = "/", remainder = "%"
  /// Comparison (non-associative).
  case equal = "==", notEqual = "!=", less = "<", lessEqual = "<=", greater = ">"
  /// Comparison (non-associative).
  case greaterEqual = ">="
  /// Logical, short-circuiting.
  case and = "&&", or = "||"
  /// `a ?? b`: `a` unless it is `nil`, then `b` (short-circuiting).
  case nilCoalescing = "??"
  /// Ranges `a...b` and `a..<b`.
  case closedRange = "...", halfOpenRange = "..<"
}

/// One argument of a call: `f(x)` or `Person(name: "P1")`.
public struct Argument: Equatable, Sendable {
  /// The label before `:`, if any.
  public var label: Identifier?
  /// The argument's value.
  public var value: Expression
  /// From the label (or value) to the end of the value.
  public var range: SourceRange

  /// Creates an argument.
  public init(label: Identifier?, value: Expression, range: SourceRange) {
    self.label = label
    self.value = value
    self.range = range
  }
}

/// A piece of an interpolated string literal.
public enum StringSegment: Equatable, Sendable {
  /// Literal text, escapes already resolved.
  case text(String, SourceRange)
  /// An interpolated `\(expression)`.
  case expression(Expression)
}

/// An expression. Every case carries the `SourceRange` of its whole text, so
/// `file.text(in: expression.range)` gives the expression exactly as written
/// (what `observe EXPR` prints).
public indirect enum Expression: Equatable, Sendable {
  /// `42`, `1_000`, `-7` (a `-` directly before a literal folds into it).
  case integer(Int64, SourceRange)
  /// `3.25`, `1e-3`.
  case double(Double, SourceRange)
  /// `"text"` without interpolation, escapes resolved.
  case string(String, SourceRange)
  /// `"Hi, \(name)!"`: text and expression segments in order.
  case interpolatedString([StringSegment], SourceRange)
  /// `true` or `false`.
  case boolean(Bool, SourceRange)
  /// `nil`.
  case nilLiteral(SourceRange)
  /// A variable, function or type name.
  case name(String, SourceRange)
  /// `[a, b]` or `[]`.
  case array([Expression], SourceRange)
  /// `(expression)`, kept so ranges and dumps show the parentheses.
  case parenthesized(Expression, SourceRange)
  /// `(1, "a")` or `(x: 1, y: 2)`: a tuple of two or more elements, each an
  /// ``Argument`` (an optional label and a value), in order.
  case tuple([Argument], SourceRange)
  /// `-x`, `!x`.
  case unary(UnaryOperator, Expression, SourceRange)
  /// `lhs op rhs`, including `&&`, `||`, `??` and ranges.
  case binary(BinaryOperator, Expression, Expression, SourceRange)
  /// `condition ? then : else`.
  case ternary(Expression, Expression, Expression, SourceRange)
  /// `base.name`.
  case member(Expression, Identifier, SourceRange)
  /// `base?.name`: `nil` when `base` is `nil`.
  case optionalMember(Expression, Identifier, SourceRange)
  /// `callee(arguments)`; constructors and method calls are calls too.
  case call(Expression, [Argument], SourceRange)
  /// `base[index]`.
  case index(Expression, Expression, SourceRange)
  /// A duration literal: `300ms`, `1.5s`.
  case duration(Duration, SourceRange)
  /// `after 300ms { … }` or `every 1s { … }`.
  case timer(TimerExpression)
  /// `effect { … }` in an expression (`let e = effect { … }`): its value is
  /// the effect, for `dispose`.
  case effect(EffectStatement)
  /// `await expression`: the host's async calls in `expression` run to
  /// completion before the statement goes on.
  case await(Expression, SourceRange)
  /// `untracked { expression }`: reads in `expression` do not become
  /// dependencies of the derived value, effect or binding evaluating it.
  case untracked(Expression, SourceRange)
  /// A closure: `{ x in x + 1 }`, `{ $0 + 1 }`, `{ (x: Int) -> Int in … }`.
  case closure(ClosureExpression)
  /// `["a": 1, "b": 2]` or `[:]`: key-value pairs in order.
  case dictionary([DictionaryEntry], SourceRange)
  /// `.idle`: an enum case (or static member) of the type the context expects.
  case implicitMember(Identifier, SourceRange)
  /// `try e`, `try? e` (nil on error) or `try! e` (an error stops the statement).
  case tryExpression(TryKind, Expression, SourceRange)
  /// `if ok { "on" } else { "off" }` as a value (Swift 5.9's `if`
  /// expression): it has an `else`, and each branch is one expression,
  /// whose value is the `if`'s (see ``Statement/branchExpression``).
  case ifExpression(IfStatement)
  /// `switch phase { case .a: 1; default: 2 }` as a value: each case is one
  /// expression, whose value is the `switch`'s.
  case switchExpression(SwitchStatement)

  /// The range of the whole expression.
  public var range: SourceRange {
    switch self {
    case .integer(_, let range), .double(_, let range), .string(_, let range),
      .interpolatedString(_, let range), .boolean(_, let range), .nilLiteral(let range),
      .name(_, let range), .array(_, let range), .parenthesized(_, let range), .tuple(_, let range),
      .unary(_, _, let range), .binary(_, _, _, let range), .ternary(_, _, _, let range),
      .member(_, _, let range), .optionalMember(_, _, let range), .call(_, _, let range),
      .index(_, _, let range), .duration(_, let range), .await(_, let range), .dictionary(_, let range),
      .implicitMember(_, let range), .untracked(_, let range), .tryExpression(_, _, let range):
      return range
    case .timer(let timer):
      return timer.range
    case .effect(let effect):
      return effect.range
    case .closure(let closure):
      return closure.range
    case .ifExpression(let statement):
      return statement.range
    case .switchExpression(let statement):
      return statement.range
    }
  }

  /// The expression's source text, exactly as written in `file`.
  public func sourceText(in file: SourceFile) -> String {
    file.text(in: range)
  }

  /// Whether the expression can be written to: a name, `a.b` or `a[i]`
  /// (parentheses allowed), as assignment and binding targets must be.
  public var isAssignable: Bool {
    switch self {
    case .name, .member, .index: return true
    case .parenthesized(let inner, _): return inner.isAssignable
    default: return false
    }
  }
}

/// `after 300ms { … }` (once) or `every 1s { … }` (repeating): a timer on the
/// script's clock. Its value is the timer, which `dispose` cancels.
public struct TimerExpression: Equatable, Sendable {
  /// `every`: fire again each interval; `after`: fire once.
  public var repeats: Bool
  /// How long from now (`after`) or between firings (`every`).
  public var interval: Expression
  /// The name given with `as`, for `dispose` and `:bindings`.
  public var name: Identifier?
  /// What runs when it fires.
  public var body: Block
  /// From the keyword to the closing `}`.
  public var range: SourceRange

  /// Creates a timer expression.
  public init(repeats: Bool, interval: Expression, name: Identifier?, body: Block, range: SourceRange) {
    self.repeats = repeats
    self.interval = interval
    self.name = name
    self.body = body
    self.range = range
  }
}

/// A closure expression: `{ x in x + 1 }`, `{ a, b in … }`,
/// `{ (x: Int) -> Int in … }`, or `{ $0 + 1 }` (anonymous parameters).
public struct ClosureExpression: Equatable, Sendable {
  /// One declared parameter: its name and, if written, its type.
  public struct Parameter: Equatable, Sendable {
    /// The parameter's name.
    public var name: Identifier
    /// `(x: Int)`: the declared type.
    public var type: TypeAnnotation?

    /// Creates a closure parameter.
    public init(name: Identifier, type: TypeAnnotation?) {
      self.name = name
      self.type = type
    }
  }

  /// The parameters before `in`; `nil` when there is no `in` (the body may
  /// then use `$0`, `$1`, …).
  public var parameters: [Parameter]?
  /// The declared result type (`-> Int`), if written.
  public var resultType: TypeAnnotation?
  /// The statements after `in` (or the whole body); its range is the whole `{ … }`.
  public var body: Block
  /// Whether it was written as a trailing closure (`xs.filter { … }`).
  public var isTrailing: Bool

  /// Creates a closure expression.
  public init(parameters: [Parameter]?, resultType: TypeAnnotation?, body: Block, isTrailing: Bool = false) {
    self.parameters = parameters
    self.resultType = resultType
    self.body = body
    self.isTrailing = isTrailing
  }

  /// From `{` to `}`.
  public var range: SourceRange { body.range }
}

/// One `key: value` pair of a dictionary literal.
public struct DictionaryEntry: Equatable, Sendable {
  /// The key expression.
  public var key: Expression
  /// The value expression.
  public var value: Expression

  /// Creates a dictionary entry.
  public init(key: Expression, value: Expression) {
    self.key = key
    self.value = value
  }
}
