/// Recording what caused each change (``ChangeCause``), for `why`.
///
/// Off unless someone asks: a write then pays one test of
/// ``recordsCauses`` (a script that never uses `why` keeps its speed). On,
/// every change of a value, and every binding or effect made, is recorded
/// in tables kept beside the graph, by node id, so that no node grows a field.
extension ReactiveGraph {
  /// Starts recording causes, for as long as at least one caller has
  /// started and not stopped (two sessions in one process each start and
  /// stop their own). Changes made before are not recorded.
  /// - Returns: the id the next node made will have: the nodes from that
  ///   one on were made while causes were recorded.
  @discardableResult
  public func beginRecordingCauses() -> Int {
    withLock {
      causeRecorders += 1
      recordsCauses = true
      return nextNodeID + 1
    }
  }

  /// Stops recording for one caller of ``beginRecordingCauses()``; with the
  /// last, the recorded causes are let go of.
  public func endRecordingCauses() {
    withLock {
      guard causeRecorders > 0 else { return }
      causeRecorders -= 1
      guard causeRecorders == 0 else { return }
      recordsCauses = false
      causes = [:]
      creationOrigins = [:]
      storedWriteOrigin = nil
    }
  }

  /// Whether causes are being recorded.
  public var isRecordingCauses: Bool { withLock { recordsCauses } }

  /// What the code writing now calls itself (a script statement's place),
  /// kept with the causes of the writes it makes and of the bindings and
  /// effects it makes; nil while code that names nothing writes (Swift).
  /// Set by the writer around its writes, only while causes are recorded.
  public var writeOrigin: AnyObject? {
    get { withLock { storedWriteOrigin } }
    set { withLock { storedWriteOrigin = newValue } }
  }

  /// The cause of `node`'s last change, nil if it has not changed since it
  /// was made, or since causes began to be recorded.
  public func lastCause(of node: GraphNode) -> ChangeCause? {
    withLock {
      // A lazy value is brought up to date first, as a read would, so that
      // its cause is the one of the value a read gives now.
      if node.isInactive { try? node.refreshIfStale(in: self) }
      return cause(of: node)
    }
  }

  // MARK: Recording (lock held)

  /// Records the change of `node` to `value` made by the write under way:
  /// from outside the graph, or by the binding or effect updating now.
  @usableFromInline @inline(never)
  func recordWrite(of node: GraphNode, value: Any) {
    guard let writer = currentWriter else {
      return record(node, value: value, step: .written(origin: storedWriteOrigin), trigger: nil)
    }
    let origin = creationOrigins[writer.id]
    if writer.kind == .effect {
      record(node, value: value, step: .effect(effect: .init(writer), origin: origin), trigger: latestChangedSource(of: writer))
    } else {
      let source = (writer as? AnyBindingNode)?.sourceNode
      record(node, value: value, step: .bound(binding: .init(writer), origin: origin), trigger: source)
    }
  }

  /// Records a derived value's evaluation to a new `value`.
  @usableFromInline @inline(never)
  func recordEvaluation(of node: GraphNode, value: Any) {
    record(node, value: value, step: .evaluated, trigger: latestChangedSource(of: node))
  }

  /// Records a forced notification of `node` (``ObservableValue/notifyChange()``).
  func recordNotification(of node: GraphNode, value: Any) {
    record(node, value: value, step: .notified(origin: storedWriteOrigin), trigger: nil)
  }

  /// Remembers where a binding or an effect was made.
  func recordCreation(of node: GraphNode) {
    if let origin = storedWriteOrigin { creationOrigins[node.id] = origin }
  }

  /// Lets go of what was recorded for a node that leaves the graph.
  func forgetCauses(of node: GraphNode) {
    causes[node.id] = nil
    creationOrigins[node.id] = nil
  }

  private func record(_ node: GraphNode, value: Any, step: ChangeCause.Step, trigger: GraphNode?) {
    causes[node.id] = ChangeCause(
      node: .init(node), value: value, step: step, source: trigger.map(ChangeCause.Node.init),
      upstream: trigger.flatMap(cause(of:)))
  }

  /// The recorded cause of `node`'s last change; for a derived value with
  /// none (made, and first evaluated, after what it reads changed), the
  /// cause of its value: the change of what it read that changed last.
  /// A loop, not recursion: a chain of such values may be long.
  private func cause(of node: GraphNode) -> ChangeCause? {
    if let recorded = causes[node.id] { return recorded }
    var unrecorded: [GraphNode] = []
    var current = node
    var upstream: ChangeCause?
    while current.kind == .derived, unrecorded.count < Self.unrecordedDerivedLimit,
      let source = latestChangedSource(of: current)
    {
      unrecorded.append(current)
      if let recorded = causes[source.id] {
        upstream = recorded
        break
      }
      current = source
    }
    guard upstream != nil else { return nil }
    for (index, derived) in unrecorded.enumerated().reversed() {
      let source = index + 1 < unrecorded.count ? unrecorded[index + 1] : latestChangedSource(of: derived)
      upstream = ChangeCause(
        node: .init(derived), value: derived.boxedValue ?? (), step: .evaluated,
        source: source.map(ChangeCause.Node.init), upstream: upstream)
    }
    return upstream
  }

  /// How many derived values without a recorded change ``cause(of:)`` walks
  /// through before it gives up looking for a recorded one.
  static let unrecordedDerivedLimit = 1_000

  /// Of the values `node`'s last evaluation read, the one that changed
  /// last: what made it run again.
  private func latestChangedSource(of node: GraphNode) -> GraphNode? {
    var latest: GraphNode?
    for edge in node.readSources {
      let source = edge.node
      if source.changedAt > (latest?.changedAt ?? 0) { latest = source }
    }
    return latest
  }
}
