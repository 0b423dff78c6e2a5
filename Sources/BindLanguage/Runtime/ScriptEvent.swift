import BindRuntime

/// An event of a script object: a runtime ``EventStream`` with a checked payload type.
public final class ScriptEvent {
  /// `Button#1.tap`.
  public let displayName: String
  let payload: ValueType?
  let stream: EventStream<Value>

  /// The payload type in quotes, or `none`, as messages show it.
  var payloadDescription: String { payload.map { "'\($0)'" } ?? "none" }

  init(name: String, payload: ValueType?) {
    self.displayName = name
    self.payload = payload
    self.stream = EventStream(label: name)
  }
}
