/// Records which nodes one evaluation reads, so that the evaluation re-runs
/// when, and only when, one of those nodes changes.
///
/// Nearly every evaluation reads what the previous one read, in the same
/// order (Preact's and Reactively's observation): while that holds, a read
/// only moves a cursor along the owner's `readSources`, with no copy, no
/// retain and no allocation. The first read that differs switches to
/// collecting a new list. Collected reads are deduplicated by a linear scan,
/// and the set (which hashes every read) is built only past `linearLimit`.
@usableFromInline final class DependencyTracker {
  private static let linearLimit = 16
  /// The node whose evaluation this is; nil for a node under construction.
  /// Unretained: the evaluation holds it.
  @usableFromInline @exclusivity(unchecked) var ownerRef: Unmanaged<GraphNode>?
  var owner: GraphNode? { ownerRef?.takeUnretainedValue() }
  /// How many of the owner's `readSources` this evaluation has read, in order.
  @usableFromInline @exclusivity(unchecked) var matched = 0
  /// The owner while this evaluation has read what the previous one did, in
  /// order; nil once a read differed (from then on `sources` holds every
  /// read), and for a node under construction. One field, so that a read
  /// checks one thing before it compares.
  @usableFromInline @exclusivity(unchecked) var matchingRef: Unmanaged<GraphNode>?
  /// Whether `sources` holds every read of this evaluation.
  var isCollecting: Bool { matchingRef == nil }
  /// Strong, unlike edges: a node read once and dropped at once (a temporary)
  /// must live until ``ReactiveGraph/rewire(_:to:)`` has linked it, so
  /// that its deinit finds and removes the edge.
  @exclusivity(unchecked) private(set) var sources: [GraphNode] = []
  @exclusivity(unchecked) private var seen: Set<ObjectIdentifier> = []

  /// Starts tracking an evaluation of `owner`, matching its reads against
  /// the previous ones.
  func begin(owner: GraphNode) {
    ownerRef = .passUnretained(owner)
    matchingRef = ownerRef
  }

  @inlinable @inline(__always) func record(_ node: GraphNode) {
    if !recordIfNext(node) { recordOther(node) }
  }

  /// Records `node` if it is the next read of the previous evaluation, and
  /// says whether it was. Calls nothing: a read inlined into the closure
  /// that makes it (``Property/value``) then needs no retain of the node it
  /// reads, where a call on its path made the compiler retain and release
  /// each one (two atomic operations a read, most of an effect's re-run).
  @inlinable @inline(__always) func recordIfNext(_ node: GraphNode) -> Bool {
    guard let matchingRef else { return false }
    // The owner's live list, not a copy: a source that goes away during the
    // evaluation leaves it at once (`forgetSource`), so nothing compared or
    // copied here can be a freed node.
    let expected = matched
    let isNext = matchingRef._withUnsafeGuaranteedRef { $0.readSources.isEdge(at: expected, to: node) }
    if isNext { matched &+= 1 }
    return isNext
  }

  /// Any read ``recordIfNext(_:)`` did not record: one collected into a new
  /// list, a repeat, or the point where this evaluation starts collecting.
  @usableFromInline @inline(never) func recordOther(_ node: GraphNode) {
    if isCollecting { return collect(node) }
    recordDifferentRead(node)
  }

  /// A read that is not the next of the previous evaluation's: a repeat, or
  /// the point where this evaluation starts collecting its own list.
  private func recordDifferentRead(_ node: GraphNode) {
    guard let owner else { return collect(node) }
    for index in 0..<min(matched, owner.readSources.count) where owner.readSources[index].node === node { return }
    matchingRef = nil
    sources = owner.readSources.prefix(matched).map(\.node)
    collect(node)
  }

  private func collect(_ node: GraphNode) {
    if sources.count < Self.linearLimit {
      for source in sources where source === node { return }
      sources.append(node)
      return
    }
    if seen.isEmpty { seen = Set(sources.map(ObjectIdentifier.init)) }
    if seen.insert(ObjectIdentifier(node)).inserted { sources.append(node) }
  }

  /// Whether the evaluation read exactly what the previous one did.
  var readSameSources: Bool {
    // Unretained: the evaluation holds the owner.
    matchingRef?._withUnsafeGuaranteedRef { matched == $0.readSources.count } ?? false
  }

  /// What the evaluation read, when it did not read the same sources.
  var newSources: [GraphNode] {
    if isCollecting { return sources }
    // Only a prefix of the previous reads, nothing new.
    return owner.map { Array($0.readSources.prefix(matched).map(\.node)) } ?? []
  }

  /// The name of a derived value under construction (whose evaluation has
  /// no owner node yet), for the error of a write it must not make.
  @exclusivity(unchecked) var constructionLabel: String?

  /// The derived value this evaluation computes, by name, if the evaluation
  /// read `node` so far; nil for effects and for what it did not read. Only
  /// writes ask (``Property/set(_:)`` inside an evaluation), so a scan is fine.
  func derivedReader(of node: GraphNode) -> String? {
    let name: String
    if let owner {
      guard owner.kind == .derived else { return nil }
      name = owner.displayName
    } else {
      guard let constructionLabel else { return nil }
      name = constructionLabel
    }
    if isCollecting { return sources.contains { $0 === node } ? name : nil }
    guard let owner else { return nil }
    for index in 0..<min(matched, owner.readSources.count) where owner.readSources[index].node === node { return name }
    return nil
  }

