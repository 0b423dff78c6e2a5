import BindRuntime

/// One member of a registered host type: how to read its first value and how
/// to connect a wrapper's node to the Swift object's.
struct HostMember {
  enum Kind {
    /// A writable `Property`: mirrored both ways.
    case readWrite
    /// A read-only observable value: mirrored from Swift to the script.
    case readOnly
    /// An `EventStream`: forwarded both ways.
    case event
  }

  let name: String
  let kind: Kind
  /// The property's type, or the event's payload type (`nil`: no payload).
  let type: ValueType?
  /// The member's current value as a script value (properties only).
  let currentValue: (AnyObject) -> Value
  /// Connects the wrapper's node `index` (stored or event) to the host's.
  let connect: (_ host: AnyObject, _ wrapper: ScriptObject, _ index: Int) -> [Disposable]
  /// Calls `gone` when the host's node for this member completes, which it
  /// does when the host is deallocated (properties only).
  let watch: ((_ host: AnyObject, _ gone: @escaping () -> Void) -> Disposable)?
}

/// What the interpreter knows about a type a host app registered: its Swift
/// class, its members, its constructor, and the wrappers of its live objects.
///
/// A Swift object appears in scripts as a ``ScriptObject`` that wraps it, one
/// wrapper per object (so `===` and `Type#N` hold). The wrapper's stored
/// nodes mirror the Swift object's properties through runtime bindings, so
/// everything a script does with a script object (observe, bind, chains,
/// batches) works on a host object unchanged.
final class HostType {
  /// `ObjectIdentifier` of the Swift class.
  let swiftType: ObjectIdentifier
  /// The script name, known before the ``ObjectType`` exists (a type may
  /// refer to itself).
  let name: String
  /// Set right after registration; the object type owns this.
  unowned(unsafe) var objectType: ObjectType!
  var members: [HostMember] = []
  /// For `Type(...)` in scripts.
  var constructor: (() -> AnyObject)?
  /// Live wrappers by Swift object, held weakly: a wrapper lives as long as
  /// scripts (or a mirror node holding it) refer to it.
  private var wrappers: [ObjectIdentifier: WeakObject] = [:]
  private var pruneThreshold = 16

  init(swiftType: Any.Type, name: String) {
    self.swiftType = ObjectIdentifier(swiftType)
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

  /// The wrapper of `host`, made on first use.
  func wrapper(for host: AnyObject, owned: Bool = false) -> ScriptObject {
    let key = ObjectIdentifier(host)
    if let existing = wrappers[key]?.object, let instance = existing.host, instance.object === host {
      return existing
    }
    pruneWrappers()
    let values = members.filter { $0.kind != .event }.map { $0.currentValue(host) }
    let wrapper = ScriptObject(type: objectType, values: values)
    let instance = HostInstance(host: host, owned: owned)
    wrapper.host = instance
    wrappers[key] = WeakObject(wrapper)
    var storedIndex = 0
    var eventIndex = 0
    var tokens: [Disposable] = []
    for member in members {
      switch member.kind {
      case .readWrite, .readOnly:
        tokens += member.connect(host, wrapper, storedIndex)
        storedIndex += 1
      case .event:
        tokens += member.connect(host, wrapper, eventIndex)
        eventIndex += 1
      }
    }
    if let watch = members.lazy.compactMap(\.watch).first {
      tokens.append(watch(host) { [weak self, weak wrapper] in
        guard let wrapper else { return }
        self?.wrappers[key] = nil
        wrapper.hostWasReleased()
      })
    }
    instance.tokens = tokens
    return wrapper
  }

  /// Forgets wrappers that died while their Swift objects lived on (a
  /// script dropped them), at doubling sizes so the cost is amortized.
  private func pruneWrappers() {
    guard wrappers.count >= pruneThreshold else { return }
    wrappers = wrappers.filter { $0.value.object != nil }
    pruneThreshold = max(16, wrappers.count * 2)
  }

  /// `Type(label: value, …)` in a script: the registered constructor, then
  /// one write per argument.
  func construct(labels: [String], values: [Value], interpreter: Interpreter) throws -> ScriptObject {
    guard let constructor else {
      throw ConstructorError(
        message: "type '\(objectType.name)' cannot be created in scripts; the host app registered no constructor for it",
        argument: nil)
    }
    let wrapper = self.wrapper(for: constructor(), owned: true)
    for (argument, label) in labels.enumerated() {
      guard let member = objectType.members[label] else {
        throw ConstructorError(message: ScriptError.unknownMember(label, on: objectType).message, argument: argument)
      }
      do {
        try interpreter.write(values[argument], to: member, of: wrapper, name: label)
      } catch let error as ScriptError {
        throw ConstructorError(message: error.message, argument: argument)
      }
    }
    return wrapper
  }
}

/// The Swift object behind a wrapper, and the connections that mirror it.
final class HostInstance {
  /// Weak: a host object released by Swift completes the script's observers.
  weak var object: AnyObject?
  /// Set when a script created the object: then the wrapper owns it.
  private let owner: AnyObject?
  /// The mirroring bindings and forwarders; they end with the wrapper.
  var tokens: [Disposable] = []

  init(host: AnyObject, owned: Bool) {
    object = host
    owner = owned ? host : nil
  }
}

extension ScriptObject {
  /// The Swift object behind this wrapper was deallocated: drop the mirror
  /// nodes, so that their deinit completes every script observer and ends
  /// every binding, exactly as if a script object had gone. The wrapper
  /// itself may still be named by variables; it keeps its last values in
  /// fresh nodes that nothing observes.
  func hostWasReleased() {
    host?.tokens.forEach { $0.dispose() }
    host?.tokens = []
    let fresh = zip(type.stored, stored).map { spec, node in
      Property(node.value, label: "\(displayName).\(spec.name)", isSame: ==)
    }
    stored = fresh
    derivedNodes = Array(repeating: nil, count: derivedNodes.count)
    lifetimeNode = nil
  }
}
