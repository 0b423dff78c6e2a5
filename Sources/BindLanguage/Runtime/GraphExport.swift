import BindRuntime

/// The live binding graph of a session, as data (``BindingGraph``) or as
/// Graphviz DOT.
public enum GraphExport {
  /// Which part of the process's runtime graph an export draws.
  public enum Scope: Sendable {
    /// The runtime's nodes and edges joined to what the session holds, so
    /// that a script test's picture never shows a parallel test's nodes.
    case session
    /// Every node in the process: the live graph of an app attached to
    /// (`bindscript attach`), which is the app's own bindings and those of
    /// every client attached, not only what this client's session holds.
    case process
  }

  /// The session's graph as DOT, with a legend unless `legend` is false.
  public static func dot(for interpreter: Interpreter, scope: Scope = .session, legend: Bool = true) -> String {
    graph(for: interpreter, scope: scope).dot(legend: legend)
  }

  /// The session's graph: the runtime's nodes and edges in `scope`, and the
  /// session's events, handlers, observers and timers.
  public static func graph(for interpreter: Interpreter, scope: Scope = .session) -> BindingGraph {
    let wholeProcess = ReactiveGraph.shared.snapshot()
    let snapshot =
      switch scope {
      case .session: wholeProcess.reachable(from: SessionGraphRoots(interpreter).ids)
      case .process: wholeProcess
      }
    var builder = GraphBuilder(
      snapshot: snapshot, connections: interpreter.connections.entries,
      objects: GraphSessionObjects(interpreter),
      hostType: { name in
        interpreter.types[name].flatMap { type in
          type.host.map { (swiftName: $0.swiftTypeName, instances: type.instanceCount) }
        }
      })
    builder.build()
    return builder.graph
  }
}

/// Puts a ``BindingGraph`` together from a runtime snapshot and the
/// session's connections.
struct GraphBuilder {
  /// The snapshot's nodes but the mirrors of Swift properties and the
  /// bindings that keep them in step: a mirror is drawn as its Swift node.
  private let nodes: [GraphSnapshot.Node]
  private let connections: [Connections.Entry]
  private let objects: GraphSessionObjects
  /// For a host type's script name, its Swift class and how many objects scripts have seen.
  private let hostType: (String) -> (swiftName: String, instances: Int)?
  /// Binding nodes that write no node (into a Swift setter, a `Sink`):
  /// an edge into one does not make a value part of the picture.
  private var sinks = Set<Int>()
  private(set) var graph = BindingGraph()

  private var runtimeNodes: [Int: GraphSnapshot.Node] = [:]
  private var incoming: [Int: [Int]] = [:]
  private var outgoing: [Int: [Int]] = [:]
  /// Graph ids of the runtime nodes drawn so far.
  private var drawn: [Int: String] = [:]
  private var eventIDs: [ObjectIdentifier: String] = [:]
  private var clusterIndex: [Substring: Int] = [:]

  init(
    snapshot: GraphSnapshot, connections: [Connections.Entry], objects: GraphSessionObjects = GraphSessionObjects(),
    hostType: @escaping (String) -> (swiftName: String, instances: Int)?
  ) {
    self.connections = connections
    self.objects = objects
    self.hostType = hostType
    // A mirror's edges are its Swift node's; the bindings between the two
    // would be a loop on that node, and go.
    let mirrors = objects.mirrors
    let swiftNodes = Set(mirrors.values)
    let end = { (id: Int) in mirrors[id] ?? id }
    var bindingEnds: [Int: (from: Set<Int>, to: Set<Int>)] = [:]
    for edge in snapshot.edges {
      bindingEnds[edge.to, default: ([], [])].from.insert(end(edge.from))
      bindingEnds[edge.from, default: ([], [])].to.insert(end(edge.to))
    }
    let mirroring = Set(
      snapshot.nodes.filter { node in
        guard node.kind == .binding, let ends = bindingEnds[node.id], ends.from == ends.to else { return false }
        return ends.from.count == 1 && swiftNodes.isSuperset(of: ends.from)
      }.map(\.id))
    nodes = snapshot.nodes.filter { mirrors[$0.id] == nil && !mirroring.contains($0.id) }
    for node in nodes { runtimeNodes[node.id] = node }
    for edge in snapshot.edges where !mirroring.contains(edge.from) && !mirroring.contains(edge.to) {
      outgoing[end(edge.from), default: []].append(end(edge.to))
      incoming[end(edge.to), default: []].append(end(edge.from))
    }
    for node in nodes where node.kind == .binding && outgoing[node.id] == nil { sinks.insert(node.id) }
  }

  mutating func build() {
    addValues()
    addComputedReads()
    addBindings()
    addReads()
    addConnections()
    addRestOfObjects()
    addUnnamedObservers()
  }

  // MARK: The runtime's nodes

