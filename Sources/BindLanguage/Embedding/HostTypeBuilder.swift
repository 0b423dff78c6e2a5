import BindRuntime
import BindSyntax

/// Describes a Swift class to the interpreter, member by member; passed to
/// ``Interpreter/register(_:as:_:)``.
///
/// ```swift
/// try interpreter.register(LoginViewModel.self, as: "LoginViewModel") { type in
///   type.property("username", \.$username)   // Property<String>: read-write
///   type.property("canSubmit", \.canSubmit)  // Derived<Bool>: read-only
///   type.event("submit", \.submit)           // EventStream<Void>
///   type.method("clear()") { vm in vm.clear() }
///   type.method("select(index:)") { (vm: LoginViewModel, index: Int) in vm.select(index: index) }
///   type.method("login()") { (vm: LoginViewModel) async throws in try await vm.login() }
///   type.constructor { LoginViewModel() }
///   type.constructor("init(username:)") { (name: String) in LoginViewModel(username: name) }
/// }
/// ```
///
/// Methods are named as Swift names them (`select(index:)`, `move(_:to:)`,
/// `clear()`) and take 0 to 4 parameters; they may throw, be `async`, and
/// return a value (`Void`: none). Scripts call them with the same labels.
///
/// Members are checked when the registration ends: a name that is not an
/// identifier, a name used twice, or a signature that does not match its
/// closure makes `register` throw. Two methods of one signature whose
/// closures take other Swift types are overloads (`set(_:forKey:)` for
/// `Int` and for `String`): a call picks one by its arguments' types. A member whose type does not bridge (a
/// `NumberFormatter`, a struct never registered) is left out, and a script
/// that uses it gets an error saying so; the rest of the type works.
public final class HostTypeBuilder<Root: AnyObject> {
  let host: HostType
  let typeName: String
  /// Where the members of `@Observable` and `@Published` models report
  /// Swift's changes (``HostModelLink``).
  let changes: HostChanges
  let resolve: (Any.Type) throws -> ValueBridge
  var problems: [String] = []
  private var names: Set<String> = []

  init(host: HostType, typeName: String, changes: HostChanges, resolve: @escaping (Any.Type) throws -> ValueBridge) {
    self.host = host
    self.typeName = typeName
    self.changes = changes
    self.resolve = resolve
  }

  /// A read-write property: the `Property` behind an `@Observed` var (`\.$name`).
  /// Scripts and Swift may both write it; each sees the other's writes.
  public func property<T>(_ name: String, _ keyPath: KeyPath<Root, Property<T>>) {
    guard checkName(name), let bridge = bridge(T.self, for: name) else { return }
    let member = "\(typeName).\(name)"
    let type = bridge.type
    // The common value types get closures specialized for them (see
    // `HostProperty.Access.readWrite`): each case names its type concretely.
    // (`T` is checked first, so the key path is of the type it is cast to.)
    func path<U>(_: U.Type) -> KeyPath<Root, Property<U>> { unsafeBitCast(keyPath, to: KeyPath<Root, Property<U>>.self) }
    let access: (Root) -> HostProperty.Access
    switch T.self {
    case is Int.Type:
      let path = path(Int.self)
      access = { .readWrite($0[keyPath: path], member: member, type: type, toScript: Value.int, fromScript: \.asInt) }
    case is Double.Type:
      let path = path(Double.self)
      access = { .readWrite($0[keyPath: path], member: member, type: type, toScript: Value.double, fromScript: \.asDouble) }
    case is String.Type:
      let path = path(String.self)
      access = { .readWrite($0[keyPath: path], member: member, type: type, toScript: Value.string, fromScript: \.asString) }
    case is Bool.Type:
      let path = path(Bool.self)
      access = { .readWrite($0[keyPath: path], member: member, type: type, toScript: Value.bool, fromScript: \.asBool) }
    default:
      let (boxedToScript, fromScript) = (bridge.toScript, bridge.fromScript)
      // A registered struct or enum converts its own type without boxing.
      let toScript = bridge.typedToScript as? (T) -> Value ?? { boxedToScript($0) }
      access = {
        .readWrite(
          $0[keyPath: keyPath], member: member, type: type, toScript: toScript,
          fromScript: { fromScript($0).map { $0 as! T } })
      }
    }
    host.members.append(HostMember(name: name, kind: .readWrite, type: type, access: { access($0 as! Root) }))
  }

