import Synchronization

/// The lifecycle of one subscription. It moves from `active` to exactly one of
/// the end states, never back and never to both.
@usableFromInline
enum SubscriptionState: UInt8 {
  case active
  case disposed
  case completed
}

/// An observer's type-erased face, so one propagation can order the observers
/// of many properties by registration.
@usableFromInline
class AnyObserverEntry {
  /// Global registration order: observers run oldest first.
  let sequence: Int
  /// Read without the graph lock while delivering, hence atomic.
  @usableFromInline let rawState = Atomic<UInt8>(SubscriptionState.active.rawValue)
  /// Set (lock held) once the observed node has let go of this entry because
  /// it completed. From then on the node may be deallocated, so a token MUST
  /// NOT reach it through its unowned reference.
  @usableFromInline @exclusivity(unchecked) var isDetached = false
  /// Whether this is a ``CompletionWatcher`` (kept apart from observers), so
  /// that disposal knows which list holds it without a dynamic cast.
  let isCompletionWatcher: Bool

  @usableFromInline init(sequence: Int, isCompletionWatcher: Bool = false) {
    self.sequence = sequence
    self.isCompletionWatcher = isCompletionWatcher
  }

  @inlinable var isActive: Bool {
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
  @usableFromInline func complete() {}
}

/// One observer of a value of type `Value`.
///
/// The callbacks never change after creation: deliveries read them without
/// the graph lock, so they are released with the entry rather than on disposal.
///
/// Changes go to `changed` as two plain values: building a `Change<Value>`
/// in the runtime's unspecialized generic code costs a metadata lookup for
/// the enum and one for its payload tuple on every delivery (~600
/// instructions), so `observeChanges` never builds one.
@usableFromInline
final class ObserverEntry<Value>: AnyObserverEntry {
  @usableFromInline let changed: (_ old: Value, _ new: Value) -> Void
  /// `.initial` and `.completed`; nil for observers of changes only.
  let event: ((Change<Value>) -> Void)?

  @usableFromInline
  init(sequence: Int, changed: @escaping (Value, Value) -> Void, event: ((Change<Value>) -> Void)?) {
    self.changed = changed
    self.event = event
    super.init(sequence: sequence)
  }

  @inlinable func deliverChange(old: Value, new: Value) {
    if isActive { changed(old, new) }
  }

  @usableFromInline func deliverInitial(_ value: Value) {
    if isActive, let event { event(.initial(value)) }
  }

  override func deliverBoxed(old: Any, new: Any) {
    deliverChange(old: old as! Value, new: new as! Value)
  }

  @usableFromInline override func complete() {
    if end(.completed), let event { event(.completed) }
  }
}
