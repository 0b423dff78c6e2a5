/// A read-only value computed from other observable values.
///
/// The closure's dependencies are tracked automatically: it re-runs when, and
/// only when, a value it read on its *last* evaluation changes. Propagation
/// is glitch-free: in a diamond, one change evaluates the bottom once, with
/// consistent inputs.
///
/// ```swift
/// let canSubmit = Derived { !vm.username.isEmpty && vm.password.count >= 8 }
/// canSubmit.bind(to: button, at: \.isEnabled).disposed(by: bag)
/// ```
///
/// A derived value is kept alive by whoever holds it and by its observers and
/// bindings. It completes (observers hear `.completed`) when every value it
/// depends on is gone, or when the node given as `lifetime` is.
public final class Derived<Value>: ObservableValue<Value> {
  let compute: () throws -> Value
  /// The last fresh read's result, valid while no property has been written
  /// since `freshGeneration`. Two fields, not an optional tuple, whose generic
  /// metadata every new derived value would look up.
  @exclusivity(unchecked) private var freshValue: Value?
  @exclusivity(unchecked) private var freshGeneration = -1
  /// The nodes whose completion completes this one, by id: most derived
  /// values have none or one, which needs no array.
  private let lifetimeID: Int?
  private let moreLifetimeIDs: [Int]

  /// Creates a derived value whose changes are decided by `isSame`.
  ///
  /// - Parameters:
  ///   - lifetime: a node whose completion completes this value too (the root
  ///     of a key-path chain).
  ///   - lifetimes: more such nodes: the value completes when any of them does.
  ///   - compute: evaluated at once and after each change of what it read.
  public init(
    label: String? = nil, lifetime: GraphNode? = nil, lifetimes: [GraphNode] = [],
    isSame: @escaping (Value, Value) -> Bool, _ compute: @escaping () throws -> Value
  ) rethrows {
    let graph = ReactiveGraph.shared
    graph.lock.lock()
    defer { graph.lock.unlock() }
    // The tracker's list of reads is linked while the tracker still holds it,
    // so that it keeps its storage for the next evaluation.
    let tracking = graph.beginTracking(owner: nil)
    defer { graph.endTracking(tracking) }
    let initial = try compute()
    graph.trackerRef = tracking.saved
    self.compute = compute
    self.lifetimeID = lifetime?.id
    self.moreLifetimeIDs = lifetimes.map(\.id)
    super.init(storage: initial, kind: .derived, label: label, isSame: isSame)
    let sources = tracking.tracker.takeUnretainedValue().sources
    // Lazy: inactive until something observes, binds or reads it
    // (Derived+Activation.swift), so its sources hold no edge to it yet.
    graph.startInactive(self, sources: sources)
    // Lifetime edges carry only completion: a lifetime node never changes.
    // A lifetime that is also a source tells this value through that link.
    func linkLifetime(_ node: GraphNode) {
      if !readSources.contains(node: node) && !node.downstream.contains(node: self) {
        graph.addLinks(from: node, to: self)
      }
    }
    if let lifetime { linkLifetime(lifetime) }
    lifetimes.forEach(linkLifetime)
    // Nothing read means nothing can change it: it is complete from the start.
    if sources.isEmpty { isCompleted = true }
  }

  deinit { endOfLife() }

  /// The current value. Inside an unfinished ``ReactiveGraph/transaction(_:)``
  /// it is computed fresh, so reads see the transaction's writes.
  override public var value: Value {
    let graph = ReactiveGraph.shared
    graph.lock.lock()
    defer { graph.lock.unlock() }
    if graph.evaluatesFresh || (graph.batchDepth > 0 && !graph.isPropagating && !graph.queue.isEmpty) {
      do {
        return try computeFresh()
      } catch {
        graph.deferredError = graph.deferredError ?? error
      }
    }
    // Lazy derived values: an inactive one catches up first.
    if isInactive { refreshReportingErrors() }
    return trackedValue()
  }

  /// Computes the value without tracking, for reads mid-transaction. The
  /// result is kept until the next write: this MUST be memoized, because a
  /// fresh read re-reads every input, and without it diamonds stacked in
  /// layers make one read exponential in the depth.
  func computeFresh() throws -> Value {
    let graph = ReactiveGraph.shared
    if freshGeneration == graph.writeGeneration, let freshValue { return freshValue }
    let (savedFresh, savedTracker) = (graph.evaluatesFresh, graph.tracker)
    graph.evaluatesFresh = true
    graph.tracker = nil
    defer { (graph.evaluatesFresh, graph.tracker) = (savedFresh, savedTracker) }
    let value = try compute()
    (freshValue, freshGeneration) = (value, graph.writeGeneration)
    return value
  }

  override var isRetainedBySubscriptions: Bool { true }

  override func update() throws {
    // An inactive value (lazy) is brought up to date when it is read.
    guard !isCompleted, !isInactive else { return }
    let graph = ReactiveGraph.shared
    let new = try graph.evaluateTracked(owner: self, compute)
    graph.trace(.evaluate(node: displayName, value: String(describing: new)))
    guard !isSame(storage, new) else { return }
    try graph.willChange(self, hasObservers: !observers.isEmpty, old: storage)
    storage = new
    // For inactive derived values that read this one.
    changedAt = graph.writeGeneration
    graph.enqueueDownstream(of: self)
  }

  // Lazy derived values: the hooks, implemented in Derived+Activation.swift.
  override func activate() { activateDerived() }
  override func didLoseSubscriber() { deactivateIfUnsubscribed() }
  override func refreshIfStale() throws { try refreshDerivedIfStale() }

  override func upstreamDidComplete(_ node: GraphNode) {
    if node.id == lifetimeID || moreLifetimeIDs.contains(node.id) || readSources.isEmpty { complete() }
  }
}

extension Derived {
  /// A derived value compared with `==`: it only notifies when the result
  /// differs. Inlinable, so that the comparison is specialized for `Value`.
  @inlinable
  public convenience init(label: String? = nil, lifetime: GraphNode? = nil, _ compute: @escaping () throws -> Value) rethrows
  where Value: Equatable {
    try self.init(label: label, lifetime: lifetime, isSame: Sameness.equatable, compute)
  }

  /// A derived value whose every re-evaluation counts as a change.
  @inlinable
  public convenience init(label: String? = nil, lifetime: GraphNode? = nil, _ compute: @escaping () throws -> Value) rethrows {
    try self.init(label: label, lifetime: lifetime, isSame: Sameness.never, compute)
  }
}
