/// A side effect that re-runs when what it read changes (MobX's `autorun`,
/// Preact's and Solid's `effect`).
///
/// It runs at once, then inside every propagation that changes one of the
/// values it read on its last run, in rank order, like a binding.
///
/// ```swift
/// let token = Effect { label.text = "\(vm.count.value) items" }
/// ```
///
/// The rules of a run:
/// - **Now.** The first run happens in `init`, inside a transaction or
///   another effect's run too (Preact: "should run effect's first run
///   immediately even inside a batch").
/// - **One batch.** Each run is a batch: its writes apply at once, reads of
///   derived values after them see them, and what depends on them is
///   brought up to date once, after the body, with observers told at the
///   end.
/// - **No self-trigger.** A change the run caused itself, through its own
///   writes (its cleanups' included) and the derived values they change,
///   does not run it again (`count.value += 1` in a body runs once per
///   outside change, not until a feedback limit). A change from elsewhere
///   does, even within the same propagation.
/// - **Ownership.** What the run makes belongs to it: an `Effect` created in
///   the body, anything handed to ``own(_:)``, and each ``onCleanup(_:)``
///   action. Before the next run, and when the effect is disposed or
///   deallocated, they are ended in reverse order of creation (the last made
///   first, as Swift runs `defer`s). An effect made in a run is ranked after
///   its owner, so when a change reaches both, the owner runs first and ends
///   it instead of letting it run once more (alien-signals: "should run
///   outer effect first").
/// - **Errors.** What the first run throws is thrown by `init`, and the
///   effect is disposed. What a later run throws is thrown to the write
///   that re-ran it, once the rest of that propagation has run (other
///   effects included); what it read before it threw stays its
///   dependencies.
public final class Effect: GraphNode, Disposable {
  private let body: (Effect) throws -> Void
  @exclusivity(unchecked) private var isEnded = false
  /// What the current run owns, in order of creation.
  @exclusivity(unchecked) private var owned: [Owned] = []
  /// The propagation (`ReactiveGraph.epoch`) of the last run, and the
  /// `writeGeneration` at its end: what changed after that was not this
  /// run's doing.
  @exclusivity(unchecked) private var lastRunEpoch = -1
  @exclusivity(unchecked) private var lastRunEnd = 0

  private enum Owned {
    case disposable(Disposable)
    /// Kept apart from other disposables: ranked after the owner.
    case effect(Effect)
    case cleanup(() -> Void)
  }

  /// Creates the effect and runs it once. Throws what the first run throws.
  ///
  /// Created inside another effect's run, it belongs to that run: it is
  /// disposed before the outer effect runs again.
  public convenience init(label: String? = nil, _ body: @escaping () throws -> Void) throws {
    try self.init(label: label) { (_: Effect) in try body() }
  }

  /// Creates the effect and runs it once, handing each run the effect
  /// itself, which may dispose it in its first run (MobX's `autorun(r =>
  /// r.dispose())`). Throws what the first run throws; the effect is then
  /// disposed.
  public init(label: String? = nil, _ body: @escaping (Effect) throws -> Void) throws {
    self.body = body
    super.init(kind: .effect, label: label)
    let graph = reactiveGraph
    let failure: Error? = try graph.withPropagation {
      if let owner = graph.currentEffect { owner.adopt(self, in: graph) }
      guard !isEnded else { return nil }
      do {
        try run(in: graph)
        return nil
      } catch {
        return error
      }
    }
    if let failure {
      dispose()
      throw failure
    }
  }

  deinit {
    let graph = ReactiveGraph.shared
    graph.lock.lock()
    isEnded = true
    removeAllReadSources()
    detachFromGraph()
    let owned = takeOwned()
    graph.lock.unlock()
    Self.end(owned)
  }

  /// The effect whose run is under way on this thread, if any: what it makes
  /// belongs to that run.
  public static var current: Effect? {
    let graph = ReactiveGraph.shared
    graph.lock.lock()
    defer { graph.lock.unlock() }
    return graph.currentEffect
  }

  /// Makes `disposable` part of the current run: it is disposed before the
  /// next run and when the effect ends. Disposed at once if the effect has
  /// already ended.
  public func own(_ disposable: Disposable) {
    let graph = ReactiveGraph.shared
    graph.lock.lock()
    guard !isEnded else {
      graph.lock.unlock()
      disposable.dispose()
      return
    }
    owned.append(.disposable(disposable))
    graph.lock.unlock()
  }

  /// Registers `action` to run before the next run and when the effect ends
  /// (Solid's `onCleanup`; Preact's returned cleanup). Runs at once if the
  /// effect has already ended.
  public func onCleanup(_ action: @escaping () -> Void) {
    let graph = ReactiveGraph.shared
    graph.lock.lock()
    guard !isEnded else {
      graph.lock.unlock()
      action()
      return
    }
    owned.append(.cleanup(action))
    graph.lock.unlock()
  }

