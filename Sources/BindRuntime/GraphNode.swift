/// One end of an edge, held without a reference count (`Unmanaged`, which is
/// `unowned(unsafe)` with a way to use the node without retaining it).
///
/// Not `weak`: a weak reference gives its object a side table, and from then
/// on every retain and release of that node takes the runtime's slow path
/// (50–100 instructions instead of ~5), a dozen times per propagation step.
///
/// Unretained edges are safe because of three rules, all under the graph lock:
/// - every edge is recorded at both ends (`downstream` of one node, `upstream`
///   of the other), and added and removed at both ends at once;
/// - a dying node removes every edge it has (``GraphNode/detachFromGraph()``)
///   at the start of its own deinit, before any of its stored properties are
///   destroyed, so an edge never leads to freed or half-destroyed memory;
/// - whoever walks edges does so under the lock, and never keeps a reference
///   it found there past the point where it releases the lock.
/// A node whose deinit is waiting for the lock (its last reference went on
/// another thread) is still whole and may be walked, or even briefly retained:
/// a balanced retain and release of an object whose deinit has begun is
/// harmless (deinit bodies do it with `self` all the time). Only `unowned`
/// (safe) would trap on it, which is why edges are not `unowned`. The same
/// rules cover the other unretained references into the graph: the
/// properties among a derived value's `readSources` (it holds the derived
/// values there, `ReadSources.swift`), a binding's source and target, the
/// queue's entries.
///
/// A retain of a node whose deinit has NOT begun is another matter: its owner
/// may let go of it on another thread at any moment (that takes no lock), and
/// then this retain is the last one. Its release runs the deinit on this
/// thread, right there (the lock is recursive), and frees the node. So code
/// that calls into a node it reached unretained (a binding's write into its
/// target) MUST either take no retain of it at all, or hold it strongly
/// across the whole call and let it go only where its deinit may run
/// (nothing further up the stack still using it). The compiler retains
/// around calls wherever it likes in unoptimized builds, and around uses of
/// `unowned(unsafe)` captures in any build: see `Property.write(_:fromBindingInto:)`
/// and `TwoWayEcho.carry` (Binding.swift). A retain kept to the end of the
/// propagation (a change record) is harmless: a deinit there queues its
/// `.completed` like any other (`ReactiveGraph.finishPropagation`).
@usableFromInline
struct NodeRef {
  @usableFromInline let unmanaged: Unmanaged<GraphNode>
  @inline(__always) init(_ node: GraphNode) { unmanaged = .passUnretained(node) }

  /// The node, as a strong reference (retained while the caller uses it).
  @inline(__always) var node: GraphNode { unmanaged.takeUnretainedValue() }

  /// Runs `body` on the node without retaining it. Only for bodies that
  /// cannot release the node (no calls out of the runtime).
  @inline(__always) func withNode<T>(_ body: (GraphNode) throws -> T) rethrows -> T {
    try unmanaged._withUnsafeGuaranteedRef(body)
  }
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
/// (derived values and effects that read it, properties a binding writes);
/// `upstream` lists the same edges from their other end. Neither owns: a node
/// is owned by its object, or by whoever holds the `Derived`, never by the
/// graph (see ``NodeRef`` for why that is safe).
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
  //
  // Declared in three groups, coldest first, because Swift lays a class's
  // stored properties out in declaration order, after its superclass's: what
  // a propagation touches comes next, and what a pull of lazy values touches
  // last, next to `ObservableValue.storage` and `Derived.evaluation`. A pull
  // walks thousands of nodes that are not in the first-level cache: with its
  // fields spread over the whole of a derived value, cellx missed the
  // first-level cache 9.1 times a node, 7.5 with them together (cachegrind;
  // the hand-written cells: 1.3), and took 10–16% less time.

  /// The other end of every edge into this node, one entry per edge.
  @exclusivity(unchecked) var upstream = EdgeList()
  /// Scratch mark for graph searches.
  @exclusivity(unchecked) var visitMark = 0
  /// Where the graph's list of live nodes holds this one.
  @exclusivity(unchecked) var registryIndex = 0
  /// The inactive derived values whose `readSources` hold this node: told
  /// when it completes or goes away (as `downstream` is), never when it
  /// changes, so they cost its writes nothing. Unowned, like edges, and
  /// kept at both ends like them.
  @exclusivity(unchecked) var passiveReaders = EdgeList()
  /// How many entries of `downstream` are the dead-edge placeholder
  /// (`DeadEdge.shared`) left by a binding that ended (`Binding+Slots.swift`).
  @exclusivity(unchecked) var deadDownstreamCount = 0
  /// Set once the node has removed itself from the graph.
  @exclusivity(unchecked) var isDetached = false

