// The reactive statements: `bind`, `observe`, `on`, `emit`, `timeline`
// and `effect`.

/// `bind source -> target [as name]` (one-way, or event forwarding when the
/// source is an event: the interpreter decides) or `bind a <-> b [as name]`.
public struct BindStatement: Equatable, Sendable {
  /// Which arrow was used.
  public enum Direction: String, Equatable, Sendable {
    /// `->`
    case oneWay = "->"
    /// `<->`
    case twoWay = "<->"
  }

  /// The left side: any expression for `->`, a property for `<->`.
  public var source: Expression
  /// The arrow.
  public var direction: Direction
  /// The right side: an assignable expression.
  public var target: Expression
  /// The name given with `as`, for `dispose`.
  public var name: Identifier?
  /// From `bind` to the end of the statement.
  public var range: SourceRange

  /// Creates a bind statement.
  public init(
    source: Expression, direction: Direction, target: Expression, name: Identifier?,
    range: SourceRange
  ) {
    self.source = source
    self.direction = direction
    self.target = target
    self.name = name
    self.range = range
  }
}

/// `observe expression [initial] [as name] [{ [old, new in] ... }]`.
///
/// Without a handler the interpreter prints `EXPR: OLD -> NEW`, with EXPR
/// being `expression.sourceText(in: file)`.
public struct ObserveStatement: Equatable, Sendable {
  /// What to observe.
  public var expression: Expression
  /// Whether `initial` was written: deliver the current value at once.
  public var initial: Bool
  /// The name given with `as`, for `dispose`.
  public var name: Identifier?
  /// The handler; at most two parameters (one: the new value; two: old, new).
  public var handler: HandlerBlock?
  /// From `observe` to the end of the statement.
  public var range: SourceRange

  /// Creates an observe statement.
  public init(
    expression: Expression, initial: Bool, name: Identifier?, handler: HandlerBlock?,
    range: SourceRange
  ) {
    self.expression = expression
    self.initial = initial
    self.name = name
    self.handler = handler
    self.range = range
  }
}

/// `on event [as name] { [payload in] ... }`.
public struct OnStatement: Equatable, Sendable {
  /// The event expression, such as `button.tap`.
  public var event: Expression
  /// The name given with `as`, for `dispose`.
  public var name: Identifier?
  /// The handler; at most one parameter (the payload).
  public var handler: HandlerBlock
  /// From `on` to the closing `}`.
  public var range: SourceRange

  /// Creates an on statement.
  public init(event: Expression, name: Identifier?, handler: HandlerBlock, range: SourceRange) {
    self.event = event
    self.name = name
    self.handler = handler
    self.range = range
  }
}

/// `emit event` or `emit event(payload)`.
public struct EmitStatement: Equatable, Sendable {
  /// The event expression, such as `button.tap` (the call's callee when a
  /// payload is given).
  public var event: Expression
  /// The payload, if one was passed.
  public var payload: Expression?
  /// From `emit` to the end of the statement.
  public var range: SourceRange

  /// Creates an emit statement.
  public init(event: Expression, payload: Expression?, range: SourceRange) {
    self.event = event
    self.payload = payload
    self.range = range
  }
}

/// `timeline SOURCE for DURATION (every FRAME)?`: a marble diagram of what a
/// value or event did while DURATION passed, FRAME (100ms by default) a
/// character.
public struct TimelineStatement: Equatable, Sendable {
  /// What to record: a value or an event, as `observe` and `on` take.
  public var source: Expression
  /// How long to let time pass.
  public var duration: Expression
  /// The time one character stands for.
  public var frame: Expression?
  /// From `timeline` to the end of the statement.
  public var range: SourceRange

  /// Creates a timeline statement.
  public init(source: Expression, duration: Expression, frame: Expression?, range: SourceRange) {
    self.source = source
    self.duration = duration
    self.frame = frame
    self.range = range
  }
}

/// `effect [as name] { … }`: a block that runs at once, and again whenever a
/// value it read on its last run changes (see Grammar.md, "Effects").
public struct EffectStatement: Equatable, Sendable {
  /// The name given with `as`, for `dispose` and `:bindings`.
  public var name: Identifier?
  /// The body.
  public var body: Block
  /// From `effect` to the closing `}`.
  public var range: SourceRange

  /// Creates an effect statement.
  public init(name: Identifier?, body: Block, range: SourceRange) {
    self.name = name
    self.body = body
    self.range = range
  }
}