  /// Properties and derived values that take part in something (an edge,
  /// an observer, a time operator, a connection), and every effect.
  private mutating func addValues() {
    let followed = Set(nodes.compactMap(\.followedID))
    var referenced = Set<Int>()
    for entry in connections {
      for end in [entry.ends.source, entry.ends.target] { if case .node(let id) = end { referenced.insert(objects.mirrors[id] ?? id) } }
    }
    for node in nodes {
      switch node.kind {
      case .property, .derived:
        let takesPart =
          incoming[node.id] != nil || outgoing[node.id]?.contains(where: { !sinks.contains($0) }) == true
          || node.observerCount > 0
          || node.followedID != nil || followed.contains(node.id) || referenced.contains(node.id)
        if takesPart && !Self.isObjectLifetime(node) { addRuntimeNode(node) }
      case .effect: addRuntimeNode(node)
      case .binding: break
      }
    }
  }

  /// What each drawn computed property of a Swift object reads, as its
  /// getter names it: drawn too (they are part of its value), each with an
  /// edge into it, and so on for those that are computed themselves. The
  /// runtime has no such edges: Observation tracks the reads, and tells
  /// no one what they were.
  private mutating func addComputedReads() {
    // In the snapshot's order, so that the picture is the same each time.
    var pending = nodes.map(\.id).filter { drawn[$0] != nil }
    var linked = Set<Int>()
    var next = 0
    while next < pending.count {
      let id = pending[next]
      next += 1
      guard linked.insert(id).inserted, let reads = objects.hostNodes[id]?.reads, let to = drawn[id] else { continue }
      for source in reads {
        guard let node = runtimeNodes[source] else { continue }
        if drawn[source] == nil { addRuntimeNode(node) }
        graph.edges.append(.init(from: drawn[source]!, to: to, kind: .reads))
        pending.append(source)
      }
    }
  }

  /// The rest of each script object drawn: its other properties, with
  /// their values (a handler's writes are not edges, but belong in the
  /// picture). Not for a host object, whose wrapper's nodes are mirrors,
  /// connected only while something needs them.
  private mutating func addRestOfObjects() {
    for node in nodes where (node.kind == .property || node.kind == .derived) && drawn[node.id] == nil {
      guard let (object, type, _) = BindingGraph.objectAndMember(of: node.label), clusterIndex[object] != nil,
        hostType(String(type)) == nil
      else { continue }
      addRuntimeNode(node)
    }
  }

  /// An object's lifetime node (labelled `Type#N`, with no member): an
  /// implementation detail that values computed from the object watch.
  private static func isObjectLifetime(_ node: GraphSnapshot.Node) -> Bool {
    node.kind == .property && BindingGraph.objectAndMember(of: node.label + ".x") != nil
      && !node.label.contains(".")
  }

  private mutating func addRuntimeNode(_ node: GraphSnapshot.Node) {
    let host = objects.hostNodes[node.id]
    let kind: BindingGraph.NodeKind =
      switch node.kind {
      case .effect: .effect
      case .derived where node.followedID != nil: .timeOperator
      case .derived: .derivedValue
      default: node.followedID != nil ? .timeOperator : host?.isComputed == true ? .derivedValue : .storedProperty
      }
    let id = "n\(node.id)"
    drawn[node.id] = id
    let (title, cluster) =
      if let host { place(object: Substring(host.object), type: Substring(host.typeName), member: Substring(host.member)) }
      else { place(node.label) }
    // A Swift node's value is Swift's description (`obs`, `Optional(3)`);
    // the session reads it as scripts print it (`"obs"`, `3`).
    let value = kind == .effect ? nil : host?.literal ?? node.value
    graph.nodes.append(.init(id: id, kind: kind, title: title, value: value, cluster: cluster))
  }

  /// A node's title and cluster: `LoginViewModel#1.username` is `username`
  /// in the cluster of `LoginViewModel#1`.
  private mutating func place(_ label: String) -> (title: String, cluster: Int?) {
    guard let (object, type, member) = BindingGraph.objectAndMember(of: label) ?? hostModelMember(label) else {
      return (label, nil)
    }
    return place(object: object, type: type, member: member)
  }

  /// `member` in the cluster of `object`, titled by the names that hold it
  /// (`vm: LoginViewModel`), or `LoginViewModel#1` when none does.
  private mutating func place(object: Substring, type: Substring, member: Substring) -> (title: String, cluster: Int?) {
    if let index = clusterIndex[object] { return (String(member), index) }
    let index = graph.clusters.count
    clusterIndex[object] = index
    graph.clusters.append(
      .init(title: objects.title(of: object, type: type), swiftTypeName: hostType(String(type))?.swiftName))
    return (String(member), index)
  }

  /// The node of an `@Observable`/`@Published` model's property, labelled
  /// `TodoList.remaining` (its Swift side, shared by the objects' wrappers):
  /// in the cluster of the one object of that type, or of the type when
  /// scripts have seen several.
  private func hostModelMember(_ label: String) -> (object: Substring, type: Substring, member: Substring)? {
    guard let dot = label.firstIndex(of: "."), let host = hostType(String(label[..<dot])) else { return nil }
    let type = label[..<dot]
    let object = host.instances == 1 ? Substring("\(type)#1") : Substring("\(type) objects")
    return (object, type, label[label.index(after: dot)...])
  }

