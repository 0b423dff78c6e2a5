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
/// A derived value is kept alive by whoever holds it, by its observers and
/// bindings, and by the derived values and effects whose last evaluation
/// read it. It completes (observers hear `.completed`) when every value it
/// depends on is gone, or when the node given as `lifetime` is.
public final class Derived<Value>: ObservableValue<Value> {
  /// Runs `compute`, and stores the result if it differs from the value
  /// (returns whether it did): the evaluation of a pull, made by the
  /// inlinable initializers so that it is specialized for `Value` where the
  /// value is created. In this class's own code, compiled once for every
  /// `Value`, the result would pass through three generic copies and the
  /// comparison through a reabstraction thunk (~50 instructions an evaluation).
  ///
  /// First of the class's fields: a pull reads it right after the node's
  /// state and `storage` (see the layout note on ``GraphNode``).
  @usableFromInline let evaluation: Evaluation
  /// What the value is computed by. Read by ``evaluation`` from the node
  /// itself, beside it, rather than captured: a capture would be a context
  /// object of its own, one more allocation per value and one more load
  /// (often a cache miss) per evaluation of a pull.
  @usableFromInline let compute: () throws -> Value
  /// The last fresh read's result, valid while no property has been written
  /// since `freshGeneration`. Two fields, not an optional tuple, whose generic
  /// metadata every new derived value would look up.
  @exclusivity(unchecked) private var freshValue: Value?
  @exclusivity(unchecked) private var freshGeneration = -1
  /// The nodes whose completion completes this one, by id: most derived
  /// values have none or one, which needs no array.
  private let lifetimeID: Int?
  private let moreLifetimeIDs: [Int]
  /// What the last re-evaluation threw, if it failed: the value's state
  /// until a dependency changes. Reads rethrow it (``get()``).
  @exclusivity(unchecked) var failure: Error? {
    didSet { hasFailure = failure != nil }
  }
  /// Where writes go, for a writable derived value (``init(label:lifetime:isSame:get:set:)``).
  let writeBack: ((Value) throws -> Void)?

  /// A struct, not a bare closure parameter: a `rethrows` initializer may
  /// only throw what its closure parameters throw, and this one is made
  /// from `compute`, not given.
  @usableFromInline struct Evaluation {
    @usableFromInline let run: (Derived<Value>, ReactiveGraph) throws -> Bool
    @inlinable init(_ run: @escaping (Derived<Value>, ReactiveGraph) throws -> Bool) { self.run = run }
  }

  /// Creates a derived value whose changes are decided by `isSame`.
  ///
  /// - Parameters:
  ///   - lifetime: a node whose completion completes this value too (the root
  ///     of a key-path chain).
  ///   - lifetimes: more such nodes: the value completes when any of them does.
  ///   - compute: evaluated at once and after each change of what it read.
  @inlinable
  public convenience init(
    label: String? = nil, lifetime: GraphNode? = nil, lifetimes: [GraphNode] = [],
    isSame: @escaping (Value, Value) -> Bool, _ compute: @escaping () throws -> Value
  ) rethrows {
    try self.init(
      label: label, lifetime: lifetime, lifetimes: lifetimes, isSame: isSame, compute: compute, writeBack: nil,
      evaluate: Self.makeEvaluation())
  }

  /// The ``evaluation`` of a value compared with its `isSame`. The new value
  /// is stored only if the evaluation read no failed derived value (then it
  /// fails, keeping the last value computed without error). It captures
  /// nothing: `compute` and `isSame` are the node's own.
  @inlinable
  static func makeEvaluation() -> Evaluation {
    Evaluation { node, graph in
      let new = try node.compute()
      guard !graph.hasFailedRead else { return false }
      if graph.storedTracer != nil { graph.traceEvaluation(of: node, value: new) }
      if node.isSame(node.storage, new) { return false }
      node.storage = new
      return true
    }
  }

