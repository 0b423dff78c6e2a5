/// A binding's type-erased face, for its token and graph snapshots.
@usableFromInline
class AnyBindingNode: GraphNode {
  /// The other half of a two-way binding.
  @exclusivity(unchecked) var partnerID: Int?
  /// Whether the binding has ended. Lock held.
  var hasEnded: Bool { true }
  /// Ends the binding. Lock held.
  func end() {}
  /// The value the binding carries, while it has not ended. Lock held.
  var sourceNode: GraphNode? { nil }
}

/// A one-way binding: after each change of `source`, writes its value into a
/// target. It runs inside the propagation, in rank order, so whatever reads
/// the target downstream sees the new value in the same propagation.
@usableFromInline
final class BindingNode<Value>: AnyBindingNode {
  // Guarded by the graph lock, so the runtime's exclusivity checks are dropped.

  /// Unowned, like an edge (see ``NodeRef``), and valid while the binding has
  /// not ended: a source that completes or is deallocated ends the binding
  /// first (``forgetSource(_:)``). Not `weak`: that would give every bound
  /// property a side table and slow down each of its retains and releases.
  private let sourceRef: Unmanaged<ObservableValue<Value>>
  private var source: ObservableValue<Value> { sourceRef.takeUnretainedValue() }
  /// A derived source is owned by the binding (nobody else may own it); a
  /// property belongs to its object, so the binding ends when that object goes.
  @exclusivity(unchecked) private var retainedSource: ObservableValue<Value>?
  /// The property `apply` writes into, if it is one: `apply` holds it
  /// unowned, so its deallocation MUST end the binding
  /// (``downstreamDidDetach(_:)``) before its memory goes.
  @exclusivity(unchecked) unowned(unsafe) var target: GraphNode?
  /// Writes the source's value into the target; returns false when the
  /// target is gone. Called only while the binding has not ended. Given the
  /// source rather than its value, so that the value is read by code
  /// specialized for `Value` where the binding was made: read here, in
  /// generic code, it was copied and destroyed through its value witnesses
  /// (two calls, ~30 instructions a hop of a chain).
  private let apply: (ObservableValue<Value>) throws -> Bool
  @exclusivity(unchecked) private(set) var isEnded = false
  /// Where the source's `downstream` holds this binding's edge, so that
  /// ending it is O(1) (`Binding+Slots.swift`); checked before use.
  @exclusivity(unchecked) var sourceSlot = -1

  @usableFromInline
  init(source: ObservableValue<Value>, label: String?, apply: @escaping (ObservableValue<Value>) throws -> Bool) {
    self.sourceRef = .passUnretained(source)
    if source.isRetainedBySubscriptions { retainedSource = source }
    self.apply = apply
    super.init(kind: .binding, label: label)
    isUpdatedUnretained = true
  }

  deinit {
    let graph = ReactiveGraph.shared
    graph.lock.lock()
    end()
    detachFromGraph()
    graph.lock.unlock()
  }

  override func update() throws {
    guard !isEnded else { return }
    let graph = reactiveGraph
    let saved = graph.currentWriterRef
    graph.currentWriterRef = .passUnretained(self)
    defer { graph.currentWriterRef = saved }
    graph.trace(.bind(binding: displayName, value: String(describing: source.storage)))
    // Without a retain and release of the source.
    if try !sourceRef._withUnsafeGuaranteedRef(apply) { end() }
  }

  override func forgetSource(_ node: GraphNode) {
    if node === source { end() }
  }

  override func downstreamDidDetach(_ node: GraphNode) {
    if node === target { end() }
  }

  override func didMoveInDownstream(of node: GraphNode, to index: Int) {
    if node === source { sourceSlot = index }
  }

  override var hasEnded: Bool { isEnded }

  override var sourceNode: GraphNode? { isEnded ? nil : source }

  /// Disconnects from the source and the targets. Lock held.
  override func end() {
    guard !isEnded else { return }
    isEnded = true
    let graph = ReactiveGraph.shared
    graph.removeBindingEdge(from: source, to: self, slot: sourceSlot)
    while let edge = downstream.popLast() { edge.node.upstream.removeFirst(node: self) }
    target = nil
    // Released last: a derived source may deinit here and change the graph.
    retainedSource = nil
  }
}

