import BindSyntax

// Script protocols and the conformance of script types to them:
//
//   protocol Store { var count: Int { get }; func load() -> [String] }
//   type MemoryStore: Store { var count: Int = 0; func load() -> [String] { [] } }
//   func show(_ store: any Store) { print(store.load()) }
extension Compiler {
  /// Swift's protocols a script type may name as they are (their members
  /// are the script's business): accepted, with the one member each of
  /// the last two needs checked.
  static let knownSwiftProtocols: [String: String?] = [
    "Equatable": nil, "Hashable": nil, "Sendable": nil, "Codable": nil, "Encodable": nil, "Decodable": nil,
    "Comparable": nil, "CaseIterable": nil, "Identifiable": "id", "CustomStringConvertible": "description",
  ]

  /// protocolDeclaration: registers the protocol (its requirements and
  /// those of the protocols it refines) for the types that conform.
  func compileProtocol(_ declaration: ProtocolDeclaration) throws -> Execution {
    guard scope.isGlobal && scope.isOutermostBlock else {
      throw error(.notAtTopLevel(what: "protocol"), at: declaration.name.range)
    }
    _ = try protocolType(declaration)
    return { _ in .next }
  }

  /// The protocol `declaration` declares, made once.
  private func protocolType(_ declaration: ProtocolDeclaration) throws -> ProtocolType {
    let name = declaration.name.name
    if let made = interpreter.registry.protocols[name], interpreter.registry.hoistedProtocols[name] == nil { return made }
    interpreter.registry.hoistedProtocols[name] = nil
    var methods: [ProtocolType.Method] = []
    var properties: [ProtocolType.Property] = []
    var names: Set<String> = [name]
    let enclosingSelf = protocolSelf
    protocolSelf = name
    defer { protocolSelf = enclosingSelf }
    for parent in declaration.inherited {
      guard let refined = try protocolNamed(parent.name) else {
        throw error(.declaration(.unknownRefinedProtocol(parent: parent.name, protocolName: name)), at: parent.range)
      }
      methods += refined.methods
      properties += refined.properties
      names.formUnion(refined.names)
    }
    for method in declaration.methods {
      methods.append(.init(
        signature: try functionSignature(method), isStatic: declaration.staticMethods.contains(method.name.name),
        isMutating: method.isMutating))
    }
    for property in declaration.properties {
      properties.append(.init(
        name: property.name.name, type: try valueType(property.type), isSettable: property.isSettable,
        isStatic: property.isStatic))
    }
    let type = ProtocolType(name: name, methods: methods, properties: properties, names: names)
    interpreter.registry.protocols[name] = type
    return type
  }

  /// The protocol called `name`: declared, or declared further down the
  /// file (made now), or nil.
  func protocolNamed(_ name: String) throws -> ProtocolType? {
    if let hoisted = interpreter.registry.hoistedProtocols[name] { return try protocolType(hoisted) }
    return interpreter.registry.protocols[name]
  }

  /// Checks that the type `declaration` declared has what each protocol it
  /// names requires, and records the conformances: Swift's errors, at the
  /// protocol's name in the declaration.
  func checkConformances(of declaration: TypeDeclaration) throws {
    let typeName = qualifiedTypeName(declaration.name.name)
    var conformances: Set<String> = []
    for conformance in declaration.conformances {
      let name = conformance.name
      if name == "Error" { conformances.insert(name); continue }
      if let needed = Self.knownSwiftProtocols[name] {
        if let member = needed, !hasMember(member, in: typeName) {
          throw error(
            .doesNotConform(typeName: typeName, protocolName: name, reason: "it has no '\(member)'; add 'var \(member): …'"),
            at: conformance.range)
        }
        conformances.insert(name)
        continue
      }
      guard let required = try protocolNamed(name) else {
        let candidates = Array(interpreter.registry.protocols.keys) + Array(Self.knownSwiftProtocols.keys) + ["Error"]
        throw error(.unknownProtocol(name, suggestion: suggestion(for: name, among: candidates)), at: conformance.range)
      }
      if let missing = unmetRequirement(of: required, by: typeName) {
        throw error(.doesNotConform(typeName: typeName, protocolName: name, reason: missing), at: conformance.range)
      }
      conformances.formUnion(required.names)
    }
    if let type = interpreter.registry.types[typeName] {
      type.conformances = conformances
    } else if let type = interpreter.registry.structTypes[typeName] {
      type.conformances = conformances
    } else if let type = interpreter.registry.enumTypes[typeName] {
      type.conformances = conformances
    }
  }

