/// The binding graph of a session as data: what `bindscript graph` and the
/// REPL's `:graph` draw, before it is written in any format.
///
/// Built from two records, because neither holds the whole picture: the
/// runtime's graph (`GraphSnapshot`) has the values, the
/// bindings between them, what each derived value and effect last read, and
/// the time operators; the session's `Connections` have what the runtime
/// never sees as nodes: events, their forwarding, `on` handlers, observers
/// (with their `as` names) and timers.
public struct BindingGraph: Equatable, Sendable {
  /// What a node is; each kind has its own shape (see the legend).
  public enum NodeKind: String, CaseIterable, Sendable {
    case storedProperty = "stored property"
    case derivedValue = "derived value"
    case event = "event"
    case handler = "on handler"
    case observer = "observer"
    case effect = "effect"
    case timeOperator = "debounce / throttle / delay"
    case timer = "after / every timer"
  }

  /// What an edge means; each kind has its own line style.
  public enum EdgeKind: String, CaseIterable, Sendable {
    /// A one-way binding writes its target.
    case binding = "bind"
    /// A two-way binding (drawn once, arrows at both ends).
    case twoWay = "two-way bind"
    /// A derived value, effect or time operator reads (follows) its source.
    case reads = "read by"
    /// An event goes on: forwarded, written into a property, handled.
    case event = "event"
    /// An observer watches a value.
    case observes = "observed by"
  }

  public struct Node: Equatable, Sendable {
    /// Unique in the graph, and a valid DOT identifier.
    public let id: String
    public let kind: NodeKind
    /// The node's name: a member name inside its object's cluster, the
    /// whole label otherwise.
    public let title: String
    /// The current value's literal, for properties and derived values.
    public let value: String?
    /// The index of the cluster (object) the node belongs to.
    public let cluster: Int?
  }

  public struct Edge: Equatable, Sendable {
    public let from: String
    public let to: String
    public let kind: EdgeKind
  }

  /// The nodes of one object: `LoginViewModel#1`, and for a host object the
  /// Swift class behind it.
  public struct Cluster: Equatable, Sendable {
    public let title: String
    public let swiftTypeName: String?
  }

  public internal(set) var nodes: [Node] = []
  public internal(set) var edges: [Edge] = []
  public internal(set) var clusters: [Cluster] = []

  public init() {}
}

extension BindingGraph {
  /// `"LoginViewModel#1.username"` split into the object and the member, or
  /// nil for a label that names no object member (a `bind` expression).
  static func objectAndMember(of label: String) -> (object: Substring, type: Substring, member: Substring)? {
    guard let dot = label.firstIndex(of: "."), let hash = label[..<dot].lastIndex(of: "#") else { return nil }
    let type = label[..<hash]
    let number = label[label.index(after: hash)..<dot]
    guard !type.isEmpty, !number.isEmpty, number.allSatisfy(\.isNumber),
      type.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
    else { return nil }
    return (label[..<dot], type, label[label.index(after: dot)...])
  }
}
