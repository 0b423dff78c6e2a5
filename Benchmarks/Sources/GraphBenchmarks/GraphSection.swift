import BenchSupport
import BindLanguage
import BindRuntime
import BindSyntax

/// Issue 18: the DOT of a 10,000-node binding graph is written in under 1 s
/// (Graphviz's own layout aside). A script makes 2,500 objects of four
/// properties each, chained by three bindings (`a -> b -> c -> d`), at top
/// level so the session keeps them; `GraphExport.dot` then draws all 10,000
/// properties with their values, 7,500 edges and 2,500 clusters. The
/// runtime's snapshot alone, which the export starts from, is the baseline.
public enum GraphSection {
  static let dot = "GraphExport.dot"
  static let snapshot = "snapshot only"
  static let objects = 2_500

  public static func make() -> Section {
    Section(
      title: "Pictures: the DOT of a 10,000-node graph",
      baseline: snapshot,
      implementations: [snapshot, dot],
      scenarios: [
        Scenario(
          key: "graph-dot-10k", title: "export 10,000 nodes, 7,500 edges", unit: "ms/graph", nanosecondsPerUnit: 1e6,
          contestants: [
            Contestant(snapshot, .time(unitsPerIteration: 1) { workload { _ in _ = ReactiveGraph.shared.snapshot() } }),
            Contestant(dot, .time(unitsPerIteration: 1) { workload { _ = GraphExport.dot(for: $0) } }),
          ])
      ],
      goals: [
        Goal("\(dot) of 10,000 nodes in under 1 s") { result in
          guard let milliseconds = result.value("graph-dot-10k", dot) else { return (nil, "not measured") }
          let base = result.ratio("graph-dot-10k", dot, to: snapshot).map { " (\(format($0))× the snapshot alone)" } ?? ""
          return (milliseconds < 1000, "\(format(milliseconds)) ms\(base)")
        }
      ],
      notes: [
        "One iteration is one whole export of the session's graph; the script runs once, before timing.",
        "The DOT is checked: one line per node (10,000 `label=` lines of properties) and 7,500 binding edges.",
      ])
  }

  /// The session of 2,500 chained objects, made once and shared by both
  /// contestants: the runtime's graph is one per process, so a second
  /// session would double what each of them draws.
  static let session: Interpreter = {
    let interpreter = Interpreter()
    interpreter.output = { _ in }
    var script = "type Cell {\n  var a: Int = 0\n  var b: Int = 0\n  var c: Int = 0\n  var d: Int = 0\n}\n"
    for index in 1...objects {
      script += "let c\(index) = Cell(a: \(index))\nbind c\(index).a -> c\(index).b\nbind c\(index).b -> c\(index).c\nbind c\(index).c -> c\(index).d\n"
    }
    do {
      try interpreter.run(Parser.parse(script, path: "graph.bind"))
    } catch {
      fatalError("setup failed: \(error)")
    }
    return interpreter
  }()

  /// Each iteration runs `body` on the shared session.
  static func workload(_ body: @escaping (Interpreter) -> Void) -> Workload {
    let interpreter = session
    return Workload(
      run: { iterations in
        for _ in 0..<iterations { body(interpreter) }
      },
      check: {
        let text = GraphExport.dot(for: interpreter, legend: false)
        let nodes = text.split(separator: "\n").filter { $0.contains("[shape=box, label=\"") }.count
        let edges = text.split(separator: "\n").filter { $0.contains(" -> ") }.count
        guard nodes == objects * 4, edges == objects * 3 else {
          return "\(nodes) nodes, \(edges) edges, want \(objects * 4) and \(objects * 3)"
        }
        return nil
      })
  }
}
