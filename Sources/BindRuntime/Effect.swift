/// A side effect that re-runs when what it read changes (MobX's `autorun`).
///
/// It runs at once, then inside every propagation that changes one of the
/// values it read on its last run, in rank order, like a binding.
///
/// ```swift
/// let token = Effect { label.text = "\(vm.count) items" }
/// ```
public final class Effect: GraphNode, Disposable {
  private let body: () throws -> Void
  @exclusivity(unchecked) private var isEnded = false

  /// Creates the effect and runs it once. Throws what the first run throws.
  public init(label: String? = nil, _ body: @escaping () throws -> Void) throws {
    self.body = body
    super.init(kind: .effect, label: label)
    let graph = ReactiveGraph.shared
    try graph.withPropagation { graph.enqueue(self) }
  }

  deinit {
    let graph = ReactiveGraph.shared
    graph.lock.lock()
    isEnded = true
    readSources.removeAll()
    detachFromGraph()
    graph.lock.unlock()
  }

  override func update() throws {
    guard !isEnded else { return }
    let graph = ReactiveGraph.shared
    let saved = graph.currentWriter
    graph.currentWriter = self
    defer { graph.currentWriter = saved }
    try graph.evaluateTracked(owner: self, body)
  }

  /// Whether the effect has stopped.
  public var isDisposed: Bool { ReactiveGraph.shared.withLock { isEnded } }

  /// Stops the effect.
  public func dispose() {
    let graph = ReactiveGraph.shared
    graph.lock.lock()
    defer { graph.lock.unlock() }
    guard !isEnded else { return }
    isEnded = true
    for edge in readSources { graph.removeEdge(from: edge.node, to: self) }
    readSources.removeAll()
  }
}
