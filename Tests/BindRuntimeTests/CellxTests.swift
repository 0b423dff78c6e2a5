import XCTest
@testable import BindRuntime

/// The cellx benchmark's graph: layers of four derived values, each layer
/// computed from the one before; every derived value has an effect.
final class CellxTests: RuntimeTestCase {
  private struct Layer {
    let a, b, c, d: ObservableValue<Int>
    var values: [Int] { [a.value, b.value, c.value, d.value] }
  }

  private struct Graph {
    let start: [Property<Int>]
    let end: Layer
    let effects: [Effect]
    let evaluations: Counter
  }

  private func makeGraph(layers: Int) throws -> Graph {
    let start = [1, 2, 3, 4].map { Property($0) }
    let evaluations = Counter()
    var previous = Layer(a: start[0], b: start[1], c: start[2], d: start[3])
    var effects: [Effect] = []
    effects.reserveCapacity(layers * 4)
    for _ in 0..<layers {
      let m = previous
      let next = Layer(
        a: Derived { evaluations.increment(); return m.b.value },
        b: Derived { evaluations.increment(); return m.a.value - m.c.value },
        c: Derived { evaluations.increment(); return m.b.value + m.d.value },
        d: Derived { evaluations.increment(); return m.c.value })
      for value in [next.a, next.b, next.c, next.d] {
        effects.append(try Effect { _ = value.value })
      }
      _ = next.values
      previous = next
    }
    return Graph(start: start, end: previous, effects: effects, evaluations: evaluations)
  }

  private func run(layers: Int, expectBefore: [Int], expectAfter: [Int]) throws {
    let graph = try makeGraph(layers: layers)
    XCTAssertEqual(graph.end.values, expectBefore)
    graph.evaluations.value = 0
    try self.graph.transaction {
      for (property, value) in zip(graph.start, [4, 3, 2, 1]) { property.value = value }
    }
    XCTAssertEqual(graph.end.values, expectAfter)
    XCTAssertLessThanOrEqual(graph.evaluations.value, layers * 4, "each derived value at most once")
  }

  func testThousandLayers() throws {
    try run(layers: 1000, expectBefore: [-3, -6, -2, 2], expectAfter: [-2, -4, 2, 3])
  }

  /// The layer map has period 12, and 2500 ≡ 1000 (mod 12): the same values.
  func testTwentyFiveHundredLayersWithoutOverflowingTheStack() throws {
    try run(layers: 2500, expectBefore: [-3, -6, -2, 2], expectAfter: [-2, -4, 2, 3])
  }

  func testTheLayerMapHasPeriodTwelve() throws {
    // Cross-checks the expected values independently of the runtime.
    var state = [1, 2, 3, 4]
    for _ in 0..<12 { state = [state[1], state[0] - state[2], state[1] + state[3], state[2]] }
    XCTAssertEqual(state, [1, 2, 3, 4])
    XCTAssertEqual(1000 % 12, 2500 % 12)
  }

  func testReadingTheEndInsideTheTransactionIsLinear() throws {
    let layers = 40
    let graph = try makeGraph(layers: layers)
    graph.evaluations.value = 0
    var inside: [Int] = []
    try self.graph.transaction {
      for (property, value) in zip(graph.start, [4, 3, 2, 1]) { property.value = value }
      inside = graph.end.values
    }
    XCTAssertEqual(inside, graph.end.values)
    // A fresh read evaluates each node at most once; without memoization the
    // diamonds between layers make it exponential (4 · 2^40 evaluations).
    XCTAssertLessThanOrEqual(graph.evaluations.value, 2 * layers * 4)
  }
}
