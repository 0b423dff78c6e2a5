import CTaskHooks
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The scheduler behind every observable value: one lock, one propagation queue.
///
/// A write starts one propagation. Derived values and bindings downstream are
/// brought up to date in rank order, each at most once (two-way links aside),
/// then the observers of every value that changed run, oldest registration
/// first, outside the lock. A write made by an observer starts its own
/// propagation at once.
public final class ReactiveGraph: @unchecked Sendable {
  /// The graph all observable values belong to.
  public static let shared = ReactiveGraph()

  /// The graph lock. Never destroyed: the graph lives as long as the process.
  ///
  /// It guards every node, edge and setting, and it is held while a change
  /// propagates. So this user code runs under it, because it is part of a
  /// propagation and MUST see, and make, one consistent state:
  /// - transaction bodies (``transaction(_:)``, ``batch(_:)``): their writes
  ///   are held back until the body ends, with no other thread in between;
  /// - derived computations and effect bodies: they read their inputs in
  ///   rank order, mid-propagation, and that order is what makes them
  ///   glitch-free;
  /// - binding setters (a key-path target, a ``Sink``, a `transform`): they
  ///   run in rank order inside the propagation, so what reads the target
  ///   downstream sees the new value in the same propagation;
  /// - the ``tracer``, at each step, and a completion watcher's `capture`.
  /// Such code may read and write observable values (the lock is recursive)
  /// but MUST NOT wait for another thread that uses the graph: a deadlock.
  ///
  /// The runtime never calls observers (`.initial`, changes, `.completed`),
  /// event handlers or the ``errorHandler`` while holding it: they run after
  /// it is released (``withPropagation(alreadyLocked:_:settle:)``), because they
  /// write back (starting a propagation of their own), block on other
  /// threads, or drop the last reference to a value whose deinit locks.
  /// (Code that already runs under the lock and sends an event, or subscribes
  /// with `.initial`, calls that handler itself, still under the lock.)
  @usableFromInline let lock = RecursiveLock()

