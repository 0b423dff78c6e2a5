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
/// - **One batch.** The body runs inside a propagation, so its writes apply
///   at once and what depends on them is brought up to date once, after the
///   body, with observers told at the end.
/// - **No self-trigger.** A write to a value the run read does not schedule
///   the same effect again (`count.value += 1` in a body runs once per
///   outside change, not until a feedback limit).
/// - **Ownership.** What the run makes belongs to it: an `Effect` created in
///   the body, anything handed to ``own(_:)``, and each ``onCleanup(_:)``
///   action. Before the next run, and when the effect is disposed or
///   deallocated, they are ended in reverse order of creation (the last made
///   first, as Swift runs `defer`s).
/// - **Errors.** What the body throws is thrown to the write that re-ran it
///   (or by `init`), once the rest of that propagation has run (other effects
///   included); what it read before it threw stays its dependencies.
public final class Effect: GraphNode, Disposable {
  private let body: () throws -> Void
  @exclusivity(unchecked) private var isEnded = false
  /// What the current run owns, in order of creation.
  @exclusivity(unchecked) private var owned: [Owned] = []

  private enum Owned {
    case disposable(Disposable)
    case cleanup(() -> Void)
  }

  /// Creates the effect and runs it once. Throws what the first run throws.
  ///
  /// Created inside another effect's run, it belongs to that run: it is
  /// disposed before the outer effect runs again.
  public init(label: String? = nil, _ body: @escaping () throws -> Void) throws {
    self.body = body
    super.init(kind: .effect, label: label)
    let graph = ReactiveGraph.shared
    try graph.withPropagation {
      graph.currentEffect?.owned.append(.disposable(self))
      graph.enqueue(self)
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

  override func update() throws {
    guard !isEnded else { return }
    let graph = ReactiveGraph.shared
    // The previous run's children and cleanups end first. Under the lock, as
    // the body itself runs: this is part of the propagation.
    Self.end(takeOwned())
    guard !isEnded else { return }  // a cleanup may dispose its own effect
    let (savedWriter, savedEffect) = (graph.currentWriterRef, graph.currentEffectRef)
    graph.currentWriter = self
    graph.currentEffectRef = .passUnretained(self)
    // Marked as queued while the body runs, so that its own writes to what
    // it read do not schedule it again.
    isQueued = true
    defer {
      isQueued = false
      (graph.currentWriterRef, graph.currentEffectRef) = (savedWriter, savedEffect)
    }
    do {
      try graph.evaluateTracked(owner: self, body)
    } catch {
      // As a derived value's: the rest of the propagation goes on (other
      // effects run), and the write that triggered this run throws at its end.
      graph.evaluationFailure = graph.evaluationFailure ?? error
    }
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
    for edge in readSources { graph.removeEdge(from: edge.node, to: self) }
    removeAllReadSources()
    if isQueued && graph.currentEffect !== self {
      graph.queue.remove(self)
      isQueued = false
    }
    let owned = takeOwned()
    graph.lock.unlock()
    Self.end(owned)
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