  /// Empties the tracker for reuse, keeping its storage.
  @inline(__always) func reset() {
    // Nearly every evaluation only matched its previous reads: then nothing
    // was collected (and a node under construction always collects).
    if !isCollecting {
      ownerRef = nil
      matchingRef = nil
      matched = 0
      return
    }
    resetCollected()
  }

  @inline(never) private func resetCollected() {
    if constructionLabel != nil { constructionLabel = nil }
    ownerRef = nil
    matched = 0
    if !sources.isEmpty { sources.removeAll(keepingCapacity: true) }
    if !seen.isEmpty { seen.removeAll() }
  }
}

extension GraphNode {
  /// Records that the evaluation under way, if any, read this node. Lock held.
  @inlinable @inline(__always) final func recordRead(in graph: ReactiveGraph) {
    if let tracker = graph.trackerRef { tracker._withUnsafeGuaranteedRef { $0.record(self) } }
  }

  /// Records the read as ``recordRead(in:)`` does when that takes no call:
  /// no evaluation is under way, or this is the next read of the previous
  /// one. False when the read is still to record. Lock held.
  @inlinable @inline(__always) final func recordReadWithoutCall(in graph: ReactiveGraph) -> Bool {
    guard let tracker = graph.trackerRef else { return true }
    return tracker._withUnsafeGuaranteedRef { $0.recordIfNext(self) }
  }
}

extension ReactiveGraph {
  /// Runs `body` recording what it reads, then rewires `owner`'s upstream
  /// edges to exactly those nodes. Lock held.
  ///
  /// An evaluation that throws is rewired too: what it read before it failed
  /// are its dependencies, so a change to one of them retries it. A failed
  /// derived value read through its non-throwing `value` fails the
  /// evaluation as well (``failedRead``).
  func evaluateTracked<T>(owner: GraphNode, _ body: () throws -> T) throws -> T {
    let tracking = beginTracking(owner: owner)
    defer { endTracking(tracking) }
    let outerFailedRead = failedRead
    failedRead = nil
    defer { failedRead = outerFailedRead }
    let result: T
    do {
      result = try body()
    } catch {
      rewireAfterEvaluation(owner, tracking)
      throw error
    }
    rewireAfterEvaluation(owner, tracking)
    if let failedRead { throw failedRead }
    return result
  }

  @inline(__always) private func rewireAfterEvaluation(_ owner: GraphNode, _ tracking: Tracking) {
    let tracker = tracking.tracker
    if !tracker._withUnsafeGuaranteedRef({ $0.readSameSources }) {
      rewire(owner, to: tracker.takeUnretainedValue().newSources)
    }
  }

  /// One tracked evaluation: its tracker, and the one it replaced as current.
  struct Tracking {
    /// Unmanaged all along: the pool owns it, and each use would otherwise
    /// retain and release it.
    let tracker: Unmanaged<DependencyTracker>
    let saved: Unmanaged<DependencyTracker>?
  }

  /// Makes a tracker from the pool (one per nesting level of evaluations, so
  /// that evaluating allocates nothing) the current one. `owner` is the node
  /// evaluated, whose previous reads are matched; nil for a node under
  /// construction, which collects every read. Lock held.
  @inline(__always) func beginTracking(owner: GraphNode?) -> Tracking {
    if trackingDepth == trackerPool.count { trackerPool.append(.passRetained(DependencyTracker())) }
    let tracker = trackerPool[trackingDepth]
    trackingDepth += 1
    if let owner { tracker._withUnsafeGuaranteedRef { $0.begin(owner: owner) } }
    let tracking = Tracking(tracker: tracker, saved: trackerRef)
    trackerRef = tracker
    return tracking
  }

  /// Restores the previous tracker and returns this one, emptied, to the pool.
  @inline(__always) func endTracking(_ tracking: Tracking) {
    trackerRef = tracking.saved
    tracking.tracker._withUnsafeGuaranteedRef { $0.reset() }
    trackingDepth -= 1
  }

  /// Replaces the edges into `owner`; unchanged dependencies cost nothing.
  ///
  /// `old` holds the edges' upstream ends in the order of the last
  /// evaluation; an evaluation that read the same nodes in the same order
  /// (nearly all of them) is recognised by one pass and changes nothing.
  func rewire(_ owner: GraphNode, to new: [GraphNode]) {
    let old = owner.readSources
    if old.isEmpty {
      // A first evaluation: `new` holds each node once, every edge is new.
      for source in new { addEdge(from: source, to: owner) }
      owner.replaceReadSources(with: EdgeList(new.lazy.map(NodeRef.init)))
      enqueueIfReadAbove(owner, new)
      return
    }
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
    owner.replaceReadSources(with: EdgeList(new.lazy.map(NodeRef.init)))
    enqueueIfReadAbove(owner, new)
  }

  /// An evaluation that discovered a new dependency ranked at or above it
  /// (raised there by the edges just added) may have read a stale value; it
  /// runs again after that dependency settles.
  private func enqueueIfReadAbove(_ owner: GraphNode, _ sources: [GraphNode]) {
    guard isPropagating else { return }
    if sources.contains(where: { $0.rank >= owner.rank }) && !sources.contains(where: { $0 === owner }) {
      enqueue(owner)
    }
  }
}