  // Everything below is guarded by `lock`, which makes every access exclusive
  // already: `@exclusivity(unchecked)` drops the runtime's dynamic check
  // (`swift_beginAccess`, ~45 instructions an access) on the hot fields.
  private(set) var nextNodeID = 0
  @usableFromInline @exclusivity(unchecked) var nextObserverSequence = 0
  /// Every live node, unowned: a weak reference would give every node a side
  /// table, and then every retain and release of a node takes the runtime's
  /// slow path. Nodes remove themselves in `deinit`, under the lock. An array
  /// in which each node knows its index (`registryIndex`), so that adding and
  /// removing are O(1) without hashing: a dictionary here cost ~5% of building
  /// a large graph.
  @exclusivity(unchecked) private var liveNodes: [NodeRef] = []
  @usableFromInline @exclusivity(unchecked) var isPropagating = false
  @usableFromInline @exclusivity(unchecked) var batchDepth = 0
  @exclusivity(unchecked) var queue = PropagationQueue()
  @exclusivity(unchecked) private var changes: [ChangeRecord] = []
  /// Nodes to let go of once no propagation and no refresh of a stale lazy
  /// value is under way on this thread, since both walk nodes they do not
  /// retain; each with a reference this list owns (``releaseLater(_:)``).
  @exclusivity(unchecked) var nodesReleasedLater: [Unmanaged<GraphNode>] = []
  /// Set while ``nodesReleasedLater`` is being emptied.
  @exclusivity(unchecked) private var isReleasingNodes = false
  @exclusivity(unchecked) private var completions: [AnyObserverEntry] = []
  /// Counts propagations; a node's `changeEpoch` tells whether it changed in this one.
  @exclusivity(unchecked) private(set) var epoch = 0
  /// The evaluation that records what it reads, if any. Unretained (every
  /// read checks it): whoever sets it holds the tracker for as long as it is set.
  @usableFromInline @exclusivity(unchecked) var trackerRef: Unmanaged<DependencyTracker>?
  var tracker: DependencyTracker? {
    @inline(__always) get { trackerRef?.takeUnretainedValue() }
    @inline(__always) set { trackerRef = newValue.map { Unmanaged.passUnretained($0) } }
  }
  /// One tracker per nesting level of tracked evaluations, reused, so that
  /// an evaluation allocates nothing. Never shrinks; owned by the graph.
  @exclusivity(unchecked) var trackerPool: [Unmanaged<DependencyTracker>] = []
  @exclusivity(unchecked) var trackingDepth = 0
  /// How many refreshes of stale lazy values are under way (under the lock,
  /// so on this thread): while there are any, a read source let go of waits
  /// in ``nodesReleasedLater`` (`ReadSources.swift`).
  @exclusivity(unchecked) var pullDepth = 0
  /// The binding or effect whose write is under way, to learn its write edges.
  /// Unretained: it is the node the propagation is updating, alive throughout.
  @usableFromInline @exclusivity(unchecked) var currentWriterRef: Unmanaged<GraphNode>?
  var currentWriter: GraphNode? {
    @inline(__always) get { currentWriterRef?.takeUnretainedValue() }
    @inline(__always) set { currentWriterRef = newValue.map { Unmanaged.passUnretained($0) } }
  }
  /// Set while a derived value is read inside an unfinished batch: reads then
  /// compute fresh values instead of trusting caches that the batch made stale.
  @usableFromInline @exclusivity(unchecked) var evaluatesFresh = false
  /// The `writeGeneration` at the start of the effect run under way (else
  /// `Int.max`): once the run has written, its reads of derived values are
  /// computed fresh, as a batch's are, so that they see its writes.
  @usableFromInline @exclusivity(unchecked) var freshReadsAfter = Int.max
  /// Counts property writes, so fresh reads can be cached until the next one.
  @usableFromInline @exclusivity(unchecked) var writeGeneration = 0
  /// An error raised where it could not be thrown (a non-throwing setter).
  @exclusivity(unchecked) var deferredError: Error?
  /// The first error a derived value's re-evaluation threw in this
  /// propagation. The value keeps it as its state (readers rethrow it); the
  /// propagation finishes, delivers, and then throws it to the writer.
  @exclusivity(unchecked) var evaluationFailure: Error?
  /// A failed derived value read through its non-throwing `value` inside a
  /// tracked evaluation: that evaluation throws it when its body returns.
  @usableFromInline @exclusivity(unchecked) var failedRead: Error?
  /// The effect whose body is running on the thread that holds the lock:
  /// what is made or registered now belongs to its current run.
  @exclusivity(unchecked) var currentEffectRef: Unmanaged<Effect>?
  @exclusivity(unchecked) private var searchMark = 0

  /// How often the graph may change one value within one propagation before
  /// the change is declared a cycle. Two-way bindings settle in one round; a
  /// loop that doubles a value would overflow an Int in 63.
  public var feedbackLimit: Int {
    get { withLock { storedFeedbackLimit } }
    set { withLock { storedFeedbackLimit = newValue } }
  }
  @exclusivity(unchecked) private var storedFeedbackLimit = 10

  /// How deeply observers may write back into the graph.
  public var observerDepthLimit: Int {
    get { withLock { storedObserverDepthLimit } }
    set { withLock { storedObserverDepthLimit = newValue } }
  }
  /// Read under the lock, and handed to the delivery that follows the unlock.
  @usableFromInline @exclusivity(unchecked) var storedObserverDepthLimit = 200

  /// Receives each propagation step while set (`bindscript run --trace`).
  public var tracer: ((TraceEvent) -> Void)? {
    get { withLock { storedTracer } }
    set { withLock { storedTracer = newValue } }
  }
  @usableFromInline @exclusivity(unchecked) var storedTracer: ((TraceEvent) -> Void)?

  /// Set while the causes of changes are recorded (`ReactiveGraph+Causes.swift`):
  /// a write then takes the propagating path, which records them.
  @usableFromInline @exclusivity(unchecked) var recordsCauses = false
  /// How many callers of ``beginRecordingCauses()`` have not ended.
  @exclusivity(unchecked) var causeRecorders = 0
  @exclusivity(unchecked) var storedWriteOrigin: AnyObject?
  /// The cause of each value's last change, by node id, while recorded.
  @exclusivity(unchecked) var causes: [Int: ChangeCause] = [:]
  /// Where each binding and effect was made (``writeOrigin`` then), by node id.
  @exclusivity(unchecked) var creationOrigins: [Int: AnyObject] = [:]

