import BindRuntime
import Synchronization

/// A change to a Swift model property that the reactive graph learns of
/// late: an `@Observable` property (Observation reports on `willSet`) or a
/// `@Published` one (Combine sends on `willSet`).
///
/// Swift's notice may come on any thread; the interpreter reads the new
/// value later, on its own thread, when it next looks (``HostChanges``).
package protocol PendingHostChange: AnyObject, Sendable {
  /// Reads the Swift value and writes it into the graph's node: a change
  /// only if it differs. Interpreter thread.
  func pull() throws
  /// Whether the Swift object is still there (for models that do not say
  /// when they go; see ``HostChanges/watchRelease(of:)``).
  var isObjectAlive: Bool { get }
  /// Lets go of the node: its observers get `completed`. Interpreter thread.
  func end()
}

/// The Swift-side changes of one interpreter's model properties, waiting to
/// reach the graph.
///
/// Observation calls back on `willSet`, before the new value is stored, so
/// the value cannot be read in the callback. Rather than guess a "next turn"
/// (a command-line run has no run loop), a change is *pulled* at the
/// interpreter's next look: at the end of the statement that made it (so
/// the script's observers report it in that statement's transcript), and at
/// the start of every statement (a write Swift made between statements). A
/// script's read of a pending property reads the Swift value directly, so it
/// is fresh even within the statement that caused the write.
package final class HostChanges: @unchecked Sendable {
  /// Weak: a pending change MUST NOT keep its link, and with it the node,
  /// alive past its object (the script's observers complete as it goes).
  private let pending = Mutex<[WeakChange]>([])
  /// A cheap "anything to do?" for the per-statement check.
  private let hasPending = Atomic<Bool>(false)
  /// How many changes Swift reported so far: a driver that lets Swift code
  /// run learns from it whether that code wrote a model.
  private let reported = Atomic<UInt64>(0)
  /// Links of objects that give no signal when they go (`ObservableObject`):
  /// checked at each delivery. Interpreter thread only.
  private var released: [any PendingHostChange] = []
  /// One link per object and member, so a wrapper made again for the same
  /// object shares its node. Interpreter thread only.
  private var links: [LinkKey: WeakLink] = [:]
  private var pruneAt = 64
  /// Told of each reported change (``Interpreter/onHostChange(_:)``).
  private let listener = Mutex<(@Sendable () -> Void)?>(nil)

  init() {}

  deinit {
    released.forEach { $0.end() }
  }

  /// Swift changed `change` (or is about to); any thread.
  package func enqueue(_ change: any PendingHostChange) {
    pending.withLock { $0.append(WeakChange(change: change)) }
    hasPending.store(true, ordering: .releasing)
    reported.add(1, ordering: .relaxed)
    // Called outside the lock: it may enqueue work that delivers at once.
    listener.withLock { $0 }?()
  }

  /// Sets what each reported change calls, on the reporting thread.
  func setListener(_ notify: (@Sendable () -> Void)?) {
    listener.withLock { $0 = notify }
  }

  /// How many changes Swift has reported: equal readings mean no model
  /// wrote a linked property between them.
  var reportedCount: UInt64 { reported.load(ordering: .relaxed) }

  /// Delivers every pending change and ends the links of released objects.
  ///
  /// The pulls of one round are one transaction, so that the script sees
  /// Swift's writes together, as one change: observers run once, in the
  /// graph's order, and a derived value over two changed properties never
  /// sees one new and one old. Pulls may write Swift again (a binding into
  /// another property), so rounds go on until nothing is pending, at most
  /// `maxRounds` of them.
  func deliver(_ report: (Error) -> Void) {
    if !released.isEmpty { endReleased() }
    var rounds = 0
    while hasPending.load(ordering: .acquiring), rounds < Self.maxRounds {
      rounds += 1
      let changes = pending.withLock { changes in
        hasPending.store(false, ordering: .relaxed)
        defer { changes = [] }
        return changes
      }
      var errors: [Error] = []
      do {
        try ReactiveGraph.shared.transaction {
          for case let change? in changes.lazy.map(\.change) {
            do { try change.pull() } catch { errors.append(error) }
          }
        }
      } catch {
        errors.append(error)
      }
      errors.forEach(report)
    }
  }

  /// Rounds of pulls one delivery makes: a Swift model that rewrites itself
  /// on every write (two properties clamping each other) must not hang.
  static let maxRounds = 100

  /// Checks `change`'s object at every delivery, ending the link once the
  /// object is gone.
  package func watchRelease(of change: any PendingHostChange) {
    released.append(change)
  }

  private func endReleased() {
    var alive: [any PendingHostChange] = []
    for change in released {
      if change.isObjectAlive { alive.append(change) } else { change.end() }
    }
    released = alive
  }

  /// The link of `object`'s member `member`, made by `make` on first use.
  func link<Link: AnyObject>(for object: AnyObject, member: String, make: () -> Link?) -> Link? {
    let key = LinkKey(object: ObjectIdentifier(object), member: member)
    // The object too: a released object's link may outlive it (until the
    // next delivery ends it), and a new object may have its address.
    if let entry = links[key], entry.object === object, let existing = entry.link as? Link { return existing }
    guard let made = make() else { return nil }
    links[key] = WeakLink(object: object, link: made)
    if links.count >= pruneAt {
      links = links.filter { $0.value.link != nil }
      pruneAt = max(64, links.count * 2)
    }
    return made
  }

  private struct WeakChange {
    weak var change: (any PendingHostChange)?
  }

  private struct LinkKey: Hashable {
    let object: ObjectIdentifier
    let member: String
  }

  private struct WeakLink {
    weak var object: AnyObject?
    weak var link: AnyObject?
  }
}

extension Interpreter {
  /// Brings Swift-side changes of `@Observable` and `@Published` models
  /// into the graph; their observers run now. Runs at the start and end of
  /// each top-level statement; call it after a Swift write to see the
  /// script's observers run before the next statement.
  public func deliverHostChanges() {
    hostChanges.deliver { error in reportingErrors { throw error } }
  }

  /// Calls `notify`, on whatever thread Swift changed it, each time an
  /// `@Observable` or `@Published` property the session linked reports a
  /// change. Statements deliver such changes when they start and end; a
  /// host that runs none for a while (the attach point, while a client's
  /// prompt waits) has `notify` schedule ``deliverHostChanges()`` on the
  /// interpreter's thread, so observers print the app's changes as they
  /// happen. `nil` stops the calls.
  public func onHostChange(_ notify: (@Sendable () -> Void)?) {
    hostChanges.setListener(notify)
  }
}