/// The token of a binding (one node, or the two halves of a two-way link):
/// ends it on `dispose()` or deinit.
final class BindingToken: Disposable {
  // Two fields rather than an array: a script may make thousands of
  // bindings, and an array is an allocation of its own.
  private let binding: AnyBindingNode
  private let partner: AnyBindingNode?

  init(_ binding: AnyBindingNode, partner: AnyBindingNode? = nil) {
    self.binding = binding
    self.partner = partner
  }

  deinit {
    let graph = ReactiveGraph.shared
    graph.withLock {
      end()
      graph.keepUntilPropagationEnds(binding, partner)
    }
  }

  var isDisposed: Bool {
    ReactiveGraph.shared.withLock { binding.hasEnded && partner?.hasEnded ?? true }
  }

  func dispose() {
    ReactiveGraph.shared.withLock { end() }
  }

  private func end() {
    binding.end()
    partner?.end()
  }
}

extension ObservableValue {
  /// Creates a binding that writes through `apply`, runs it at once, and
  /// returns its token. Throws if the first run closes a cycle, in which case
  /// the binding is not made.
  ///
  /// Inlinable, so that the node is allocated where the binding is made:
  /// there the metadata of `BindingNode<Value>` is a cached constant, where
  /// this module's generic code looked it up in the runtime's table on every
  /// binding (~330 instructions; a script's `bind` went that way).
  @inlinable
  func makeBinding(
    label: String?, writes target: GraphNode?, apply: @escaping (ObservableValue<Value>) throws -> Bool
  ) throws
    -> Disposable
  {
    try install(BindingNode(source: self, label: label, apply: apply), writes: target)
  }

  /// Connects a new binding to this value and its target, and runs it.
  @usableFromInline
  func install(_ binding: BindingNode<Value>, writes target: GraphNode?) throws -> Disposable {
    let graph = ReactiveGraph.shared
    graph.lock.lock()
    binding.target = target
    graph.addEdge(from: self, to: binding)
    binding.sourceSlot = downstream.count - 1
    if let target { graph.addEdge(from: binding, to: target) }
    // A completed source still hands its last value over, then lets go.
    try graph.withPropagation(alreadyLocked: true) {
      graph.enqueue(binding)
    } settle: { succeeded in
      if !succeeded || isCompleted { binding.end() }
    }
    return BindingToken(binding)
  }

  // MARK: Throwing forms (for embedders that want errors, not reports)

  /// Binds into a property, throwing ``ReactiveError`` if that closes a cycle.
  ///
  /// Inlinable, like the `bind(to:)` that calls it: the write a binding makes
  /// into its target is then specialized for `Value` in the caller's module.
  @inlinable
  public func bindChecked(to target: Property<Value>, label: String? = nil) throws -> Disposable {
    // Unretained: the target's deallocation ends the binding (see `BindingNode.target`).
    let unretained = Unmanaged.passUnretained(target)
    return try makeBinding(label: label, writes: target) { source in
      try Property.write(source.storage, fromBindingInto: unretained)
      return true
    }
  }

  /// Binds into a property of optional type, throwing on a cycle.
  public func bindChecked(to target: Property<Value?>, label: String? = nil) throws -> Disposable {
    // Unretained: the target's deallocation ends the binding (see `BindingNode.target`).
    let unretained = Unmanaged.passUnretained(target)
    return try makeBinding(label: label, writes: target) { source in
      try Property.write(source.storage, fromBindingInto: unretained)
      return true
    }
  }

  /// Binds into a property through `transform` (a conversion or a check that
  /// may throw), throwing what the first write throws; later errors are
  /// thrown by the write that propagates into this binding.
  ///
  /// Inlinable, so that the write into the target is specialized where the
  /// binding is made (the interpreter binds this way): compiled here, every
  /// write looked up `Property<Target>`'s metadata and ran the generic
  /// `setFromBinding`, ~600 instructions more a write.
  @inlinable
  public func bindChecked<Target>(
    to target: Property<Target>, label: String? = nil, transform: @escaping (Value) throws -> Target
  ) throws -> Disposable {
    // Unretained: the target's deallocation ends the binding (see `BindingNode.target`).
    let unretained = Unmanaged.passUnretained(target)
    return try makeBinding(label: label, writes: target) { source in
      // Held for the whole write (see ``NodeRef``): `transform` is code of
      // the caller's, which may let go of the target's owner, or the
      // compiler may retain the target around it.
      try withExtendedLifetime(unretained.takeUnretainedValue()) { try $0.setFromBinding(transform(source.storage)) }
      return true
    }
  }

