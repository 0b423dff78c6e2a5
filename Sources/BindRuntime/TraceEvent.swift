/// One step of a propagation, for ``ReactiveGraph/tracer``.
public enum TraceEvent: Equatable, CustomStringConvertible, Sendable {
  /// A property was written.
  case write(node: String, old: String, new: String)
  /// A derived value was re-evaluated.
  case evaluate(node: String, value: String)
  /// A binding carried a value to its target.
  case bind(binding: String, value: String)

  public var description: String {
    switch self {
    case .write(let node, let old, let new): return "write \(node): \(old) -> \(new)"
    case .evaluate(let node, let value): return "evaluate \(node) = \(value)"
    case .bind(let binding, let value): return "bind \(binding) <- \(value)"
    }
  }
}

/// A picture of the live graph: values, bindings, effects and their edges.
public struct GraphSnapshot: Sendable {
  /// One node.
  public struct Node: Sendable {
    public let id: Int
    public let label: String
    public let kind: NodeKind
    /// The value's description, for properties and derived values.
    public let value: String?
    public let observerCount: Int
    /// For one half of a two-way binding, the other half's id.
    public let partnerID: Int?
  }

  /// An edge: `to` is brought up to date after `from` (a read dependency, or a
  /// binding writing its target).
  public struct Edge: Sendable, Equatable {
    public let from: Int
    public let to: Int
  }

  public internal(set) var nodes: [Node] = []
  public internal(set) var edges: [Edge] = []
}

/// Runs `body` as one transaction on the shared graph: writes apply at once,
/// observers and bindings run once at the end with the final values. Errors
/// (a binding cycle) go to ``ReactiveGraph/errorHandler``.
public func batch(_ body: () -> Void) {
  do { try ReactiveGraph.shared.transaction(body) } catch { ReactiveGraph.shared.report(error) }
}
