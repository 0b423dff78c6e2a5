import BindRuntime
import BindSyntax

/// One property of one Swift object, as scripts reach it.
///
/// Reads, writes, observers and one-way bindings go straight to the Swift
/// node through typed conversions, so a script pays for a host property
/// about what it pays for one of its own. The wrapper's stored node for the
/// property is a *mirror*, connected to the Swift node (a binding each way)
/// only for what needs a `Property<Value>`: a two-way binding, a binding
/// from one host property into another, Swift code asking the wrapper for
/// the node. Mirroring every property made each script write two binding
/// hops, 8× the cost of a write to a script object.
///
/// The Swift node is held unretained: it belongs to its object and MUST
/// complete when the object goes, completing the script's observers. Every
/// access checks `isReleased` first, which the node's completion sets
/// synchronously, before the node's memory can go (see ``watch(onRelease:)``).
final class HostProperty {
  /// The operations on the Swift node, made where its value type is known.
  struct Access {
    /// The value, converted; tracked, so a derived value reading it depends
    /// on the Swift node itself.
    var read: () -> Value
    /// Converts and writes a value already checked against the declared
    /// type; returns false if it still does not convert. `nil`: read-only.
    var write: ((Value) throws -> Bool)?
    var observe: (ObserveOptions, @escaping (Value, Value) -> Void, @escaping (Change<Value>) -> Void) -> Disposable
    /// Binds the Swift node into a script node through `check`.
    var bind: (_ target: Property<Value>, _ label: String, _ check: @escaping (Value) throws -> Value) throws -> Disposable
    /// Binds a script node into the Swift node through `check`. `nil`: read-only.
    var bindInto: ((_ source: ObservableValue<Value>, _ label: String, _ check: @escaping (Value) throws -> Value) throws -> Disposable)?
    /// Keeps `mirror` in step with the Swift node (both ways if writable).
    var connectMirror: (_ mirror: Property<Value>) -> [Disposable]
    /// Watches the node's completion: `capture` gets the final value (lock
    /// held, so as a conversion to run later), `completed` runs after.
    var watch: (_ capture: @escaping (@escaping () -> Value) -> Void, _ completed: @escaping () -> Void) -> Disposable
    /// The Swift node's id, as the binding graph names it.
    var nodeID = -1
    /// The cause of the Swift node's last change (`why`).
    var lastCause: () -> ChangeCause? = { nil }
  }

  let name: String
  let type: ValueType
  private let access: Access
  /// Set when the Swift node completed; from then on `access` MUST NOT run.
  private(set) var isReleased = false
  /// What a use after the release says (``ScriptObject/releasedError``).
  private var releasedError = ScriptError.Kind.released(name: "", weak: false)
  /// The final value, converted on first use after the release.
  private var finalValue: (() -> Value)?
  private var lastValue: Value?
  private var isMirrored = false
  /// The mirror's bindings.
  private var tokens: [Disposable] = []
  /// Whether values hold wrappers of Swift objects, which the last value
  /// read keeps alive: as a mirror node did, so that a script reading
  /// `vm.user` twice meets the same `User#N`.
  private let holdsObjects: Bool
  private var lastRead: Value?

  init(name: String, type: ValueType, access: Access) {
    self.name = name
    self.type = type
    self.access = access
    holdsObjects = type.holdsObjects
  }

  /// Starts watching the Swift node; `onRelease` runs (outside the graph
  /// lock) once it has completed. The caller keeps the token.
  func watch(onRelease: @escaping () -> Void) -> Disposable {
    access.watch(
      { final in
        self.isReleased = true
        self.finalValue = final
      },
      onRelease)
  }

  /// The id of the Swift node, which the graph draws for this property.
  var graphNodeID: Int { access.nodeID }

  /// The cause of the Swift node's last change; an error once the Swift
  /// object is gone.
  func lastCause() throws -> ChangeCause? {
    guard !isReleased else { throw ScriptError(releasedError) }
    return access.lastCause()
  }

