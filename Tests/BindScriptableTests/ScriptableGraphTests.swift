import BindRuntime
import BindScriptable
import BindSyntax
import Foundation
import Observation
import XCTest
@testable import BindLanguage

/// A cart as an app writes one: its computed properties read stored ones
/// and each other.
@Observable @Scriptable
final class GraphedCart {
  var items: [Decimal] = []
  var total: Decimal { items.reduce(0, +) }
  var count: Int { items.count }
  var summary: String { "\(count) for \(total)" }
  var note = ""
  var isEmpty: Bool { items.isEmpty }

  init() {}
}

/// A hand-written registration that names what is no member.
@Observable
final class MisnamedCart {
  var items: [Int] = []
  var total: Int { items.reduce(0, +) }
}

/// What `bindscript graph` draws for a `@Scriptable` model: its computed
/// properties as derived values, with an edge from each property the getter
/// names (the macro's `type.computed(_:reads:)`).
final class ScriptableGraphTests: XCTestCase {
  /// The graph after `source` ran, statement by statement, with no error.
  private func graph(after source: String, in interpreter: Interpreter) throws -> BindingGraph {
    let parsed = Parser.parse(source)
    XCTAssertEqual(parsed.diagnostics.map(\.message), [])
    interpreter.hoist(parsed)
    for statement in parsed.statements { _ = try interpreter.execute(statement, in: parsed.file) }
    return GraphExport.graph(for: interpreter)
  }

  private func members(of title: String, in graph: BindingGraph) -> [String: BindingGraph.Node] {
    let cluster = graph.clusters.firstIndex { $0.title == title }
    return Dictionary(graph.nodes.filter { $0.cluster == cluster && cluster != nil }.map { ($0.title, $0) }) { first, _ in first }
  }

  /// The titles of `title`'s cluster's nodes, one per node.
  private func titles(in title: String, of graph: BindingGraph) -> [String] {
    let cluster = graph.clusters.firstIndex { $0.title == title }
    return graph.nodes.filter { $0.cluster == cluster && cluster != nil }.map(\.title).sorted()
  }

  private func edges(_ graph: BindingGraph, from: BindingGraph.Node?, to: BindingGraph.Node?) -> [BindingGraph.EdgeKind] {
    graph.edges.filter { $0.from == from?.id && $0.to == to?.id }.map(\.kind)
  }

  func testAComputedPropertyIsDrawnWithAnEdgeFromWhatItsGetterReads() throws {
    let interpreter = Interpreter()
    defer { interpreter.endSession() }
    try GraphedCart.register(in: interpreter)
    let model = GraphedCart()
    model.items = [1.5, 2.5]
    try interpreter.inject(model, as: "cart")
    let graph = try self.graph(after: "observe cart.total as shown { }", in: interpreter)
    let cart = members(of: "cart: GraphedCart", in: graph)
    XCTAssertEqual(cart["total"]?.kind, .derivedValue)
    XCTAssertEqual(cart["total"]?.value, "4")
    XCTAssertEqual(cart["items"]?.kind, .storedProperty)
    XCTAssertEqual(cart["items"]?.value, "[1.5, 2.5]")
    XCTAssertEqual(edges(graph, from: cart["items"], to: cart["total"]), [.reads])
    // Only what the observed value reads: the cart's other members take no part.
    XCTAssertEqual(Set(cart.keys), ["items", "total"])
    XCTAssertEqual(titles(in: "cart: GraphedCart", of: graph), ["items", "total"], "one node each")
    let dot = graph.dot()
    XCTAssertTrue(dot.contains("\(cart["items"]!.id) -> \(cart["total"]!.id) [style=dashed];"), dot)
  }

  func testAComputedPropertyThatReadsComputedOnesDrawsTheirReadsToo() throws {
    let interpreter = Interpreter()
    defer { interpreter.endSession() }
    try GraphedCart.register(in: interpreter)
    let graph = try self.graph(
      after: """
        let cart = GraphedCart()
        let label = Label()
        bind cart.summary -> label.text
        cart.items = [2]
        """, in: interpreter)
    let cart = members(of: "cart: GraphedCart", in: graph)
    XCTAssertEqual(cart["summary"]?.value, "\"1 for 2\"")
    for computed in ["summary", "count", "total"] { XCTAssertEqual(cart[computed]?.kind, .derivedValue, computed) }
    XCTAssertEqual(edges(graph, from: cart["count"], to: cart["summary"]), [.reads])
    XCTAssertEqual(edges(graph, from: cart["total"], to: cart["summary"]), [.reads])
    XCTAssertEqual(edges(graph, from: cart["items"], to: cart["count"]), [.reads])
    XCTAssertEqual(edges(graph, from: cart["items"], to: cart["total"]), [.reads])
    XCTAssertEqual(titles(in: "cart: GraphedCart", of: graph), ["count", "items", "summary", "total"], "read twice, drawn once")
    XCTAssertNil(cart["isEmpty"], "nothing the script uses reads it")
  }

  func testAComputedReadOfNoMemberIsARegistrationError() {
    let interpreter = Interpreter()
    defer { interpreter.endSession() }
    XCTAssertThrowsError(
      try interpreter.register(MisnamedCart.self, as: "MisnamedCart") { type in
        type.property("items", \.items)
        type.property("total", \.total)
        type.computed("total", reads: ["item"])
      }
    ) { error in
      XCTAssertEqual(
        (error as? EmbeddingError)?.problems,
        ["computed property 'total' of type 'MisnamedCart' names 'item', which is no member of it"])
    }
  }
}
