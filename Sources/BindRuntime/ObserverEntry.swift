import Synchronization

/// The lifecycle of one subscription. It moves from `active` to an end state
/// and never back; ``AnyObserverEntry/end(_:)`` moves it to exactly one (the
/// one whose caller acts on it: a completion tells its callback), while a
/// plain token's disposal may mark an entry that just completed as disposed
/// (``AnyObserverEntry/markDisposed()``): ended either way.
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
  /// The registration order (global: observers run oldest first) in the
  /// high bits, the ``SubscriptionState`` in the low byte, in one atomic
  /// word: read without the graph lock while delivering, and ended with one
  /// compare-and-swap, by a token on any thread. One word instead of a
  /// sequence, a state byte and flags keeps a change-only entry at 40 bytes,
  /// a 48-byte heap block (it was 56 with the observed node: a 64-byte one).
  @usableFromInline let word: Atomic<Int>

  @usableFromInline init(sequence: Int) {
    word = Atomic(sequence << 8 | Int(SubscriptionState.active.rawValue))
  }

  /// Global registration order: observers run oldest first.
  final var sequence: Int { word.load(ordering: .relaxed) >> 8 }

  /// Final: a delivery calls it on every entry, and a member that could be
  /// overridden is called through the vtable from client modules instead of
  /// being inlined there (~8 instructions a delivery).
  @inlinable final var isActive: Bool {
    word.load(ordering: .acquiring) & 0xFF == Int(SubscriptionState.active.rawValue)
  }

  var state: SubscriptionState { SubscriptionState(rawValue: UInt8(word.load(ordering: .acquiring) & 0xFF))! }

  /// Moves from active to `end`; returns false if the entry had already ended.
  @discardableResult
  final func end(_ end: SubscriptionState) -> Bool {
    let current = word.load(ordering: .relaxed)
    // Ended already (a token's deinit after its `dispose()`): no atomic write.
    if current & 0xFF != Int(SubscriptionState.active.rawValue) { return false }
    let active = current & ~0xFF | Int(SubscriptionState.active.rawValue)
    return word.compareExchange(
      expected: active, desired: active & ~0xFF | Int(end.rawValue), ordering: .acquiringAndReleasing
    ).exchanged
  }

  /// Ends an active entry as disposed with a plain (releasing) store instead
  /// of a compare-and-swap, for a token that needs no answer: the one race
  /// is with a completion on another thread, and an entry that completed in
  /// between only reads as disposed afterwards (ended either way; nothing
  /// tells the two apart). An atomic read-modify-write costs ~20 cycles;
  /// a releasing store on x86 is a plain `mov`.
  @inlinable final func markDisposed() {
    let current = word.load(ordering: .relaxed)
    if current & 0xFF != Int(SubscriptionState.active.rawValue) { return }
    word.store(current & ~0xFF | Int(SubscriptionState.disposed.rawValue), ordering: .releasing)
  }

  /// Delivers a change whose values are boxed (the propagation path).
  func deliverBoxed(old: Any, new: Any) {}
  /// Ends the entry as completed and tells its callback so.
  @usableFromInline func complete() {}
}

/// One observer of the changes of a value of type `Value` (`observeChanges`).
///
/// The callbacks never change after creation: deliveries read them without
/// the graph lock, so they are released with the entry rather than on
/// disposal: a stored value's disposed entry when its node next sweeps
/// (``ObservationToken``), a derived value's at once.
///
/// Changes go to `changed` as two plain values: building a `Change<Value>`
/// in the runtime's unspecialized generic code costs a metadata lookup for
/// the enum and one for its payload tuple on every delivery (~600
/// instructions), so `observeChanges` never builds one.
///
/// Observers of changes only (the common case, and every binding the
/// interpreter makes) carry no second callback: 40 bytes (the header, the
/// sequence-and-state word, `changed`), a 48-byte heap block; an `event`
/// field would take it to 56, a 64-byte one.
/// Those that also hear `.initial` and `.completed` are ``EventObserverEntry``.
@usableFromInline
class ObserverEntry<Value>: AnyObserverEntry {
  @usableFromInline let changed: (_ old: Value, _ new: Value) -> Void

  @usableFromInline
  init(sequence: Int, changed: __owned @escaping (Value, Value) -> Void) {
    self.changed = changed
    super.init(sequence: sequence)
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
  init(
    sequence: Int, changed: __owned @escaping (Value, Value) -> Void, event: __owned @escaping (Change<Value>) -> Void
  ) {
    self.event = event
    super.init(sequence: sequence, changed: changed)
  }

  @usableFromInline override func deliverInitial(_ value: Value) {
    if isActive { event(.initial(value)) }
  }

  @usableFromInline override func complete() {
    if end(.completed) { event(.completed) }
  }
}
