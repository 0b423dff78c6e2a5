/// A value in the graph that can be read and observed: a ``Property`` (read-write)
/// or a ``Derived`` value (read-only). Expose an `ObservableValue` to give
/// callers a read-only view of a property.
public class ObservableValue<Value>: GraphNode {
  // Stored state is guarded by the graph lock, which already makes every
  // access exclusive; `@exclusivity(unchecked)` drops the runtime's dynamic
  // check (`swift_beginAccess`, ~45 instructions an access) that would repeat it.

  /// The current value. Guarded by the graph lock.
  @usableFromInline @exclusivity(unchecked) final var storage: Value
  /// Decides whether a write is a change. Equatable values compare with `==`,
  /// objects by identity; other values always count as changed.
  @usableFromInline let isSame: (Value, Value) -> Bool
  /// Every element is an `ObserverEntry<Value>`. The element type is not
  /// generic so that the array's operations are specialized when the runtime
  /// is compiled, instead of looking up `ContiguousArray<ObserverEntry<Value>>`
  /// metadata and witness tables on every write.
  ///
  /// A disposed entry stays in place, skipped by deliveries (which check
  /// each entry's state anyway), until one pass sweeps the ended entries
  /// out: disposal is O(1) amortized and keeps the registration order, where
  /// finding and removing the entry was O(observers) (building and tearing
  /// down a fan-out of n observers took O(n²)). A stored value's tokens only
  /// end their entries (``ObservationToken``): the list is swept when it has
  /// doubled since the last sweep (``observerSweepMark``). A derived value's
  /// tokens also count their disposal here (``disposedObserverCount``), and
  /// the list is swept when the ended entries are as many as the live ones.
  @usableFromInline @exclusivity(unchecked) final var observers: ContiguousArray<AnyObserverEntry> = []
  /// How many entries of `observers` were disposed through ``removeObserver(_:)``
  /// (a derived value's) and not yet swept out.
  @exclusivity(unchecked) var disposedObserverCount = 0
  /// The length of `observers` at which the next subscription first sweeps
  /// the ended entries out: twice the length after the last sweep, so that
  /// sweeping is O(1) amortized per subscription and ended entries never
  /// outnumber the live ones by more than that.
  @usableFromInline @exclusivity(unchecked) final var observerSweepMark = 16
  /// Every element is a `CompletionWatcher<Value>` (``observeCompletion(capturing:completed:)``).
  /// Kept apart from `observers`, so that a write never looks at them.
  @exclusivity(unchecked) var completionWatchers: ContiguousArray<AnyObserverEntry> = []
  /// The propagation in which ``notifyChange()`` forced a notification.
  @exclusivity(unchecked) var forcedNotificationEpoch = -1

  init(storage: Value, kind: NodeKind, label: String?, isSame: @escaping (Value, Value) -> Bool) {
    self.storage = storage
    self.isSame = isSame
    super.init(kind: kind, label: label)
  }

  /// The current value. Reading it inside a ``Derived`` closure or an
  /// ``Effect`` makes that computation depend on it.
  public var value: Value { lockedValue() }

  /// ``value`` taken under the lock, recording the dependency: also the
  /// way out of ``Property/value``'s inlined path, from a thread that does
  /// not hold the lock.
  @usableFromInline final func lockedValue() -> Value {
    let graph = reactiveGraph
    graph.lock.lock()
    defer { graph.lock.unlock() }
    recordRead(in: graph)
    return storage
  }

  /// Starts observing. The handler runs synchronously on the writer's thread,
  /// after the write's propagation, with the old and the new value.
  ///
  /// - Parameters:
  ///   - options: `.initial` delivers the current value at once.
  ///   - handler: receives `.initial`, `.changed(old:new:)` and, when the
  ///     source's owner is deallocated, `.completed`.
  /// - Returns: a token; dispose it (or let it deallocate) to stop observing.
  ///   Delivery stops at once; the handler itself (and what it captures) is
  ///   released when a stored value next sweeps its ended observers (when
  ///   its list of observers has doubled since the last sweep, or when the
  ///   value goes), at once for a derived value.
  ///
  /// The `observe` methods are inlinable so that subscribing is specialized
  /// for `Value` in the caller's module (no generic metadata lookup for the
  /// observer entry, ~400 instructions a subscription).
  @discardableResult @inlinable
  public func observe(options: ObserveOptions = [], _ handler: @escaping (Change<Value>) -> Void) -> Disposable {
    addObserver(
      initial: options.contains(.initial), changed: { handler(.changed(old: $0, new: $1)) }, event: handler)
  }

  /// Observes changes only, as `(old, new)` pairs.
  @discardableResult @inlinable
  public func observeChanges(_ handler: __owned @escaping (_ old: Value, _ new: Value) -> Void) -> Disposable {
    addObserver(initial: false, changed: handler, event: nil)
  }

