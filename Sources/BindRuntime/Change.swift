import Synchronization

/// What an observer receives.
public enum Change<Value> {
  /// The current value, delivered at subscription time when ``ObserveOptions/initial`` is set.
  case initial(Value)
  /// A change from `old` to `new`; `old != new` for equatable values.
  case changed(old: Value, new: Value)
  /// The source is gone (its owner was deallocated); nothing more will arrive.
  case completed

  /// The value after the event, or `nil` for `.completed`.
  public var newValue: Value? {
    switch self {
    case .initial(let value): return value
    case .changed(_, let new): return new
    case .completed: return nil
    }
  }

  /// The value before the change, or `nil` for `.initial` and `.completed`.
  public var oldValue: Value? {
    if case .changed(let old, _) = self { return old }
    return nil
  }
}

extension Change: Equatable where Value: Equatable {}

/// Options for ``ObservableValue/observe(options:_:)``.
public struct ObserveOptions: OptionSet, Sendable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Deliver the current value at once, as `.initial`, before any change.
  public static let initial = ObserveOptions(rawValue: 1)
}

/// The lifecycle of one subscription. It moves from `active` to exactly one of
/// the end states, never back and never to both.
enum SubscriptionState: UInt8 {
  case active
  case disposed
  case completed
}

/// An observer's type-erased face, so one propagation can order the observers
/// of many properties by registration.
class AnyObserverEntry {
  /// Global registration order: observers run oldest first.
  let sequence: Int
  /// Read without the graph lock while delivering, hence atomic.
  private let rawState = Atomic<UInt8>(SubscriptionState.active.rawValue)

  init(sequence: Int) { self.sequence = sequence }

  @inline(__always) var isActive: Bool {
    rawState.load(ordering: .acquiring) == SubscriptionState.active.rawValue
  }

  var state: SubscriptionState { SubscriptionState(rawValue: rawState.load(ordering: .acquiring))! }

  /// Moves from active to `end`; returns false if the entry had already ended.
  @discardableResult
  func end(_ end: SubscriptionState) -> Bool {
    rawState.compareExchange(
      expected: SubscriptionState.active.rawValue, desired: end.rawValue, ordering: .acquiringAndReleasing
    ).exchanged
  }

  /// Delivers a change whose values are boxed (the propagation path).
  func deliverBoxed(old: Any, new: Any) {}
  /// Ends the entry as completed and tells its callback so.
  func complete() {}
}

/// One observer of a value of type `Value`.
///
/// The callback never changes after creation: deliveries read it without the
/// graph lock, so it is released with the entry rather than on disposal.
final class ObserverEntry<Value>: AnyObserverEntry {
  let callback: (Change<Value>) -> Void

  init(sequence: Int, callback: @escaping (Change<Value>) -> Void) {
    self.callback = callback
    super.init(sequence: sequence)
  }

  @inline(__always) func deliver(_ change: Change<Value>) {
    if isActive { callback(change) }
  }

  override func deliverBoxed(old: Any, new: Any) {
    deliver(.changed(old: old as! Value, new: new as! Value))
  }

  override func complete() {
    if end(.completed) { callback(.completed) }
  }
}

/// The token returned by `observe`: removes its entry from the observed node.
final class ObservationToken: Disposable {
  private weak var node: GraphNode?
  /// Keeps a derived source alive for as long as someone observes it; stored
  /// properties stay owned by their objects, so observing never keeps those alive.
  private let retainedSource: GraphNode?
  let entry: AnyObserverEntry

  init(node: GraphNode, entry: AnyObserverEntry) {
    self.node = node
    self.entry = entry
    self.retainedSource = node.isRetainedBySubscriptions ? node : nil
  }

  deinit { dispose() }

  var isDisposed: Bool { !entry.isActive }

  func dispose() {
    guard entry.end(.disposed) else { return }
    let graph = ReactiveGraph.shared
    graph.lock.lock()
    node?.removeObserver(entry)
    graph.lock.unlock()
  }
}
