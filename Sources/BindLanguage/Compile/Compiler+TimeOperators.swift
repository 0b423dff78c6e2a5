import BindRuntime
import BindSyntax

/// The operators that put time between a source and what reads it.
enum TimeOperator: String, CaseIterable {
  /// The source's latest value once it has been quiet for the interval.
  case debounce
  /// The first change at once, then the latest at most once per interval.
  case throttle
  /// Every change, the interval later.
  case delay

  /// Whether a zero interval makes sense (a delay of 0ms fires at the next
  /// `wait`; a zero debounce or throttle window would be no window at all).
  var allowsZero: Bool { self == .delay }

  func apply(to node: ObservableValue<Value>, interval: Duration, on scheduler: Scheduler, label: String) -> TimedValue<Value> {
    switch self {
    case .debounce: node.debounced(for: interval, on: scheduler, label: label)
    case .throttle: node.throttled(for: interval, on: scheduler, label: label)
    case .delay: node.delayed(by: interval, on: scheduler, label: label)
    }
  }

  func apply(to stream: EventStream<Value>, interval: Duration, on scheduler: Scheduler) -> EventStream<Value> {
    switch self {
    case .debounce: stream.debounced(for: interval, on: scheduler)
    case .throttle: stream.throttled(for: interval, on: scheduler)
    case .delay: stream.delayed(by: interval, on: scheduler)
    }
  }
}

extension Compiler {
  /// The time operator `expression` calls (`debounce(field.text, 300ms)`),
  /// unless a script variable or function of that name hides it.
  func timeOperator(calledBy expression: Expression) -> (TimeOperator, [Argument], SourceRange)? {
    guard case .call(.name(let name, let nameRange), let arguments, let range) = expression.unparenthesized,
      let op = TimeOperator(rawValue: name), resolve(name, at: nameRange) == nil
    else { return nil }
    return (op, arguments, range)
  }

  /// reactiveSource -> ('debounce' | 'throttle' | 'delay') '(' reactiveSource ',' expression ')'
  ///
  /// A value source gives a value that follows it in time; an event source
  /// an event. The result goes wherever a source goes: `bind`, `observe`, `on`.
  func compileTimedSource(_ op: TimeOperator, _ arguments: [Argument], range: SourceRange) throws
    -> (Frame) throws -> ReactiveSource
  {
    guard arguments.count == 2, arguments.allSatisfy({ $0.label == nil }) else {
      throw error(.connection(.timeOperatorArguments(op: op.rawValue)), at: range)
    }
    let (sourceExpression, intervalExpression) = (arguments[0].value, arguments[1].value)
    let source = try compileReactiveSource(sourceExpression)
    let interval = try compileExpression(intervalExpression)
    let scheduler = interpreter.scheduler
    let file = self.file
    let label = file.text(in: range)
    let intervalText = file.text(in: intervalExpression.range)
    return { frame in
      let duration = try Self.duration(
        try interval(frame), for: op.rawValue, written: intervalText, at: intervalExpression.range, in: file)
      guard duration > .zero || (op.allowsZero && duration == .zero) else {
        throw ScriptError(
          .badInterval(keyword: op.rawValue, interval: duration.literal, allowsZero: op.allowsZero, reason: ""),
          at: intervalExpression.range, in: file)
      }
      switch try source(frame) {
      case .value(let node):
        return .value(op.apply(to: node, interval: duration, on: scheduler, label: label))
      case .host(_, let object, let index):
        return .value(op.apply(to: object.propertyNode(index), interval: duration, on: scheduler, label: label))
      case .event(let event):
        let stream = op.apply(to: event.stream, interval: duration, on: scheduler)
        return .event(ScriptEvent(derivedName: label, payload: event.payload, stream: stream, origin: event))
      }
    }
  }

  /// The event of an `on` statement: an expression that is an event, or a
  /// time operator over one (`on debounce(field.editingChanged, 300ms)`).
  func compileEventSource(_ expression: Expression) throws -> (Frame) throws -> Value {
    guard let (op, arguments, range) = timeOperator(calledBy: expression) else { return try compileExpression(expression) }
    let source = try compileTimedSource(op, arguments, range: range)
    let file = self.file
    return { frame in
      guard case .event(let event) = try source(frame) else {
        throw ScriptError(
          .notAnEvent(file.text(in: expression.range), use: .on(suggestObserve: true)),
          at: expression.range, in: file)
      }
      return .event(event)
    }
  }
}
