import BindRuntime

/// The runtime nodes a session holds, where its part of the process's graph
/// starts (``GraphSnapshot/reachable(from:)``): the nodes of every object its
/// variables reach (through objects, arrays, dictionaries, structs, enums
/// and tuples), of its Swift objects' wrappers, and of its connections.
///
/// An object only a closure or a connection holds is not among them; its
/// nodes that take part in the picture are joined to these by edges.
struct SessionGraphRoots {
  private(set) var ids = Set<Int>()
  private var walked = Set<ObjectIdentifier>()

  init(_ interpreter: Interpreter) {
    // Every slot, statics (`Item.shared`) included.
    for value in interpreter.globalFrame.slots { add(value) }
    for type in interpreter.types.values {
      for wrapper in type.host?.liveWrappers ?? [] { add(.object(wrapper)) }
    }
    ids.formUnion(interpreter.connections.graphNodeIDs)
  }

  /// A value's nodes, and those of every value in it. By a list, not by
  /// recursion: a linked list of a million objects is a million levels.
  private mutating func add(_ value: Value) {
    var pending = [value]
    while let value = pending.popLast() {
      switch value {
      case .object(let object):
        guard walked.insert(ObjectIdentifier(object)).inserted else { continue }
        pending.append(contentsOf: addNodes(of: object))
      case .array(let elements): pending.append(contentsOf: elements)
      case .dictionary(let dictionary): pending.append(contentsOf: dictionary.values)
      case .structValue(let value): pending.append(contentsOf: value.fields)
      case .enumValue(let value): pending.append(contentsOf: value.associatedValues)
      case .tuple(let tuple): pending.append(contentsOf: tuple.elements)
      default: continue
      }
    }
  }

  /// The object's own nodes; returns the values its properties that may
  /// hold objects hold (a Swift object's as scripts last read them).
  private mutating func addNodes(of object: ScriptObject) -> [Value] {
    for index in object.type.stored.indices { ids.insert(object.graphNodeID(index)) }
    for node in object.stored { ids.insert(node.id) }
    for case let node? in object.derivedNodes { ids.insert(node.id) }
    if let lifetime = object.lifetimeNode { ids.insert(lifetime.id) }
    return object.type.stored.indices.compactMap { index in
      object.type.stored[index].type.holdsObjects ? object.graphValue(index) : nil
    }
  }
}