  /// Each binding node as one edge from its source to its target; a two-way
  /// pair as one edge with arrows at both ends.
  private mutating func addBindings() {
    var drawnPairs = Set<Int>()
    for binding in nodes where binding.kind == .binding {
      guard let source = incoming[binding.id]?.first.flatMap({ drawn[$0] }),
        let target = outgoing[binding.id]?.first.flatMap({ drawn[$0] })
      else { continue }
      if let partner = binding.partnerID {
        if drawnPairs.contains(partner) { continue }
        drawnPairs.insert(binding.id)
        graph.edges.append(.init(from: source, to: target, kind: .twoWay))
      } else {
        graph.edges.append(.init(from: source, to: target, kind: .binding))
      }
    }
  }

  /// What each derived value and effect read in its last evaluation, and
  /// what each time operator follows.
  private mutating func addReads() {
    for node in nodes {
      guard let id = drawn[node.id] else { continue }
      if node.kind == .derived || node.kind == .effect {
        for source in incoming[node.id] ?? [] {
          guard let kind = runtimeNodes[source]?.kind, kind == .property || kind == .derived,
            let from = drawn[source]
          else { continue }
          graph.edges.append(.init(from: from, to: id, kind: .reads))
        }
      }
      if let followed = node.followedID, let from = drawn[followed] {
        graph.edges.append(.init(from: from, to: id, kind: .reads))
      }
    }
  }

  /// Observers the session does not list (made inside a function or an
  /// object, or by Swift): one note per value, with their number.
  private mutating func addUnnamedObservers() {
    var listed: [Int: Int] = [:]
    for entry in connections where entry.kind == .observer {
      if case .node(let id) = entry.ends.source { listed[objects.mirrors[id] ?? id, default: 0] += 1 }
    }
    for node in nodes {
      guard let from = drawn[node.id] else { continue }
      let unlisted = node.observerCount - (listed[node.id] ?? 0)
      guard unlisted > 0 else { continue }
      let id = "u\(node.id)"
      graph.nodes.append(
        .init(id: id, kind: .observer, title: "\(unlisted) observer\(unlisted == 1 ? "" : "s")", value: nil, cluster: nil))
      graph.edges.append(.init(from: from, to: id, kind: .observes))
    }
  }

  // MARK: The session's connections

  private mutating func addConnections() {
    for (index, entry) in connections.enumerated() {
      let source = entry.ends.source.flatMap { end(for: $0) }
      switch entry.kind {
      case .binding:
        // A value binding is the runtime's binding node, drawn already.
        guard case .event = entry.ends.source, let source, let target = entry.ends.target.flatMap({ end(for: $0) })
        else { continue }
        graph.edges.append(.init(from: source, to: target, kind: .event))
      case .observer:
        guard let source else { continue }
        let id = "o\(index)"
        let title = entry.name.map { "observe as \($0)" } ?? "observe"
        graph.nodes.append(.init(id: id, kind: .observer, title: title, value: nil, cluster: nil))
        graph.edges.append(.init(from: source, to: id, kind: .observes))
      case .handler:
        guard let source else { continue }
        let id = "h\(index)"
        let title = entry.name.map { "on { … } as \($0)" } ?? "on { … }"
        graph.nodes.append(.init(id: id, kind: .handler, title: title, value: nil, cluster: nil))
        graph.edges.append(.init(from: source, to: id, kind: .event))
      case .timer:
        let title = entry.name.map { "\(entry.summary) as \($0)" } ?? entry.summary
        graph.nodes.append(.init(id: "t\(index)", kind: .timer, title: title, value: nil, cluster: nil))
      default:
        // A two-way pair, or an effect: the runtime's nodes, drawn already
        // (an effect with what its last run read, whoever made it).
        continue
      }
    }
  }

  /// The graph id of a connection's end, adding the event (and the event it
  /// is made from) on first sight.
  private mutating func end(for end: Connections.End) -> String? {
    switch end {
    case .node(let id): return drawn[objects.mirrors[id] ?? id]
    case .event(let identity, let name, let origin):
      if let id = eventIDs[identity] { return id }
      let id = "e\(eventIDs.count)"
      eventIDs[identity] = id
      if let origin {
        graph.nodes.append(.init(id: id, kind: .timeOperator, title: name, value: nil, cluster: nil))
        if let from = self.end(for: .event(origin.id, name: origin.name, origin: nil)) {
          graph.edges.append(.init(from: from, to: id, kind: .reads))
        }
      } else {
        let (title, cluster) = place(name)
        graph.nodes.append(.init(id: id, kind: .event, title: title, value: nil, cluster: cluster))
      }
      return id
    }
  }
}
