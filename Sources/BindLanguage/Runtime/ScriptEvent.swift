import BindRuntime

/// An event of a script object: a runtime ``EventStream`` with a checked payload type.
public final class ScriptEvent {
  /// `Button#1.tap`.
  public let displayName: String
  let payload: ValueType?
  let stream: EventStream<Value>
  /// Whether the event is made from another by an operator
  /// (`debounce(field.editingChanged, 300ms)`): nothing but its handlers
  /// keeps it, so each handler's token does.
  private let isDerived: Bool
  /// For an event made by an operator, the event it is made from (the graph
  /// draws the operator between the two).
  let origin: ScriptEvent?

  /// The payload type in quotes, or `none`, as messages show it.
  var payloadDescription: String { payload.map { "'\($0)'" } ?? "none" }

  init(name: String, payload: ValueType?) {
    self.displayName = name
    self.payload = payload
    self.stream = EventStream(label: name)
    isDerived = false
    origin = nil
  }

  /// An event made by an operator over another event's stream.
  init(derivedName name: String, payload: ValueType?, stream: EventStream<Value>, origin: ScriptEvent) {
    self.displayName = name
    self.payload = payload
    self.stream = stream
    isDerived = true
    self.origin = origin
  }

  /// Registers a handler; dispose the token to remove it. A derived event
  /// lives as long as its handlers' tokens.
  func on(_ handler: @escaping (Value) -> Void) -> Disposable {
    let token = stream.on(handler)
    return isDerived ? RetainingToken(token, retaining: self) : token
  }
}

/// A token that keeps an object alive until it is disposed.
private final class RetainingToken: Disposable {
  private let token: Disposable
  private var retained: AnyObject?

  init(_ token: Disposable, retaining object: AnyObject) {
    self.token = token
    retained = object
  }

  var isDisposed: Bool { token.isDisposed }

  func dispose() {
    token.dispose()
    retained = nil
  }
}
