import BindSyntax

/// A Swift protocol that scripts may implement (`@ScriptImplementable`):
/// its requirements, and how a script value that conforms becomes a Swift
/// value of the protocol's existential type, so that a script's fake passes
/// wherever Swift expects the protocol.
///
/// Scripts see it as a protocol (`type FakeAuth: AuthService { … }`, checked
/// as a script protocol is). A parameter or property of the existential type
/// (`any AuthService`) takes a script value that conforms, wrapped in the
/// generated Swift class that calls into it (``ScriptImplementation``), or a
/// registered host object whose class conforms in Swift.
final class HostProtocol {
  let name: String
  let requirements: [HostRequirement]
  /// The generated class around a script value, as the existential boxed.
  let make: (ScriptImplementation) -> Any
  /// Casts a Swift object to the existential (boxed), or gives `nil`.
  let cast: (AnyObject) -> Any?
  /// Each conforming script type's methods, in requirement order.
  private var methodsByType: [ObjectIdentifier: [ScriptMethod]] = [:]

  init(
    name: String, requirements: [HostRequirement], make: @escaping (ScriptImplementation) -> Any,
    cast: @escaping (AnyObject) -> Any?
  ) {
    self.name = name
    self.requirements = requirements
    self.make = make
    self.cast = cast
  }

  /// The protocol as scripts check conformance to it.
  var protocolType: ProtocolType {
    let methods = requirements.map { requirement in
      let parameters = zip(requirement.signature.labels, requirement.parameters).map { label, bridge in
        FunctionSignature.Parameter(label: label, name: label ?? "value", type: bridge.type, defaultValue: nil)
      }
      return ProtocolType.Method(
        signature: FunctionSignature(
          name: requirement.signature.baseName, parameters: parameters, returnType: requirement.result?.type,
          isThrowing: requirement.isThrowing, isAsync: requirement.isAsync),
        isStatic: false, isMutating: false)
    }
    return ProtocolType(name: name, methods: methods, properties: [], names: [name])
  }

  /// The bridge for values of the existential type.
  func bridge(interpreter: Interpreter) -> ValueBridge {
    ValueBridge(
      type: .conforming(name),
      toScript: { [unowned interpreter] any in
        if let implemented = any as? any ScriptImplemented { return implemented.scriptImplementation.receiver }
        let object = any as AnyObject
        guard let host = interpreter.hostType(for: type(of: object)) else { return .null }
        return .object(host.wrapper(for: object))
      },
      // Unowned, as the interpreter's other bridges hold it: a weak
      // reference would slow every retain of the interpreter.
      fromScript: { [weak self, unowned interpreter] value in
        guard let self else { return nil }
        if case .object(let object) = value, let host = object.hostObject { return self.cast(host) }
        guard value.conforms(to: self.name), let methods = self.methods(of: value) else { return nil }
        return self.make(ScriptImplementation(
          receiver: value, methods: methods, requirements: self.requirements, interpreter: interpreter))
      })
  }

  /// The methods of `value`'s script type that meet the requirements, found
  /// once per type (its conformance was checked when it was declared).
  private func methods(of value: Value) -> [ScriptMethod]? {
    let (key, table): (ObjectIdentifier, [String: ScriptMethod])
    switch value {
    case .object(let object): (key, table) = (ObjectIdentifier(object.type), object.type.scriptMethods)
    case .structValue(let value): (key, table) = (ObjectIdentifier(value.type), value.type.scriptMembers.methods)
    case .enumValue(let value): (key, table) = (ObjectIdentifier(value.type), value.type.scriptMembers.methods)
    default: return nil
    }
    if let known = methodsByType[key] { return known }
    var methods: [ScriptMethod] = []
    for requirement in requirements {
      guard let method = table[requirement.signature.baseName] else { return nil }
      methods.append(method)
    }
    methodsByType[key] = methods
    return methods
  }
}

