import BindRuntime
import BindSyntax

/// A registration or injection the interpreter refused: a bad or duplicate
/// name, a member clash, a value type that does not bridge.
public struct EmbeddingError: Error, Equatable, CustomStringConvertible {
  /// One line per problem, lowercase, names in 'quotes'.
  public var problems: [String]

  init(_ problems: [String]) { self.problems = problems }
  init(_ problem: String) { self.problems = [problem] }

  public var description: String { problems.joined(separator: "\n") }
}

extension Interpreter {
  /// Makes a Swift class a script type named `name`.
  ///
  /// `describe` lists the members by key path; see ``HostTypeBuilder``.
  /// Everything is checked here, before any script runs: `name` must be an
  /// unused, non-keyword identifier, member names must be identifiers and
  /// distinct, and every member's value type must bridge (`Int`, `Double`,
  /// `String`, `Bool`, optionals, arrays, and classes registered earlier or
  /// this class itself). Throws ``EmbeddingError`` listing every problem;
  /// nothing is registered then.
  ///
  /// Scripts see the type's Swift objects as script objects: they observe,
  /// bind, follow chains and get `completed` when Swift releases an object,
  /// exactly as with a declared `type`.
  @discardableResult
  public func register<Root: AnyObject>(
    _ swiftType: Root.Type, as name: String, _ describe: (HostTypeBuilder<Root>) throws -> Void
  ) throws -> ObjectType {
    try checkNewName(name, kind: "type")
    if let existing = hostType(for: swiftType) {
      throw EmbeddingError("'\(typeName(swiftType))' is already registered as '\(existing.objectType.name)'")
    }
    let host = HostType(swiftType: swiftType, name: name)
    let builder = HostTypeBuilder<Root>(host: host, typeName: name, changes: hostChanges) { [unowned self] type in
      try ValueBridge.resolve(type, interpreter: self) { candidate in
        ObjectIdentifier(candidate) == host.swiftType ? host.bridge : try self.registeredBridge(for: candidate)
      }
    }
    try describe(builder)
    let problems = builder.problems + builder.methodClashes + builder.unknownComputedReads
    guard problems.isEmpty else { throw EmbeddingError(problems) }
    host.indexMethods()
    let properties = host.members.filter { $0.kind != .event }
    let events = host.members.filter { $0.kind == .event }
    let type = ObjectType(
      name: name,
      stored: properties.map { .init(name: $0.name, type: $0.type!, isConstant: $0.kind == .readOnly, defaultValue: nil) },
      derived: [],
      events: events.map { .init(name: $0.name, payload: $0.type) },
      order: host.members.map(\.name))
    type.host = host
    host.objectType = type
    types[name] = type
    // A nested class (`FeedViewModel.Row`) by its short name too.
    hostValueTypes.addShortName(of: name)
    hasHostClasses = true
    return type
  }

  /// How the interpreter holds an injected object.
  public enum Ownership: Sendable {
    /// Keeps it alive until the session ends (as `JSContext` does): the
    /// default, so `inject(SignUpViewModel(), as: "form")` works.
    case strong
    /// Holds it weakly, for tests of its lifetime: when Swift releases it,
    /// the script's observers of its properties print `completed`, its
    /// bindings end, and any later use of it is an error naming it.
    case weak
  }

  /// Makes a live Swift object the script constant `name`.
  ///
  /// The interpreter keeps the object alive until ``endSession()``, unless
  /// `ownership` is ``Ownership/weak``. Its class must be registered.
  ///
  /// Like the rest of the interpreter, host objects belong to the thread
  /// that runs it: write their properties, send their events and release
  /// them there.
  ///
  /// - Parameter replacing: Whether an existing variable `name` takes the
  ///   object (the attach point puts an app's live object where its
  ///   `configure` injected a fresh one); otherwise such a name is an error.
  public func inject(_ object: AnyObject, as name: String, ownership: Ownership = .strong, replacing: Bool = false) throws {
    guard let host = hostType(for: type(of: object)) else {
      throw EmbeddingError("cannot inject '\(name)': class '\(typeName(type(of: object)))' is not registered; register it first")
    }
    try checkNewName(name, kind: "variable")
    if globalScope.lookup(name) == nil {
      globalScope.declare(name, isMutable: false)
    } else if !replacing {
      throw EmbeddingError("cannot inject '\(name)': a variable with that name already exists")
    }
    ensureGlobalCapacity()
    let wrapper = host.wrapper(for: object)
    wrapper.host?.scriptName = wrapper.host?.scriptName ?? name
    if ownership == .strong { wrapper.host?.retain() }
    bindGlobal(globalScope.lookup(name)!.slot, to: .object(wrapper))
  }