  /// Why `typeName` does not meet `required`, or nil when it does.
  private func unmetRequirement(of required: ProtocolType, by typeName: String) -> String? {
    for method in required.methods {
      let fullName = method.signature.fullName
      let wanted = describe(method.signature)
      if method.isStatic {
        if interpreter.session.globalScope.lookup(Self.staticName(typeName, method.signature.name)) == nil {
          return "it has no 'static func \(fullName)'; add 'static \(wanted) { … }'"
        }
        continue
      }
      guard let found = scriptMethod(method.signature.name, of: typeName) else {
        return "it has no '\(fullName)'; add '\(wanted) { … }'"
      }
      guard found.signature.fullName == fullName else {
        return "its '\(found.signature.fullName)' has other labels than '\(fullName)'; declare '\(wanted)'"
      }
      let ownType = try? valueType(.named(typeName, SourceRange(at: .init(offset: 0, line: 1, column: 1))))
      func fits(_ given: ValueType?, _ expected: ValueType?) -> Bool {
        if given == expected { return true }
        // `Self` (and the protocol itself) in a requirement is the conforming type.
        guard case .conforming(let protocolName)? = expected, required.names.contains(protocolName) else { return false }
        return given == ownType
      }
      for (given, expected) in zip(found.signature.parameters, method.signature.parameters)
      where !fits(given.type, expected.type) && expected.type != nil {
        return "'\(fullName)' takes '\(given.type.map(\.description) ?? "any value")' for '\(given.name)', the protocol '\(expected.type!)'; declare '\(wanted)'"
      }
      if found.signature.isAsync, !method.signature.isAsync {
        return "its '\(fullName)' is 'async', the protocol's is not; remove 'async'"
      }
      if found.signature.isThrowing, !method.signature.isThrowing {
        return "its '\(fullName)' throws, the protocol's does not; remove 'throws' or mark the requirement 'throws'"
      }
      if !fits(found.signature.returnType, method.signature.returnType) {
        let given = found.signature.returnType?.description ?? "nothing"
        let expected = method.signature.returnType?.description ?? "nothing"
        return "'\(fullName)' returns \(given == "nothing" ? given : "'\(given)'"), the protocol needs \(expected == "nothing" ? expected : "'\(expected)'")"
      }
    }
    for property in required.properties {
      if property.isStatic {
        if interpreter.session.globalScope.lookup(Self.staticName(typeName, property.name)) == nil {
          return "it has no 'static var \(property.name)'; add 'static var \(property.name): \(property.type)'"
        }
        continue
      }
      guard let (type, isSettable) = propertyOf(property.name, in: typeName) else {
        return "it has no property '\(property.name)'; add 'var \(property.name): \(property.type)'"
      }
      if type != property.type {
        return "its '\(property.name)' is '\(type)', the protocol needs '\(property.type)'"
      }
      if property.isSettable, !isSettable {
        return "its '\(property.name)' cannot be set, the protocol needs '{ get set }'; make it a 'var'"
      }
    }
    return nil
  }

  private func describe(_ signature: FunctionSignature) -> String {
    let parameters = signature.parameters.map { parameter in
      let label = parameter.label ?? "_"
      let spelled = label == parameter.name ? label : "\(label) \(parameter.name)"
      return spelled + (parameter.type.map { ": \($0)" } ?? "")
    }
    return "func \(signature.name)(\(parameters.joined(separator: ", ")))" + signature.effects
      + (signature.returnType.map { " -> \($0)" } ?? "")
  }

  private func scriptMethod(_ name: String, of typeName: String) -> ScriptMethod? {
    interpreter.registry.types[typeName]?.scriptMethods[name] ?? interpreter.registry.structTypes[typeName]?.scriptMembers.methods[name]
      ?? interpreter.registry.enumTypes[typeName]?.scriptMembers.methods[name]
  }

  /// The type of the property `name` of a script type, and whether a write may set it.
  private func propertyOf(_ name: String, in typeName: String) -> (ValueType, Bool)? {
    if let type = interpreter.registry.types[typeName] {
      switch type.members[name] {
      case .stored(let index)?: return (type.stored[index].type, !type.stored[index].isConstant)
      case .derived(let index)?: return (type.derived[index].type, type.derived[index].write != nil)
      default: return nil
      }
    }
    if let type = interpreter.registry.structTypes[typeName] {
      if let index = type.index(ofField: name) { return (type.fields[index].type, !type.fields[index].isConstant) }
      if let computed = type.scriptMembers.computed[name], let result = computed.signature.returnType {
        return (result, false)
      }
    }
    if let computed = interpreter.registry.enumTypes[typeName]?.scriptMembers.computed[name],
      let result = computed.signature.returnType
    {
      return (result, false)
    }
    return nil
  }

  private func hasMember(_ name: String, in typeName: String) -> Bool {
    propertyOf(name, in: typeName) != nil || scriptMethod(name, of: typeName) != nil
  }
}
