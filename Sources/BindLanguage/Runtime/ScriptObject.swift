import BindRuntime

/// An instance of an ``ObjectType``. Its stored properties are runtime
/// ``Property`` nodes; derived properties and events are made on first use.
public final class ScriptObject {
  /// The object's type.
  public let type: ObjectType
  /// Its number among the instances of its type, from 1.
  public let number: Int
  // A `var` only so that a host object's wrapper can drop its nodes when the
  // host goes (see `HostInstance`); script objects never reassign it.
  @exclusivity(unchecked) var stored: [Property<Value>]
  var derivedNodes: [Derived<Value>?]
  var eventStreams: [ScriptEvent?]
  /// A node that completes when this object is deallocated, so that values
  /// computed from it complete too.
  var lifetimeNode: Property<Int>?
  /// While one of its type's `init`s runs: its `let` properties may be
  /// assigned, as in Swift.
  var isInitializing = false
  /// Derived properties whose first evaluation is under way.
  private var creatingDerived: Set<Int> = []
  /// For the wrapper of a host app's Swift object: that object and the
  /// forwarders of its events.
  var host: HostInstance?
  /// For the wrapper of a live Swift object: its properties, by stored
  /// index, which reads and writes go to instead of `stored` (see
  /// ``HostProperty``). Empty for script objects, and once the Swift object is gone.
  @exclusivity(unchecked) var hostProperties: [HostProperty] = []

  init(type: ObjectType, values: [Value]) {
    self.type = type
    type.instanceCount += 1
    self.number = type.instanceCount
    // The labels (`Layer#3.a`) by concatenation: an interpolation per
    // property cost ~300 instructions more, and a script that builds a
    // thousand objects builds four thousand labels (cellx.bind, issue 14).
    //
    // The comparison chosen with `if`, not `??`: through that generic
    // operator the closure came back at its most general abstraction, so
    // each property cost two closure contexts (two allocations besides the
    // node) and each comparison ran through two reabstraction thunks; the
    // plain function reference passed here needs no context.
    let prefix = type.name + "#" + String(type.instanceCount) + "."
    stored = zip(type.stored, values).map { property, value in
      // Two Ints, the common write, are compared in the closure itself
      // (which captures nothing, so it needs no context either).
      if let isSame = property.isSame { return Property(value, label: prefix + property.name, isSame: isSame) }
      return Property(value, label: prefix + property.name) { old, new in
        if case .int(let a) = old, case .int(let b) = new { return a == b }
        return Value.isSameForChange(old, new)
      }
    }
    derivedNodes = Array(repeating: nil, count: type.derived.count)
    eventStreams = Array(repeating: nil, count: type.events.count)
  }

  /// `Type#N`.
  public var displayName: String { "\(type.name)#\(number)" }

  var lifetime: Property<Int> {
    if let lifetimeNode { return lifetimeNode }
    let node = Property(0, label: displayName)
    lifetimeNode = node
    return node
  }

  /// The derived property `index`, created on first use. It holds the object
  /// weakly: a derived property never keeps its own object alive.
  func derived(_ index: Int, interpreter: Interpreter) throws -> Derived<Value> {
    if let node = derivedNodes[index] { return node }
    let spec = type.derived[index]
    // Creating the node evaluates it; an evaluation that needs the node being
    // created is a cycle among derived properties, not a reason to recurse.
    guard !creatingDerived.contains(index) else {
      throw ScriptError(.derivedDependsOnItself(property: spec.name, typeName: type.name))
    }
    creatingDerived.insert(index)
    defer { creatingDerived.remove(index) }
    let globals = interpreter.globalFrame
    let label = "\(displayName).\(spec.name)"
    var last = Value.null
    let compute = { [weak self, weak interpreter] () throws -> Value in
      guard let self else { return last }
      // Reading a derived property evaluates the ones it reads first, one
      // nested evaluation each: a chain of them a million long would
      // overflow the stack. Only the stack is checked, not the call count:
      // chains of 100,000 evaluate.
      if let interpreter, !interpreter.budget.stackFits {
        throw ScriptError(
          .derivedChainTooDeep(property: spec.name, typeName: self.type.name))
      }
      let value = try spec.compute(Frame(parent: globals, selfObject: self))
      if spec.givesCheckedValue {
        last = value
        return value
      }
      guard let checked = spec.type.coerce(value) else {
        throw ScriptError.typeMismatch(value: value, expected: spec.type, what: "derived property '\(spec.name)'")
      }
      last = checked
      return checked
    }
    // An error of the first evaluation is the property's state, as a later
    // one's is (Grammar.md, "Errors are a derived property's state").
    let node = Derived(
      label: label, isSame: spec.isSame ?? Value.isSameForChange, placeholder: .null,
      set: spec.write.map { write in
        { [weak self] newValue in
          guard let self else { return }
          try write(globals, self, newValue)
        }
      }, compute)
    derivedNodes[index] = node
    return node
  }

  /// The id of stored property `index`'s node, as the graph names it: for
  /// a live host object, the Swift node (asking never starts a mirror).
  func graphNodeID(_ index: Int) -> Int {
    if index < hostProperties.count, !hostProperties[index].isReleased { return hostProperties[index].graphNodeID }
    return index < stored.count ? stored[index].id : -1
  }

  /// The value of stored property `index` as the graph shows it, without
  /// running Swift code: a live host object's as scripts last read it; nil
  /// for a host object that is gone.
  func graphValue(_ index: Int) -> Value? {
    if index < hostProperties.count { return hostProperties[index].graphValue }
    return host == nil && index < stored.count ? stored[index].value : nil
  }

  /// The event `index`, created on first use.
  func event(_ index: Int) -> ScriptEvent {
    if let stream = eventStreams[index] { return stream }
    let spec = type.events[index]
    let event = ScriptEvent(name: "\(displayName).\(spec.name)", payload: spec.payload)
    eventStreams[index] = event
    return event
  }
}
