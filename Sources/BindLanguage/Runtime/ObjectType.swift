import BindRuntime
import BindSyntax

/// A type scripts can construct: declared with `type`, built in (`Label`,
/// `Button`, …), or registered by a host app.
public final class ObjectType {
  /// A member of a type, resolved to its index once.
  enum Member {
    case stored(Int)
    case derived(Int)
    case event(Int)
  }

  struct StoredProperty {
    let name: String
    let type: ValueType
    let isConstant: Bool
    /// Evaluated in the global frame at construction, when no argument is given.
    let defaultValue: Evaluation?
  }

  struct DerivedProperty {
    let name: String
    let type: ValueType
    /// Evaluated with `self` bound to the object.
    let compute: Evaluation
  }

  struct EventSpec {
    let name: String
    let payload: ValueType?
  }

  /// The type's name.
  public let name: String
  let stored: [StoredProperty]
  var derived: [DerivedProperty]
  let events: [EventSpec]
  let members: [String: Member]
  /// Member names in declaration order, for completion and `:types`.
  public let memberNames: [String]
  /// Counts instances, for `Type#N`.
  @exclusivity(unchecked) var instanceCount = 0
  /// For a type a host app registered: how to make and wrap its Swift objects.
  var host: HostType?

  init(
    name: String, stored: [StoredProperty], derived: [DerivedProperty], events: [EventSpec], order: [String],
    instancesSoFar: Int = 0
  ) {
    self.name = name
    // A redeclared type keeps counting, so `Type#N` never names two objects.
    self.instanceCount = instancesSoFar
    self.stored = stored
    self.derived = derived
    self.events = events
    var members: [String: Member] = [:]
    for (index, property) in stored.enumerated() { members[property.name] = .stored(index) }
    for (index, property) in derived.enumerated() { members[property.name] = .derived(index) }
    for (index, event) in events.enumerated() { members[event.name] = .event(index) }
    self.members = members
    self.memberNames = order
  }

  /// One line per member, as `:types` shows them.
  public var memberSummaries: [String] {
    memberNames.map { name in
      switch members[name]! {
      case .stored(let index):
        let property = stored[index]
        return "\(property.isConstant ? "let" : "var") \(name): \(property.type)"
      case .derived(let index): return "var \(name): \(derived[index].type) { … }"
      case .event(let index):
        if let payload = events[index].payload { return "event \(name): \(payload)" }
        return "event \(name)"
      }
    }
  }

  /// The names of a kind of member, for suggestions.
  func names(where include: (Member) -> Bool) -> [String] {
    memberNames.filter { include(members[$0]!) }
  }
}

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
    let name = "\(type.name)#\(type.instanceCount)"
    stored = zip(type.stored, values).map { property, value in
      Property(value, label: "\(name).\(property.name)", isSame: ==)
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
      throw ScriptError("derived property '\(spec.name)' of \(type.name) depends on itself")
    }
    creatingDerived.insert(index)
    defer { creatingDerived.remove(index) }
    let globals = interpreter.globalFrame
    let label = "\(displayName).\(spec.name)"
    var last = Value.null
    let node = try Derived(label: label, isSame: ==) { [weak self] () throws -> Value in
      guard let self else { return last }
      let value = try spec.compute(Frame(parent: globals, selfObject: self))
      guard let checked = spec.type.coerce(value) else {
        throw ScriptError.typeMismatch(value: value, expected: spec.type, what: "derived property '\(spec.name)'")
      }
      last = checked
      return checked
    }
    derivedNodes[index] = node
    return node
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

/// An event of a script object: a runtime ``EventStream`` with a checked payload type.
public final class ScriptEvent {
  /// `Button#1.tap`.
  public let displayName: String
  let payload: ValueType?
  let stream: EventStream<Value>

  /// The payload type in quotes, or `none`, as messages show it.
  var payloadDescription: String { payload.map { "'\($0)'" } ?? "none" }

  init(name: String, payload: ValueType?) {
    self.displayName = name
    self.payload = payload
    self.stream = EventStream(label: name)
  }
}

/// A variable frame: one per function call, handler run or top level.
final class Frame {
  // Every variable access touches these; the interpreter runs on one thread
  // at a time, so the runtime's exclusivity checks only cost time here.
  @exclusivity(unchecked) var slots: ContiguousArray<Value>
  let parent: Frame?
  let selfObject: ScriptObject?
  /// Variables captured by value when a `bind` or `observe` ran.
  @exclusivity(unchecked) var captures: [CapturedValue] = []

  init(parent: Frame?, slotCount: Int = 0, selfObject: ScriptObject? = nil) {
    self.parent = parent
    self.selfObject = selfObject ?? parent?.selfObject
    self.slots = ContiguousArray(repeating: .null, count: slotCount)
  }

  /// Whether an object captured by a `bind`/`observe` has been deallocated.
  var capturesLostAnObject: Bool {
    captures.contains { capture in
      if case .object(let weak) = capture { return weak.object == nil }
      return false
    }
  }

  @inline(__always) func ancestor(_ hops: Int) -> Frame {
    var frame = self
    for _ in 0..<hops { frame = frame.parent! }
    return frame
  }
}

/// A variable's value as a `bind` or `observe` statement read it: objects
/// weakly, so a binding never keeps the objects it names alive.
enum CapturedValue {
  case value(Value)
  case object(WeakObject)

  init(_ value: Value) {
    if case .object(let object) = value { self = .object(WeakObject(object)) } else { self = .value(value) }
  }

  var value: Value {
    switch self {
    case .value(let value): return value
    case .object(let weak): return weak.object.map(Value.object) ?? .null
    }
  }
}

final class WeakObject {
  weak var object: ScriptObject?
  init(_ object: ScriptObject) { self.object = object }
}
