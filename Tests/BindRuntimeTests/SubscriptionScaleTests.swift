import XCTest
@testable import BindRuntime

/// Ending a binding or an observation is O(1) amortized (issue #14, scale):
/// the entry is left as a placeholder and swept out once placeholders are
/// as many as live entries. What must hold: order, delivery, and a bounded
/// amount of dead entries.
final class SubscriptionScaleTests: RuntimeTestCase {
  func testEndingBindingsInAnyOrderKeepsTheOthersInOrderAndSweepsThePlaceholders() {
    let source = Property(0, label: "s")
    let targets = (0..<200).map { Property(0, label: "t\($0)") }
    var tokens = targets.enumerated().map { index, target in
      source.bind(to: target)
    }
    // End every third binding, then every other of the rest, from the middle out.
    var ended = Set<Int>()
    for index in stride(from: 100, to: 200, by: 3) { tokens[index].dispose(); ended.insert(index) }
    for index in stride(from: 99, through: 0, by: -2) { tokens[index].dispose(); ended.insert(index) }
    ReactiveGraph.shared.withLock {
      let dead = source.downstream.filter(\.isDeadEdge).count
      XCTAssertEqual(dead, source.deadDownstreamCount)
      XCTAssertLessThanOrEqual(dead * 2, source.downstream.count, "placeholders never outnumber live edges")
      XCTAssertEqual(source.downstream.count - dead, 200 - ended.count)
    }
    let steps = trace { source.value = 7 }.filter { $0.hasPrefix("write t") }
    let expected = (0..<200).filter { !ended.contains($0) }.map { "write t\($0): 0 -> 7" }
    XCTAssertEqual(steps, expected, "the live bindings run in the order they were made")
    for (index, target) in targets.enumerated() {
      XCTAssertEqual(target.value, ended.contains(index) ? 0 : 7)
    }
    tokens.removeAll()
    ReactiveGraph.shared.withLock { XCTAssertTrue(source.downstream.isEmpty) }
  }

  func testDisposingObserversInAnyOrderKeepsTheOthersInOrder() {
    let source = Property(0)
    let log = Log()
    let tokens = (0..<100).map { index in source.observeChanges { _, _ in log.append("\(index)") } }
    for index in stride(from: 0, to: 100, by: 2) { tokens[index].dispose() }
    for index in stride(from: 99, to: 50, by: -4) { tokens[index].dispose() }
    source.value = 1
    let live = (0..<100).filter { $0 % 2 == 1 && !($0 > 50 && (99 - $0) % 4 == 0) }
    XCTAssertEqual(log.entries, live.map(String.init))
    ReactiveGraph.shared.withLock {
      XCTAssertEqual(source.observerCount, live.count)
      // A stored value's ended entries wait in place for the next sweep.
      XCTAssertLessThanOrEqual(source.observers.count, source.observerSweepMark)
    }
    // Subscribing until the list reaches its mark sweeps them all out, in order.
    var more: [Disposable] = []
    while ReactiveGraph.shared.withLock({ source.observers.contains { !$0.isActive } }) {
      let index = 100 + more.count
      more.append(source.observeChanges { _, _ in log.append("\(index)") })
      XCTAssertLessThan(more.count, 200, "a sweep is due when the list reaches its mark")
    }
    ReactiveGraph.shared.withLock {
      XCTAssertEqual(source.observers.count, live.count + more.count)
      XCTAssertGreaterThanOrEqual(source.observerSweepMark, 2 * source.observers.count - 2)
    }
    let before = log.entries.count
    source.value = 2
    XCTAssertEqual(
      Array(log.entries.dropFirst(before)), live.map(String.init) + (100..<(100 + more.count)).map(String.init))
    withExtendedLifetime((tokens, more)) {}
  }
}