  /// The value as the binding graph shows it, read without making a
  /// wrapper (which would add an object to the picture): for a type that
  /// holds objects, the value a script last read, if any; nil once the
  /// Swift object is gone.
  var graphValue: Value? {
    guard !isReleased else { return nil }
    return holdsObjects ? lastRead : access.read()
  }

  /// The current value; an error once the Swift object is gone.
  func read() throws -> Value {
    guard !isReleased else { throw ScriptError(releasedError) }
    let value = access.read()
    if holdsObjects { lastRead = value }
    return value
  }

  /// The current value, or the last one once the Swift node is gone, for
  /// what must not fail (completion, the release itself).
  func lastKnownValue() -> Value {
    guard isReleased else { return access.read() }
    if let finalValue {
      lastValue = finalValue()
      self.finalValue = nil
    }
    return lastValue ?? .null
  }

  /// Writes a value checked against the declared type; an error once the
  /// Swift object is gone.
  func write(_ value: Value) throws {
    guard !isReleased else { throw ScriptError(releasedError) }
    guard let write = access.write else {
      throw ScriptError(.assignToReadOnly(name: name))
    }
    guard try write(value) else {
      throw ScriptError.typeMismatch(value: value, expected: type, what: "property '\(name)'")
    }
  }

  func observe(
    options: ObserveOptions, changed: @escaping (Value, Value) -> Void, other: @escaping (Change<Value>) -> Void
  ) -> Disposable {
    access.observe(options, changed, other)
  }

  func bind(to target: Property<Value>, label: String, check: @escaping (Value) throws -> Value) throws -> Disposable {
    try access.bind(target, label, check)
  }

  func bind(from source: ObservableValue<Value>, label: String, check: @escaping (Value) throws -> Value) throws
    -> Disposable
  {
    guard let bindInto = access.bindInto else {
      throw ScriptError(.bindInto(.assignToReadOnly(name: name)))
    }
    return try bindInto(source, label, check)
  }

  /// Connects `mirror` to the Swift node, once.
  func mirror(into mirror: Property<Value>) -> Property<Value> {
    if !isMirrored && !isReleased {
      isMirrored = true
      tokens += access.connectMirror(mirror)
    }
    return mirror
  }

  /// Lets go of the Swift node for good (its object is gone), returning the
  /// last value; later uses fail with `error`.
  func release(error: ScriptError.Kind) -> Value {
    let last = lastKnownValue()
    isReleased = true
    releasedError = error
    (lastValue, finalValue, lastRead) = (last, nil, nil)
    tokens.forEach { $0.dispose() }
    tokens = []
    return last
  }
}

extension HostProperty.Access {
  /// The access to a writable Swift property. Generic, but called with
  /// concrete types for the common values (``HostTypeBuilder``), so the
  /// closures made here are specialized: a script's write converts and
  /// calls `Property<Int>.set`'s fast path, with no boxing.
  ///
  /// - Parameter store: Where a binding's value goes before the node takes
  ///   it, for a node that mirrors a Swift property (``HostModelLink``):
  ///   runs Swift's setter and gives what Swift kept.
  static func readWrite<T>(
    _ node: Property<T>, member: String, type: ValueType,
    toScript: @escaping (T) -> Value, fromScript: @escaping (Value) -> T?, store: ((T) -> T)? = nil
  ) -> Self {
    var access = readOnly(node, member: member, toScript: toScript)
    let ref = Unmanaged.passUnretained(node)
    access.write = { value in
      guard let converted = fromScript(value) else { return false }
      try ref._withUnsafeGuaranteedRef { try $0.set(converted) }
      return true
    }
    access.bindInto = { source, label, check in
      try source.bindChecked(to: ref.takeUnretainedValue(), label: label) { value in
        let checked = try check(value)
        guard let converted = fromScript(checked) else {
          throw ScriptError.typeMismatch(value: checked, expected: type, what: "property '\(member)'")
        }
        return store?(converted) ?? converted
      }
    }
    access.connectMirror = { mirror in
      let node = ref.takeUnretainedValue()
      // Two one-way bindings with conversions; the echo of each is an equal
      // write on the other side, which is not a change.
      let down = try? node.bindChecked(to: mirror, label: "\(member) (from Swift)") { toScript($0) }
      let up = try? mirror.bindChecked(to: node, label: "\(member) (to Swift)") { value -> T in
        guard let converted = fromScript(value) else {
          throw ScriptError.typeMismatch(value: value, expected: type, what: "property '\(member)'")
        }
        return store?(converted) ?? converted
      }
      return [down, up].compactMap { $0 }
    }
    return access
  }

