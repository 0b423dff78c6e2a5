import BindRuntime
import Foundation
import XCTest
@testable import BindLanguage

/// The binding graph as data (`GraphExport.graph`) and as DOT: a session's
/// part of the runtime's graph, which the process shares.
final class GraphExportTests: XCTestCase {
  /// The graph of `source`, run in a fresh session kept alive while `check` looks.
  private func graph(of source: String, _ check: (BindingGraph) throws -> Void) throws {
    let session = TranscriptSession()
    let output = session.run(source)
    XCTAssertFalse(output.contains { $0.hasPrefix("error:") }, output.joined(separator: "\n"))
    try check(GraphExport.graph(for: session.interpreter))
    session.end()
  }

  private func node(_ graph: BindingGraph, _ object: String, _ member: String, file: StaticString = #filePath, line: UInt = #line) throws
    -> BindingGraph.Node
  {
    let cluster = try XCTUnwrap(graph.clusters.firstIndex { $0.title == object }, "no cluster \(object)", file: file, line: line)
    return try XCTUnwrap(
      graph.nodes.first { $0.cluster == cluster && $0.title == member }, "no \(object).\(member)", file: file, line: line)
  }

  private func edges(_ graph: BindingGraph, from: BindingGraph.Node, to: BindingGraph.Node) -> [BindingGraph.EdgeKind] {
    graph.edges.filter { $0.from == from.id && $0.to == to.id }.map(\.kind)
  }

  func testValuesAreGroupedPerObjectWithTheirCurrentValues() throws {
    try graph(
      of: """
        type GxLogin {
          var username: String = ""
          var password: String = ""
          var attempts: Int = 0
          var canSubmit: Bool { username.count >= 3 && password.count >= 8 }
        }
        let vm = GxLogin()
        let field = TextField()
        let button = Button(title: "Go")
        bind field.text <-> vm.username
        bind vm.canSubmit -> button.isEnabled
        field.text = "ada"
        """
    ) { graph in
      let username = try node(graph, "vm: GxLogin", "username")
      XCTAssertEqual(username.kind, .storedProperty)
      XCTAssertEqual(username.value, "\"ada\"")
      let canSubmit = try node(graph, "vm: GxLogin", "canSubmit")
      XCTAssertEqual(canSubmit.kind, .derivedValue)
      XCTAssertEqual(canSubmit.value, "false")
      // A property nothing binds is still drawn in its object, with its value.
      XCTAssertEqual(try node(graph, "vm: GxLogin", "attempts").value, "0")
      let password = try node(graph, "vm: GxLogin", "password")
      XCTAssertEqual(edges(graph, from: username, to: canSubmit), [.reads])
      XCTAssertEqual(edges(graph, from: password, to: canSubmit), [.reads])
      let text = graph.nodes.first { $0.title == "text" && $0.value == "\"ada\"" && graph.clusters[$0.cluster!].title == "field: TextField" }
      let field = try XCTUnwrap(text)
      XCTAssertEqual(edges(graph, from: field, to: username) + edges(graph, from: username, to: field), [.twoWay], "one edge per pair")
      let isEnabled = try XCTUnwrap(
        graph.nodes.first { node in
          node.title == "isEnabled" && graph.edges.contains { $0.from == canSubmit.id && $0.to == node.id }
        })
      XCTAssertEqual(edges(graph, from: canSubmit, to: isEnabled), [.binding])
    }
  }

  func testEventsForwardingHandlersAndNamedObserversAreDrawn() throws {
    try graph(
      of: """
        type GxFeed {
          var selected: Int = -1
          event refresh
          event picked: Int
        }
        type GxList { event rowTapped: Int }
        let vm = GxFeed()
        let tapper = Button()
        let list = GxList()
        bind tapper.tap -> vm.refresh
        on vm.refresh { print("refresh") }
        on vm.refresh as second { }
        bind list.rowTapped -> vm.picked
        bind vm.picked -> vm.selected
        observe vm.selected as watcher
        observe vm.selected
        """
    ) { graph in
      let refresh = try node(graph, "vm: GxFeed", "refresh")
      XCTAssertEqual(refresh.kind, .event)
      let picked = try node(graph, "vm: GxFeed", "picked")
      let rowTapped = try node(graph, "list: GxList", "rowTapped")
      let selected = try node(graph, "vm: GxFeed", "selected")
      XCTAssertEqual(edges(graph, from: rowTapped, to: picked), [.event])
      XCTAssertEqual(edges(graph, from: picked, to: selected), [.event])
      let tap = try XCTUnwrap(
        graph.nodes.first { node in
          node.kind == .event && node.title == "tap" && graph.edges.contains { $0.from == node.id && $0.to == refresh.id }
        })
      XCTAssertEqual(edges(graph, from: tap, to: refresh), [.event])
      let handlers = graph.edges.filter { $0.from == refresh.id && $0.kind == .event }.compactMap { edge in graph.nodes.first { $0.id == edge.to } }
      XCTAssertEqual(handlers.map(\.kind), [.handler, .handler])
      XCTAssertEqual(handlers.map(\.title).sorted(), ["on { … }", "on { … } as second"])
      let observers = graph.edges.filter { $0.from == selected.id && $0.kind == .observes }.compactMap { edge in graph.nodes.first { $0.id == edge.to } }
      XCTAssertEqual(observers.map(\.title).sorted(), ["observe", "observe as watcher"])
    }
  }

  func testKeyPathChainsGoThroughTheirIntermediateObjects() throws {
    try graph(
      of: """
        type GxUser { var name: String = "Ada" }
        type GxProfile { var user: GxUser? = nil }
        let profile = GxProfile(user: GxUser())
        let label = Label()
        bind profile.user?.name ?? "-" -> label.text
        """
    ) { graph in
      let user = try node(graph, "profile: GxProfile", "user")
      let name = try node(graph, "profile.user: GxUser", "name")
      let chain = try XCTUnwrap(graph.nodes.first { $0.title == "profile.user?.name ?? \"-\"" })
      XCTAssertEqual(chain.kind, .derivedValue)
      XCTAssertNil(chain.cluster)
      XCTAssertEqual(edges(graph, from: user, to: chain), [.reads])
      XCTAssertEqual(edges(graph, from: name, to: chain), [.reads])
    }
  }

  func testObjectsAreTitledByTheNamesThatHoldThem() throws {
    try graph(
      of: """
        type GxCell { var text: String = "" }
        type GxTable {
          var header: GxCell? = nil
          var rows: [GxCell] = []
          var firstRow: String { rows.isEmpty ? "" : rows[0].text }
        }
        let table = GxTable(header: GxCell(), rows: [GxCell()])
        let alias = table
        let cells = [GxCell()]
        let label = Label()
        bind table.header?.text ?? "" -> label.text
        observe cells[0].text
        observe table.firstRow
        """
    ) { graph in
      let titles = Set(graph.clusters.map(\.title))
      XCTAssertTrue(titles.contains("table, alias: GxTable"), "\(titles)")
      XCTAssertTrue(titles.contains("table.header: GxCell"), "one step from a name: \(titles)")
      XCTAssertTrue(titles.contains("cells[0]: GxCell"), "\(titles)")
      XCTAssertTrue(titles.contains("label: Label"), "\(titles)")
      XCTAssertTrue(titles.contains("GxCell#2"), "two steps away, an object keeps its number: \(titles)")
    }
  }

  func testTimeOperatorsAndTimersHaveShapesOfTheirOwn() throws {
    try graph(
      of: """
        type GxSearch {
          var query: String = ""
          event typed: String
        }
        let vm = GxSearch()
        let field = TextField()
        bind debounce(field.text, 300ms) -> vm.query
        on throttle(vm.typed, 1s) { value in }
        every 250ms as ticker { }
        """
    ) { graph in
      let query = try node(graph, "vm: GxSearch", "query")
      let debounced = try XCTUnwrap(graph.nodes.first { $0.title == "debounce(field.text, 300ms)" })
      XCTAssertEqual(debounced.kind, .timeOperator)
      XCTAssertEqual(edges(graph, from: debounced, to: query), [.binding])
      XCTAssertTrue(graph.edges.contains { $0.to == debounced.id && $0.kind == .reads }, "follows its source")
      let typed = try node(graph, "vm: GxSearch", "typed")
      let throttled = try XCTUnwrap(graph.nodes.first { $0.title == "throttle(vm.typed, 1s)" })
      XCTAssertEqual(throttled.kind, .timeOperator)
      XCTAssertEqual(edges(graph, from: typed, to: throttled), [.reads])
      XCTAssertTrue(graph.edges.contains { $0.from == throttled.id && $0.kind == .event }, "its handler")
      XCTAssertTrue(graph.nodes.contains { $0.kind == .timer && $0.title == "every 250ms as ticker" })
    }
  }

  func testEffectsAreDrawnWithWhatTheyRead() throws {
    let session = TranscriptSession()
    defer { session.end() }
    session.run("type GxEffectHost { var count: Int = 1 }\nlet host = GxEffectHost()")
    guard case .object(let host)? = session.interpreter.globals.first(where: { $0.name == "host" })?.value else {
      return XCTFail("no host")
    }
    // Made by Swift, not by the script: drawn because it reads the session's object.
    var seen = Value.null
    let effect = try Effect(label: "effect at GxEffect:1") { seen = host.stored[0].value }
    defer { effect.dispose() }
    // One that reads nothing of the session's is another session's business.
    let elsewhere = Property(1, label: "GxEffectHost#1.count")
    let unrelated = try Effect(label: "effect at GxElsewhere:1") { _ = elsewhere.value }
    defer { unrelated.dispose() }
    XCTAssertEqual(seen, .int(1))
    let graph = GraphExport.graph(for: session.interpreter)
    let count = try node(graph, "host: GxEffectHost", "count")
    let drawn = try XCTUnwrap(graph.nodes.first { $0.title == "effect at GxEffect:1" })
    XCTAssertEqual(drawn.kind, .effect)
    XCTAssertNil(drawn.value)
    XCTAssertEqual(edges(graph, from: count, to: drawn), [.reads])
    XCTAssertEqual(graph.nodes.filter { $0.title == "count" }.count, 1, "the other count is not the session's")
    XCTAssertFalse(graph.nodes.contains { $0.title == "effect at GxElsewhere:1" })
  }

  /// The runtime's graph is the process's: two sessions that run at once,
  /// with the same types (so the same labels, `GxTwin#1.name`), each see
  /// only their own nodes, as parallel script tests' failure pictures must.
  func testSessionsRunningAtOnceEachDrawOnlyTheirOwnNodes() throws {
    @Sendable func script(_ name: String) -> String {
      """
      type GxTwin {
        var name: String = ""
        var greeting: String { "Hi, " + name }
      }
      let vm = GxTwin()
      let label = Label()
      bind vm.greeting -> label.text
      effect { print(vm.name) }
      observe vm.name as watcher
      vm.name = "\(name)"
      """
    }
    let names = ["ada", "bob"]
    let built = DispatchGroup(), drawn = DispatchGroup(), finished = DispatchGroup()
    let results = SessionResults()
    for name in names {
      built.enter(); drawn.enter(); finished.enter()
      let thread = Thread {
        let session = TranscriptSession()
        let output = session.run(script(name))
        built.leave()
        // Both sessions are alive while each draws its graph.
        built.wait()
        results.set(output: output, graph: GraphExport.graph(for: session.interpreter), for: name)
        drawn.leave()
        drawn.wait()
        session.end()
        finished.leave()
      }
      thread.stackSize = 16 << 20
      thread.start()
    }
    // Not a speed limit: a deadlock fails the test instead of hanging the suite.
    XCTAssertEqual(finished.wait(timeout: .now() + 300), .success)
    for (name, other) in [("ada", "bob"), ("bob", "ada")] {
      let (output, graph) = try XCTUnwrap(results[name])
      XCTAssertEqual(output, ["", name, "vm.name: \"\" -> \"\(name)\""], name)
      XCTAssertEqual(graph.clusters.map(\.title).sorted(), ["label: Label", "vm: GxTwin"], name)
      let titles = graph.nodes.map { "\($0.cluster.map { graph.clusters[$0].title } ?? "-") \($0.title) = \($0.value ?? "")" }
      XCTAssertEqual(
        titles.sorted(),
        [
          "- effect at line 8 = ", "- observe as watcher = ", "label: Label isHidden = false", "label: Label text = \"Hi, \(name)\"",
          "vm: GxTwin greeting = \"Hi, \(name)\"", "vm: GxTwin name = \"\(name)\"",
        ], name)
      XCTAssertFalse(graph.dot().contains(other), "\(name)'s graph shows \(other)'s nodes")
    }
  }

  /// An attached app's live graph (`Scope.process`) is the whole process's:
  /// another session's objects are in it, as they are not in the session's own.
  func testTheProcessScopeDrawsEverySessionsNodes() {
    let other = TranscriptSession()
    let elsewhere = "let source = Label()\nlet far = Label()\nbind source.text -> far.text\nsource.text = \"elsewhere\""
    XCTAssertEqual(other.run(elsewhere), [])
    let session = TranscriptSession()
    XCTAssertEqual(session.run("let near = Label()"), [])
    XCTAssertFalse(GraphExport.dot(for: session.interpreter).contains("elsewhere"))
    XCTAssertTrue(GraphExport.dot(for: session.interpreter, scope: .process).contains("elsewhere"))
    session.end()
    other.end()
  }

  func testDOTLabelsAreEscapedOnceAndCut() {
    var graph = BindingGraph()
    graph.clusters = [.init(title: "Vm#1", swiftTypeName: "SearchViewModel")]
    graph.nodes = [
      .init(id: "n1", kind: .storedProperty, title: "text", value: "\"say \\\"hi\\\"\"\nline 2 & <3", cluster: 0),
      .init(id: "n2", kind: .derivedValue, title: "naïve ☕", value: String(repeating: "x", count: 100), cluster: nil),
    ]
    graph.edges = [.init(from: "n1", to: "n2", kind: .reads)]
    let dot = graph.dot(legend: false)
    XCTAssertTrue(dot.contains(#"n1 [shape=box, label="text\n= \"say \\\"hi\\\"\"\nline 2 &amp; <3"];"#), dot)
    XCTAssertTrue(dot.contains("n2 [shape=box, style=rounded, label=\"naïve ☕\\n= \(String(repeating: "x", count: 39))…\"];"), dot)
    XCTAssertTrue(dot.contains(#"label="Vm#1\nSwift class SearchViewModel"; style=rounded"#), dot)
    XCTAssertTrue(dot.contains("  n1 -> n2 [style=dashed];"), dot)
    XCTAssertFalse(dot.contains("\\\\n"), "a line break is never escaped twice")
    XCTAssertFalse(dot.contains("Legend"))
    XCTAssertTrue(graph.dot().contains("subgraph cluster_legend"))
  }
}

/// What each session printed and the graph it drew, on its own thread.
private final class SessionResults: @unchecked Sendable {
  private let lock = NSLock()
  private var results: [String: (output: [String], graph: BindingGraph)] = [:]

  func set(output: [String], graph: BindingGraph, for name: String) { lock.withLock { results[name] = (output, graph) } }
  subscript(name: String) -> (output: [String], graph: BindingGraph)? { lock.withLock { results[name] } }
}