  /// Receives errors from writes that cannot throw (a plain `value` setter, a
  /// key-path binding target). Prints to standard error by default.
  public var errorHandler: (Error) -> Void {
    get { withLock { storedErrorHandler } }
    set { withLock { storedErrorHandler = newValue } }
  }
  @exclusivity(unchecked) var storedErrorHandler: (Error) -> Void = { error in
    fputs("BindRuntime: \(error)\n", stderr)
  }

  init() {}

  /// Runs `body` under the graph lock.
  public func withLock<T>(_ body: () throws -> T) rethrows -> T {
    lock.lock(); defer { lock.unlock() }
    return try body()
  }

  /// Whether this thread holds the graph lock: it is inside a derived
  /// computation, a binding's setter, a transaction body or the tracer (see
  /// ``lock``), where code must not wait for time to pass.
  public var isLockedByCurrentThread: Bool { lock.isHeldByCurrentThread }

  @inlinable var isBusy: Bool { isPropagating || batchDepth > 0 }

  // MARK: Registration

  func nextNodeIdentifier() -> Int {
    nextNodeID += 1
    return nextNodeID
  }

  func register(_ node: GraphNode) {
    node.registryIndex = liveNodes.count
    liveNodes.append(NodeRef(node))
  }

  /// Removes `node` by moving the last live node into its place.
  func unregister(_ node: GraphNode) {
    let index = node.registryIndex
    let last = liveNodes.removeLast()
    if index < liveNodes.count {
      liveNodes[index] = last
      last.withNode { $0.registryIndex = index }
    }
  }

  @inlinable func nextSequence() -> Int {
    nextObserverSequence += 1
    return nextObserverSequence
  }

  // MARK: Propagation (lock held)

  func enqueue(_ node: GraphNode) {
    enqueue(NodeRef(node))
  }

  @inline(__always) func enqueue(_ edge: NodeRef) {
    // Unretained: only flags are touched, and the queue does not retain.
    let rank: Int? = edge.withNode { node in
      if node.isQueued { return nil }
      node.isQueued = true
      return node.rank
    }
    if let rank { queue.push(edge, rank: rank) }
  }

  @usableFromInline func enqueueDownstream(of node: GraphNode) {
    let count = node.downstream.count
    var index = 0
    while index < count {
      enqueue(node.downstream[index])
      index += 1
    }
  }

  /// Counts a change of `node`, and remembers its old value for its observers
  /// on the first change of this propagation. Throws once a value has changed
  /// so often in one propagation that it can only be feeding itself.
  ///
  /// Only changes the graph makes itself count (a binding's or effect's write,
  /// a re-evaluation): a transaction may write one property many times.
  @usableFromInline func willChange(_ node: GraphNode, hasObservers: Bool, counts: Bool = true, old: @autoclosure () -> Any) throws {
    if node.changeEpoch != epoch {
      node.changeEpoch = epoch
      node.changeCount = 0
      if hasObservers { changes.append(ChangeRecord(node: node, old: old())) }
    }
    guard counts else { return }
    node.changeCount += 1
    if node.changeCount > storedFeedbackLimit {
      throw ReactiveError.cycle(path: cyclePath(through: node), limit: storedFeedbackLimit)
    }
  }

  /// Processes the queue until it is empty, then collects what observers
  /// must hear: nil if nothing.
  func propagate() throws -> Deliveries? {
    precondition(!isPropagating, "propagate() re-entered")
    isPropagating = true
    do {
      while let next = queue.pop() {
        if next.withNode({ $0.isUpdatedUnretained }) {
          try next.withNode { node in
            node.isQueued = false
            try node.update()
          }
        } else {
          // Held across its update: the user code that an update runs
          // (a derived value's body, an effect) may let go of the node.
          let node = next.node
          node.isQueued = false
          try node.update()
        }
        if let error = deferredError {
          deferredError = nil
          throw error
        }
      }
    } catch {
      abandonPropagation()
      throw error
    }
    isPropagating = false
    return finishPropagation()
  }

