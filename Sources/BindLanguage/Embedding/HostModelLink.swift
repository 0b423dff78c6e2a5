import BindRuntime
import Synchronization

/// How to reach one property of one Swift model object whose changes the
/// graph does not see by itself (`@Observable`, `@Published`).
package struct HostModelSource<T> {
  /// The current Swift value; `nil` once the object is gone.
  package var read: () -> T?
  /// Writes the Swift property. `nil`: read-only.
  package var write: ((T) -> Void)?
  /// Starts reporting Swift's changes to `link` (``HostModelLink/swiftWillChange()``).
  /// Whoever reports holds the link: it lives as long as that lasts.
  package var connect: (HostModelLink<T>) -> Void

  package init(read: @escaping () -> T?, write: ((T) -> Void)?, connect: @escaping (HostModelLink<T>) -> Void) {
    self.read = read
    self.write = write
    self.connect = connect
  }

  /// A property of `root` read (and written, when `writable` is given)
  /// through key paths, holding `root` weakly so that the object's release
  /// is not held up by its script properties.
  package init<Root: AnyObject>(
    root: Root, keyPath: KeyPath<Root, T>, writable: ReferenceWritableKeyPath<Root, T>?,
    connect: @escaping (HostModelLink<T>) -> Void
  ) {
    self.init(
      read: { [weak root] in root?[keyPath: keyPath] },
      write: writable.map { path in { [weak root] value in root?[keyPath: path] = value } },
      connect: connect)
  }
}

/// The graph's node for one Swift model property, kept in step with it.
///
/// The node is what scripts observe, bind and derive from, exactly as the
/// `Property` of an `@Observed`; the link owns it, and whoever reports the
/// Swift changes owns the link (for `@Observable`, the object's own
/// observation registrar), so the node goes when the object goes and its
/// observers get `completed`, as an `@Observed`'s do.
///
/// - Swift → graph: Swift reports a change (any thread, before the value is
///   stored); the link is queued in ``HostChanges``, and the interpreter
///   pulls the stored value at its next look, writing the node. An equal
///   value is no change, so a script's own write that comes back is none.
/// - Graph → Swift: a binding from the node into a sink that writes the
///   Swift property, so every way of writing the node (assignment, a bind
///   into it, a two-way binding, a mirror) reaches Swift, in rank order.
///   The sink skips a value Swift already holds: a pull's own write, which
///   propagates only when the transaction of the delivery ends, would
///   otherwise run Swift's setter (and its `didSet`) a second time.
package final class HostModelLink<T>: PendingHostChange, @unchecked Sendable {
  /// Set until the link ends (released object, ended session).
  private(set) var node: Property<T>?
  private let source: HostModelSource<T>
  private let isAlive: () -> Bool
  private let isSame: (T, T) -> Bool
  private weak var changes: HostChanges?
  private let pendingFlag = Atomic<Bool>(false)
  private var toSwift: Disposable?
  /// What the source's watch needs kept (a subscription), until the end.
  private var kept: [AnyObject] = []
  /// Runs after each pull, on the interpreter's thread: where a watch that
  /// must look again at the stored value (Observation's) does so.
  package var afterPull: (() -> Void)?

  init?(
    source: HostModelSource<T>, isAlive: @escaping () -> Bool, label: String,
    isSame: @escaping (T, T) -> Bool, changes: HostChanges
  ) {
    guard let initial = source.read() else { return nil }
    self.source = source
    self.isAlive = isAlive
    self.isSame = isSame
    self.changes = changes
    let node = Property(initial, label: label, isSame: isSame)
    self.node = node
    if let write = source.write {
      // (The binding applies the current value at once: Swift has it.)
      let read = source.read
      toSwift = try? node.bindChecked(
        to: Sink { value in
          if let current = read(), isSame(current, value) { return }
          write(value)
        }, label: "\(label) (to Swift)")
    }
    source.connect(self)
  }

  /// Whether the interpreter that reads this link is still there.
  package var isConnected: Bool { changes != nil }

  /// Asks the interpreter to check, at each delivery, whether the object is
  /// still there, and to end the link once it is not: for models that give
  /// no signal when they go (`ObservableObject`).
  package func watchRelease() {
    changes?.watchRelease(of: self)
  }

  /// Whether Swift changed the value since the last pull.
  var isPending: Bool { pendingFlag.load(ordering: .relaxed) }

  /// The value Swift holds now, fresher than the node while a change is
  /// pending.
  var swiftValue: T? { source.read() }

  /// Swift is about to change the value (or just did); any thread. The value
  /// is read later, by ``pull()``.
  package func swiftWillChange() {
    guard !pendingFlag.exchange(true, ordering: .acquiringAndReleasing) else { return }
    changes?.enqueue(self)
  }

  /// A script's write: Swift's setter runs first (its `didSet`, a sink
  /// that writes back), then the node takes what Swift kept, all in one
  /// transaction, so the script sees one change from the old value to the
  /// final one, never the value Swift refused. The node's own binding to
  /// Swift then finds Swift holding the value and does not write again.
  /// Read-only links ignore it (scripts cannot write them).
  func writeThrough(_ value: T) throws {
    guard let node, source.write != nil else { return }
    // An equal value is no write, as for any property: Swift's setter
    // (and its `didSet`) does not run for it.
    if let current = source.read(), isSame(current, value) { return }
    try ReactiveGraph.shared.transaction { try node.set(storeInSwift(value)) }
  }

  /// Runs Swift's setter with `value`, unless Swift holds it already, and
  /// returns the value Swift kept: what a binding into the node writes, so
  /// that a `bind` into a clamped property is one change, as a script's
  /// write is (``writeThrough(_:)``).
  func storeInSwift(_ value: T) -> T {
    guard let write = source.write else { return value }
    if let current = source.read(), isSame(current, value) { return current }
    write(value)
    return source.read() ?? value
  }

  package func pull() throws {
    pendingFlag.store(false, ordering: .releasing)
    guard let node else { return }
    guard let value = source.read() else {
      end()
      return
    }
    afterPull?()
    try node.set(value)
  }

  package var isObjectAlive: Bool { isAlive() }

  /// Keeps `object` (a subscription that reports to this link) until the
  /// link ends.
  package func keep(_ object: AnyObject) {
    kept.append(object)
  }

  package func end() {
    toSwift?.dispose()
    toSwift = nil
    kept = []
    afterPull = nil
    // The last reference, unless a pull is under way: the node completes,
    // and with it the script's observers and bindings of it.
    node = nil
  }
}