  /// Observes with the changes on a path of their own: `changed` receives
  /// each `(old, new)` pair without a ``Change`` being built (the hot path of
  /// an interpreter whose values come from another module, where building a
  /// generic enum means a metadata lookup per change); `other` receives
  /// `.initial` and `.completed`.
  @discardableResult @inlinable
  public func observe(
    options: ObserveOptions = [], changed: @escaping (_ old: Value, _ new: Value) -> Void,
    other: @escaping (Change<Value>) -> Void
  ) -> Disposable {
    addObserver(initial: options.contains(.initial), changed: changed, event: other)
  }

  @inlinable
  func addObserver(
    initial: Bool, changed: consuming @escaping (Value, Value) -> Void, event: consuming ((Change<Value>) -> Void)?
  ) -> Disposable {
    let graph = reactiveGraph
    graph.lock.lock()
    // A lazy derived value nobody observed yet catches up and subscribes upstream.
    if isInactive { activate() }
    let entry: ObserverEntry<Value> =
      if let event = consume event {
        EventObserverEntry(sequence: graph.nextSequence(), changed: consume changed, event: event)
      } else {
        // Consumed: the caller's closure moves into the entry, no retain.
        ObserverEntry(sequence: graph.nextSequence(), changed: consume changed)
      }
    let completed = isCompleted
    if !completed {
      if observers.count >= observerSweepMark { sweepEndedObservers() }
      observers.append(entry)
    }
    let initialValue = initial ? storage : nil
    graph.lock.unlock()
    if let initialValue { entry.deliverInitial(initialValue) }
    if completed { entry.complete() }
    // One that also keeps the node alive when subscriptions must (a derived
    // value, which nobody else may own); stored properties stay owned by their
    // objects, so observing never keeps those alive. Made here: through a
    // factory call the entry was retained and released once more.
    return isRetainedBySubscriptions
      ? RetainingObservationToken(entry: entry, source: self) : ObservationToken(entry: entry)
  }

  /// Removes a completion watcher, or counts a derived value's disposed
  /// observer (a stored value's are only swept). Lock held.
  override func removeObserver(_ entry: AnyObserverEntry) {
    if entry is AnyCompletionWatcher {
      if let index = completionWatchers.firstIndex(where: { $0 === entry }) { completionWatchers.remove(at: index) }
      return
    }
    // A completed node let go of its entries already.
    if isCompleted { return }
    // The newest entry (a subscribe-then-dispose, a teardown newest first)
    // comes off the end at once.
    if observers.last === entry {
      observers.removeLast()
      if liveObserverCount == 0 { didLoseSubscriber() }
      return
    }
    // The entry has ended (disposed): leave it in place, sweep later.
    disposedObserverCount += 1
    if disposedObserverCount * 2 >= observers.count { sweepEndedObservers() }
    if liveObserverCount == 0 { didLoseSubscriber() }
  }

  override func takeEndedObservers(into released: inout [AnyObserverEntry]) {
    let ended = observers.filter { !$0.isActive }
    guard !ended.isEmpty else { return }
    released.append(contentsOf: ended)
    sweepEndedObservers()
  }

  /// Observers not disposed, for a derived value, whose disposals are all
  /// counted. Lock held.
  var liveObserverCount: Int { observers.count - disposedObserverCount }

  /// Drops the ended entries, keeping the order of the others, and sets the
  /// length of the next sweep. Lock held.
  @usableFromInline func sweepEndedObservers() {
    if disposedObserverCount == observers.count {
      observers.removeAll(keepingCapacity: observers.count < 64)
    } else {
      observers.removeAll { !$0.isActive }
    }
    disposedObserverCount = 0
    observerSweepMark = Swift.max(16, observers.count * 2)
  }

  /// Watches for this value's completion without observing its changes: unlike
  /// an observer, a watcher costs a write nothing (a write with observers
  /// leaves its fast path to deliver to them). For code that reaches a value
  /// unretained and must stop when it goes, keeping its last state: a
  /// script's wrapper of a Swift object.
  ///
  /// - Parameters:
  ///   - capture: receives the final value as the value completes,
  ///     synchronously and with the graph lock held, before the value can be
  ///     deallocated. It MUST only store what it is given (no reads or writes
  ///     of observable values, no release of the last reference to one),
  ///     because the graph is in the middle of removing this value.
  ///   - completed: runs with the observers' `.completed`, outside the lock.
  /// - Returns: a token; disposing it removes the watcher.
  public func observeCompletion(
    capturing capture: @escaping (Value) -> Void, completed: @escaping () -> Void
  ) -> Disposable {
    let graph = ReactiveGraph.shared
    graph.lock.lock()
    let watcher = CompletionWatcher(sequence: graph.nextSequence(), node: self, capture: capture, completed: completed)
    let alreadyCompleted = isCompleted
    if alreadyCompleted { watcher.isDetached = true } else { completionWatchers.append(watcher) }
    let last = storage
    graph.lock.unlock()
    if alreadyCompleted {
      capture(last)
      watcher.complete()
    }
    return CompletionWatcherToken(watcher: watcher, retaining: isRetainedBySubscriptions ? self : nil)
  }

