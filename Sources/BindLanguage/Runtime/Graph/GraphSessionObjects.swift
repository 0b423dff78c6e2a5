/// What the binding graph learns from the session about the objects it
/// draws, read without running script code: the script names that hold each
/// object, and, for Swift objects, which runtime node is which property.
///
/// The runtime's snapshot knows nodes only by label (`FeedViewModel#1.items`,
/// `CartModel.total` for a Swift model's property); the names, a Swift
/// property's value in the script's printing, whether it is computed, and
/// which wrapper node only mirrors it are the session's to tell.
struct GraphSessionObjects {
  /// A Swift object's property, by the id of its Swift node.
  struct HostNode {
    /// The wrapper's `Type#N`.
    let object: String
    let typeName: String
    let member: String
    /// The value as scripts print it (`"obs"`, not `obs`), when known.
    let literal: String?
    /// A computed property of the Swift class (an `@Observable` model's
    /// `var total: Decimal { … }`): drawn as a derived value.
    let isComputed: Bool
    /// The Swift nodes of the same object's properties that the computed
    /// property's getter names (``HostTypeBuilder/computed(_:reads:)``).
    let reads: [Int]
  }

  /// The names that hold each object, by its `Type#N`: global variables
  /// first (`vm`), then one step from them (`vm.user`, `buttons[0]`).
  private(set) var names: [String: [String]] = [:]
  private(set) var hostNodes: [Int: HostNode] = [:]
  /// The wrapper's own node of a Swift property, a mirror kept in step with
  /// the Swift node while something needs it, by id: the Swift node's id.
  private(set) var mirrors: [Int: Int] = [:]

  /// No names and no Swift objects: for a graph built from a snapshot alone.
  init() {}

  init(_ interpreter: Interpreter) {
    // In declaration order (`interpreter.globals` is by name), so the name
    // a title shows first is the one the script gave first.
    let slots = interpreter.globalScope
    let globals = interpreter.globals.sorted {
      (slots.lookup($0.name)?.slot ?? .max) < (slots.lookup($1.name)?.slot ?? .max)
    }
    for (name, value) in globals { hold(value, as: name, among: &names) }
    // One step from each object, under its first name only: `alias.header`
    // beside `table.header` would say nothing more.
    var reached: [String: [String]] = [:]
    var walked = Set<String>()
    for (name, value) in globals {
      if case .object(let object) = value, !walked.insert(object.displayName).inserted { continue }
      holdMembers(of: value, under: name, among: &reached)
    }
    for (object, paths) in reached where names[object] == nil { names[object] = paths }
    for type in interpreter.types.values {
      guard let host = type.host else { continue }
      for wrapper in host.liveWrappers { addHostNodes(of: wrapper, computedReads: host.computedReads) }
    }
  }

  /// `vm: FeedViewModel` for an object names hold; its `Type#N` otherwise.
  func title(of object: Substring, type: Substring) -> String {
    guard let held = names[String(object)] else { return String(object) }
    let shown = held.count > 3 ? held.prefix(3).joined(separator: ", ") + ", …" : held.joined(separator: ", ")
    return "\(shown): \(type)"
  }

  private func hold(_ value: Value, as name: String, among names: inout [String: [String]]) {
    guard case .object(let object) = value else { return }
    names[object.displayName, default: []].append(name)
  }

  /// The objects one step from a global: an object's stored properties (a
  /// Swift object's as scripts last read them), an array's elements.
  private func holdMembers(of value: Value, under name: String, among reached: inout [String: [String]]) {
    switch value {
    case .object(let object):
      for (index, property) in object.type.stored.enumerated() where property.type.holdsObjects {
        if let member = object.graphValue(index) { hold(member, as: "\(name).\(property.name)", among: &reached) }
      }
    case .array(let elements):
      for (index, element) in elements.enumerated() { hold(element, as: "\(name)[\(index)]", among: &reached) }
    default: break
    }
  }

  private mutating func addHostNodes(of wrapper: ScriptObject, computedReads: [String: [String]]) {
    guard let swiftObject = wrapper.host?.object else { return }
    let stored = Self.storedPropertyNames(of: swiftObject)
    let live = wrapper.hostProperties.filter { !$0.isReleased && $0.graphNodeID >= 0 }
    let ids = Dictionary(uniqueKeysWithValues: live.map { ($0.name, $0.graphNodeID) })
    for (index, property) in wrapper.hostProperties.enumerated() where !property.isReleased {
      let id = property.graphNodeID
      guard id >= 0 else { continue }
      let name = property.name
      let reads = computedReads[name]?.compactMap { ids[$0] }.filter { $0 != id } ?? []
      hostNodes[id] = HostNode(
        object: wrapper.displayName, typeName: wrapper.type.name, member: name,
        literal: property.graphValue?.literal,
        isComputed: !reads.isEmpty || (!stored.contains(name) && !stored.contains("_" + name)), reads: reads)
      if index < wrapper.stored.count { mirrors[wrapper.stored[index].id] = id }
    }
  }

  /// The stored properties of a Swift object, its superclasses' included,
  /// by reflection (which reads storage and runs no getter). `@Observable`
  /// keeps `var total` as `_total`, a property wrapper `count` as `_count`.
  private static func storedPropertyNames(of object: AnyObject) -> Set<String> {
    var names = Set<String>()
    var mirror: Mirror? = Mirror(reflecting: object)
    while let current = mirror {
      for child in current.children { if let label = child.label { names.insert(label) } }
      mirror = current.superclassMirror
    }
    return names
  }
}
