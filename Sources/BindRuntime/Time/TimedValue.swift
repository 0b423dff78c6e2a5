/// A value that follows another in time: what ``ObservableValue/debounced(for:on:label:)``,
/// ``ObservableValue/throttled(for:on:label:)`` and ``ObservableValue/delayed(by:on:label:)``
/// return.
///
/// It starts with the source's current value and takes the source's values
/// later, when its ``Scheduler``'s timers fire (on the thread that advances
/// the scheduler). Each change is an ordinary write: it propagates to derived
/// values and bindings downstream, then observers run outside the graph
/// lock, exactly as for a ``Property``. A value equal to the current one is
/// not a change, as everywhere in the runtime.
///
/// ```swift
/// let query = field.$text.debounced(for: .milliseconds(300), on: scheduler)
/// query.bind(to: vm.$query).disposed(by: bag)
/// field.text = "ad"; field.text = "ada"      // vm.query is still ""
/// scheduler.advance(by: .milliseconds(300))  // vm.query == "ada"
/// ```
///
/// Lifetime, like a ``Derived`` value's: observers and bindings keep it
/// alive; it holds its source's subscription and its pending timers.
/// - ``dispose()``, or its deallocation, stops it: pending values are
///   dropped and their timers cancelled; on `dispose()` observers hear
///   `.completed` and bindings from it end.
/// - When the source completes (its owner is deallocated), what is pending
///   is still delivered at its time; then the value completes. With nothing
///   pending it completes at once.
public final class TimedValue<Value>: ObservableValue<Value>, Disposable {
  private let timing: TimeOperator<Value>
  /// The observation of the source; nil if the source had already completed.
  private let subscription: Disposable?
  /// The source, for graph pictures; it is not kept alive by this value.
  private weak var source: ObservableValue<Value>?

  init(source: ObservableValue<Value>, timing: TimeOperator<Value>, label: String?) {
    let graph = ReactiveGraph.shared
    // Under the lock, so that no change of the source can come between the
    // value taken here and the subscription.
    graph.lock.lock()
    defer { graph.lock.unlock() }
    let sourceCompleted = source.isCompleted
    self.timing = timing
    self.subscription =
      sourceCompleted
      ? nil
      : source.addObserver(
        initial: false, changed: { [timing] _, new in timing.receive(new) },
        event: { [timing] change in
          if case .completed = change { timing.sourceDidEnd() }
        })
    super.init(storage: source.storage, kind: .derived, label: label, isSame: source.isSame)
    self.source = source
    timing.deliver = { [weak self] value in self?.write(value) }
    timing.finish = { [weak self] in self?.end() }
    // Nothing can change it: complete from the start (no observer yet to tell).
    if sourceCompleted { isCompleted = true }
  }

  deinit {
    endOfLife()
    timing.cancel()
    subscription?.dispose()
  }

  override var isRetainedBySubscriptions: Bool { true }

  override var followedNode: GraphNode? { isCompleted ? nil : source }

  /// Whether it has stopped: disposed, or completed after its source.
  public var isDisposed: Bool { ReactiveGraph.shared.withLock { isCompleted } }

  /// Stops following the source: drops pending values, cancels their timers,
  /// and completes (observers hear `.completed`; bindings from it end).
  public func dispose() {
    timing.cancel()
    subscription?.dispose()
    end()
  }

  /// Writes a value from the source through the normal propagation: the lock
  /// is taken here, and observers run after it is released. Called from a
  /// timer's action (or, for a throttle's first value, the source's observer),
  /// never with the operator's lock held.
  private func write(_ newValue: Value) {
    let graph = ReactiveGraph.shared
    do {
      try graph.withPropagation {
        guard !isCompleted, !isSame(storage, newValue) else { return }
        graph.writeGeneration &+= 1
        changedAt = graph.writeGeneration
        try graph.willChange(self, hasObservers: !observers.isEmpty, counts: graph.currentWriterRef != nil, old: storage)
        let old = storage
        storage = newValue
        graph.trace(.write(node: displayName, old: String(describing: old), new: String(describing: newValue)))
        graph.enqueueDownstream(of: self)
      }
    } catch {
      graph.report(error)
    }
  }

  /// Completes, delivering `.completed` after the lock is released.
  private func end() {
    let graph = ReactiveGraph.shared
    do {
      try graph.withPropagation { complete() }
    } catch {
      graph.report(error)
    }
  }
}