  // What a propagation touches.

  /// The propagation in which `changeCount` was counted.
  @exclusivity(unchecked) var changeEpoch = -1
  @exclusivity(unchecked) var changeCount = 0
  /// Topological rank: for every edge that is not part of a cycle,
  /// `downstream.rank > upstream.rank`, so one pass in rank order updates each
  /// node at most once, after all of its inputs (glitch freedom).
  @exclusivity(unchecked) var rank = 0
  @usableFromInline @exclusivity(unchecked) var downstream = EdgeList()

  // What a pull of lazy derived values touches.

  /// ``ReactiveGraph/shared``, kept here so that a write or a read reaches
  /// it with one load: the `shared` accessor is a call and a `swift_once`
  /// check (~16 instructions) on every write, and on every read of a pull.
  /// In this group, on the cache line a read loads anyway. A strong `let`:
  /// code that uses a `let` of an object it holds needs no retain of its own
  /// (`unowned(unsafe)` made the compiler retain the graph around each use).
  @usableFromInline let reactiveGraph: ReactiveGraph
  /// For derived values and effects: what the last evaluation read, in order.
  /// Each also has an edge into this node (a passive link while it is
  /// inactive). The derived values among them are held, the properties are
  /// not (`ReadSources.swift`); cleared by ``forgetSource(_:)`` when such a
  /// node completes or goes away. Only ``replaceReadSources(with:)`` and
  /// ``removeReadSource(_:)`` change it, which keep the holds balanced.
  @usableFromInline @exclusivity(unchecked) final var readSources = EdgeList()
  /// For an inactive derived value: the `writeGeneration` at which its value
  /// was last known to match its sources; -1 when it must re-evaluate.
  @usableFromInline @exclusivity(unchecked) final var verifiedAt = -1
  /// The graph's `writeGeneration` at this node's latest change: an inactive
  /// derived value compares it with when it last checked its sources
  /// (lazy derived values, `Derived+Activation.swift`).
  @usableFromInline @exclusivity(unchecked) var changedAt = 0
  /// Set on a derived value that nothing observes, binds or reads: it holds
  /// no edge from its sources, is not updated by their writes, and is brought
  /// up to date when read (`Derived+Activation.swift`). Always false for
  /// other nodes.
  @usableFromInline @exclusivity(unchecked) final var isInactive = false
  /// For a derived value: whether it holds an error (`Derived.failure`),
  /// here at a fixed offset, where the generic class's own fields are found
  /// through its metadata (two loads more on every read and refresh).
  @usableFromInline @exclusivity(unchecked) final var hasFailure = false
  /// Set while the node waits in the propagation queue.
  @exclusivity(unchecked) var isQueued = false
  /// Set on nodes that the thread running a propagation never frees while
  /// it runs, so that `propagate()` updates them without a retain and a
  /// release (two atomic operations a hop of a binding chain): binding
  /// nodes, whose only owner, their token, lets go of them at the end of
  /// the propagation (``ReactiveGraph/keepUntilPropagationEnds(_:_:)``).
  @exclusivity(unchecked) var isUpdatedUnretained = false
  /// Set once the node can never change again (its sources are gone):
  /// an ``ObservableValue``'s, here at a fixed offset (see `hasFailure`).
  @usableFromInline @exclusivity(unchecked) final var isCompleted = false

  /// The dead-edge placeholder's initializer: a node outside the graph
  /// (no registry entry, no id of the sequence).
  init(placeholderKind kind: NodeKind) {
    self.kind = kind
    self.storedLabel = nil
    self.id = -1
    self.reactiveGraph = ReactiveGraph.shared
  }

  init(kind: NodeKind, label: String?) {
    let graph = ReactiveGraph.shared
    graph.lock.lock()
    defer { graph.lock.unlock() }
    self.kind = kind
    self.storedLabel = label
    self.reactiveGraph = graph
    self.id = graph.nextNodeIdentifier()
    graph.register(self)
    if graph.recordsCauses && (kind == .binding || kind == .effect) { graph.recordCreation(of: self) }
  }

  deinit {
    // Every concrete node class detaches at the start of its own deinit; this
    // is a safety net for one that forgot (by now its subclass's stored
    // properties are gone, which is why it is not the place to do it).
    if !isDetached {
      let graph = ReactiveGraph.shared
      graph.lock.lock()
      detachFromGraph()
      graph.lock.unlock()
    }
  }

