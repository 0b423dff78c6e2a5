/// What an evaluation read keeps alive.
///
/// A derived value or effect holds the derived values its last evaluation
/// read (`readSources`), as its observers and bindings do: nobody else may
/// own a derived value, and a computation that reads one needs it for as
/// long as it may evaluate again. Properties are not held: they are owned by
/// their objects, and complete when those go.
///
/// The reason is the pull of lazy values (`Derived+Activation.swift`). It
/// walks `readSources` depth first and brings each stale source up to date,
/// which runs user code that could drop the last reference to a node the
/// walk still uses. With each reader holding its derived sources, every node
/// on the walk is held by the node that read it, up to the value the caller
/// reads and holds, so the walk retains nothing. Before, it retained and
/// released each source around its refresh: two atomic operations a node,
/// on a cache line often not in cache, ~5% of cellx's time.
///
/// A reader lets go of a source when an evaluation stops reading it, when
/// the source completes, and when the reader goes. While a propagation or a
/// refresh of a stale value is under way (``ReactiveGraph/pullDepth``),
/// those releases wait for it to end (``ReactiveGraph/releaseLater(_:)``,
/// which holds a binding node dropped during a propagation the same way):
/// a source that completes during its own refresh is forgotten by its
/// readers, and the walk returns into it afterwards
/// (`ReadSourceOwnershipTests`, which AddressSanitizer fails without the wait).
///
/// A derived value that reads itself is not held by itself, but two derived
/// values that read each other (a cycle, which fails to evaluate anyway)
/// keep each other alive.
extension GraphNode {
  /// Replaces what the last evaluation read with `new`, holding the derived
  /// values among them and letting go of the old ones. Lock held.
  func replaceReadSources(with new: EdgeList) {
    for edge in new where isHeldAsSource(edge) { _ = edge.unmanaged.retain() }
    let old = readSources
    readSources = new
    for edge in old where isHeldAsSource(edge) { reactiveGraph.releaseLater(edge.unmanaged) }
  }

  /// Lets go of everything the last evaluation read. Lock held.
  func removeAllReadSources() {
    if !readSources.isEmpty { replaceReadSources(with: EdgeList()) }
  }

  /// Takes `node` out of what the last evaluation read (it completed, or
  /// is being deallocated), letting go of it if this node held it. Lock held.
  func removeReadSource(_ node: GraphNode) {
    while let index = readSources.firstIndex(where: { $0.node === node }) {
      let edge = readSources[index]
      readSources.remove(at: index)
      if isHeldAsSource(edge) { reactiveGraph.releaseLater(edge.unmanaged) }
    }
  }

  /// Whether this node holds `edge`'s node because it read it.
  private func isHeldAsSource(_ edge: NodeRef) -> Bool {
    edge.withNode { $0 !== self && $0.isRetainedBySubscriptions }
  }
}

extension ReactiveGraph {
  /// Marks the start of the refresh of a stale lazy value (which may run
  /// user code, and walk further): releases of read sources wait until the
  /// outermost ends.
  @inline(__always) func beginPull() { pullDepth &+= 1 }

  /// Marks the end of that refresh; the outermost lets go of the sources
  /// whose release waited for it.
  @inline(__always) func endPull() {
    pullDepth &-= 1
    releaseNodesIfIdle()
  }
}
