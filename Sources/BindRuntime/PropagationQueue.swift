/// A binary min-heap of nodes ordered by rank, then by insertion, so that one
/// propagation visits every node after all of its inputs.
///
/// Entries do not retain their nodes (a retain and a release per step saved):
/// a node that is deallocated while queued takes itself out in
/// ``GraphNode/detachFromGraph()``, under the lock, before its memory goes.
///
/// The heap lives in a buffer of its own rather than an `Array`: every push
/// and pop on an array checks uniqueness and capacity through the runtime,
/// which cost as much as the heap work itself in a one-entry queue (a binding
/// chain) and a small one (cellx). The queue belongs to the graph, which lives
/// as long as the process, so the buffer is never freed.
struct PropagationQueue {
  private struct Entry {
    var rank: Int
    var order: Int
    var ref: NodeRef
  }

  private var heap: UnsafeMutablePointer<Entry>
  private var count = 0
  private var capacity = 32
  private var nextOrder = 0

  init() {
    heap = .allocate(capacity: capacity)
  }

  var isEmpty: Bool { count == 0 }

  mutating func push(_ node: NodeRef, rank: Int) {
    if count == capacity { grow() }
    nextOrder &+= 1
    (heap + count).initialize(to: Entry(rank: rank, order: nextOrder, ref: node))
    count += 1
    if count > 1 { siftUp(count - 1) }
  }

  /// The next node, unretained: the caller decides whether to hold it.
  mutating func pop() -> NodeRef? {
    while count > 0 {
      let top = heap[0]
      count -= 1
      if count > 0 {
        heap[0] = heap[count]
        siftDown(0)
      }
      // A node whose rank was raised while it waited goes back in at its new rank.
      let rank = top.ref.withNode { $0.rank }
      if top.rank == rank { return top.ref }
      requeue(top.ref, rank: rank)
    }
    return nil
  }

  /// ``push(_:rank:)`` out of line: inlined into ``pop()``, with
  /// ``siftDown(_:)``, it made every pop work out the bounds of both first
  /// (a pop of a one-entry queue, as a write to an effect's source makes,
  /// took twice the instructions).
  @inline(never) private mutating func requeue(_ node: NodeRef, rank: Int) {
    push(node, rank: rank)
  }

  /// Takes out a node that is being deallocated while it waits.
  mutating func remove(_ node: GraphNode) {
    guard let index = (0..<count).first(where: { heap[$0].ref.node === node }) else { return }
    count -= 1
    guard index < count else { return }
    heap[index] = heap[count]
    siftDown(index)
    siftUp(index)
  }

  mutating func removeAll() -> [GraphNode] {
    let nodes = (0..<count).map { heap[$0].ref.node }
    count = 0
    return nodes
  }

  private mutating func grow() {
    let larger = UnsafeMutablePointer<Entry>.allocate(capacity: capacity * 2)
    larger.moveInitialize(from: heap, count: count)
    heap.deallocate()
    heap = larger
    capacity *= 2
  }

  @inline(__always) private func precedes(_ a: Int, _ b: Int) -> Bool {
    let (x, y) = (heap[a], heap[b])
    return x.rank != y.rank ? x.rank < y.rank : x.order < y.order
  }

  @inline(__always) private func swapAt(_ a: Int, _ b: Int) {
    let saved = heap[a]
    heap[a] = heap[b]
    heap[b] = saved
  }

  private func siftUp(_ start: Int) {
    var child = start
    while child > 0 {
      let parent = (child - 1) / 2
      guard precedes(child, parent) else { return }
      swapAt(child, parent)
      child = parent
    }
  }

  @inline(never) private func siftDown(_ start: Int) {
    var parent = start
    while true {
      let left = 2 * parent + 1
      guard left < count else { return }
      var smallest = left
      let right = left + 1
      if right < count && precedes(right, left) { smallest = right }
      guard precedes(smallest, parent) else { return }
      swapAt(smallest, parent)
      parent = smallest
    }
  }
}
