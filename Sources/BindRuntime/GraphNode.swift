/// A weak reference to a node, for edges that must not keep their far end alive.
///
/// A class, not a struct: an array of structs holding a weak reference copies
/// each element's reference (swift_weakCopyInit, then swift_weakDestroy,
/// ~75 instructions) before every load, on every edge a propagation walks.
/// Reading the weak field of an object loads it in place. Immutable once made.
final class WeakNode {
  private(set) weak var node: GraphNode?
  init(_ node: GraphNode) { self.node = node }
}

/// What a node is, for tools that draw or trace the graph.
public enum NodeKind: String, Sendable {
  /// A stored, writable value (``Property``).
  case property
  /// A value computed from other nodes (``Derived``).
  case derived
  /// A one-way binding: reads a source, writes a target.
  case binding
  /// A tracked side effect (``Effect``).
  case effect
}

/// A vertex of the reactive graph. Every node lives under the graph lock.
///
/// Edges: `downstream` lists the nodes to bring up to date after this one
/// (derived values and effects that read it, properties a binding writes).
/// They are weak: a node is owned by its object, or by whoever holds the
/// `Derived`, never by the graph.
public class GraphNode {
  /// Unique for the process, in creation order.
  public let id: Int
  /// A name for diagnostics, traces and graph dumps, such as `"vm.title"`.
  public var label: String? {
    get { ReactiveGraph.shared.withLock { storedLabel } }
    set { ReactiveGraph.shared.withLock { storedLabel = newValue } }
  }
  @exclusivity(unchecked) var storedLabel: String?
  let kind: NodeKind

  // Guarded by the graph lock, so the runtime's exclusivity checks are dropped.

  /// Topological rank: for every edge that is not part of a cycle,
  /// `downstream.rank > upstream.rank`, so one pass in rank order updates each
  /// node at most once, after all of its inputs (glitch freedom).
  @exclusivity(unchecked) var rank = 0
  @exclusivity(unchecked) var downstream: [WeakNode] = []
  /// Set while the node waits in the propagation queue.
  @exclusivity(unchecked) var isQueued = false
  /// The propagation in which `changeCount` was counted.
  @exclusivity(unchecked) var changeEpoch = -1
  @exclusivity(unchecked) var changeCount = 0
  /// Scratch mark for graph searches.
  @exclusivity(unchecked) var visitMark = 0

  init(kind: NodeKind, label: String?) {
    let graph = ReactiveGraph.shared
    graph.lock.lock()
    defer { graph.lock.unlock() }
    self.kind = kind
    self.storedLabel = label
    self.id = graph.nextNodeIdentifier()
    graph.register(self)
  }

  deinit {
    let graph = ReactiveGraph.shared
    graph.lock.lock()
    graph.unregister(id: id)
    graph.lock.unlock()
  }

  /// The label, or a generated one.
  var displayName: String { storedLabel ?? "\(kind.rawValue)#\(id)" }

  /// Whether subscribing to this node keeps it alive (true for derived values,
  /// which nobody else may own; false for properties, owned by their objects).
  var isRetainedBySubscriptions: Bool { false }

  /// Brings the node up to date inside a propagation. Lock held.
  func update() throws {}

  /// Removes an observer entry. Lock held.
  func removeObserver(_ entry: AnyObserverEntry) {}

  /// Number of observer entries (for graph snapshots). Lock held.
  var observerCount: Int { 0 }

  /// Called when a node this one depends on was deallocated or completed. Lock held.
  func upstreamDidComplete(id: Int) {}

  /// Appends one notification per active observer if the value at the end of
  /// the propagation really differs from `old`. Lock held.
  func appendNotifications(old: Any, to notifications: inout [PendingNotification]) {}

  /// Called with the value's description for traces and dumps. Lock held.
  var valueDescription: String? { nil }

  /// Drops dead weak edges once in a while so lists do not grow without bound.
  func compactDownstream() {
    downstream.removeAll { $0.node == nil }
  }
}