  /// A read-write `@Observed` var whose Swift setter does more than store
  /// (a `didSet` that clamps): reached as an `@Observable` property is,
  /// through a ``HostModelLink``, so that whatever the setter writes while
  /// it runs is one change to scripts, from the old value to the one Swift
  /// kept, never the value Swift refused: for a script's write, a `bind`
  /// into it (both run `setter`), and Swift's own writes (read at the
  /// interpreter's next look, as Observation's are).
  public func property<T>(_ name: String, _ keyPath: KeyPath<Root, Property<T>>, setter: ReferenceWritableKeyPath<Root, T>) {
    modelProperty(name, T.self, isWritable: true) { root in
      HostModelSource(
        root: root, keyPath: setter, writable: setter,
        connect: { [weak root] link in
          guard let root else { return }
          let property = root[keyPath: keyPath]
          // The entry holds the link and the link the token: the object's
          // `Property` keeps both for its life, and its completion ends
          // the link, which completes the script's observers at once and
          // lets go of the token.
          link.keep(
            property.observe(
              changed: { _, _ in link.swiftWillChange() },
              other: { change in if case .completed = change { link.end() } }))
        })
    }
  }

  /// A read-only property: any observable value (a `Derived`, a
  /// `Property`). Scripts may read, observe and bind from it, never write it.
  public func property<T, Node: ObservableValue<T>>(_ name: String, _ keyPath: KeyPath<Root, Node>) {
    property(name, readOnly: keyPath)
  }

  /// A `Property` that scripts may read and observe but not write, such as
  /// the `$results` of a `public private(set) var results`.
  public func property<T, Node: ObservableValue<T>>(_ name: String, readOnly keyPath: KeyPath<Root, Node>) {
    guard checkName(name), let bridge = bridge(T.self, for: name) else { return }
    let member = "\(typeName).\(name)"
    let toScript = bridge.toScript
    host.members.append(
      HostMember(
        name: name, kind: .readOnly, type: bridge.type,
        access: { .readOnly(($0 as! Root)[keyPath: keyPath] as ObservableValue<T>, member: member) { toScript($0) } }))
  }

  /// Says which properties computed property `name` reads (`total` reads
  /// `items`): the graph draws an edge from each to it. Swift does not
  /// tell what a getter read (Observation keeps that to itself), so
  /// `@Scriptable` lists the properties the getter's code names. Only for
  /// the picture: the property's changes reach scripts as its model
  /// reports them, whatever this says.
  public func computed(_ name: String, reads sources: [String]) {
    host.computedReads[name, default: []] += sources
  }

  /// An event without payload (`EventStream<Void>`): Swift's sends reach the
  /// script's handlers and the script's `emit` reaches Swift's handlers.
  public func event(_ name: String, _ keyPath: KeyPath<Root, EventStream<Void>>) {
    guard checkName(name) else { return }
    addEvent(name, keyPath, payload: nil, toScript: { _ in .null }, fromScript: { _ in () })
  }

  /// An event with a payload (`EventStream<Int>`, …), checked like a property.
  public func event<P>(_ name: String, _ keyPath: KeyPath<Root, EventStream<P>>) {
    guard checkName(name), let bridge = bridge(P.self, for: name) else { return }
    let fromScript = bridge.fromScript
    addEvent(name, keyPath, payload: bridge.type, toScript: bridge.toScript, fromScript: { fromScript($0).map { $0 as! P } })
  }

