import BindRuntime
import BindSyntax

/// One member of a registered host type: how to reach it in one object.
struct HostMember {
  enum Kind {
    /// A writable `Property`.
    case readWrite
    /// A read-only observable value.
    case readOnly
    /// An `EventStream`: forwarded both ways.
    case event
  }

  let name: String
  let kind: Kind
  /// The property's type, or the event's payload type (`nil`: no payload).
  let type: ValueType?
  /// The operations on one object's node (properties only).
  var access: ((AnyObject) -> HostProperty.Access)? = nil
  /// Forwards between the wrapper's event `index` and the object's (events only).
  var forward: ((_ host: AnyObject, _ wrapper: ScriptObject, _ index: Int) -> [Disposable])? = nil
}

/// What the interpreter knows about a type a host app registered: its Swift
/// class, its members, its constructor, and the wrappers of its live objects.
///
/// A Swift object appears in scripts as a ``ScriptObject`` that wraps it, one
/// wrapper per object (so `===` and `Type#N` hold). The wrapper reaches each
/// property of the Swift object through a ``HostProperty``, so everything a
/// script does with a script object (observe, bind, chains, batches) works on
/// a host object unchanged.
final class HostType {
  /// `ObjectIdentifier` of the Swift class.
  let swiftType: ObjectIdentifier
  /// The Swift class's name, as the graph labels its objects.
  let swiftTypeName: String
  /// The script name, known before the ``ObjectType`` exists (a type may
  /// refer to itself).
  let name: String
  /// Set right after registration; the object type owns this.
  unowned(unsafe) var objectType: ObjectType!
  var members: [HostMember] = []
  /// The methods scripts may call, in registration order.
  var methods: [HostFunction] = []
  /// The methods by base name, for calls.
  private(set) var methodsByName: [String: [HostFunction]] = [:]
  /// For `Type(...)` in scripts: the plain constructor, to which a call's
  /// labels are property writes.
  var constructor: (() -> AnyObject)?
  /// The initializers with Swift's labels (`Counter(start: 5)`), named
  /// `Type.init`; a call whose labels match one calls it.
  var initializers: [HostFunction] = []
  /// Initializers a script cannot call, since a parameter type does not
  /// bridge, and why (see `HostTypeBuilder.addConstructor`).
  var unavailableInitializers: [(signature: HostSignature, reason: String)] = []
  /// What each computed property reads, by name (``HostTypeBuilder/computed(_:reads:)``):
  /// the graph's edges into it.
  var computedReads: [String: [String]] = [:]
  /// Members left out because a type they use does not bridge, by name (a
  /// method by its base name), and the error a script that uses one gets.
  /// The rest of the type registers: one member never stops a view-model.
  var unavailableMembers: [String: String] = [:]
  /// Live wrappers by Swift object, unretained: a wrapper lives as long as
  /// scripts refer to it, and takes itself out as it goes (`HostInstance`).
  /// Not `weak`: a weak reference gives the wrapper a side table, and then
  /// every retain and release of it (several per statement that names it)
  /// takes the runtime's slow path.
  private var wrappers: [ObjectIdentifier: Unmanaged<ScriptObject>] = [:]

  init(swiftType: Any.Type, name: String) {
    self.swiftType = ObjectIdentifier(swiftType)
    self.swiftTypeName = typeName(swiftType)
    self.name = name
  }

  /// The bridge for properties whose values are this type's objects.
  ///
  /// Weak: another type's members hold this bridge, and may outlive this
  /// type when the session ends (`endSession` forgets every type).
  var bridge: ValueBridge {
    ValueBridge(
      type: .object(name),
      toScript: { [weak self] any in
        guard let self else { return .null }
        return .object(self.wrapper(for: any as AnyObject))
      },
      fromScript: { [weak self] value in
        guard let self, case .object(let object) = value, object.type === self.objectType else { return nil }
        return object.host?.object
      })
  }

  /// The wrappers of the Swift objects still alive, in the order they were
  /// made: what the binding graph draws.
  var liveWrappers: [ScriptObject] {
    wrappers.values.map { $0.takeUnretainedValue() }.filter { $0.host?.object != nil }.sorted { $0.number < $1.number }
  }

  /// Indexes the methods; called when the registration ends.
  func indexMethods() {
    methodsByName = Dictionary(grouping: methods, by: \.signature.baseName)
  }

