/// Records which nodes one evaluation reads, so that the evaluation re-runs
/// when, and only when, one of those nodes changes.
///
/// Most evaluations read a handful of nodes: those are deduplicated by a
/// linear scan, and the set (which hashes every read) is built only past
/// `linearLimit`.
final class DependencyTracker {
  private static let linearLimit = 16
  /// Strong, unlike edges: a node read once and dropped at once (a temporary)
  /// must live until ``ReactiveGraph/rewire(_:from:to:)`` has linked it, so
  /// that its deinit finds and removes the edge.
  @exclusivity(unchecked) private(set) var sources: [GraphNode] = []
  @exclusivity(unchecked) private var seen: Set<ObjectIdentifier> = []

  func record(_ node: GraphNode) {
    if sources.count < Self.linearLimit {
      for source in sources where source === node { return }
      sources.append(node)
      return
    }
    if seen.isEmpty { seen = Set(sources.map(ObjectIdentifier.init)) }
    if seen.insert(ObjectIdentifier(node)).inserted { sources.append(node) }
  }

  /// Empties the tracker for reuse, keeping its storage.
  func reset() {
    sources.removeAll(keepingCapacity: true)
    if !seen.isEmpty { seen.removeAll() }
  }
}

extension ReactiveGraph {
  /// Runs `body` recording what it reads, then rewires `owner`'s upstream
  /// edges to exactly those nodes. Lock held.
  func evaluateTracked<T>(owner: GraphNode, sources: inout [NodeRef], _ body: () throws -> T) throws -> T {
    let tracker = spareTrackers.popLast() ?? DependencyTracker()
    let saved = self.tracker
    self.tracker = tracker
    defer {
      self.tracker = saved
      tracker.reset()
      spareTrackers.append(tracker)
    }
    let result = try body()
    rewire(owner, from: &sources, to: tracker.sources)
    return result
  }

  /// Replaces the edges into `owner`; unchanged dependencies cost nothing.
  ///
  /// `old` holds the edges' upstream ends in the order of the last
  /// evaluation; an evaluation that read the same nodes in the same order
  /// (nearly all of them) is recognised by one pass and changes nothing.
  func rewire(_ owner: GraphNode, from old: inout [NodeRef], to new: [GraphNode]) {
    if old.count == new.count {
      var same = true
      for index in old.indices where old[index].node !== new[index] {
        same = false
        break
      }
      if same { return }
    }
    let kept = Set(new.map(ObjectIdentifier.init))
    for edge in old where !kept.contains(ObjectIdentifier(edge.node)) {
      removeEdge(from: edge.node, to: owner)
    }
    let previous = Set(old.map { ObjectIdentifier($0.node) })
    for source in new where !previous.contains(ObjectIdentifier(source)) {
      addEdge(from: source, to: owner)
    }
    old = new.map(NodeRef.init)
    // A dependency may have been raised above the owner by the edges just added.
    if let highest = new.map(\.rank).max(), highest >= owner.rank, !new.contains(where: { $0 === owner }) {
      enqueueAgainIfNeeded(owner)
    }
  }

  /// An evaluation that discovered a new dependency ranked at or above it may
  /// have read a stale value; it runs again after that dependency settles.
  private func enqueueAgainIfNeeded(_ owner: GraphNode) {
    guard isPropagating else { return }
    enqueue(owner)
  }
}
