/// A node's edges in one direction, in the order they were added: the first
/// inline, the rest in an array.
///
/// Most nodes have one edge each way (a binding reads one source and writes
/// one target; a property is written by one binding), so an `Array` here
/// meant one heap allocation per edge end: over a quarter of every
/// allocation made while a script builds a large graph. With the first edge
/// inline, only nodes with two or more edges in one direction allocate.
///
/// Invariant: `head` is nil only when `tail` is empty.
@usableFromInline
struct EdgeList: RandomAccessCollection {
  @usableFromInline var head: NodeRef?
  @usableFromInline var tail: [NodeRef] = []

  @inlinable init() {}

  init(_ edges: some Sequence<NodeRef>) {
    for edge in edges { append(edge) }
  }

  @inlinable var isEmpty: Bool { head == nil }
  /// Stated, not inherited: the collection's default `count` is
  /// `distance(from:to:)`, ~40 instructions a call, and evaluations read
  /// `readSources.count` on every tracked read.
  @inlinable var count: Int { head == nil ? 0 : tail.count &+ 1 }
  @inlinable var startIndex: Int { 0 }
  @inlinable var endIndex: Int { head == nil ? 0 : tail.count + 1 }

  @inlinable subscript(index: Int) -> NodeRef {
    get { index == 0 ? head.unsafelyUnwrapped : tail[index - 1] }
    set {
      if index == 0 { head = newValue } else { tail[index - 1] = newValue }
    }
  }

  mutating func append(_ edge: NodeRef) {
    if head == nil {
      head = edge
    } else {
      tail.append(edge)
    }
  }

  mutating func popLast() -> NodeRef? {
    if let last = tail.popLast() { return last }
    defer { head = nil }
    return head
  }

  mutating func remove(at index: Int) {
    if index > 0 {
      tail.remove(at: index - 1)
    } else {
      head = tail.isEmpty ? nil : tail.removeFirst()
    }
  }

  mutating func removeAll() {
    head = nil
    tail.removeAll()
  }

  mutating func removeAll(where shouldRemove: (NodeRef) -> Bool) {
    let kept = filter { !shouldRemove($0) }
    if kept.count != count { self = EdgeList(kept) }
  }

  mutating func reverse() {
    if !tail.isEmpty { self = EdgeList(reversed()) }
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
