/// A binary min-heap of nodes ordered by rank, then by insertion, so that one
/// propagation visits every node after all of its inputs.
///
/// Entries do not retain their nodes (a retain and a release per step saved):
/// a node that is deallocated while queued takes itself out in
/// ``GraphNode/detachFromGraph()``, under the lock, before its memory goes.
struct PropagationQueue {
  private struct Entry {
    let rank: Int
    let order: Int
    let ref: NodeRef
    var node: GraphNode { ref.node }
  }

  private var heap: [Entry] = []
  private var nextOrder = 0

  var isEmpty: Bool { heap.isEmpty }

  mutating func push(_ node: NodeRef, rank: Int) {
    nextOrder &+= 1
    heap.append(Entry(rank: rank, order: nextOrder, ref: node))
    if heap.count > 1 { siftUp(heap.count - 1) }
  }

  mutating func pop() -> GraphNode? {
    guard let top = heap.first else { return nil }
    let last = heap.removeLast()
    if !heap.isEmpty {
      heap[0] = last
      siftDown(0)
    }
    // A node whose rank was raised while it waited goes back in at its new rank.
    let rank = top.ref.withNode { $0.rank }
    if top.rank != rank {
      push(top.ref, rank: rank)
      return pop()
    }
    return top.node
  }

  /// Takes out a node that is being deallocated while it waits.
  mutating func remove(_ node: GraphNode) {
    guard let index = heap.firstIndex(where: { $0.node === node }) else { return }
    let last = heap.removeLast()
    guard index < heap.count else { return }
    heap[index] = last
    siftDown(index)
    siftUp(index)
  }

  mutating func removeAll() -> [GraphNode] {
    let nodes = heap.map(\.node)
    heap.removeAll(keepingCapacity: true)
    return nodes
  }

  private func precedes(_ a: Entry, _ b: Entry) -> Bool {
    a.rank != b.rank ? a.rank < b.rank : a.order < b.order
  }

  private mutating func siftUp(_ start: Int) {
    var child = start
    while child > 0 {
      let parent = (child - 1) / 2
      guard precedes(heap[child], heap[parent]) else { return }
      heap.swapAt(child, parent)
      child = parent
    }
  }

  private mutating func siftDown(_ start: Int) {
    var parent = start
    while true {
      let left = 2 * parent + 1
      guard left < heap.count else { return }
      var smallest = left
      let right = left + 1
      if right < heap.count && precedes(heap[right], heap[left]) { smallest = right }
      guard precedes(heap[smallest], heap[parent]) else { return }
      heap.swapAt(smallest, parent)
      parent = smallest
    }
  }
}
