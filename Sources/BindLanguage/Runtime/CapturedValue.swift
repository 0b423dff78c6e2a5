/// A variable's value as a `bind` or `observe` statement read it: objects
/// weakly, so a binding never keeps the objects it names alive.
enum CapturedValue {
  case value(Value)
  case object(WeakObject)

  init(_ value: Value) {
    if case .object(let object) = value { self = .object(WeakObject(object)) } else { self = .value(value) }
  }

  var value: Value {
    switch self {
    case .value(let value): return value
    case .object(let weak): return weak.object.map(Value.object) ?? .null
    }
  }
}

/// A weak reference to an object: the box ``CapturedValue`` holds (kept
/// here with its one user).
final class WeakObject {
  weak var object: ScriptObject?
  init(_ object: ScriptObject) { self.object = object }
}