  /// The access to a read-only observable value.
  static func readOnly<T>(_ node: ObservableValue<T>, member: String, toScript: @escaping (T) -> Value) -> Self {
    let ref = Unmanaged.passUnretained(node)
    var access = Self(
      read: { toScript(ref._withUnsafeGuaranteedRef { $0.value }) },
      write: nil,
      observe: { options, changed, other in
        ref.takeUnretainedValue().observe(
          options: options,
          changed: { old, new in changed(toScript(old), toScript(new)) },
          other: { change in
            switch change {
            case .initial(let value): other(.initial(toScript(value)))
            case .changed(let old, let new): other(.changed(old: toScript(old), new: toScript(new)))
            case .completed: other(.completed)
            }
          })
      },
      bind: { target, label, check in
        try ref.takeUnretainedValue().bindChecked(to: target, label: label) { try check(toScript($0)) }
      },
      bindInto: nil,
      connectMirror: { mirror in
        let down = try? ref.takeUnretainedValue().bindChecked(to: mirror, label: "\(member) (from Swift)") {
          toScript($0)
        }
        return down.map { [$0] } ?? []
      },
      watch: { capture, completed in
        // The conversion waits: it may make wrappers (graph nodes), which
        // MUST NOT happen while the node is being removed.
        ref.takeUnretainedValue().observeCompletion(capturing: { final in capture { toScript(final) } }, completed: completed)
      })
    access.nodeID = node.id
    access.lastCause = { ReactiveGraph.shared.lastCause(of: ref.takeUnretainedValue()) }
    return access
  }
}

extension ValueType {
  /// Whether values of this type can hold objects: then the graph shows
  /// the value a script last read, as reading it anew could make wrappers.
  /// A struct of strings and numbers (`Todo`) holds none, and is read.
  var holdsObjects: Bool {
    var walked = Set<ObjectIdentifier>()
    return holdsObjects(walked: &walked)
  }

  /// Each struct and enum is walked once: a struct may hold an array of
  /// itself (`struct Node { var children: [Node] }`).
  private func holdsObjects(walked: inout Set<ObjectIdentifier>) -> Bool {
    switch self {
    case .int, .double, .string, .bool, .duration, .date, .set, .decimal, .foundation: return false
    case .optional(let wrapped): return wrapped.holdsObjects(walked: &walked)
    case .array(let element): return element.holdsObjects(walked: &walked)
    case .object, .conforming: return true
    case .structure(let type):
      guard walked.insert(ObjectIdentifier(type)).inserted else { return false }
      return type.fields.contains { $0.type.holdsObjects(walked: &walked) }
    case .enumeration(let type):
      guard walked.insert(ObjectIdentifier(type)).inserted else { return false }
      return type.cases.contains { $0.associatedValues.contains { $0.type.holdsObjects(walked: &walked) } }
    // Resolved by the field or case that holds it (above); never alone.
    case .recursive: return true
    case .dictionary(_, let value): return value.holdsObjects(walked: &walked)
    case .tuple(_, let elements): return elements.contains { $0.holdsObjects(walked: &walked) }
    // A closure may capture objects.
    case .function: return true
    }
  }
}