  /// Adds a method made by one of the `method(_:_:)` overloads.
  func addMethod(
    _ signature: String, _ parameters: [Any.Type], _ result: Any.Type, isAsync: Bool, isThrowing: Bool,
    _ make: (_ parameters: [ValueBridge], _ result: @escaping (Any) -> Value) -> HostFunction.Invoke
  ) {
    let factory = HostFunctionFactory(resolve: resolve)
    switch factory.make(signature, what: "method", parameters: parameters, result: result, isAsync: isAsync, isThrowing: isThrowing, make) {
    case .success(let method):
      // Same labels, other Swift parameter types: an overload, which a
      // call picks by its arguments' types (see `HostCallSite`).
      guard !host.methods.contains(where: { $0.isSameOverload(as: method) }) else {
        problems.append("method '\(method.name)' is registered twice in type '\(typeName)'")
        return
      }
      host.methods.append(method)
    case .failure(let error):
      // A signature that matches its closure failed on a type: leave it out.
      guard let parsed = HostSignature(parsing: signature), parsed.labels.count == parameters.count else {
        problems.append("\(error.message) (in type '\(typeName)')")
        return
      }
      host.unavailableMembers[parsed.baseName] =
        "'\(parsed.fullName)' of \(typeName) cannot be called from scripts: \(error.message); mark it @ScriptIgnored, or register the types it uses"
    }
  }

  /// Names that `computed(_:reads:)` gave and no member has.
  var unknownComputedReads: [String] {
    host.computedReads.flatMap { computed, sources in
      ([computed] + sources).filter { !names.contains($0) }.map {
        "computed property '\(computed)' of type '\(typeName)' names '\($0)', which is no member of it"
      }
    }.sorted()
  }

  /// Methods whose base name is also a property's or an event's: `vm.name`
  /// would be ambiguous.
  var methodClashes: [String] {
    host.methods.filter { names.contains($0.signature.baseName) }.map {
      "method '\($0.name)' has the same base name as member '\($0.signature.baseName)' of type '\(typeName)'"
    }
  }

  /// How scripts create objects of this type: `LoginViewModel()`. Labelled
  /// arguments (`LoginViewModel(username: "ada")`) are written after `make`,
  /// unless an initializer registered with `constructor("init(username:)")`
  /// takes those labels (see `addConstructor`). Without a constructor or an
  /// initializer, scripts can only use objects Swift hands them.
  public func constructor(_ make: @escaping () -> Root) {
    host.constructor = { make() }
  }

  private func addEvent<P>(
    _ name: String, _ keyPath: KeyPath<Root, EventStream<P>>, payload: ValueType?,
    toScript: @escaping (Any) -> Value, fromScript: @escaping (Value) -> P?
  ) {
    host.members.append(
      HostMember(
        name: name, kind: .event, type: payload,
        forward: { host, wrapper, index in
          let stream = (host as! Root)[keyPath: keyPath]
          let event = wrapper.event(index)
          // Each side's send reaches the other once; the flag stops the echo.
          let relay = EventRelay()
          let fromSwift = stream.on { [weak event] payload in
            guard let event else { return }
            relay.pass { event.stream.send(toScript(payload)) }
          }
          let fromScript = event.stream.on { [weak stream] value in
            guard let stream, let payload = fromScript(value) else { return }
            relay.pass { stream.send(payload) }
          }
          return [fromSwift, fromScript]
        }))
  }

  func checkName(_ name: String) -> Bool {
    guard Identifier.isValid(name) else {
      problems.append("'\(name)' is not a valid member name; use letters, digits and '_', not starting with a digit")
      return false
    }
    guard names.insert(name).inserted else {
      problems.append("'\(name)' is registered twice in type '\(typeName)'")
      return false
    }
    return true
  }

  /// The bridge of member `name`'s type, or `nil` when it does not bridge:
  /// the member is then left out, and remembered for the script that uses it.
  func bridge(_ swiftType: Any.Type, for name: String) -> ValueBridge? {
    do {
      return try resolve(swiftType)
    } catch let error as BridgeError {
      host.unavailableMembers[name] = error.unavailableMember(name, of: typeName, type: swiftType)
    } catch {
      problems.append("member '\(name)' of '\(typeName)': \(error)")
    }
    return nil
  }
}

/// Stops an event forwarded between Swift and a script from coming back.
final class EventRelay {
  private var isPassing = false

  func pass(_ send: () -> Void) {
    guard !isPassing else { return }
    isPassing = true
    defer { isPassing = false }
    send()
  }
}

extension Identifier {
  /// Whether `name` lexes as one identifier (letters, digits, `_`, not
  /// starting with a digit), as the lexer reads one.
  static func isValid(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, first == "_" || first.properties.isXIDStart else { return false }
    return name.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isXIDContinue }
  }
}
