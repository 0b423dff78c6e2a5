/// The token returned by `observe`: removes its entry from the observed node.
///
/// The node is held `unowned(unsafe)`, not `weak`: a weak reference gives the
/// observed object a side table, and from then on every retain and release of
/// it takes the runtime's slow path (~60 instructions each, several per write).
/// That is safe because the node detaches its entries, under the lock, before
/// it can go away, and `dispose()` looks at the node only under the lock and
/// only while the entry is attached.
@usableFromInline
final class ObservationToken: Disposable {
  private unowned(unsafe) let node: GraphNode
  /// Keeps a derived source alive for as long as someone observes it; stored
  /// properties stay owned by their objects, so observing never keeps those alive.
  private let retainedSource: GraphNode?
  let entry: AnyObserverEntry

  @usableFromInline init(node: GraphNode, entry: AnyObserverEntry) {
    self.node = node
    self.entry = entry
    self.retainedSource = node.isRetainedBySubscriptions ? node : nil
  }

  deinit { dispose() }

  @usableFromInline var isDisposed: Bool { !entry.isActive }

  @usableFromInline func dispose() {
    let graph = ReactiveGraph.shared
    graph.lock.lock()
    // MUST end the entry under the lock: a node completing on another thread
    // detaches it under the same lock, after which the node may be freed.
    if entry.end(.disposed) && !entry.isDetached { node.removeObserver(entry) }
    graph.lock.unlock()
  }
}
