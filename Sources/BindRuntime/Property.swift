/// A stored, observable, writable value: the handle behind `@Observed`.
///
/// ```swift
/// let name = Property("Ada")
/// let token = name.observe(options: .initial) { print($0) }
/// name.value = "Grace"   // .changed(old: "Ada", new: "Grace")
/// ```
///
/// Writing a value equal to the current one is not a change: nothing runs.
/// When the property is deallocated (with the object that owns it), its
/// observers receive `.completed` and its bindings end.
public final class Property<Value>: ObservableValue<Value> {
  /// Creates a property whose writes count as changes when `isSame` says so.
  public init(_ value: Value, label: String? = nil, isSame: @escaping (Value, Value) -> Bool) {
    super.init(storage: value, kind: .property, label: label, isSame: isSame)
  }

  /// Creates a property compared with `==`.
  ///
  /// The convenience initializers are inlinable so that the comparison is
  /// specialized for `Value` where the property is made (one direct `==`
  /// instead of a generic call through the `Equatable` witness on every write).
  @inlinable
  public convenience init(_ value: Value, label: String? = nil) where Value: Equatable {
    self.init(value, label: label, isSame: Sameness.equatable)
  }

  /// Creates a property holding an object, compared by identity.
  @inlinable
  public convenience init(_ value: Value, label: String? = nil) where Value: AnyObject {
    self.init(value, label: label, isSame: Sameness.identical)
  }

  /// Creates a property holding an optional object, compared by identity.
  @inlinable
  public convenience init<Object: AnyObject>(_ value: Value, label: String? = nil) where Value == Object? {
    self.init(value, label: label, isSame: Sameness.identicalOptional)
  }

  /// Creates a property whose every write counts as a change (the values
  /// cannot be compared).
  ///
  /// MUST stay disfavoured: without it Swift prefers this non-generic
  /// initializer to the generic optional-object one, and `Person?` values
  /// would never compare equal (every write a change, two-way echoes).
  @_disfavoredOverload @inlinable
  public convenience init(_ value: Value, label: String? = nil) {
    self.init(value, label: label, isSame: Sameness.never)
  }

  /// `writeGeneration` at this property's latest write through the
  /// propagating path, to tell which side of a two-way link was written last.
  @usableFromInline @exclusivity(unchecked) var lastWriteGeneration = 0

  deinit { endOfLife() }

  /// The current value. Setting it propagates the change; errors that a
  /// setter cannot throw (a binding cycle) go to ``ReactiveGraph/errorHandler``.
  override public var value: Value {
    // Inlinable, as ``Derived/value``: a read inside an evaluation is
    // specialized for `Value` where the closure that reads is compiled.
    // Its path calls nothing (everything else is one call), so that a
    // reader that found the property in an array or a variable, as an
    // effect reading a list of values does, retains it only on that call's
    // path: before, the compiler retained and released it around every
    // read, two atomic operations that were most of an effect's re-run.
    @inlinable @inline(__always) get {
      let graph = reactiveGraph
      if graph.lock.isHeldByCurrentThread && recordReadWithoutCall(in: graph) { return storage }
      return lockedValue()
    }
    @inlinable set {
      do { try set(newValue) } catch { ReactiveGraph.shared.report(error) }
    }
  }

  /// Writes a value and propagates it, throwing ``ReactiveError`` if the
  /// change feeds back into itself or observers loop.
  ///
  /// Inlinable, with the fast path only: a client module specializes it for
  /// its `Value` (no generic value-witness calls, no metadata lookups).
  /// Everything else is in ``setPropagating(_:)``, compiled here.
  @inlinable
  public func set(_ newValue: Value) throws {
    let graph = reactiveGraph
    graph.lock.lock()
    if isSame(storage, newValue) {
      graph.lock.unlock()
      return
    }
    graph.writeGeneration &+= 1
    // Read by inactive derived values to tell whether they are stale.
    changedAt = graph.writeGeneration
    if downstream.isEmpty && !graph.isBusy && graph.storedTracer == nil && graph.trackerRef == nil
      && !graph.recordsCauses
    {
      // The fast path: nothing to propagate, only observers to call, after
      // the unlock as everywhere (`ReactiveGraph.withPropagation`).
      let old = storage
      storage = newValue
      if observers.isEmpty {
        graph.lock.unlock()
        return
      }
      let entries = observers
      let limit = graph.storedObserverDepthLimit
      graph.lock.unlock()
      try ReactiveGraph.deliverChange(to: entries, old: old, new: newValue, depthLimit: limit)
      return
    }
    try setPropagating(newValue)
  }