  /// - Parameter placeholder: the value while the first evaluation's error
  ///   is the value's state; without one, `init` throws that error.
  @usableFromInline
  init(
    label: String?, lifetime: GraphNode?, lifetimes: [GraphNode], isSame: @escaping (Value, Value) -> Bool,
    compute: @escaping () throws -> Value, writeBack: ((Value) throws -> Void)?, evaluate: Evaluation,
    placeholder: Value? = nil
  ) rethrows {
    let graph = ReactiveGraph.shared
    graph.lock.lock()
    defer { graph.lock.unlock() }
    // The tracker's list of reads is linked while the tracker still holds it,
    // so that it keeps its storage for the next evaluation.
    let tracking = graph.beginTracking(owner: nil)
    defer { graph.endTracking(tracking) }
    tracking.tracker._withUnsafeGuaranteedRef { $0.constructionLabel = label ?? "a derived value" }
    let outerFailedRead = graph.failedRead
    graph.failedRead = nil
    defer { graph.failedRead = outerFailedRead }
    let initial: Value
    var thrown: Error?
    do {
      initial = try compute()
    } catch {
      guard let placeholder else { throw error }
      (initial, thrown) = (placeholder, error)
    }
    // A failed derived value read through `value`: this one starts failed too.
    let initialFailure = thrown ?? graph.failedRead
    graph.trackerRef = tracking.saved
    self.compute = compute
    self.writeBack = writeBack
    self.evaluation = evaluate
    self.lifetimeID = lifetime?.id
    self.moreLifetimeIDs = lifetimes.map(\.id)
    super.init(storage: initial, kind: .derived, label: label, isSame: isSame)
    failure = initialFailure
    // Not through `didSet`: an initializer's own assignments call no observers.
    hasFailure = initialFailure != nil
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
  ///
  /// If the last evaluation threw, this is the last value computed without
  /// error, and the error goes where a non-throwing read can send it: to the
  /// evaluation reading this value (which fails with it), or to
  /// ``ReactiveGraph/errorHandler``. Call ``get()`` to receive it.
  override public var value: Value {
    // Inlinable, with the fast path only: a read inside an evaluation on this
    // thread (every read of a pull) is specialized for `Value` where the
    // closure that reads is compiled, and costs a few loads and compares. A
    // read of a `Derived<Value>` through the vtable ran ~90 instructions,
    // most of them the generic copy and the frame of the slow paths.
    // Reads through an `ObservableValue` (dynamic dispatch) take the same
    // path, unspecialized. Always inlined: as a call of its own, specialized,
    // it still kept a frame for its slow paths (cellx: 78 k instructions an
    // update more).
    @inlinable @inline(__always) get {
      let graph = reactiveGraph
      guard graph.lock.isHeldByCurrentThread, !graph.evaluatesFresh, graph.batchDepth == 0 else {
        return valueOffTheEvaluationPath(in: graph)
      }
      // Recorded first: a reader depends on this value even when the read
      // fails, so that it is retried when this value recovers.
      recordRead(in: graph)
      // An inactive value not checked since the last write catches up first.
      if isInactive && verifiedAt != graph.writeGeneration {
        do {
          try refreshIfStale(in: graph)
        } catch {
          return valueAfterFailedRead(error, relocking: graph)
        }
      }
      if hasFailure { return failedValue(in: graph) }
      return storage
    }
  }

  /// ``value`` anywhere but inside an evaluation on the thread that holds
  /// the lock: a read from outside the graph, inside a transaction, or of a
  /// fresh value.
  @usableFromInline @inline(never) func valueOffTheEvaluationPath(in graph: ReactiveGraph) -> Value {
    // Taken (once more, if this thread holds it): the rest releases it.
    graph.lock.lock()
    recordRead(in: graph)
    return valueOffTheFastPath(in: graph)
  }

  /// ``value`` of a value that holds an error, read inside an evaluation
  /// (the lock held once, by this thread; the read recorded).
  @usableFromInline @inline(never) func failedValue(in graph: ReactiveGraph) -> Value {
    graph.lock.lock()
    return valueOffTheFastPath(in: graph)
  }

  /// ``valueAfterFailedRead(_:in:)`` from a read that holds the lock once
  /// and must keep holding it.
  @usableFromInline @inline(never) func valueAfterFailedRead(_ error: Error, relocking graph: ReactiveGraph) -> Value {
    graph.lock.lock()
    return valueAfterFailedRead(error, in: graph)
  }

  /// The rest of ``value``, the read already recorded. Lock held; released.
  @inline(never) private func valueOffTheFastPath(in graph: ReactiveGraph) -> Value {
    do {
      let current = try readRecorded(in: graph)
      graph.lock.unlock()
      return current
    } catch {
      return valueAfterFailedRead(error, in: graph)
    }
  }

  /// ``value`` of a failed derived value: the last value computed without
  /// error, and the error sent where a non-throwing read can send it (the
  /// evaluation reading it, the propagation under way, or the error
  /// handler). Lock held; released.
  @inline(never) private func valueAfterFailedRead(_ error: Error, in graph: ReactiveGraph) -> Value {
    let last = storage
    if graph.trackerRef != nil {
      graph.failedRead = graph.failedRead ?? error
    } else if graph.isPropagating {
      graph.deferredError = graph.deferredError ?? error
    } else {
      graph.lock.unlock()
      graph.report(error)
      return last
    }
    graph.lock.unlock()
    return last
  }

  /// The current value, or the error its evaluation threw: a derived value
  /// that failed rethrows the same error on every read, without evaluating
  /// again, until one of the values it read changes (TC39 signals' and
  /// Preact's rule). Reading it inside a ``Derived`` or ``Effect`` makes
  /// that computation depend on it, and fail with it.
  public func get() throws -> Value {
    let graph = ReactiveGraph.shared
    graph.lock.lock()
    defer { graph.lock.unlock() }
    recordRead(in: graph)
    return try readRecorded(in: graph)
  }

  /// ``get()`` with the lock held and the read recorded (first: a reader
  /// depends on this value even when the read fails, so that it is retried
  /// when this value recovers).
  @inline(__always) private func readRecorded(in graph: ReactiveGraph) throws -> Value {
    if graph.evaluatesFresh
      || (graph.batchDepth > 0 && !graph.queue.isEmpty
        && (!graph.isPropagating || graph.writeGeneration > graph.freshReadsAfter))
    {
      return try computeFresh()
    }
    // Lazy derived values: an inactive one catches up first (and fails, or
    // keeps its error, as an active one does). With no write since it was
    // last checked (most reads of a pulled graph) there is nothing to call.
    if isInactive && verifiedAt != graph.writeGeneration { try refreshDerivedIfStale(in: graph) }
    if let failure { throw failure }
    return storage
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
    let graph = reactiveGraph
    let new: Value
    do {
      new = try graph.evaluateTracked(owner: self, compute)
    } catch {
      // The error is the value's state: readers rethrow it, and those
      // downstream evaluate again to fail with it (or to recover).
      failure = error
      graph.trace(.evaluate(node: displayName, value: "error: \(error)"))
      graph.evaluationFailure = graph.evaluationFailure ?? error
      changedAt = graph.writeGeneration
      graph.enqueueDownstream(of: self)
      return
    }
    graph.trace(.evaluate(node: displayName, value: String(describing: new)))
    let recovered = failure != nil
    failure = nil
    guard !isSame(storage, new) else {
      // Back to the value it had before it failed: no change to report, but
      // readers that failed with it must evaluate again.
      if recovered {
        changedAt = graph.writeGeneration
        graph.enqueueDownstream(of: self)
      }
      return
    }
    try graph.willChange(self, hasObservers: !observers.isEmpty, old: storage)
    storage = new
    // For inactive derived values that read this one.
    changedAt = graph.writeGeneration
    if graph.recordsCauses { graph.recordEvaluation(of: self, value: new) }
    graph.enqueueDownstream(of: self)
  }

  // Lazy derived values: the hooks, implemented in Derived+Activation.swift.
  override func activate() { activateDerived() }
  override func didLoseSubscriber() { deactivateIfUnsubscribed() }
  @usableFromInline override func refreshIfStale(in graph: ReactiveGraph) throws { try refreshInactive(in: graph) }

  override func upstreamDidComplete(_ node: GraphNode) {
    if node.id == lifetimeID || moreLifetimeIDs.contains(node.id) || readSources.isEmpty { complete() }
  }
}

extension Derived {
  /// A derived value whose first evaluation may fail like any later one: the
  /// error is then its state (``get()`` rethrows it without evaluating again
  /// until a value the evaluation read changes), and `placeholder` its
  /// value until an evaluation succeeds. Writable when `set` is given
  /// (``init(label:lifetime:isSame:get:set:)``).
  public convenience init(
    label: String? = nil, isSame: @escaping (Value, Value) -> Bool, placeholder: Value,
    set: ((Value) throws -> Void)? = nil, _ compute: @escaping () throws -> Value
  ) {
    // Cannot throw: the first evaluation's error is kept, not thrown.
    try! self.init(
      label: label, lifetime: nil, lifetimes: [], isSame: isSame, compute: compute, writeBack: set,
      evaluate: Self.makeEvaluation(), placeholder: placeholder)
  }