  /// Observers not ended (by disposal or completion), counted. Lock held.
  override var observerCount: Int {
    var count = 0
    for entry in observers where entry.isActive { count += 1 }
    return count
  }

  override var valueDescription: String? { String(describing: storage) }

  override var boxedValue: Any? { storage }

  override func appendNotifications(old: Any, to notifications: inout [PendingNotification]) {
    let old = old as! Value
    guard !isSame(old, storage) || forcedNotificationEpoch == ReactiveGraph.shared.epoch else { return }
    let new: Any = storage
    for entry in observers {
      notifications.append(PendingNotification(entry: entry, old: old, new: new))
    }
  }

  /// What a concrete value's `deinit` MUST do first: complete, unlink every
  /// edge while its fields still exist, and tell observers `.completed`
  /// outside the lock (they may write, or drop the last reference to other
  /// nodes).
  ///
  /// Not ``ReactiveGraph/withPropagation(alreadyLocked:_:settle:)``: there
  /// is nothing to propagate, a deinit cannot throw, and no depth limit may
  /// keep `.completed` from an observer.
  func endOfLife() {
    let graph = ReactiveGraph.shared
    graph.lock.lock()
    complete()
    detachFromGraph()
    let completions = graph.takeCompletionsIfIdle()
    graph.lock.unlock()
    graph.deliverCompletions(completions)
  }

  /// Ends this value: observers hear `.completed`, downstream nodes let go.
  /// Lock held.
  func complete() {
    guard !isCompleted else { return }
    isCompleted = true
    // Watchers first: they were told the final value before anyone hears
    // `.completed`, and their code may rely on it.
    let watchers = Array(completionWatchers)
    completionWatchers.removeAll()
    for watcher in watchers {
      unsafeDowncast(watcher, to: AnyCompletionWatcher.self).isDetached = true
      if watcher.isActive { unsafeDowncast(watcher, to: CompletionWatcher<Value>.self).capture(storage) }
    }
    let entries = Array(observers)
    observers.removeAll()
    disposedObserverCount = 0
    let graph = ReactiveGraph.shared
    graph.nodeDidComplete(watchers.isEmpty ? entries : watchers + entries)
    notifyDownstreamOfCompletion()
  }
}

extension GraphNode {
  /// Tells the nodes downstream that this one will never change again, and
  /// removes the edges to them. Lock held.
  ///
  /// One edge at a time, out of the live list first: a node told here may
  /// end or complete, and change the lists, so none may be walked from a copy.
  func notifyDownstreamOfCompletion() {
    downstream.reverse()
    while let edge = downstream.popLast() {
      let reader = edge.node
      reader.upstream.removeFirst(node: self)
      reader.forgetSource(self)
      reader.upstreamDidComplete(self)
    }
    deadDownstreamCount = 0
    // Inactive derived values that read this one complete as active ones do.
    while let edge = passiveReaders.popLast() {
      let reader = edge.node
      reader.forgetSource(self)
      reader.upstreamDidComplete(self)
    }
  }
}

/// Equality strategies for the value kinds the runtime can compare.
/// Inlinable, to be specialized where a value is made (see ``Property``).
@usableFromInline
enum Sameness {
  @inlinable static func equatable<T: Equatable>(_ a: T, _ b: T) -> Bool { a == b }
  @inlinable static func identical<T: AnyObject>(_ a: T, _ b: T) -> Bool { a === b }
  @inlinable static func identicalOptional<T: AnyObject>(_ a: T?, _ b: T?) -> Bool { a === b }
  @inlinable static func never<T>(_ a: T, _ b: T) -> Bool { false }
}

/// A completion watcher's type-erased face: what its token needs to take it
/// out of its node's list.
class AnyCompletionWatcher: AnyObserverEntry {
  /// Set (lock held) once the watched node has let go of this watcher
  /// because it completed. From then on the node may be deallocated, so the
  /// token MUST NOT reach it through its unowned reference.
  @exclusivity(unchecked) final var isDetached = false
  /// The watched node. Unowned(unsafe), for the reasons given on
  /// ``CompletionWatcherToken``: only followed under the lock while attached.
  unowned(unsafe) let node: GraphNode

  init(sequence: Int, node: GraphNode) {
    self.node = node
    super.init(sequence: sequence)
  }
}

/// A watcher of one value's completion (``ObservableValue/observeCompletion(capturing:completed:)``).
final class CompletionWatcher<Value>: AnyCompletionWatcher {
  let capture: (Value) -> Void
  private let completed: () -> Void

  init(sequence: Int, node: GraphNode, capture: @escaping (Value) -> Void, completed: @escaping () -> Void) {
    self.capture = capture
    self.completed = completed
    super.init(sequence: sequence, node: node)
  }

  override func complete() {
    if end(.completed) { completed() }
  }
}