  func abandonPropagation() {
    for node in queue.removeAll() { node.isQueued = false }
    changes.removeAll()
    evaluationFailure = nil
    isPropagating = false
    currentWriter = nil
    epoch += 1
    releaseNodesIfIdle()
  }

  /// Keeps the nodes of a binding whose token goes away during a
  /// propagation on this thread (the lock is held, so the propagation is
  /// this thread's) until the propagation ends: `propagate()` updates
  /// binding nodes without retaining them, so none may be freed while its
  /// update may be running further up the stack. Lock held.
  func keepUntilPropagationEnds(_ binding: AnyBindingNode, _ partner: AnyBindingNode?) {
    guard isPropagating else { return }
    nodesReleasedLater.append(.passRetained(binding))
    if let partner { nodesReleasedLater.append(.passRetained(partner)) }
  }

  /// Lets go of `node`, a reference the caller owns, at once if nothing on
  /// this thread walks nodes unretained, else when that ends. Lock held.
  func releaseLater(_ node: Unmanaged<GraphNode>) {
    nodesReleasedLater.append(node)
    releaseNodesIfIdle()
  }

  /// Lets go of ``nodesReleasedLater`` if no propagation and no refresh of
  /// a stale lazy value is under way. Lock held.
  @inline(__always) func releaseNodesIfIdle() {
    // Only the pull's depth and the list here, the rest out of line: this
    // runs at the end of every refresh of a pull, most of them nested.
    if pullDepth == 0 && !nodesReleasedLater.isEmpty { releaseNodesReleasedLater() }
  }

  /// One at a time, out of the list first. A deinit here may let go of more
  /// nodes (a derived value, of what it read): those join the list for this
  /// loop rather than run inside the deinit, so that freeing a chain of
  /// 100,000 values held only by their readers takes a loop, not 100,000
  /// nested deinits.
  @inline(never) private func releaseNodesReleasedLater() {
    guard !isPropagating, !isReleasingNodes else { return }
    isReleasingNodes = true
    while let node = nodesReleasedLater.popLast() { node.release() }
    isReleasingNodes = false
  }

  /// What observers must hear of the propagation that ends: nil if nothing
  /// (no change records, no completions), which then takes no array
  /// operations (an effect's re-run changes nothing observed).
  private func finishPropagation() -> Deliveries? {
    let notifications = changes.isEmpty ? nil : takeNotifications()
    releaseNodesIfIdle()
    epoch += 1
    guard notifications?.isEmpty == false || !completions.isEmpty else { return nil }
    defer { completions.removeAll() }
    return Deliveries(changes: notifications ?? [], completions: completions)
  }

  /// The observer calls that the change records ask for, in order of
  /// registration; empties the records.
  private func takeNotifications() -> [PendingNotification] {
    var notifications: [PendingNotification] = []
    for record in changes {
      record.node.appendNotifications(old: record.old, to: &notifications)
    }
    if changes.count > 1 {
      notifications.sort { $0.entry.sequence < $1.entry.sequence }
    }
    // Let go of as part of the propagation: a record may hold the last
    // reference to a value whose owner let go of it on another thread
    // meanwhile, and the deinit that then runs here MUST queue its
    // `.completed` for this delivery, after the unlock, rather than deliver
    // it itself under the lock (``takeCompletionsIfIdle()``).
    isPropagating = true
    changes.removeAll(keepingCapacity: true)
    isPropagating = false
    return notifications
  }

  /// Completion entries from a node that completed. Delivered at the end of
  /// the propagation under way, or by the deinit that completed the node
  /// (``takeCompletionsIfIdle()``), after it releases the lock.
  func nodeDidComplete(_ entries: [AnyObserverEntry]) {
    guard !entries.isEmpty else { return }
    completions.append(contentsOf: entries)
  }

