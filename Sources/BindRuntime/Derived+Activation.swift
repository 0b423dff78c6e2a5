/// Lazy derived values (issue #14, feature 6).
///
/// A derived value that nothing observes, binds or reads is *inactive*: its
/// sources hold no edge to it, so their writes neither queue nor re-evaluate
/// it, and a thousand unread derived values cost a write nothing. It keeps
/// what its last evaluation read (`readSources`, unowned as ever) and a
/// passive link at each source's end (`passiveReaders`), which only tells it
/// when a source completes or goes away, as an edge would.
///
/// Reading an inactive value checks, without evaluating, whether any source
/// changed after the value was last known to be current (`changedAt` against
/// `verifiedAt`, both in the graph's `writeGeneration`, which counts property
/// writes only; inactive sources are checked first, recursively), and
/// evaluates it only then: Preact's and alien-signals' "pull when
/// unobserved". With no write anywhere since the last check, a read is one
/// comparison, so pulling a deep graph checks each node once per write
/// (a derived change does not move the generation: if it did, every later
/// read would check its whole upstream again, O(depth²) for cellx).
///
/// It becomes *active* (edges from its sources, updated by propagation in
/// rank order, as before) when it gains an observer or an edge to a reader
/// (a binding, an effect, an active derived value that read it), catching up
/// first; it goes inactive again when its last observer and its last reader
/// leave. Activation and deactivation cascade through chains of derived values.
///
/// Invariants (lock held): an inactive node has no edge from its read
/// sources and no observers; its `readSources` are mirrored by
/// `passiveReaders` entries, an active node's by `upstream` edges.
extension ReactiveGraph {
  /// Records a new derived value's first reads as passive links: it starts
  /// inactive and current. Lock held.
  func startInactive(_ owner: GraphNode, sources: [GraphNode]) {
    owner.isInactive = true
    relinkPassive(owner, to: sources)
    owner.verifiedAt = verificationStamp
  }

  /// The `writeGeneration` up to which a value checked now is known to be
  /// current. Changes carry the generation of the write that caused them,
  /// and derived values change after that write, inside its propagation: a
  /// check made while one is under way (work still queued) is good only up
  /// to the previous generation, so the next read checks again.
  var verificationStamp: Int {
    (isPropagating || batchDepth > 0) && !queue.isEmpty ? writeGeneration &- 1 : writeGeneration
  }

  /// Replaces an inactive node's passive links with links to `new`.
  func relinkPassive(_ owner: GraphNode, to new: [GraphNode]) {
    for edge in owner.readSources { edge.node.passiveReaders.removeFirst(node: owner) }
    for source in new { source.passiveReaders.append(NodeRef(owner)) }
    owner.replaceReadSources(with: EdgeList(new.lazy.map(NodeRef.init)))
  }

  /// Runs an inactive node's computation recording what it reads; relinks it
  /// passively when that differs from last time. Lock held.
  ///
  /// As ``evaluateTracked(owner:_:)``: a failed evaluation is relinked to what
  /// it read before it threw, and a failed derived value read through
  /// `value` fails it too (issue 14, errors as a derived value's state).
  ///
  /// Inlined into its one caller (``Derived/refreshDerivedIfStale(in:)``):
  /// as a generic call of its own it cost ~75 instructions an evaluation,
  /// and the result passed through one more indirect copy.
  @inline(__always)
  func evaluatePassive<T>(owner: GraphNode, _ body: () throws -> T) throws -> T {
    let tracking = beginTracking(owner: owner)
    defer { endTracking(tracking) }
    let outerFailedRead = failedRead
    if outerFailedRead != nil { failedRead = nil }
    defer { if failedRead != nil || outerFailedRead != nil { failedRead = outerFailedRead } }
    let result: T
    do {
      result = try body()
    } catch {
      relinkAfterPassiveEvaluation(owner, tracking.tracker)
      throw error
    }
    relinkAfterPassiveEvaluation(owner, tracking.tracker)
    if let failedRead { throw failedRead }
    return result
  }

