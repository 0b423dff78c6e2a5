/// A binary min-heap of nodes ordered by rank, then by insertion, so that one
/// propagation visits every node after all of its inputs.
struct PropagationQueue {
  private struct Entry {
    let rank: Int
    let order: Int
    let node: GraphNode
  }

  private var heap: [Entry] = []
  private var nextOrder = 0

  var isEmpty: Bool { heap.isEmpty }

  mutating func push(_ node: GraphNode) {
    nextOrder &+= 1
    heap.append(Entry(rank: node.rank, order: nextOrder, node: node))
    siftUp(heap.count - 1)
  }

  mutating func pop() -> GraphNode? {
    guard let top = heap.first else { return nil }
    let last = heap.removeLast()
    if !heap.isEmpty {
      heap[0] = last
      siftDown(0)
    }
    // A node whose rank was raised while it waited goes back in at its new rank.
    if top.rank != top.node.rank {
      push(top.node)
      return pop()
    }
    return top.node
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