/// One method requirement of a ``HostProtocol``: its Swift name, and the
/// bridges of its parameters and result.
struct HostRequirement {
  let signature: HostSignature
  let parameters: [ValueBridge]
  /// `nil`: returns nothing.
  let result: ValueBridge?
  let isAsync: Bool
  let isThrowing: Bool
  /// What a requirement that cannot throw returns when the script's method
  /// fails (its error goes to the script's statement): the result type's
  /// zero value, or `nil` when the result may be `nil` or is `Void`.
  let fallback: Any?
}

/// Describes a Swift protocol's requirements to
/// ``Interpreter/registerProtocol(_:as:implementedBy:_:)``, one call per
/// method, with the Swift types of its parameters and result.
///
/// ```swift
/// type.method("signIn(email:password:)", parameters: [String.self, String.self], returns: User.self,
///             isAsync: true, isThrowing: true)
/// ```
public final class HostProtocolBuilder {
  let resolve: (Any.Type) throws -> ValueBridge
  private(set) var requirements: [HostRequirement] = []
  private(set) var problems: [String] = []

  init(resolve: @escaping (Any.Type) throws -> ValueBridge) {
    self.resolve = resolve
  }

  /// A method requirement, named as Swift names it (`signIn(email:password:)`).
  public func method(
    _ signature: String, parameters: [Any.Type] = [], returns result: Any.Type = Void.self, isAsync: Bool = false,
    isThrowing: Bool = false
  ) {
    guard let parsed = HostSignature(parsing: signature), parsed.labels.count == parameters.count else {
      problems.append(
        "'\(signature)' is not a requirement signature with \(parameters.count) parameter\(parameters.count == 1 ? "" : "s"); write it as Swift names it, such as 'signIn(email:password:)'")
      return
    }
    do {
      let bridges = try parameters.map(resolve)
      let resultBridge = result == Void.self ? nil : try resolve(result)
      var fallback: Any?
      if let resultBridge, !isThrowing {
        fallback = resultBridge.type.zeroValue.flatMap(resultBridge.fromScript)
        guard fallback != nil else {
          problems.append(
            "'\(signature)' returns '\(typeName(result))' and cannot throw, so Swift gets no value when the script's method fails; mark it 'throws' or return an optional")
          return
        }
      }
      requirements.append(HostRequirement(
        signature: parsed, parameters: bridges, result: resultBridge, isAsync: isAsync, isThrowing: isThrowing,
        fallback: fallback))
    } catch let error as BridgeError {
      problems.append("requirement '\(signature)': \(error.message)")
    } catch {
      problems.append("requirement '\(signature)': \(error)")
    }
  }
}

extension Interpreter {
  /// Lets scripts implement the Swift protocol whose existential type is
  /// `swiftType` (`(any AuthService).self`) under the name `name`: a script
  /// type may then conform to it (`type FakeAuth: AuthService { … }`),
  /// checked as a script protocol is, and its values convert to the
  /// protocol wherever a host parameter or property has that type, through
  /// `make`, which wraps a ``ScriptImplementation`` in the Swift class that
  /// implements the protocol by calling it. A registered host object whose
  /// class conforms passes as itself.
  ///
  /// `@ScriptImplementable` writes this call (its generated class's
  /// `register(in:)`). Register the protocol before the types whose members
  /// use it.
  public func registerProtocol<P>(
    _ swiftType: P.Type, as name: String, implementedBy make: @escaping (ScriptImplementation) -> P,
    _ describe: (HostProtocolBuilder) throws -> Void
  ) throws {
    try checkNewName(name, kind: "type")
    guard protocols[name] == nil else { throw EmbeddingError("a protocol named '\(name)' is already registered") }
    let builder = HostProtocolBuilder { [unowned self] type in
      try ValueBridge.resolve(type, interpreter: self) { try self.registeredBridge(for: $0) }
    }
    try describe(builder)
    guard builder.problems.isEmpty else {
      throw EmbeddingError(builder.problems.map { "protocol '\(name)': \($0)" })
    }
    let host = HostProtocol(
      name: name, requirements: builder.requirements, make: { make($0) as Any }, cast: { $0 as? P })
    hostProtocols[ObjectIdentifier(swiftType)] = host
    protocols[name] = host.protocolType
  }
}