  /// Relinks an inactive node that read other nodes than last time.
  @inline(__always)
  private func relinkAfterPassiveEvaluation(_ owner: GraphNode, _ tracker: Unmanaged<DependencyTracker>) {
    if !tracker._withUnsafeGuaranteedRef({ $0.readSameSources }) {
      relinkPassive(owner, to: tracker.takeUnretainedValue().newSources)
    }
  }
}

extension GraphNode {
  /// Whether a source of this inactive node changed after `verifiedAt`,
  /// bringing inactive sources up to date first (which is when they change).
  /// Lock held.
  @inline(__always)
  final func sourceChangedSinceVerified(in graph: ReactiveGraph) throws -> Bool {
    if verifiedAt < 0 { return true }
    var index = 0
    // By index: a source's own refresh may end a temporary node that this
    // one read, which then leaves `readSources` at once.
    while index < readSources.count {
      let source = readSources[index]
      // Unretained, refresh included: this node holds its derived sources,
      // and none is let go of before the pull ends (`ReadSources.swift`).
      // One already checked since the last write (read by another node of
      // this pull) is not called at all.
      if source.withNode({ $0.isInactive && $0.verifiedAt != graph.writeGeneration }) {
        try source.withNode { try $0.refreshIfStale(in: graph) }
        if source.withNode({ $0.changedAt }) > verifiedAt { return true }
      } else if source.withNode({ $0.changedAt }) > verifiedAt {
        return true
      }
      index += 1
    }
    return false
  }

  /// Removes the passive links at both ends: an inactive node's to its
  /// sources, and those of the inactive readers of this one (which forget
  /// it, as readers do when an edge goes). Part of ``detachFromGraph()``.
  func detachPassiveLinks() {
    if isInactive {
      for edge in readSources { edge.node.passiveReaders.removeFirst(node: self) }
    }
    while let edge = passiveReaders.popLast() { edge.node.forgetSource(self) }
  }
}

extension Derived {
  /// The current value, throwing what its evaluation throws (an inactive
  /// value evaluates when read, so the error surfaces at the read).
  /// The same as ``get()``, which also rethrows a kept error.
  public func checkedValue() throws -> Value {
    try get()
  }

  /// Whether nothing subscribes to it any more (no observers, no readers):
  /// a node it would cost writes to keep current for nobody.
  private var isUnsubscribed: Bool {
    downstream.count == deadDownstreamCount && liveObserverCount == 0
  }

  /// Re-evaluates an inactive value if a source changed since it was last
  /// current. Lock held.
  func refreshDerivedIfStale() throws {
    try refreshDerivedIfStale(in: ReactiveGraph.shared)
  }

  /// ``refreshDerivedIfStale()`` with the graph at hand.
  func refreshDerivedIfStale(in graph: ReactiveGraph) throws {
    try refreshIfStale(in: graph)
  }

  /// The body of ``refreshIfStale(in:)``, inlined there: the staleness loop
  /// calls that override for every source it brings up to date, and a
  /// forwarding call cost ~5 instructions each.
  ///
  /// The checks are in non-generic code (``GraphNode/sourceChangedSinceVerified(in:)``)
  /// and the evaluation is ``evaluation``, specialized for `Value`: what runs
  /// here, compiled once for every `Value`, touches no value of type `Value`.
  @inline(__always) func refreshInactive(in graph: ReactiveGraph) throws {
    // No write anywhere since the last check: nothing can have changed.
    guard isInactive, !isCompleted, verifiedAt != graph.writeGeneration else { return }
    graph.beginPull()
    // Not `defer`: with it, the evaluation below was no longer inlined
    // (~90 instructions more for each value a pull evaluates).
    do {
      try refreshStale(in: graph)
    } catch {
      graph.endPull()
      throw error
    }
    graph.endPull()
  }

