/// O(1) removal of a binding's edge from its source (issue #14, scale).
///
/// A value bound into n targets has n edges in its `downstream`; finding
/// and removing one (a linear search, then an array shift) made ending a
/// binding O(n), and building and tearing down a fan-out O(n²). A binding
/// knows where its edge sits (`BindingNode.sourceSlot`); ending it puts a
/// placeholder there instead (`DeadEdge.shared`), which every walk of the
/// graph passes over as a node that leads nowhere and is always queued
/// already. When the placeholders are as many as the live edges, one pass
/// sweeps them out, keeping the order of the others, and tells the bindings
/// that moved their new slots: O(1) amortized, order preserved.
///
/// A slot is checked before use (the edge there must be the binding's),
/// because other removals from the list (a derived value's edge, which has
/// no slot) shift it; a stale slot falls back to the search.
final class DeadEdge: GraphNode {
  /// The one placeholder; never deallocated, never in the registry.
  static let shared: DeadEdge = {
    let node = DeadEdge(placeholderKind: .binding)
    // Already queued, for ever: enqueueing it is one flag test.
    node.isQueued = true
    node.isDetached = true
    return node
  }()
}

extension NodeRef {
  /// Whether this is the dead-edge placeholder.
  @inline(__always) var isDeadEdge: Bool {
    unmanaged.toOpaque() == Unmanaged.passUnretained(DeadEdge.shared as GraphNode).toOpaque()
  }
}

extension ReactiveGraph {
  /// Removes the edge `source -> binding`, in O(1) when `slot` is where it
  /// is. Lock held.
  func removeBindingEdge(from source: GraphNode, to binding: GraphNode, slot: Int) {
    guard slot >= 0, slot < source.downstream.count, source.downstream[slot].node === binding else {
      return removeEdge(from: source, to: binding)
    }
    source.downstream[slot] = NodeRef(DeadEdge.shared)
    source.deadDownstreamCount += 1
    binding.upstream.removeFirst(node: source)
    if source.deadDownstreamCount * 2 >= source.downstream.count { sweepDeadEdges(of: source) }
    source.didLoseSubscriber()
  }

  /// Drops the placeholders from `node.downstream`, keeping the order of
  /// the live edges, and tells the nodes that moved. Lock held.
  func sweepDeadEdges(of node: GraphNode) {
    node.downstream.removeAll { $0.isDeadEdge }
    node.deadDownstreamCount = 0
    for index in node.downstream.indices {
      node.downstream[index].node.didMoveInDownstream(of: node, to: index)
    }
  }
}
