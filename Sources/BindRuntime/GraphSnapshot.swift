/// A picture of the live graph: values, bindings, effects and their edges.
public struct GraphSnapshot: Sendable {
  /// One node.
  public struct Node: Sendable {
    public let id: Int
    public let label: String
    public let kind: NodeKind
    /// The value's description, for properties and derived values.
    public let value: String?
    public let observerCount: Int
    /// For one half of a two-way binding, the other half's id.
    public let partnerID: Int?
    /// For a time operator's value (`debounce`), its source's id: the
    /// operator observes it (that observer is not in the source's
    /// `observerCount`) and follows it when its timers fire.
    public let followedID: Int?
  }

  /// An edge: `to` is brought up to date after `from` (a read dependency, or a
  /// binding writing its target). A lazy derived value's reads are edges
  /// too, though it is brought up to date only when read.
  public struct Edge: Sendable, Equatable {
    public let from: Int
    public let to: Int
  }

  public internal(set) var nodes: [Node] = []
  public internal(set) var edges: [Edge] = []
}

extension GraphSnapshot {
  /// The part of the picture joined to `roots`: those nodes and every node
  /// a chain of edges leads to from them, either way, a time operator's
  /// value and its source, two-way halves. The graph is the process's, so a
  /// session's picture starts from what it holds and leaves out the nodes of
  /// sessions running beside it, even those with the same labels
  /// (`Counter#1.count` in both).
  public func reachable(from roots: Set<Int>) -> GraphSnapshot {
    var neighbours: [Int: [Int]] = [:]
    func join(_ a: Int, _ b: Int) {
      neighbours[a, default: []].append(b)
      neighbours[b, default: []].append(a)
    }
    for edge in edges { join(edge.from, edge.to) }
    for node in nodes {
      if let followed = node.followedID { join(node.id, followed) }
      if let partner = node.partnerID { join(node.id, partner) }
    }
    var reached = Set<Int>()
    var pending = Array(roots)
    while let id = pending.popLast() {
      guard reached.insert(id).inserted else { continue }
      pending.append(contentsOf: neighbours[id] ?? [])
    }
    var part = GraphSnapshot()
    part.nodes = nodes.filter { reached.contains($0.id) }
    part.edges = edges.filter { reached.contains($0.from) }
    return part
  }
}
