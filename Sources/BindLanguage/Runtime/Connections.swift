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
  }

  /// Stored in the list itself (a struct, not an object of its own): a
  /// script may make thousands.
  private struct Connection {
    let entry: Entry
    let token: Disposable
  }

  private var live: [Connection] = []
  /// Ended connections are swept out when `live` reaches this size, which
  /// then doubles: pruning every 64 additions scanned the whole list each
  /// time, O(n²) for a script that makes thousands of bindings.
  private var pruneAt = 64

  ///
  /// Made during an effect's run, the connection also belongs to that run:
  /// it ends before the effect runs again (an effect made there belongs to
  /// it through the runtime already).
  func add(name: String?, kind: Kind, summary: String, token: Disposable) {
    if kind != .effect, let effect = Effect.current { effect.own(token) }
    // A name used again replaces its connection, as re-running a REPL line expects.
    if let name { _ = dispose(named: name) }
    if live.count >= pruneAt {
      live.removeAll { $0.token.isDisposed }
      pruneAt = max(64, live.count * 2)
    }
    live.append(Connection(entry: Entry(name: name, kind: kind, summary: summary), token: token))
  }

  /// Disposes the connection called `name`; false if there is none.
  func dispose(named name: String) -> Bool {
    guard let index = live.firstIndex(where: { $0.entry.name == name }) else { return false }
    live.remove(at: index).token.dispose()
    return true
  }

  /// The connections still active, oldest first.
  public var entries: [Entry] {
    live.filter { !$0.token.isDisposed }.map(\.entry)
  }

  var names: [String] { live.compactMap(\.entry.name) }

  /// Ends every connection.
  func disposeAll() {
    let ended = live
    live.removeAll()
    for connection in ended { connection.token.dispose() }
  }
}
