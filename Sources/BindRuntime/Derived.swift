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
  private let compute: () throws -> Value
  private var sources: [WeakNode] = []
  private let lifetimeID: Int?

  /// Creates a derived value whose changes are decided by `isSame`.
  ///
  /// - Parameters:
  ///   - lifetime: a node whose completion completes this value too (the root
  ///     of a key-path chain).
  ///   - compute: evaluated at once and after each change of what it read.
  public init(
    label: String? = nil, lifetime: GraphNode? = nil,
    isSame: @escaping (Value, Value) -> Bool, _ compute: @escaping () throws -> Value
  ) rethrows {
    let graph = ReactiveGraph.shared
    graph.lock.lock()
    defer { graph.lock.unlock() }
    let tracker = DependencyTracker()
    let saved = graph.tracker
    graph.tracker = tracker
    defer { graph.tracker = saved }
    let initial = try compute()
    graph.tracker = saved
    self.compute = compute
    self.lifetimeID = lifetime?.id
    super.init(storage: initial, kind: .derived, label: label, isSame: isSame)
    graph.rewire(self, from: &sources, to: tracker.sources)
    // Nothing read means nothing can change it: it is complete from the start.
    if tracker.sources.isEmpty { isCompleted = true }
  }

  deinit {
    let graph = ReactiveGraph.shared
    graph.lock.lock()
    for edge in sources { if let source = edge.node { graph.removeEdge(from: source, to: self) } }
    complete()
    graph.lock.unlock()
  }

  /// The current value. Inside an unfinished ``ReactiveGraph/transaction(_:)``
  /// it is computed fresh, so reads see the transaction's writes.
  override public var value: Value {
    let graph = ReactiveGraph.shared
    graph.lock.lock()
    defer { graph.lock.unlock() }
    if graph.evaluatesFresh || (graph.batchDepth > 0 && !graph.isPropagating && !graph.queue.isEmpty) {
      do {
        return try freshValue()
      } catch {
        graph.deferredError = graph.deferredError ?? error
      }
    }
    return trackedValue()
  }

  /// Computes the value without caching or tracking, for reads mid-transaction.
  private func freshValue() throws -> Value {
    let graph = ReactiveGraph.shared
    let (savedFresh, savedTracker) = (graph.evaluatesFresh, graph.tracker)
    graph.evaluatesFresh = true
    graph.tracker = nil
    defer { (graph.evaluatesFresh, graph.tracker) = (savedFresh, savedTracker) }
    return try compute()
  }

  override var isRetainedBySubscriptions: Bool { true }

  override func update() throws {
    guard !isCompleted else { return }
    let graph = ReactiveGraph.shared
    let new = try graph.evaluateTracked(owner: self, sources: &sources, compute)
    graph.trace(.evaluate(node: displayName, value: String(describing: new)))
    guard !isSame(storage, new) else { return }
    try graph.willChange(self, hasObservers: !observers.isEmpty, old: storage)
    storage = new
    graph.enqueueDownstream(of: self)
  }

  override func upstreamDidComplete(id: Int) {
    sources.removeAll { $0.node == nil || $0.node?.id == id }
    if id == lifetimeID || sources.isEmpty { complete() }
  }
}

extension Derived {
  /// A derived value compared with `==`: it only notifies when the result differs.
  public convenience init(label: String? = nil, lifetime: GraphNode? = nil, _ compute: @escaping () throws -> Value) rethrows
  where Value: Equatable {
    try self.init(label: label, lifetime: lifetime, isSame: Sameness.equatable, compute)
  }

  /// A derived value whose every re-evaluation counts as a change.
  public convenience init(label: String? = nil, lifetime: GraphNode? = nil, _ compute: @escaping () throws -> Value) rethrows {
    try self.init(label: label, lifetime: lifetime, isSame: Sameness.never, compute)
  }
}