  /// The rest of ``set(_:)``: the value differs and something depends on it
  /// (or a propagation, transaction or tracer is under way). Called with the
  /// lock held, which it releases; `writeGeneration` already counts the write.
  @usableFromInline
  func setPropagating(_ newValue: Value) throws {
    let graph = reactiveGraph
    if let tracker = graph.trackerRef {
      // A derived value may not write what it read: its result would be
      // stale as soon as it is made (Grammar.md, "Writes during evaluation").
      if let reader = tracker._withUnsafeGuaranteedRef({ $0.derivedReader(of: self) }) {
        let error = ReactiveError.writeDuringEvaluation(written: displayName, reader: reader)
        graph.lock.unlock()
        throw error
      }
    }
    if let writer = graph.currentWriter, !writer.downstream.contains(node: self) {
      graph.addEdge(from: writer, to: self)
    }
    try graph.withPropagation(alreadyLocked: true) { try store(newValue, in: graph) }
  }

  /// Stores a value that differs from the current one and queues what depends
  /// on it. Lock held; `writeGeneration` already counts this write.
  @inlinable
  func store(_ newValue: Value, in graph: ReactiveGraph) throws {
    try graph.willChange(self, hasObservers: !observers.isEmpty, counts: graph.currentWriterRef != nil, old: storage)
    let old = storage
    storage = newValue
    lastWriteGeneration = graph.writeGeneration
    changedAt = graph.writeGeneration
    graph.trace(.write(node: displayName, old: String(describing: old), new: String(describing: newValue)))
    if graph.recordsCauses { graph.recordWrite(of: self, value: newValue) }
    graph.enqueueDownstream(of: self)
  }

  /// A one-way binding's write into this property, its declared target: the
  /// same as ``set(_:)`` inside the propagation that runs the binding, minus
  /// what that already settled (the lock is held, the graph is busy, and the
  /// edge from the binding exists since the binding was made).
  ///
  /// Inlinable (with ``store(_:in:)``), so a binding made in a client module
  /// writes with code specialized for `Value`.
  @inlinable
  func setFromBinding(_ newValue: Value) throws {
    let graph = reactiveGraph
    if isSame(storage, newValue) { return }
    graph.writeGeneration &+= 1
    try store(newValue, in: graph)
  }

  /// Applies `transform` to the value in place, as one write.
  ///
  /// When nothing would see the old value (no observers, nothing
  /// downstream, no propagation, transaction, tracer or evaluation under
  /// way), `transform` changes the stored value itself, so that a
  /// collection growing one element at a time is never copied (a copy per
  /// write made building one O(n²)). Otherwise it changes a copy, which is
  /// then written as ``set(_:)`` writes it: observers get the old value and
  /// the new one.
  ///
  /// In place, `transform` runs with the graph lock held: it MUST only
  /// compute the new value (no reads or writes of observable values, no
  /// calls out), because other threads wait for it; and if it throws it MUST
  /// leave the value as it found it, because the write then never happened.
  @inlinable
  public func modify(_ transform: (inout Value) throws -> Void) throws {
    let graph = reactiveGraph
    graph.lock.lock()
    guard observers.isEmpty, downstream.isEmpty, !graph.isBusy, graph.storedTracer == nil, graph.trackerRef == nil,
      !graph.recordsCauses
    else {
      var copy = storage
      graph.lock.unlock()
      try transform(&copy)
      try set(copy)
      return
    }
    do {
      try transform(&storage)
    } catch {
      graph.lock.unlock()
      throw error
    }
    // Counted as a write whether or not the value changed: an inactive
    // derived value reading it then evaluates again, which is only slower.
    graph.writeGeneration &+= 1
    changedAt = graph.writeGeneration
    graph.lock.unlock()
  }
}