  /// Binds into a sink, throwing on a cycle.
  public func bindChecked(to sink: Sink<Value>, label: String? = nil) throws -> Disposable {
    try makeBinding(label: label, writes: nil) { try sink.apply($0.storage) }
  }

  // MARK: Binding (errors go to ReactiveGraph.errorHandler)

  /// Binds into `target[keyPath:]`: the target gets the current value at once,
  /// then every change. The target is held weakly (as a ``Sink`` holds it);
  /// the binding ends when it is deallocated, or when this value's owner is.
  @discardableResult
  public func bind<Target: AnyObject>(to target: Target, at keyPath: ReferenceWritableKeyPath<Target, Value>)
    -> Disposable
  {
    bind(to: Sink(target) { $0[keyPath: keyPath] = $1 })
  }

  /// Binds a `T` into a `T?` key path.
  @discardableResult
  public func bind<Target: AnyObject>(to target: Target, at keyPath: ReferenceWritableKeyPath<Target, Value?>)
    -> Disposable
  {
    bind(to: Sink(target) { $0[keyPath: keyPath] = $1 })
  }

  /// Binds into an observable property (of a class or a struct), held weakly.
  @discardableResult
  @inlinable
  public func bind(to target: Property<Value>) -> Disposable {
    reportingErrors { try bindChecked(to: target) }
  }

  /// Binds a `T` into a `T?` observable property.
  @discardableResult
  public func bind(to target: Property<Value?>) -> Disposable {
    reportingErrors { try bindChecked(to: target) }
  }

  /// Binds into a write-only sink (RxCocoa's `Binder`).
  @discardableResult
  public func bind(to sink: Sink<Value>) -> Disposable {
    reportingErrors { try bindChecked(to: sink) }
  }

  @usableFromInline
  func reportingErrors(_ make: () throws -> Disposable) -> Disposable {
    do {
      return try make()
    } catch {
      ReactiveGraph.shared.report(error)
      return ActionDisposable.ended
    }
  }
}

extension Property {
  /// A one-way binding's write into `target`, its property, reached
  /// unretained (``NodeRef``): the target's owner may let go of it on another
  /// thread at any moment, and whichever release is the last runs its deinit.
  ///
  /// Optimized code makes this write without a retain of the target (the
  /// one retain is the change record kept for its observers, let go at the
  /// end of the propagation, where a deinit is harmless), so the owner's
  /// release is the last one and its deinit waits for the lock. Unoptimized
  /// code retains and releases the target around the calls on it, and such
  /// a release, made last by the owner's in between, ran the deinit here, in
  /// the middle of the write, and freed the target under it: there the
  /// target is held for the whole write, and goes at its end at the earliest.
  /// (Held always, it costs optimized code ~48 instructions a write, 12% of
  /// a chain's hop; `_isDebugAssertConfiguration()` is decided where this is
  /// inlined, so it follows the caller's build.)
  @inlinable @inline(__always)
  static func write(_ value: Value, fromBindingInto target: Unmanaged<Property<Value>>) throws {
    if _isDebugAssertConfiguration() {
      try withExtendedLifetime(target.takeUnretainedValue()) { try $0.setFromBinding(value) }
    } else {
      try target._withUnsafeGuaranteedRef { try $0.setFromBinding(value) }
    }
  }
}