  /// The completions owed outside any propagation, for the caller to deliver
  /// once it has released the lock. Inside a propagation or transaction they
  /// stay queued for its end. Lock held.
  func takeCompletionsIfIdle() -> [AnyObserverEntry] {
    guard !isBusy, !completions.isEmpty else { return [] }
    defer { completions.removeAll() }
    return completions
  }

  /// Delivers completions taken by ``takeCompletionsIfIdle()``. Lock NOT held
  /// by this call (an outer frame may hold it).
  func deliverCompletions(_ entries: [AnyObserverEntry]) {
    for entry in entries { entry.complete() }
  }

  // MARK: Delivery (lock NOT held)

  /// Runs observers. MUST be called without the lock, so an observer may write
  /// (starting its own propagation) or block on another thread without deadlock.
  /// `depthLimit` is ``observerDepthLimit``, read while the lock was held.
  func deliver(_ deliveries: Deliveries, depthLimit: Int) throws {
    if deliveries.changes.isEmpty && deliveries.completions.isEmpty { return }
    let cell = deliveryDepthCell
    let depth = try enterDeliveryLevel(cell, limit: depthLimit)
    defer { cell.pointee = depth }
    for notification in deliveries.changes {
      notification.entry.deliverBoxed(old: notification.old, new: notification.new)
    }
    for entry in deliveries.completions { entry.complete() }
  }

  /// The fast path's delivery: one property, typed values, no boxing.
  /// `entries` are the observers of a node of type `Value`. Inlinable, so
  /// that it is specialized for `Value` in the client's module; static, with
  /// what it needs of the graph read under the lock, so that the caller does
  /// not hold on to the graph (a retain and a release) across it.
  @inlinable @inline(__always)
  static func deliverChange<Value>(
    to entries: ContiguousArray<AnyObserverEntry>, old: Value, new: Value, depthLimit: Int
  ) throws {
    let cell = deliveryDepthCell
    let depth = cell.pointee
    if depth >= depthLimit { throw ReactiveError.observerFeedback(depth: depth) }
    cell.pointee = depth + 1
    defer { cell.pointee = depth }
    // Entries used as unmanaged references: `entries` keeps them alive, and
    // a retain and a release per delivery would double a fan-out's cost.
    for index in entries.indices {
      let entry = Unmanaged.passUnretained(unsafeDowncast(entries[index], to: ObserverEntry<Value>.self))
      entry._withUnsafeGuaranteedRef { $0.deliverChange(old: old, new: new) }
    }
  }

  /// This thread's delivery depth (a C thread-local, `BindDeliveryDepth.h`:
  /// one `%fs`-relative load, where a `pthread_getspecific` lookup cost ~17
  /// instructions a write), looked up once per delivery.
  @inlinable static var deliveryDepthCell: UnsafeMutablePointer<Int> { bindscript_delivery_depth_cell() }
  var deliveryDepthCell: UnsafeMutablePointer<Int> { Self.deliveryDepthCell }

  /// Goes one delivery level deeper on this thread, returning the level to go
  /// back to. Throws at `limit` (``observerDepthLimit``, read under the lock).
  @inlinable
  func enterDeliveryLevel(_ cell: UnsafeMutablePointer<Int>, limit: Int) throws -> Int {
    let depth = cell.pointee
    if depth >= limit { throw ReactiveError.observerFeedback(depth: depth) }
    cell.pointee = depth + 1
    return depth
  }

  /// Reports an error that a non-throwing API could not throw. Inside a
  /// propagation it is kept and thrown by the propagation itself.
  @usableFromInline func report(_ error: Error) {
    lock.lock()
    if isPropagating {
      if deferredError == nil { deferredError = error }
      lock.unlock()
      return
    }
    let handler = storedErrorHandler
    lock.unlock()
    handler(error)
  }

  /// Traces an event the graph does not see itself (a timer that fires,
  /// from the thread that fires it), if a tracer is set: under the lock, as
  /// every step is traced, so it comes in order with them.
  public func traceStep(_ event: @autoclosure () -> TraceEvent) {
    withLock { trace(event()) }
  }