  /// The rest of ``refreshInactive(in:)``, for a value that may be stale.
  @inline(__always) private func refreshStale(in graph: ReactiveGraph) throws {
    if try sourceChangedSinceVerified(in: graph) {
      let differs: Bool
      do {
        differs = try graph.evaluatePassive(owner: self) { try evaluation.run(self, graph) }
      } catch {
        keepFailure(error, in: graph)
        throw error
      }
      let recovered = hasFailure
      if recovered { failure = nil }
      if differs || recovered { changedAt = graph.writeGeneration }
      if differs && graph.recordsCauses { recordEvaluation(in: graph) }
    }
    verifiedAt = graph.verificationStamp
    if hasFailure, let failure { throw failure }
  }

  /// Records this evaluation's cause (`why`). Out of line, as
  /// ``keepFailure(_:in:)``: the boxed value stays out of every refresh's frame.
  @inline(never) private func recordEvaluation(in graph: ReactiveGraph) {
    graph.recordEvaluation(of: self, value: storage)
  }

  /// The error is the value's state (issue 14): kept, and rethrown by reads
  /// until a source changes, as for an active value. Out of line, so that
  /// the trace's string stays out of the frame of every refresh (a pull
  /// nests one frame per level).
  @inline(never) private func keepFailure(_ error: Error, in graph: ReactiveGraph) {
    failure = error
    changedAt = graph.writeGeneration
    verifiedAt = graph.verificationStamp
    graph.trace(.evaluate(node: displayName, value: "error: \(error)"))
  }

  /// `value`'s refresh, which cannot throw: inside a propagation the error is
  /// thrown by the propagation, elsewhere it goes to the error handler.
  func refreshReportingErrors() {
    do {
      try refreshDerivedIfStale()
    } catch {
      let graph = ReactiveGraph.shared
      if graph.isPropagating {
        graph.deferredError = graph.deferredError ?? error
      } else {
        graph.errorHandlerUnderLock(error)
      }
    }
  }

  /// Catches up and subscribes to its sources, before something subscribes
  /// to it. Lock held.
  func activateDerived() {
    guard isInactive, !isCompleted else { return }
    let graph = ReactiveGraph.shared
    do {
      try refreshDerivedIfStale()
    } catch {
      // Active, it re-evaluates when a source changes; the error is the
      // propagation's under way, or the error handler's.
      if graph.isPropagating {
        graph.deferredError = graph.deferredError ?? error
      } else {
        graph.errorHandlerUnderLock(error)
      }
    }
    isInactive = false
    // A copy: adding an edge may activate a source, which changes only its
    // own lists, but the loop must not depend on that.
    let sources = readSources
    for edge in sources {
      let source = edge.node
      source.passiveReaders.removeFirst(node: self)
      graph.addEdge(from: source, to: self)
    }
  }

  /// Goes inactive once the last observer and the last reader have left.
  /// Lock held.
  func deactivateIfUnsubscribed() {
    guard !isInactive, !isCompleted, isUnsubscribed else { return }
    let graph = ReactiveGraph.shared
    // Not while its own evaluation is under way (its last reader let go from
    // inside it): that evaluation rewires it as an active node when it ends.
    if graph.isEvaluating(self) { return }
    isInactive = true
    // Queued means a source changed and the update has not run yet.
    verifiedAt = isQueued ? -1 : graph.verificationStamp
    let sources = readSources
    for edge in sources {
      let source = edge.node
      // May deactivate the source in turn (a chain of derived values).
      graph.removeEdge(from: source, to: self)
      source.passiveReaders.append(NodeRef(self))
    }
  }
}

extension ReactiveGraph {
  /// Whether the evaluation under way read a failed derived value through
  /// its non-throwing `value`: it fails with that error, and MUST NOT store
  /// what it computed from the fallback. Lock held.
  @inlinable var hasFailedRead: Bool { failedRead != nil }

  /// Whether a tracked evaluation of `node` is under way (on the stack).
  func isEvaluating(_ node: GraphNode) -> Bool {
    for index in 0..<trackingDepth where trackerPool[index]._withUnsafeGuaranteedRef({ $0.owner === node }) {
      return true
    }
    return false
  }

  /// Hands an error to the error handler from code that holds the lock and
  /// cannot throw (a lazy value caught up by a read or a subscription).
  func errorHandlerUnderLock(_ error: Error) {
    storedErrorHandler(error)
  }
}
