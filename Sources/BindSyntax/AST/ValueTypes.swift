/// One parameter of a function with a Swift signature:
/// `label name: Type = default`, `_ name: Type`, or `name: Type`.
public struct FunctionParameter: Equatable, Sendable {
  /// The argument label callers write; `nil` for `_` (no label). Without an
  /// explicit label the parameter name is the label, as in Swift.
  public var label: Identifier?
  /// The name the body uses.
  public var name: Identifier
  /// The declared type; `nil` only in the untyped form `func f(a, b)`.
  public var type: TypeAnnotation?
  /// The default value, which lets callers leave the argument out.
  public var defaultValue: Expression?
  /// From the label (or name) to the end of the default (or type).
  public var range: SourceRange

  /// Creates a parameter.
  public init(
    label: Identifier?, name: Identifier, type: TypeAnnotation?, defaultValue: Expression?, range: SourceRange
  ) {
    self.label = label
    self.name = name
    self.type = type
    self.defaultValue = defaultValue
    self.range = range
  }
}

/// `case name`, `case name(Type, label: Type)` or `case name = rawValue` in an `enum`.
public struct EnumCaseDeclaration: Equatable, Sendable {
  /// One associated value: an optional label and a type.
  public struct AssociatedValue: Equatable, Sendable {
    /// `items` in `loaded(items: [String])`; `nil` when unlabelled.
    public var label: Identifier?
    /// Its type.
    public var type: TypeAnnotation

    /// Creates an associated value description.
    public init(label: Identifier?, type: TypeAnnotation) {
      self.label = label
      self.type = type
    }
  }

  /// The case's name.
  public var name: Identifier
  /// The associated values, in order (empty for a plain case).
  public var associatedValues: [AssociatedValue]
  /// An explicit raw value (`= "prefs"`, `= 2`): a literal.
  public var rawValue: Expression?
  /// From the name to the end of the case.
  public var range: SourceRange

  /// Creates a case declaration.
  public init(name: Identifier, associatedValues: [AssociatedValue], rawValue: Expression?, range: SourceRange) {
    self.name = name
    self.associatedValues = associatedValues
    self.rawValue = rawValue
    self.range = range
  }
}

/// A pattern of a `switch` case or an `if case`.
public indirect enum Pattern: Equatable, Sendable {
  /// `_`: matches anything.
  case wildcard(SourceRange)
  /// `let name` (or a bare name under `case let`): matches anything and binds it.
  case binding(Identifier)
  /// `.loaded(let items)`, `State.idle`: an enum case, with patterns for its
  /// associated values (`nil`: not written, matching any). `typeName` is the
  /// written type, if any.
  case enumCase(typeName: Identifier?, name: Identifier, arguments: [PatternArgument]?, SourceRange)
  /// A value compared with the subject: a literal, a range (`1...3`), any expression.
  case expression(Expression)
  /// `(0, _)`, `(let x, 1...3)`, `(x: 0, y: let y)`: a tuple of two or more
  /// elements, each matched by its pattern.
  case tuple([PatternArgument], SourceRange)

  /// Where the pattern is written.
  public var range: SourceRange {
    switch self {
    case .wildcard(let range), .enumCase(_, _, _, let range), .tuple(_, let range): return range
    case .binding(let name): return name.range
    case .expression(let expression): return expression.range
    }
  }

  /// Whether the pattern matches every value (`_`, a binding, a tuple of those).
  public var isIrrefutable: Bool {
    switch self {
    case .wildcard, .binding: return true
    case .tuple(let elements, _): return elements.allSatisfy(\.pattern.isIrrefutable)
    case .enumCase, .expression: return false
    }
  }

  /// The names the pattern binds, in order.
  public var bindings: [Identifier] {
    switch self {
    case .binding(let name): return [name]
    case .enumCase(_, _, let arguments, _): return (arguments ?? []).flatMap(\.pattern.bindings)
    case .tuple(let elements, _): return elements.flatMap(\.pattern.bindings)
    case .wildcard, .expression: return []
    }
  }
}

/// One associated-value pattern: `let items` or `items: let items`.
public struct PatternArgument: Equatable, Sendable {
  /// The label, if written.
  public var label: Identifier?
  /// The pattern for the value.
  public var pattern: Pattern

  /// Creates a pattern argument.
  public init(label: Identifier?, pattern: Pattern) {
    self.label = label
    self.pattern = pattern
  }
}

/// `switch subject { case …: … default: … }`.
public struct SwitchStatement: Equatable, Sendable {
  /// One `case` (or `default`) and its statements.
  public struct Case: Equatable, Sendable {
    /// The patterns, any of which matches; empty for `default`.
    public var patterns: [Pattern]
    /// The `where` condition, if any.
    public var guardExpression: Expression?
    /// The statements (at least one), as a block whose range is the case's.
    public var body: Block
    /// From `case`/`default` to the end of its last statement.
    public var range: SourceRange

    /// Whether this is `default`.
    public var isDefault: Bool { patterns.isEmpty }

    /// Creates a case.
    public init(patterns: [Pattern], guardExpression: Expression?, body: Block, range: SourceRange) {
      self.patterns = patterns
      self.guardExpression = guardExpression
      self.body = body
      self.range = range
    }
  }

  /// The value switched over.
  public var subject: Expression
  /// The cases, in order.
  public var cases: [Case]
  /// The `switch` keyword, where exhaustiveness errors point.
  public var keywordRange: SourceRange
  /// From `switch` to the closing `}`.
  public var range: SourceRange

  /// Creates a switch statement.
  public init(subject: Expression, cases: [Case], keywordRange: SourceRange, range: SourceRange) {
    self.subject = subject
    self.cases = cases
    self.keywordRange = keywordRange
    self.range = range
  }
}