  /// The script object that stands for a registered Swift object (made on
  /// first use), to hand to a script or to reach its nodes from Swift.
  public func scriptObject(for object: AnyObject) -> ScriptObject? {
    hostType(for: type(of: object))?.wrapper(for: object)
  }

  /// The value of the global variable `name`, or `nil` if there is none.
  public func global(_ name: String) -> Value? {
    guard let variable = globalScope.lookup(name), variable.slot < globalFrame.slots.count else { return nil }
    return globalFrame.slots[variable.slot]
  }

  /// The bridge of a registered class, struct, enum or protocol; a
  /// ``ScriptableValueType`` registers itself here on first use.
  func registeredBridge(for swiftType: Any.Type) throws -> ValueBridge? {
    if let bridge = hostType(for: swiftType)?.bridge ?? hostValueTypes[swiftType]?.bridge { return bridge }
    if let implementable = hostProtocols[ObjectIdentifier(swiftType)] { return implementable.bridge(interpreter: self) }
    guard let scriptable = swiftType as? any ScriptableValueType.Type else { return nil }
    try scriptable.register(in: self, as: scriptable.scriptTypeName)
    return hostValueTypes[swiftType]?.bridge
  }

  /// A Swift error as the value a script's `catch` binds: a registered
  /// struct or enum as itself (so `catch let e as StoreError` matches it),
  /// any other error as its text, as `String(describing:)` gives it.
  func scriptValue(ofThrown error: any Error) -> Value {
    if let bridge = try? registeredBridge(for: type(of: error)) { return bridge.toScript(error) }
    return .string(String(describing: error))
  }

  func hostType(for swiftType: Any.Type) -> HostType? {
    let key = ObjectIdentifier(swiftType)
    return types.values.lazy.compactMap(\.host).first { $0.swiftType == key }
  }

  func checkNewName(_ name: String, kind: String) throws {
    // A nested Swift type registers under its qualified name: `LoginViewModel.State`.
    let parts = kind == "type" ? name.split(separator: ".", omittingEmptySubsequences: false).map(String.init) : [name]
    guard parts.allSatisfy({ Identifier.isValid($0) && TokenKind.keywords[$0] == nil }) else {
      throw EmbeddingError("'\(name)' is not a valid \(kind) name; use an identifier that is not a keyword")
    }
    guard kind == "type" else { return }
    if ["Int", "Double", "String", "Bool"].contains(name) || builtinTypeNames.contains(name) {
      throw EmbeddingError("type '\(name)' is built in; register under another name")
    }
    if types[name] != nil || hostValueTypes.hasType(named: name) {
      throw EmbeddingError("a type named '\(name)' is already registered")
    }
  }
}

extension ScriptObject {
  /// The Swift object this script object stands for, if it is a live host object.
  public var hostObject: AnyObject? { host?.object }

  /// The node of the writable stored property `name`, for Swift code that
  /// binds into a script object or observes it; `nil` for other members.
  /// For a host object, a node kept in step with the Swift property.
  public func property(named name: String) -> Property<Value>? {
    guard case .stored(let index)? = type.members[name], !type.stored[index].isConstant else { return nil }
    return propertyNode(index)
  }

  /// The node of the property `name`, stored or derived, to observe or bind from.
  public func observable(named name: String, in interpreter: Interpreter) -> ObservableValue<Value>? {
    switch type.members[name] {
    case .stored(let index)?: return propertyNode(index)
    case .derived(let index)?: return try? derived(index, interpreter: interpreter)
    default: return nil
    }
  }
}
