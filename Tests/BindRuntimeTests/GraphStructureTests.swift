import XCTest
@testable import BindRuntime

/// The graph's bookkeeping: edge lists (first edge inline, the rest in an
/// array), the registry of live nodes, ranks kept topological as edges are
/// added in any order.
final class GraphStructureTests: RuntimeTestCase {
  func testEdgeListKeepsInsertionOrderThroughEveryRemoval() {
    let nodes = (0..<5).map { Property($0) }
    var list = EdgeList()
    XCTAssertTrue(list.isEmpty)
    for node in nodes { list.append(NodeRef(node)) }
    XCTAssertEqual(ids(list), nodes.map(\.id))

    list.removeFirst(node: nodes[0])  // the inline head: the next edge moves up
    XCTAssertEqual(ids(list), [1, 2, 3, 4].map { nodes[$0].id })
    list.removeFirst(node: nodes[3])
    XCTAssertEqual(ids(list), [1, 2, 4].map { nodes[$0].id })
    XCTAssertTrue(list.contains(node: nodes[2]))
    XCTAssertFalse(list.contains(node: nodes[3]))

    list.reverse()
    XCTAssertEqual(ids(list), [4, 2, 1].map { nodes[$0].id })
    list.removeAll { $0.node === nodes[2] }
    XCTAssertEqual(ids(list), [4, 1].map { nodes[$0].id })
    XCTAssertEqual(list.popLast()?.node.id, nodes[1].id)
    XCTAssertEqual(list.popLast()?.node.id, nodes[4].id)
    XCTAssertNil(list.popLast())
    XCTAssertTrue(list.isEmpty)
  }

  func testBindingsOfOneSourceRunInBindingOrderAfterTheFirstIsDisposed() {
    let source = Property(0)
    let log = Log()
    let tokens = ["first", "second", "third"].map { name in
      source.bind(to: Sink(log) { log, value in log.append("\(name) \(value)") })
    }
    tokens[0].dispose()
    source.value = 1
    XCTAssertEqual(log.entries, ["first 0", "second 0", "third 0", "second 1", "third 1"])
    withExtendedLifetime(tokens) {}
  }

  func testTheGraphListsEveryLiveNodeAfterNodesInTheMiddleGo() {
    var properties: [Property<Int>?] = (0..<6).map { Property($0) }
    let ids = properties.map { $0!.id }
    properties[1] = nil
    properties[4] = nil
    let listed = Set(graph.snapshot().nodes.map(\.id))
    XCTAssertTrue(listed.isSuperset(of: [ids[0], ids[2], ids[3], ids[5]]))
    XCTAssertTrue(listed.isDisjoint(with: [ids[1], ids[4]]), "a freed node is no longer listed")
    let survivor = Property(100)
    XCTAssertTrue(graph.snapshot().nodes.contains { $0.id == survivor.id })
    withExtendedLifetime(properties) {}
  }

  func testADerivedValueMadeBeforeItsInputIsBoundStillRunsAfterIt() {
    // `doubled` reads `middle` while `middle` has no input; binding `start`
    // into `middle` later must raise `doubled` above the new binding.
    let start = Property(1)
    let middle = Property(0)
    let doubled = Derived { middle.value * 2 }
    let sum = Derived { start.value + doubled.value }
    let history = History<Int>()
    let observation = history.observe(sum)
    let binding = start.bind(to: middle)
    XCTAssertEqual(sum.value, 3)
    start.value = 5
    XCTAssertEqual(history.events.compactMap(\.newValue), [3, 15], "one consistent change per write, no glitch (7 would be one)")
    withExtendedLifetime((observation, binding)) {}
  }

  private func ids(_ list: EdgeList) -> [Int] { list.map(\.node.id) }
}
