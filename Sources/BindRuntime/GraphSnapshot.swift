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
