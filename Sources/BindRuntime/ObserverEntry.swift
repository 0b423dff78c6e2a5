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
  @usableFromInline @exclusivity(unchecked) final var isDetached = false
  /// Whether this is a ``CompletionWatcher`` (kept apart from observers), so
  /// that disposal knows which list holds it without a dynamic cast.
  let isCompletionWatcher: Bool
  /// The observed node, for disposal. Held here rather than in the token,
  /// where it would take a word of its own: the entry's 56 bytes round up to
  /// the same 64-byte heap block with it or without it, and the token shrinks
  /// to one field (a 32-byte block instead of 48). Unowned(unsafe), for the
  /// reasons given on ``ObservationToken``: it is only followed under the
  /// lock while the entry is attached. Nil for an event handler's entry.
  @usableFromInline unowned(unsafe) let node: GraphNode?

  @usableFromInline init(sequence: Int, node: GraphNode?, isCompletionWatcher: Bool = false) {
    self.sequence = sequence
    self.node = node
    self.isCompletionWatcher = isCompletionWatcher
  }

  /// Final: a delivery calls it on every entry, and a member that could be
  /// overridden is called through the vtable from client modules instead of
  /// being inlined there (~8 instructions a delivery).
  @inlinable final var isActive: Bool {
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

/// One observer of the changes of a value of type `Value` (`observeChanges`).
///
/// The callbacks never change after creation: deliveries read them without
/// the graph lock, so they are released with the entry rather than on disposal.
///
/// Changes go to `changed` as two plain values: building a `Change<Value>`
/// in the runtime's unspecialized generic code costs a metadata lookup for
/// the enum and one for its payload tuple on every delivery (~600
/// instructions), so `observeChanges` never builds one.
///
/// Observers of changes only (the common case, and every binding the
/// interpreter makes) carry no second callback: with an `event` field here
/// the entry took 72 bytes, an 80-byte heap block, instead of 56 (64).
/// Those that also hear `.initial` and `.completed` are ``EventObserverEntry``.
@usableFromInline
class ObserverEntry<Value>: AnyObserverEntry {
  @usableFromInline let changed: (_ old: Value, _ new: Value) -> Void

  @usableFromInline
  init(sequence: Int, node: GraphNode, changed: @escaping (Value, Value) -> Void) {
    self.changed = changed
    super.init(sequence: sequence, node: node)
  }

  @inlinable final func deliverChange(old: Value, new: Value) {
    if isActive { changed(old, new) }
  }

  /// Delivers `.initial`; observers of changes only never ask for it.
  @usableFromInline func deliverInitial(_ value: Value) {}

  final override func deliverBoxed(old: Any, new: Any) {
    deliverChange(old: old as! Value, new: new as! Value)
  }

  @usableFromInline override func complete() {
    end(.completed)
  }
}

/// An observer that also hears `.initial` and `.completed` (`observe`).
@usableFromInline
final class EventObserverEntry<Value>: ObserverEntry<Value> {
  let event: (Change<Value>) -> Void

  @usableFromInline
  init(sequence: Int, node: GraphNode, changed: @escaping (Value, Value) -> Void, event: @escaping (Change<Value>) -> Void) {
    self.event = event
    super.init(sequence: sequence, node: node, changed: changed)
  }

  @usableFromInline override func deliverInitial(_ value: Value) {
    if isActive { event(.initial(value)) }
  }

  @usableFromInline override func complete() {
    if end(.completed) { event(.completed) }
  }
}
