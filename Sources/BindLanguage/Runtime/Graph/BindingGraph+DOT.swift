import BindPlatform

extension BindingGraph {
  /// The longest title and value line a node shows; longer ones are cut with `…`.
  static let titleLimit = 60
  static let valueLimit = 40

  /// The graph as Graphviz DOT: left to right, one cluster per object, the
  /// legend (unless `legend` is false) in a cluster of its own.
  ///
  /// Every label goes through `TextEscaping.dotString` once, whole: a line
  /// break is a real newline until then (writing `\n` into a label before
  /// escaping it drew a literal `\n`).
  public func dot(legend: Bool = true) -> String {
    var text = """
      digraph bindings {
        graph [rankdir=LR, fontname="Helvetica", fontsize=11];
        node [shape=box, fontname="Helvetica", fontsize=10];
        edge [fontname="Helvetica", fontsize=9];

      """
    text.reserveCapacity(nodes.count * 80 + edges.count * 40)
    var members = [[Node]](repeating: [], count: clusters.count)
    for node in nodes {
      if let cluster = node.cluster { members[cluster].append(node) } else { Self.write(node, indent: "  ", to: &text) }
    }
    for (index, cluster) in clusters.enumerated() {
      let title = cluster.swiftTypeName.map { "\(cluster.title)\nSwift class \($0)" } ?? cluster.title
      text += "  subgraph cluster_\(index) {\n"
      text += "    label=\"\(Self.escape(title))\"; style=rounded; color=gray55;\n"
      for node in members[index] { Self.write(node, indent: "    ", to: &text) }
      text += "  }\n"
    }
    for edge in edges {
      text += "  \(edge.from) -> \(edge.to)\(Self.attributes(of: edge.kind));\n"
    }
    if legend { text += Self.legend }
    text += "}\n"
    return text
  }

  private static func write(_ node: Node, indent: String, to text: inout String) {
    var label = cut(node.title, to: titleLimit)
    if let value = node.value { label += "\n= " + cut(value, to: valueLimit) }
    text += "\(indent)\(node.id) [\(attributes(of: node.kind)), label=\"\(escape(label))\"];\n"
  }

  /// The one way a label is escaped for DOT.
  static func escape(_ label: String) -> String {
    TextEscaping.dotString.escape(label)
  }

  /// `text` cut to `limit` characters, the last of them `…`.
  static func cut(_ text: String, to limit: Int) -> String {
    guard text.count > limit else { return text }
    return text.prefix(limit - 1) + "…"
  }

  static func attributes(of kind: NodeKind) -> String {
    switch kind {
    case .storedProperty: "shape=box"
    case .derivedValue: "shape=box, style=rounded"
    case .event: "shape=cds"
    case .handler: "shape=parallelogram"
    case .observer: "shape=note"
    case .effect: "shape=component"
    case .timeOperator: "shape=hexagon"
    case .timer: "shape=octagon, style=dashed"
    }
  }

  static func attributes(of kind: EdgeKind) -> String {
    switch kind {
    case .binding: ""
    case .twoWay: " [dir=both]"
    case .reads: " [style=dashed]"
    case .event: " [style=bold, color=\"#2f6db5\"]"
    case .observes: " [style=dotted]"
    }
  }

  /// A node of each shape, and an edge of each style between two points.
  static let legend: String = {
    var text = "  subgraph cluster_legend {\n    label=\"Legend\"; style=dashed; color=gray70; fontsize=10;\n"
    let kinds = NodeKind.allCases
    for kind in kinds {
      text += "    legend_\(kind) [\(attributes(of: kind)), label=\"\(escape(kind.rawValue))\", fontsize=9];\n"
    }
    // Two rows of shapes (invisible edges line them up), not one tall column.
    let half = (kinds.count + 1) / 2
    for row in [kinds.prefix(half), kinds.dropFirst(half)] {
      text += "    " + row.map { "legend_\($0)" }.joined(separator: " -> ") + " [style=invis];\n"
    }
    for kind in EdgeKind.allCases {
      let (from, to) = ("legend_\(kind)_from", "legend_\(kind)_to")
      text += "    \(from) [shape=point, width=0.05]; \(to) [shape=point, width=0.05];\n"
      let style = attributes(of: kind)
      let labelled = style.isEmpty ? " [label=\"\(kind.rawValue)\"]" : style.dropLast() + ", label=\"\(kind.rawValue)\"]"
      text += "    \(from) -> \(to)\(labelled);\n"
    }
    text += "  }\n"
    return text
  }()
}
