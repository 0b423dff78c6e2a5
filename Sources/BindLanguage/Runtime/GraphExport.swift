import BindPlatform
import BindRuntime
import BindSyntax

/// Writes the live binding graph as Graphviz DOT: nodes are object
/// properties and derived values, edges are bindings (two-way links drawn
/// with arrows at both ends) and observers. Time operators (`debounce`,
/// `throttle`, `delay`) are hexagons fed by their source; the session's
/// pending timers stand apart, as dashed ellipses.
public enum GraphExport {
  public static func dot(for interpreter: Interpreter) -> String {
    let snapshot = ReactiveGraph.shared.snapshot()
    let nodes = Dictionary(uniqueKeysWithValues: snapshot.nodes.map { ($0.id, $0) })
    var incoming: [Int: [Int]] = [:]
    var outgoing: [Int: [Int]] = [:]
    for edge in snapshot.edges {
      outgoing[edge.from, default: []].append(edge.to)
      incoming[edge.to, default: []].append(edge.from)
    }
    var lines = ["digraph bindings {", "  rankdir=LR;", "  node [shape=box, fontname=\"Helvetica\"];"]
    let followed = Set(snapshot.nodes.compactMap(\.followedID))
    let values = snapshot.nodes.filter { node in
      (node.kind == .property || node.kind == .derived)
        && (incoming[node.id] != nil || outgoing[node.id] != nil || node.observerCount > 0
          || node.followedID != nil || followed.contains(node.id))
    }
    for node in values {
      let shape =
        node.followedID != nil ? ", shape=hexagon" : node.kind == .derived ? ", style=rounded" : ""
      let value = node.value.map { "\\n= \($0)" } ?? ""
      lines.append("  n\(node.id) [label=\"\(TextEscaping.dotString.escape(node.label + value))\"\(shape)];")
    }
    var drawnPairs = Set<Int>()
    for binding in snapshot.nodes where binding.kind == .binding {
      guard let source = incoming[binding.id]?.first, let target = outgoing[binding.id]?.first else { continue }
      if let partner = binding.partnerID {
        if drawnPairs.contains(partner) { continue }
        drawnPairs.insert(binding.id)
        lines.append("  n\(source) -> n\(target) [dir=both, label=\"<->\"];")
      } else {
        lines.append("  n\(source) -> n\(target) [label=\"bind\"];")
      }
    }
    for node in values where node.kind == .derived {
      for source in incoming[node.id] ?? [] where nodes[source]?.kind == .property || nodes[source]?.kind == .derived {
        lines.append("  n\(source) -> n\(node.id) [style=dashed];")
      }
    }
    for node in values {
      guard let source = node.followedID else { continue }
      lines.append("  n\(source) -> n\(node.id) [style=dashed];")
    }
    for node in values where node.observerCount > 0 {
      lines.append("  o\(node.id) [shape=note, label=\"\(node.observerCount) observer\(node.observerCount == 1 ? "" : "s")\"];")
      lines.append("  n\(node.id) -> o\(node.id) [style=dotted];")
    }
    for (index, timer) in interpreter.connections.entries.filter({ $0.kind == .timer }).enumerated() {
      let label = timer.name.map { "\(timer.summary) as \($0)" } ?? timer.summary
      lines.append("  t\(index + 1) [shape=ellipse, style=dashed, label=\"\(TextEscaping.dotString.escape(label))\"];")
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

}
