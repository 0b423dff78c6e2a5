/// The token returned by `observe`: removes its entry from the observed node.
///
/// The node (held by the entry) is `unowned(unsafe)`, not `weak`: a weak reference gives the
/// observed object a side table, and from then on every retain and release of
/// it takes the runtime's slow path (~60 instructions each, several per write).
/// That is safe because the node detaches its entries, under the lock, before
/// it can go away, and `dispose()` looks at the node only under the lock and
/// only while the entry is attached.
@usableFromInline
class ObservationToken: Disposable {
  /// The entry, which also knows the node it observes: the token is one
  /// field, a 32-byte heap block (it held the node and the retained source
  /// as well, a 48-byte one), which with the entry's 64 is most of what a
  /// live subscription costs.
  let entry: AnyObserverEntry

  init(entry: consuming AnyObserverEntry) {
    self.entry = entry
  }

  /// The token for a new subscription: one that also keeps the node alive
  /// when subscriptions must (a derived value, which nobody else may own);
  /// stored properties stay owned by their objects, so observing never keeps
  /// those alive.
  /// `entry` is consumed: the caller's last use, handed over without a retain.
  @usableFromInline static func make(for node: GraphNode, entry: consuming AnyObserverEntry) -> ObservationToken {
    let entry = entry
    return node.isRetainedBySubscriptions
      ? RetainingObservationToken(entry: entry, source: node) : ObservationToken(entry: entry)
  }

  deinit { dispose() }

  @usableFromInline final var isDisposed: Bool { !entry.isActive }

  @usableFromInline final func dispose() {
    let graph = ReactiveGraph.shared
    graph.lock.lock()
    // MUST end the entry under the lock: a node completing on another thread
    // detaches it under the same lock, after which the node may be freed.
    if entry.end(.disposed) && !entry.isDetached { entry.node?.removeObserver(entry) }
    graph.lock.unlock()
  }
}

/// The token of a subscription to a derived value, which it keeps alive for
/// as long as the subscription lasts.
final class RetainingObservationToken: ObservationToken {
  private let retainedSource: GraphNode

  init(entry: consuming AnyObserverEntry, source: GraphNode) {
    retainedSource = source
    super.init(entry: entry)
  }
}
