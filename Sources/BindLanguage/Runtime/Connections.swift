import BindRuntime
import BindSyntax

/// The live bindings, observers and handlers a session made, by name where
/// they have one (`as NAME`), for `dispose` and `:bindings`.
public final class Connections {
  /// What kind of connection.
  public enum Kind: String {
    case binding = "bind"
    case twoWayBinding = "bind <->"
    case observer = "observe"
    case handler = "on"
    case timer = "timer"
    case effect = "effect"
  }

  /// A connection as `:bindings` lists it.
  public struct Entry {
    public let name: String?
    public let kind: Kind
    /// The statement's endpoints as written: `p.name -> label.text`.
    public let summary: String
    /// What the connection joins, for the graph.
    let ends: Ends
    /// The statement that made it, where one is known (a timer's: for
    /// `pending` and `--strict`).
    var site: SourceSite? = nil

    /// An `every` timer: it runs until disposed, so no `wait` settles it.
    public var isRepeatingTimer: Bool { kind == .timer && summary.hasPrefix("every") }
  }

  /// What a connection reads and what it writes, as the graph draws them.
  /// A value binding's ends are also the runtime's binding node; events,
  /// handlers and observers are not in the runtime graph, so these are the
  /// only record of them.
  ///
  /// An object, shared by the (most common) connections that have none: as
  /// a struct it was ~100 bytes of every connection, copied on each `bind`
  /// and on each growth of the list, where most connections need no ends.
  final class Ends {
    let source: End?
    let target: End?
    static let none = Ends(source: nil, target: nil)

    init(source: End?, target: End?) {
      self.source = source
      self.target = target
    }
  }

  /// One end of a connection.
  enum End {
    /// A value's runtime node (a property, a derived value, a time operator).
    case node(id: Int)
    /// An event, by identity (its object holds it; the graph never does).
    case event(ObjectIdentifier, name: String, origin: Origin?)

    /// For an event made by a time operator (`debounce(field.changed, 300ms)`):
    /// the event it follows.
    struct Origin {
      let id: ObjectIdentifier
      let name: String
    }

    init(_ event: ScriptEvent) {
      self = .event(
        ObjectIdentifier(event), name: event.displayName,
        origin: event.origin.map { Origin(id: ObjectIdentifier($0), name: $0.displayName) })
    }
  }

  /// Stored in the list itself (a struct, not an object of its own): a
  /// script may make thousands.
  private struct Connection {
    let entry: Entry
    let token: Disposable
  }

  // One thread runs an interpreter at a time, and nothing called while
  // these are being changed (a token's `isDisposed`) reaches back into them,
  // so the runtime's exclusivity checks (two per `bind`, ~130 instructions)
  // would only cost time.
  @exclusivity(unchecked) private var live: [Connection] = []
  /// Ended connections are swept out when `live` reaches this size, which
  /// then doubles: pruning every 64 additions scanned the whole list each
  /// time, O(n²) for a script that makes thousands of bindings.
  @exclusivity(unchecked) private var pruneAt = 64
  /// Where `live` holds each named connection: finding a name was a scan of
  /// every connection, so naming n of them cost O(n²). Rebuilt by a prune.
  @exclusivity(unchecked) private var namedIndices: [String: Int] = [:]

  /// The `observe` or `on` block whose run is under way, if any (and no
  /// effect's run inside it): what is made now belongs to that run.
  @exclusivity(unchecked) var currentBlockRun: BlockRuns?

  /// Made during the run of an `observe` or `on` block, or of an effect,
  /// the connection also belongs to that run: it ends before the block runs
  /// again (a named one made by a block, when the block's connection ends),
  /// and when that connection is disposed. An effect made in an effect's
  /// run belongs to it through the runtime already.
  func add(name: String?, kind: Kind, summary: String, ends: Ends = .none, site: SourceSite? = nil, token: Disposable) {
    if let run = currentBlockRun {
      run.own(token, isNamed: name != nil)
    } else if kind != .effect, let effect = Effect.current {
      effect.own(token)
    }
    // A name used again replaces its connection, as re-running a REPL line expects.
    if let name { _ = dispose(named: name) }
    if live.count >= pruneAt {
      pruneEnded()
      pruneAt = max(64, live.count * 2)
      reindexNames()
    }
    if let name { namedIndices[name] = live.count }
    live.append(Connection(entry: Entry(name: name, kind: kind, summary: summary, ends: ends, site: site), token: token))
  }

  /// Disposes the connection called `name`; false if there is none. Its
  /// slot stays until the next prune, disposed, so no index moves.
  func dispose(named name: String) -> Bool {
    guard let index = namedIndices[name] else { return false }
    let token = live[index].token
    // Named until its disposal is over: an effect's cleanup that disposes
    // the effect by name while it is being disposed does nothing more,
    // rather than fail on a name that went a moment before.
    token.dispose()
    if let current = namedIndices[name], live[current].token === token { namedIndices[name] = nil }
    return true
  }

  /// Removes the ended connections, keeping the order of the others. By
  /// index and in place: `removeAll(where:)` copied every connection (its
  /// strings and its token) to ask whether it had ended.
  private func pruneEnded() {
    var kept = 0
    for index in live.indices where !live[index].token.isDisposed {
      if kept != index { live.swapAt(kept, index) }
      kept += 1
    }
    // Disposed again (which does nothing more) as they go: an observer that
    // ended because its source went lets go of what its block's runs made.
    for connection in live[kept...] { connection.token.dispose() }
    live.removeLast(live.count - kept)
  }

  private func reindexNames() {
    namedIndices.removeAll(keepingCapacity: true)
    for (index, connection) in live.enumerated() {
      if let name = connection.entry.name { namedIndices[name] = index }
    }
  }

  /// The connections still active, oldest first.
  public var entries: [Entry] {
    live.filter { !$0.token.isDisposed }.map(\.entry)
  }

  /// The runtime nodes the active connections join, and those that are
  /// connections themselves (an effect): where the session's part of the
  /// graph is found (``GraphExport``).
  var graphNodeIDs: [Int] {
    live.filter { !$0.token.isDisposed }.flatMap { connection -> [Int] in
      let ends = [connection.entry.ends.source, connection.entry.ends.target].compactMap { end -> Int? in
        if case .node(let id) = end { return id }
        return nil
      }
      return ends + [(connection.token as? GraphNode)?.id].compactMap { $0 }
    }
  }

  /// The timers still to fire, with when they fire next, in creation order.
  var pendingTimers: [(entry: Entry, due: Duration)] {
    live.compactMap { connection in
      guard connection.entry.kind == .timer, let due = (connection.token as? ScheduledTimer)?.dueTime else { return nil }
      return (connection.entry, due)
    }
  }

  /// Whether an active `observe` prints the changes of what `text` names as
  /// its statement wrote it (`vm`, `vm.status`).
  func hasObserver(of text: String) -> Bool {
    live.contains { $0.entry.kind == .observer && $0.entry.summary == text && !$0.token.isDisposed }
  }

  /// The names that `dispose` accepts, oldest first.
  var names: [String] {
    live.enumerated().compactMap { index, connection in
      connection.entry.name.flatMap { namedIndices[$0] == index ? $0 : nil }
    }
  }

  /// Ends every connection.
  func disposeAll() {
    let ended = live
    live.removeAll()
    namedIndices.removeAll()
    for connection in ended { connection.token.dispose() }
  }
}