  /// The wrapper of `host`, made on first use.
  func wrapper(for host: AnyObject, owned: Bool = false) -> ScriptObject {
    let key = ObjectIdentifier(host)
    if let existing = wrappers[key]?.takeUnretainedValue(), let instance = existing.host, instance.object === host {
      return existing
    }
    let properties = members.filter { $0.kind != .event }
    // The stored nodes are mirrors, connected on demand (see `HostProperty`);
    // until then nothing reads them, so they start empty.
    let wrapper = ScriptObject(type: objectType, values: Array(repeating: .null, count: properties.count))
    let instance = HostInstance(host: host, owned: owned)
    wrapper.host = instance
    let entry = Unmanaged.passUnretained(wrapper)
    wrappers[key] = entry
    instance.wrapperDidEnd = { [weak self] in
      // Only its own entry: a later object at the same address has its own.
      if let self, self.wrappers[key]?.toOpaque() == entry.toOpaque() { self.wrappers[key] = nil }
    }
    wrapper.hostProperties = properties.map { member in
      let property = HostProperty(name: member.name, type: member.type!, access: member.access!(host))
      // Unowned, not weak (see `wrappers`): the watch is the wrapper's, and
      // ends before it goes (`HostInstance.deinit`).
      instance.tokens.append(property.watch { [unowned(unsafe) wrapper] in
        // A member completes when its object is deallocated (or, for a
        // derived value, when its own sources are gone: the object lives on).
        guard wrapper.host?.object == nil else { return }
        wrapper.host?.wrapperDidEnd?()
        wrapper.hostWasReleased()
      })
      return property
    }
    var eventIndex = 0
    for member in members where member.kind == .event {
      instance.tokens += member.forward!(host, wrapper, eventIndex)
      eventIndex += 1
    }
    return wrapper
  }

  /// `Type(label: value, …)` in a script: the registered constructor, then
  /// one write per argument.
  func construct(labels: [String], values: [Value], interpreter: Interpreter) throws -> ScriptObject {
    guard let constructor else {
      throw ConstructorError(
        kind: .bridge(.noConstructor(typeName: objectType.name)),
        argument: nil)
    }
    let wrapper = self.wrapper(for: constructor(), owned: true)
    for (argument, label) in labels.enumerated() {
      guard let member = objectType.members[label] else {
        throw ConstructorError(kind: ScriptError.unknownMember(label, on: objectType).kind, argument: argument)
      }
      do {
        try interpreter.write(values[argument], to: member, of: wrapper, name: label)
      } catch let error as ScriptError {
        throw ConstructorError(kind: error.kind, argument: argument)
      }
    }
    return wrapper
  }
}

/// The Swift object behind a wrapper, and the connections that mirror it.
final class HostInstance {
  /// Weak: a host object released by Swift completes the script's observers.
  weak var object: AnyObject?
  /// Set when a script created the object, or the host injected it with
  /// ``Interpreter/Ownership/strong``: then the wrapper owns it.
  private var owner: AnyObject?
  /// The variable the host injected it as, to name it in errors.
  var scriptName: String?
  /// Set once the Swift object is gone: from then on every use is an error.
  private(set) var isReleased = false
  /// The watches of the Swift object's properties and the forwarders of its
  /// events; they end with the wrapper.
  var tokens: [Disposable] = []
  /// Takes the wrapper out of its type's table; runs as the wrapper goes,
  /// or earlier when the Swift object does.
  var wrapperDidEnd: (() -> Void)?

  deinit {
    // MUST end the watches here, before `owner` is released: an owned Swift
    // object completes its nodes as it goes, and the watches would then
    // call into the wrapper, which is being deallocated.
    tokens.forEach { $0.dispose() }
    wrapperDidEnd?()
  }

  init(host: AnyObject, owned: Bool) {
    object = host
    owner = owned ? host : nil
  }

  /// Keeps the Swift object alive as long as the wrapper.
  func retain() {
    if owner == nil { owner = object }
  }

  func markReleased() { isReleased = true }
}

extension ScriptObject {
  /// The Swift object behind this wrapper was deallocated: its nodes
  /// completed, and with them the script's observers and bindings of them.
  /// The wrapper itself may still be named by variables; from now on it is a
  /// plain script object that keeps the last values, in fresh nodes that
  /// nothing observes. Dropping the mirrors, if any, completes their
  /// observers and ends their bindings, exactly as if a script object had gone.
  ///
  /// The released ``HostProperty``s stay, so that every later read, write,
  /// observer, binding or call through them is an error naming the object
  /// (``releasedError``), never a silent use of a dead object.
  func hostWasReleased() {
    guard let host, !host.isReleased else { return }
    host.markReleased()
    let error = releasedError
    let last = hostProperties.map { $0.release(error: error) }
    host.tokens.forEach { $0.dispose() }
    host.tokens = []
    stored = zip(type.stored, last).map { spec, value in
      Property(value, label: "\(displayName).\(spec.name)", isSame: Value.isSameForChange)
    }
    derivedNodes = Array(repeating: nil, count: derivedNodes.count)
    lifetimeNode = nil
  }

  /// The error for any use of a host object Swift released.
  var releasedError: ScriptError.Kind {
    guard let name = host?.scriptName else { return .released(name: displayName, weak: false) }
    return .released(name: name, weak: true)
  }

  /// Throws if this wraps a Swift object that is gone.
  @inline(__always) func checkHostAlive() throws {
    if let host, host.isReleased { throw ScriptError(releasedError) }
  }

  /// The node of stored property `index`, for what needs one: of a host
  /// object, its mirror, connected on first use.
  func propertyNode(_ index: Int) -> Property<Value> {
    switch access(index) {
    case .stored(let node): return node
    case .host(let property): return property.mirror(into: stored[index])
    }
  }
}
