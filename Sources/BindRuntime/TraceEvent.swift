/// One step of a propagation, or a timer that starts one, for
/// ``ReactiveGraph/tracer``.
public enum TraceEvent: Equatable, CustomStringConvertible, Sendable {
  /// A property was written.
  case write(node: String, old: String, new: String)
  /// A derived value was re-evaluated.
  case evaluate(node: String, value: String)
  /// A binding carried a value to its target.
  case bind(binding: String, value: String)
  /// A timer fires: its name (`after 300ms`) and its due time, as its
  /// owner writes them. The steps of what its action does follow.
  case timer(name: String, time: String)

  public var description: String {
    switch self {
    case .write(let node, let old, let new): return "write \(node): \(old) -> \(new)"
    case .evaluate(let node, let value): return "evaluate \(node) = \(value)"
    case .bind(let binding, let value): return "bind \(binding) <- \(value)"
    case .timer(let name, let time): return "timer '\(name)' fires at \(time)"
    }
  }
}