  /// Removes the node from the graph: every edge at both ends, the registry,
  /// the propagation queue. Lock held.
  ///
  /// MUST be called at the start of every concrete node class's deinit, with
  /// the lock held, because edges hold nodes `unowned(unsafe)`: once this
  /// returns nothing in the graph can reach the node, and only then may its
  /// stored properties be destroyed and its memory freed.
  func detachFromGraph() {
    guard !isDetached else { return }
    isDetached = true
    let graph = ReactiveGraph.shared
    graph.unregister(self)
    if graph.recordsCauses { graph.forgetCauses(of: self) }
    if isQueued {
      graph.queue.remove(self)
      isQueued = false
    }
    // One edge at a time, taken out of the live list before anyone hears of
    // it: a node told here may change the graph (a binding ends), so no
    // copy of a list may be walked while nodes on it could go away.
    while let edge = upstream.popLast() {
      let writer = edge.node
      writer.downstream.removeFirst(node: self)
      writer.downstreamDidDetach(self)
      writer.didLoseSubscriber()
    }
    while let edge = downstream.popLast() {
      let reader = edge.node
      reader.upstream.removeFirst(node: self)
      reader.forgetSource(self)
    }
    deadDownstreamCount = 0
    // Lazy derived values: the passive links, at both ends.
    detachPassiveLinks()
    removeAllReadSources()
  }

  /// The label, or a generated one.
  @usableFromInline var displayName: String { storedLabel ?? "\(kind.rawValue)#\(id)" }

  /// Whether subscribing to this node keeps it alive (true for derived values,
  /// which nobody else may own; false for properties, owned by their objects).
  @usableFromInline var isRetainedBySubscriptions: Bool { false }

  /// Brings the node up to date inside a propagation. Lock held.
  func update() throws {}

  /// Removes an observer entry. Lock held.
  func removeObserver(_ entry: AnyObserverEntry) {}

  /// Takes the ended entries out of its list of observers, handing them to
  /// `released` (for the caller to let go of after the unlock). Lock held.
  func takeEndedObservers(into released: inout [AnyObserverEntry]) {}

  /// Number of observer entries (for graph snapshots). Lock held.
  var observerCount: Int { 0 }

  /// Drops every reference to `node` outside the edge lists (the sources an
  /// evaluation compares with, a binding's source). Called when the edge from
  /// `node` is removed because it completed or is being deallocated. Lock held.
  ///
  /// MUST leave nothing behind, because those references are unowned too.
  func forgetSource(_ node: GraphNode) {
    if !readSources.isEmpty { removeReadSource(node) }
  }

  /// Called when a node this one depends on completed (after
  /// ``forgetSource(_:)``); the edge between them is already gone. Lock held.
  func upstreamDidComplete(_ node: GraphNode) {}

  /// Called when a node this one writes into is being deallocated; the edge
  /// between them is already gone. Lock held.
  func downstreamDidDetach(_ node: GraphNode) {}

  /// Called when a sweep of `node.downstream` moved this node's edge to
  /// `index` (`Binding+Slots.swift`). Lock held.
  func didMoveInDownstream(of node: GraphNode, to index: Int) {}

  /// Called when an edge out of this node or one of its observers was
  /// removed: a derived value that nothing subscribes to any more goes
  /// inactive. Lock held.
  func didLoseSubscriber() {}

  /// Makes an inactive derived value active (up to date, with edges from
  /// its sources) before something subscribes to it. Lock held.
  @usableFromInline func activate() {}

  /// Brings an inactive derived value up to date if a source changed since
  /// it last looked. Lock held; `graph` is ``ReactiveGraph/shared``, passed
  /// down rather than fetched again (a `swift_once` check each time).
  @usableFromInline func refreshIfStale(in graph: ReactiveGraph) throws {}

  /// Appends one notification per active observer if the value at the end of
  /// the propagation really differs from `old`. Lock held.
  func appendNotifications(old: Any, to notifications: inout [PendingNotification]) {}

  /// Called with the value's description for traces and dumps. Lock held.
  var valueDescription: String? { nil }

  /// The value, boxed, for the causes of changes (`why`). Lock held.
  var boxedValue: Any? { nil }

  /// A node this one follows without an edge of the graph: a time
  /// operator's source, which it observes and follows later, when timers
  /// fire. For tools that draw the graph. Lock held.
  var followedNode: GraphNode? { nil }
}