extension Property {
  /// Binds two properties both ways. At bind time `other` takes this
  /// property's value; afterwards a change on either side reaches the other
  /// exactly once (the echo is an equal write, which is not a change).
  public func bindTwoWayChecked(with other: Property<Value>, label: String? = nil) throws -> Disposable {
    let graph = ReactiveGraph.shared
    graph.lock.lock()
    let echo = TwoWayEcho()
    // Unowned, not weak (no side tables): each half runs only while it has
    // not ended, and it ends when its source or its target is deallocated.
    // A run holds both ends strongly from its first use of them to its end
    // (``NodeRef``): either owner may let go on another thread meanwhile, and
    // the retains this code takes anyway (optimized or not) must not be the
    // last ones before it is done.
    let forward = BindingNode(source: self, label: label) { [unowned(unsafe) self, unowned(unsafe) other] source in
      try echo.carry(source.storage, from: self, to: other)
    }
    let backward = BindingNode(source: other, label: label) { [unowned(unsafe) self, unowned(unsafe) other] source in
      try echo.carry(source.storage, from: other, to: self)
    }
    forward.target = other
    backward.target = self
    forward.partnerID = backward.id
    backward.partnerID = forward.id
    graph.addEdge(from: self, to: forward)
    forward.sourceSlot = downstream.count - 1
    graph.addEdge(from: forward, to: other)
    graph.addEdge(from: other, to: backward)
    backward.sourceSlot = other.downstream.count - 1
    graph.addEdge(from: backward, to: self)
    try graph.withPropagation(alreadyLocked: true) {
      graph.enqueue(forward)
    } settle: { succeeded in
      if !succeeded {
        forward.end()
        backward.end()
      }
    }
    return BindingToken(forward, partner: backward)
  }

  /// Binds two properties both ways; see ``bindTwoWayChecked(with:label:)``.
  @discardableResult
  public func bindTwoWay(with other: Property<Value>) -> Disposable {
    do {
      return try bindTwoWayChecked(with: other)
    } catch {
      ReactiveGraph.shared.report(error)
      return ActionDisposable.ended
    }
  }
}

extension ActionDisposable {
  /// The token of a binding that could not be made: already disposed, so
  /// `isDisposed` tells the caller that nothing is connected.
  static var ended: ActionDisposable {
    let token = ActionDisposable {}
    token.dispose()
    return token
  }
}

/// Remembers the write one half of a two-way binding made, so the other half
/// does not carry it back. Equal values would stop the echo anyway; values
/// that cannot be compared MUST be stopped here, or every echo is a change and
/// the link is reported as a cycle.
final class TwoWayEcho {
  private var written: ObjectIdentifier?
  private var epoch = -1
  private var count = 0

  /// One half of the link: carries `value` from `source` into `target`,
  /// unless it is the other half's echo. The ends are arguments, which the
  /// caller holds for the whole call (``NodeRef``: the half's closure holds
  /// them `unowned(unsafe)`, and a retain taken and dropped around one use
  /// could be the last one). Returns true (the half goes on). Lock held.
  func carry<Value>(_ value: Value, from source: Property<Value>, to target: Property<Value>) throws -> Bool {
    if isEcho(of: source) || Self.wasWrittenLater(target, than: source) { return true }
    try write(value, into: target)
    return true
  }

  /// Writes `value` into `target`, remembering the change if it made one. Lock held.
  func write<Value>(_ value: Value, into target: Property<Value>) throws {
    let before = (target.changeEpoch, target.changeCount)
    try target.set(value)
    if target.changeEpoch != before.0 || target.changeCount != before.1 {
      (written, epoch, count) = (ObjectIdentifier(target), target.changeEpoch, target.changeCount)
    }
  }

  /// Whether both sides changed in this transaction and `target` last: then
  /// the last write wins and this half must not overwrite it with the older
  /// value (a batch writing both ends of a link). Lock held.
  static func wasWrittenLater<Value>(_ target: Property<Value>, than source: Property<Value>) -> Bool {
    let epoch = ReactiveGraph.shared.epoch
    return target.changeEpoch == epoch && source.changeEpoch == epoch
      && target.lastWriteGeneration > source.lastWriteGeneration
  }

  /// Whether the latest change of `source` in this propagation is the one
  /// this link wrote. Lock held.
  func isEcho(of source: GraphNode) -> Bool {
    written == ObjectIdentifier(source) && epoch == ReactiveGraph.shared.epoch
      && source.changeEpoch == epoch && source.changeCount == count
  }
}