  /// Takes `child`, made during this effect's run, as part of that run,
  /// ranked after this effect. An ended effect ends it at once. Lock held.
  private func adopt(_ child: Effect, in graph: ReactiveGraph) {
    guard !isEnded else {
      child.dispose()
      return
    }
    owned.append(.effect(child))
    child.keepRanked(after: self, in: graph)
  }

  /// Raises this effect's rank above `owner`'s if it is not already. Lock held.
  private func keepRanked(after owner: Effect, in graph: ReactiveGraph) {
    if rank <= owner.rank { graph.raiseRank(of: self, above: owner.rank) }
  }

  /// The effects the current run made, for ``ReactiveGraph`` to keep them
  /// ranked after this one when its rank rises. Lock held.
  func forEachOwnedEffect(_ body: (Effect) -> Void) {
    for case .effect(let child) in owned { body(child) }
  }

  override func update() throws {
    guard !isEnded else { return }
    let graph = reactiveGraph
    // Queued again in the propagation of its own last run: only a change
    // that the run did not cause itself runs it again (alien-signals and
    // Preact: an effect's writes do not notify it through what it read).
    if lastRunEpoch == graph.epoch && !graph.sourceChanged(of: self, after: lastRunEnd) { return }
    do {
      try run(in: graph)
    } catch {
      // As a derived value's: the rest of the propagation goes on (other
      // effects run), and the write that triggered this run throws at its end.
      graph.evaluationFailure = graph.evaluationFailure ?? error
    }
  }

  /// One run: ends what the last run made, then runs the body as a batch,
  /// recording what it reads. Lock held, inside a propagation or a batch.
  private func run(in graph: ReactiveGraph) throws {
    let runStart = graph.writeGeneration
    // Marked as queued for the whole run, cleanups included, so that its own
    // writes to what it read do not schedule it again.
    isQueued = true
    defer {
      isQueued = false
      lastRunEpoch = graph.epoch
      lastRunEnd = graph.writeGeneration
    }
    // The previous run's children and cleanups end first. Under the lock, as
    // the body itself runs: this is part of the propagation.
    if !owned.isEmpty {
      Self.end(takeOwned())
      guard !isEnded else { return }  // a cleanup may dispose its own effect
    }
    let saved = (graph.currentWriterRef, graph.currentEffectRef, graph.freshReadsAfter)
    graph.currentWriter = self
    graph.currentEffectRef = .passUnretained(self)
    graph.freshReadsAfter = runStart
    graph.batchDepth += 1
    defer {
      graph.batchDepth -= 1
      (graph.currentWriterRef, graph.currentEffectRef, graph.freshReadsAfter) = saved
      if isEnded {
        // Disposed during its own run: the edges this run's reads added go.
        detachReads(in: graph)
      } else if !owned.isEmpty {
        forEachOwnedEffect { $0.keepRanked(after: self, in: graph) }
      }
    }
    // The effect reached unretained: the propagation or the initializer
    // holds it, and a closure that captured it was handed to
    // `evaluateTracked` as an owned reference, a retain and a release a run.
    let effect = Unmanaged.passUnretained(self)
    try graph.evaluateTracked(owner: self) { try effect._withUnsafeGuaranteedRef { try $0.body($0) } }
  }

  /// Whether the effect has stopped.
  public var isDisposed: Bool { ReactiveGraph.shared.withLock { isEnded } }

  /// Stops the effect, and ends what its last run owns (cleanups included).
  public func dispose() {
    let graph = ReactiveGraph.shared
    graph.lock.lock()
    guard !isEnded else {
      graph.lock.unlock()
      return
    }
    isEnded = true
    detachReads(in: graph)
    if isQueued && graph.currentEffect !== self {
      graph.queue.remove(self)
      isQueued = false
    }
    let owned = takeOwned()
    graph.lock.unlock()
    Self.end(owned)
  }

  /// Removes the edges from what the last run read. Lock held.
  private func detachReads(in graph: ReactiveGraph) {
    for edge in readSources { graph.removeEdge(from: edge.node, to: self) }
    removeAllReadSources()
  }

  /// Empties the list of what the run owns, for the caller to end. Lock held.
  private func takeOwned() -> [Owned] {
    defer { owned.removeAll() }
    return owned
  }

  /// Ends owned things, the last made first.
  private static func end(_ owned: [Owned]) {
    for item in owned.reversed() {
      switch item {
      case .disposable(let disposable): disposable.dispose()
      case .effect(let effect): effect.dispose()
      case .cleanup(let action): action()
      }
    }
  }
}

extension ReactiveGraph {
  /// The effect whose body is running. Lock held.
  var currentEffect: Effect? { currentEffectRef?.takeUnretainedValue() }
}

/// Registers `action` with the effect whose run is under way on this thread
/// (``Effect/onCleanup(_:)``): it runs before that effect's next run and when
/// it ends. Returns false, and does nothing, outside any effect.
@discardableResult
public func onCleanup(_ action: @escaping () -> Void) -> Bool {
  guard let effect = Effect.current else { return false }
  effect.onCleanup(action)
  return true
}
