import BindLanguage
import BindScriptTesting
import MainActorViewModels
import Testing

/// The binding graph of the main-actor view-models, taken while a script
/// runs through the test helper, as `bindscript graph` and `:graph` draw it.
@MainActor
@Suite struct MainActorGraphTests {
  /// An `@Observable` model's objects titled by the script's names, its
  /// computed `total` a derived value with edges from what its getter
  /// names, a property bound two ways one node
  /// (not the Swift node and the wrapper's mirror of it), values as scripts
  /// print them.
  @Test func hostModelsAreDrawnAsTheScriptKnowsThem() async throws {
    var drawn: BindingGraph?
    let result = await expectScript(source: """
      let cart = CartModel()
      let summary = Label()
      bind "\\(cart.total)" -> summary.text
      cart.add(price: 19.99)
      let search = QuickSearchModel()
      let field = TextField()
      bind field.text <-> search.text
      field.text = "sw"
      drawGraph()
      """, path: "graph.bind") { interpreter in
      try MainActorExampleTypes.register(in: interpreter)
      try interpreter.define("drawGraph()") { [unowned interpreter] in drawn = GraphExport.graph(for: interpreter) }
    }
    #expect(result.passed)
    let graph = try #require(drawn)
    let titles = graph.clusters.map(\.title)
    #expect(titles.contains("cart: CartModel"), "\(titles)")
    #expect(titles.contains("search: QuickSearchModel"), "\(titles)")
    #expect(!titles.contains { $0.contains("#") }, "every object here has a name: \(titles)")
    func members(of title: String) -> [BindingGraph.Node] {
      let index = graph.clusters.firstIndex { $0.title == title }
      return graph.nodes.filter { $0.cluster == index }
    }
    let total = try #require(members(of: "cart: CartModel").first { $0.title == "total" })
    #expect(total.kind == .derivedValue)
    #expect(total.value == "19.99")
    // Drawn with what its getter names, each once, as scripts print them.
    for (source, value) in [("prices", "[19.99]"), ("discountPercent", "0")] {
      let nodes = members(of: "cart: CartModel").filter { $0.title == source }
      #expect(nodes.map(\.value) == [value], "\(source): \(nodes)")
      #expect(graph.edges.contains { $0.from == nodes.first?.id && $0.to == total.id && $0.kind == .reads }, "\(source) -> total")
    }
    let text = members(of: "search: QuickSearchModel").filter { $0.title == "text" }
    #expect(text.count == 1, "one node per property: \(text)")
    #expect(text.first?.value == "\"sw\"", "a String as scripts print it")
    #expect(text.first?.kind == .storedProperty)
    let field = try #require(members(of: "field: TextField").first { $0.title == "text" })
    let pair = graph.edges.filter { Set([$0.from, $0.to]) == Set([field.id, text.first?.id ?? ""]) }
    #expect(pair.map(\.kind) == [.twoWay])
  }
}
