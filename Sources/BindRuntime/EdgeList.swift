/// A node's edges in one direction, in the order they were added: the first
/// two inline, the rest in an array.
///
/// Most nodes have one or two edges each way (a binding reads one source and
/// writes one target; a derived value such as `a - c` reads two), so an
/// `Array` here meant one heap allocation per edge end: over a quarter of
/// every allocation made while a script builds a large graph. With the first
/// two inline, only nodes with three or more edges in one direction
/// allocate, and a pull that checks a node's sources finds both in the node
/// itself rather than in an array elsewhere in memory (a cache miss each).
///
/// Invariant: `second` is nil when `head` is, and `tail` is empty when
/// `second` is nil.
@usableFromInline
struct EdgeList: RandomAccessCollection {
  @usableFromInline var head: NodeRef?
  @usableFromInline var second: NodeRef?
  @usableFromInline var tail: [NodeRef] = []

  @inlinable init() {}

  init(_ edges: some Sequence<NodeRef>) {
    for edge in edges { append(edge) }
  }

  @inlinable var isEmpty: Bool { head == nil }
  /// Stated, not inherited: the collection's default `count` is
  /// `distance(from:to:)`, ~40 instructions a call, and evaluations read
  /// `readSources.count` on every tracked read.
  @inlinable var count: Int { head == nil ? 0 : second == nil ? 1 : tail.count &+ 2 }
  @inlinable var startIndex: Int { 0 }
  @inlinable var endIndex: Int { count }

  @inlinable subscript(index: Int) -> NodeRef {
    get {
      switch index {
      case 0: head.unsafelyUnwrapped
      case 1: second.unsafelyUnwrapped
      default: tail[index &- 2]
      }
    }
    set {
      switch index {
      case 0: head = newValue
      case 1: second = newValue
      default: tail[index &- 2] = newValue
      }
    }
  }

  mutating func append(_ edge: NodeRef) {
    if head == nil {
      head = edge
    } else if second == nil {
      second = edge
    } else {
      tail.append(edge)
    }
  }

  mutating func popLast() -> NodeRef? {
    if let last = tail.popLast() { return last }
    if let last = second {
      second = nil
      return last
    }
    defer { head = nil }
    return head
  }

  mutating func remove(at index: Int) {
    switch index {
    case 0:
      head = second
      second = tail.isEmpty ? nil : tail.removeFirst()
    case 1:
      second = tail.isEmpty ? nil : tail.removeFirst()
    default:
      tail.remove(at: index - 2)
    }
  }

  mutating func removeAll() {
    head = nil
    second = nil
    tail.removeAll()
  }

  mutating func removeAll(where shouldRemove: (NodeRef) -> Bool) {
    let kept = filter { !shouldRemove($0) }
    if kept.count != count { self = EdgeList(kept) }
  }

  mutating func reverse() {
    if second != nil { self = EdgeList(reversed()) }
  }

  /// Whether the edge at `index`, if there is one, leads to `node`: an
  /// evaluation's check that a read is the next one of the previous
  /// evaluation, inlined into every read, so without working out `count`.
  @inlinable @inline(__always) func isEdge(at index: Int, to node: GraphNode) -> Bool {
    let target = Unmanaged.passUnretained(node).toOpaque()
    switch index {
    case 0: return head?.unmanaged.toOpaque() == target
    case 1: return second?.unmanaged.toOpaque() == target
    default:
      let tailIndex = index &- 2
      return tailIndex < tail.count && tail[tailIndex].unmanaged.toOpaque() == target
    }
  }

  /// Removes one edge to `node`, if there is one.
  @inline(__always) mutating func removeFirst(node: GraphNode) {
    if let index = firstIndex(where: { $0.node === node }) { remove(at: index) }
  }

  /// Whether some edge leads to `node`.
  @inline(__always) func contains(node: GraphNode) -> Bool {
    contains { $0.node === node }
  }
}