  /// A derived value compared with `==`: it only notifies when the result
  /// differs. Inlinable, so that the comparison is specialized for `Value`.
  @inlinable
  public convenience init(label: String? = nil, lifetime: GraphNode? = nil, _ compute: @escaping () throws -> Value) rethrows
  where Value: Equatable {
    try self.init(
      label: label, lifetime: lifetime, lifetimes: [], isSame: Sameness.equatable, compute: compute, writeBack: nil,
      evaluate: Self.makeEquatableEvaluation())
  }

  /// ``makeEvaluation()`` with `==` itself, not a closure that calls
  /// it (one reabstraction thunk less an evaluation).
  @inlinable
  static func makeEquatableEvaluation() -> Evaluation where Value: Equatable {
    Evaluation { node, graph in
      let new = try node.compute()
      guard !graph.hasFailedRead else { return false }
      if graph.storedTracer != nil { graph.traceEvaluation(of: node, value: new) }
      if node.storage == new { return false }
      node.storage = new
      return true
    }
  }

  /// A derived value whose every re-evaluation counts as a change.
  @inlinable
  public convenience init(label: String? = nil, lifetime: GraphNode? = nil, _ compute: @escaping () throws -> Value) rethrows {
    try self.init(label: label, lifetime: lifetime, isSame: Sameness.never, compute)
  }
}