  /// Traces an event if a tracer is set. Lock held.
  @inlinable
  func trace(_ event: @autoclosure () -> TraceEvent) {
    if let tracer = storedTracer { tracer(event()) }
  }

  /// Traces an evaluation's result. Out of line, so that the description's
  /// string stays out of the frame of every evaluation: a pull of lazy
  /// values nests one per level. Lock held.
  @usableFromInline @inline(never) func traceEvaluation<Value>(of node: GraphNode, value: Value) {
    trace(.evaluate(node: node.displayName, value: String(describing: value)))
  }

  // MARK: Edges and ranks (lock held)

  /// Adds the edge `upstream -> downstream`, keeping ranks topological. An edge
  /// that closes a loop (a two-way binding) is kept as a back edge: it does not
  /// constrain ranks, and changes that cross it start a new round.
  func addEdge(from upstream: GraphNode, to downstream: GraphNode) {
    // An inactive derived value gets its own edges (and an up-to-date value)
    // before it gains a reader (lazy derived values).
    if upstream.isInactive { upstream.activate() }
    addLinks(from: upstream, to: downstream)
    guard downstream.rank <= upstream.rank else { return }
    // A node that leads nowhere yet (a new binding or derived value, a
    // property nothing reads) closes no loop, and raising it moves nothing
    // else: the common case while a graph is built needs no search.
    if downstream.downstream.isEmpty {
      downstream.rank = upstream.rank + 1
      return
    }
    if isReachable(upstream, from: downstream) { return }
    raiseRank(of: downstream, above: upstream.rank)
  }

  /// Records an edge at both ends without touching ranks (lifetime edges,
  /// which carry only completion).
  func addLinks(from upstream: GraphNode, to downstream: GraphNode) {
    upstream.downstream.append(NodeRef(downstream))
    downstream.upstream.append(NodeRef(upstream))
  }

  func removeEdge(from upstream: GraphNode, to downstream: GraphNode) {
    upstream.downstream.removeFirst(node: downstream)
    downstream.upstream.removeFirst(node: upstream)
    upstream.didLoseSubscriber()
  }

  func raiseRank(of start: GraphNode, above rank: Int) {
    var work: [(GraphNode, Int)] = [(start, rank + 1)]
    while let (node, newRank) = work.popLast() {
      guard node.rank < newRank else { continue }
      node.rank = newRank
      // The effects a run made stay ranked after their owner (`Effect.adopt`).
      if node.kind == .effect {
        unsafeDowncast(node, to: Effect.self).forEachOwnedEffect { work.append(($0, newRank + 1)) }
      }
      for edge in node.downstream {
        let next = edge.node
        guard next.rank <= newRank else { continue }
        // Edges into a lower rank that can reach back here are back edges.
        if isReachable(node, from: next) { continue }
        work.append((next, newRank + 1))
      }
    }
  }

  /// Whether `target` can be reached from `start` along downstream edges.
  func isReachable(_ target: GraphNode, from start: GraphNode) -> Bool {
    searchMark += 1
    let mark = searchMark
    var work = [start]
    start.visitMark = mark
    while let node = work.popLast() {
      if node === target { return true }
      for edge in node.downstream {
        let next = edge.node
        guard next.visitMark != mark else { continue }
        next.visitMark = mark
        work.append(next)
      }
    }
    return false
  }

  /// Whether a node `effect` read changed after `generation` because of a
  /// write made after it: a property written since, or a derived value
  /// that changed since and reads one (transitively). A derived value that
  /// changed only because of earlier writes does not count. Lock held.
  func sourceChanged(of effect: GraphNode, after generation: Int) -> Bool {
    searchMark += 1
    let mark = searchMark
    var work = effect.readSources.map(\.node)
    while let node = work.popLast() {
      guard node.changedAt > generation, node.visitMark != mark else { continue }
      node.visitMark = mark
      guard node.kind == .derived else { return true }
      work.append(contentsOf: node.readSources.map(\.node))
    }
    return false
  }

