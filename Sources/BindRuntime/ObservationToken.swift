/// The token returned by `observe` on a stored value: ends its entry.
///
/// It does not take the entry out of the node's list, and holds no
/// reference to the node at all: the ended entry stays in the list, skipped
/// by deliveries (which check every entry's state anyway), until the node
/// sweeps its ended entries out, under the lock, when its list has doubled
/// since the last sweep (``ObservableValue/addObserver(initial:changed:event:)``)
/// or when the node completes. So disposing is one compare-and-swap, with no
/// lock, and a subscription is two small objects: this token (one field, a
/// 32-byte heap block) and the entry (a 48-byte one for `observeChanges`).
/// Holding the node here as well (a third word) would take the token to a
/// 48-byte block; the entry held it before, at 64 bytes.
///
/// Nothing needs the node at disposal for a stored value: a property does
/// nothing when it loses its last observer. A derived value does (it goes
/// inactive), and ``RetainingObservationToken`` keeps it anyway.
@usableFromInline
class ObservationToken: Disposable {
  /// The entry: its callbacks and its state.
  let entry: AnyObserverEntry

  @usableFromInline init(entry: consuming AnyObserverEntry) {
    self.entry = entry
  }

  /// Ends the entry directly, not through `dispose()`: in a subclass that
  /// overrides it, this runs after the subclass's own stored properties are
  /// destroyed, so each subclass disposes in a deinit of its own.
  deinit { endEntry() }

  /// A method, not inline in the deinit, where reading `entry` cost a
  /// retain and a release of it.
  private final func endEntry() { entry.markDisposed() }

  @usableFromInline final var isDisposed: Bool { !entry.isActive }

  /// Ends the entry, from any thread, without the lock: a delivery under
  /// way on another thread that has not reached it yet skips it.
  @usableFromInline func dispose() {
    entry.markDisposed()
  }
}

/// The token of a subscription to a derived value, which it keeps alive for
/// as long as the subscription lasts, and which it tells of the disposal at
/// once: a derived value that loses its last subscriber goes inactive.
@usableFromInline
final class RetainingObservationToken: ObservationToken {
  private let retainedSource: GraphNode

  @usableFromInline init(entry: consuming AnyObserverEntry, source: GraphNode) {
    retainedSource = source
    super.init(entry: entry)
  }

  deinit { dispose() }

  override func dispose() {
    let graph = retainedSource.reactiveGraph
    graph.lock.lock()
    // Ended under the lock, so that the node's count of ended entries and
    // its sweeps (both under the lock) agree on which entries ended.
    if entry.end(.disposed) { retainedSource.removeObserver(entry) }
    graph.lock.unlock()
  }
}

/// The token of a completion watcher (``ObservableValue/observeCompletion(capturing:completed:)``):
/// takes the watcher out of the node's list of watchers at once.
///
/// The node is held by the watcher, unowned(unsafe), not weak: a weak
/// reference gives the observed object a side table, and from then on every
/// retain and release of it takes the runtime's slow path (~60 instructions
/// each, several per write). That is safe because the node detaches its
/// watchers, under the lock, before it can go away, and `dispose()` looks at
/// the node only under the lock and only while the watcher is attached.
final class CompletionWatcherToken: ObservationToken {
  /// The derived value being watched, kept alive as observers keep it.
  private let retainedSource: GraphNode?

  init(watcher: AnyCompletionWatcher, retaining source: GraphNode?) {
    retainedSource = source
    super.init(entry: watcher)
  }

  deinit { dispose() }

  override func dispose() {
    let watcher = unsafeDowncast(entry, to: AnyCompletionWatcher.self)
    let graph = ReactiveGraph.shared
    graph.lock.lock()
    // MUST end the watcher under the lock: a node completing on another
    // thread detaches it under the same lock, after which the node may be freed.
    if watcher.end(.disposed) && !watcher.isDetached { watcher.node.removeObserver(watcher) }
    graph.lock.unlock()
  }
}