  /// The shortest loop through `node`, named by its values (bindings and
  /// effects are the arrows between them).
  func cyclePath(through node: GraphNode) -> [String] {
    searchMark += 1
    let mark = searchMark
    var parent: [ObjectIdentifier: GraphNode] = [:]
    var frontier = [node]
    node.visitMark = mark
    var closing: GraphNode?
    search: while !frontier.isEmpty {
      var next: [GraphNode] = []
      for current in frontier {
        for edge in current.downstream {
          let candidate = edge.node
          if candidate === node {
            closing = current
            break search
          }
          guard candidate.visitMark != mark else { continue }
          candidate.visitMark = mark
          parent[ObjectIdentifier(candidate)] = current
          next.append(candidate)
        }
      }
      frontier = next
    }
    // Walk back from the node that closes the loop to the start.
    var backwards: [GraphNode] = []
    var cursor = closing
    while let current = cursor, current !== node {
      backwards.append(current)
      cursor = parent[ObjectIdentifier(current)]
    }
    let path = [node] + backwards.reversed() + [node]
    return path.filter { $0.kind == .property || $0.kind == .derived }.map(\.displayName)
  }

  /// Lets go of the observers that were disposed but are still in a stored
  /// value's list, and so of their handlers and what those capture.
  ///
  /// Disposing a stored value's observer ends it at once, but the entry, and
  /// the handler with it, stays in the value's list until the list next
  /// sweeps (when it has doubled since the last sweep, or when the value
  /// goes): disposal takes no lock and a subscription is two small objects
  /// (``ObservableValue/observe(options:_:)``). Code that ends many
  /// subscriptions at once and needs what they captured gone now, such as a
  /// script session that ends while its objects live on, calls this.
  /// O(live nodes); the handlers are released after the lock is.
  public func releaseDisposedObservers() {
    var released: [AnyObserverEntry] = []
    lock.lock()
    // Unretained, as the registry holds them: nothing in the walk frees a
    // node (the entries taken out are released after the unlock), and a
    // node whose deinit waits for the lock on another thread MUST NOT be
    // retained past the unlock, after which that deinit frees it.
    for edge in liveNodes { edge.withNode { $0.takeEndedObservers(into: &released) } }
    lock.unlock()
    withExtendedLifetime(released) {}
  }

  // MARK: Introspection

  /// A consistent picture of every live node and edge, for `graph` and `:bindings`.
  public func snapshot() -> GraphSnapshot {
    withLock {
      // A node whose deinit waits for the lock is still registered; holding
      // it until the lock is released (before that deinit goes on) is safe.
      let nodes = liveNodes.map(\.node).sorted { $0.id < $1.id }
      // A lazy derived value shows what a read would give now, not the
      // value of its last read; one that fails keeps its last value.
      for node in nodes where node.isInactive { try? node.refreshIfStale(in: self) }
      var snapshot = GraphSnapshot()
      // A time operator's observer of its source is shown as its edge instead.
      var followers: [Int: Int] = [:]
      for node in nodes { if let followed = node.followedNode { followers[followed.id, default: 0] += 1 } }
      for node in nodes {
        snapshot.nodes.append(
          GraphSnapshot.Node(
            id: node.id, label: node.displayName, kind: node.kind,
            value: node.valueDescription, observerCount: node.observerCount - (followers[node.id] ?? 0),
            partnerID: (node as? AnyBindingNode)?.partnerID, followedID: node.followedNode?.id))
        for edge in node.downstream where !edge.isDeadEdge {
          snapshot.edges.append(.init(from: node.id, to: edge.node.id))
        }
        // What a lazy (inactive) derived value last read is a read
        // dependency all the same, shown as one.
        for edge in node.passiveReaders {
          snapshot.edges.append(.init(from: node.id, to: edge.node.id))
        }
      }
      return snapshot
    }
  }
}

/// A value that changed in the current propagation, with its value before it.
struct ChangeRecord {
  let node: GraphNode
  let old: Any
}

/// One observer call waiting to be made.
struct PendingNotification {
  let entry: AnyObserverEntry
  let old: Any
  let new: Any
}

/// What a finished propagation owes its observers.
struct Deliveries {
  var changes: [PendingNotification] = []
  var completions: [AnyObserverEntry] = []
}
