import BindRuntime
import BindSyntax

// `struct` and `enum` declarations, and methods of every kind of type (the
// expressions that make and use their values are in
// Compiler+ValueTypeValues.swift).
extension Compiler {
  // MARK: Declarations

  /// typeDeclaration -> 'struct' NAME '{' (propertyDeclaration | methodDeclaration)* '}'
  func compileStructDeclaration(_ declaration: TypeDeclaration) throws {
    let name = declaration.name.name
    try checkTypeName(declaration.name)
    let type = interpreter.registry.pendingStructTypes.removeValue(forKey: name) ?? StructType(name: name, fields: [])
    type.conformsToError = declaration.conformances.contains { $0.name == "Error" }
    interpreter.registry.declaringStructTypes[name] = type
    defer { interpreter.registry.declaringStructTypes[name] = nil }
    var fields: [StructType.Field] = []
    var computed: [(PropertyDeclaration, Block, ValueType)] = []
    var seen = Set<String>()
    for member in declaration.members {
      switch member {
      case .property(let property):
        try declareOnce(property.name, in: &seen, typeName: name)
        let fieldType = try propertyType(property)
        switch property.value {
        case .stored(let defaultExpression):
          if containsByValue(fieldType, type) {
            throw error(
              .declaration(.recursiveValueType(typeName: name, property: property.name.name)),
              at: property.type?.range ?? property.name.range)
          }
          if let defaultExpression {
            type.scriptMembers.fieldDefaults[fields.count] = try compileDefaultValue(defaultExpression)
            if property.isConstant { type.scriptMembers.fixedFields.insert(fields.count) }
          }
          fields.append(.init(
            name: property.name.name, type: referencingDeclarationGroupWeakly(fieldType), isConstant: property.isConstant,
            isPrivateSet: property.setterAccess == .private))
        case .derived(let body):
          computed.append((property, body, fieldType))
        }
      case .method(let method): try declareOnce(method.name, in: &seen, typeName: name)
      case .event(let event):
        throw error(.declaration(.eventInValueType(inEnum: false)), at: event.name.range)
      case .enumCase(let enumCase):
        throw error(.caseOutsideEnum, at: enumCase.name.range)
      }
    }
    type.define(fields: fields)
    do {
      try compileValueTypeMembers(declaration, computed: computed, into: type.scriptMembers, selfType: .structure(type))
    } catch {
      // As a `type`'s (see `compileTypeDeclaration`): half-compiled code names the type.
      type.scriptMembers.releaseCompiledCode()
      throw error
    }
    replaceType(named: name)
    interpreter.registry.structTypes[name] = type
  }

  /// typeDeclaration -> 'enum' NAME (':' rawType)? '{' (enumCaseDeclaration | propertyDeclaration | methodDeclaration)* '}'
  func compileEnumDeclaration(_ declaration: TypeDeclaration) throws {
    let name = declaration.name.name
    try checkTypeName(declaration.name)
    let rawType = try declaration.rawType.map(valueType)
    if let rawType, rawType != .string, rawType != .int, let annotation = declaration.rawType {
      throw error(.declaration(.unsupportedRawType("\(rawType)")), at: annotation.range)
    }
    var type = EnumType(name: name, cases: [], rawType: rawType)
    if let pending = interpreter.registry.pendingEnumTypes.removeValue(forKey: name), pending.rawType == rawType { type = pending }
    type.conformsToError = declaration.conformances.contains { $0.name == "Error" }
    interpreter.registry.declaringEnumTypes[name] = type
    defer { interpreter.registry.declaringEnumTypes[name] = nil }
    var cases: [EnumType.Case] = []
    var computed: [(PropertyDeclaration, Block, ValueType)] = []
    var seen = Set<String>()
    var rawValues: [Value] = []
    for member in declaration.members {
      switch member {
      case .enumCase(let enumCase):
        try declareOnce(enumCase.name, in: &seen, typeName: name)
        let values = try enumCase.associatedValues.map {
          (label: $0.label?.name, type: referencingDeclarationGroupWeakly(try valueType($0.type)))
        }
        if rawType != nil, !values.isEmpty {
          throw error(.declaration(.rawTypeWithAssociatedValues), at: enumCase.name.range)
        }
        let raw = try rawValue(of: enumCase, rawType: rawType, previous: rawValues.last)
        if let raw, rawValues.contains(raw) {
          throw error(.declaration(.duplicateRawValue(caseName: enumCase.name.name)), at: enumCase.rawValue?.range ?? enumCase.range)
        }
        if let raw { rawValues.append(raw) }
        cases.append(.init(name: enumCase.name.name, associatedValues: values, rawValue: raw))
      case .property(let property):
        try declareOnce(property.name, in: &seen, typeName: name)
        guard case .derived(let body) = property.value else {
          throw error(
            .declaration(.storedPropertyInEnum(property: property.name.name, type: property.type?.description ?? "Int")),
            at: property.name.range)
        }
        computed.append((property, body, try propertyType(property)))
      case .method(let method): try declareOnce(method.name, in: &seen, typeName: name)
      case .event(let event):
        throw error(.declaration(.eventInValueType(inEnum: true)), at: event.name.range)
      }
    }
    type.define(cases: cases)
    do {
      try compileValueTypeMembers(declaration, computed: computed, into: type.scriptMembers, selfType: .enumeration(type))
    } catch {
      // As a `type`'s (see `compileTypeDeclaration`): half-compiled code names the type.
      type.scriptMembers.releaseCompiledCode()
      throw error
    }
    replaceType(named: name)
    interpreter.registry.enumTypes[name] = type
  }

  /// An enum case's raw value: the literal written, or (as in Swift) the
  /// case's name for `String` and one more than the previous for `Int`.
  private func rawValue(of enumCase: EnumCaseDeclaration, rawType: ValueType?, previous: Value?) throws -> Value? {
    guard let rawType else {
      if let written = enumCase.rawValue {
        throw error(.declaration(.rawValueWithoutRawType), at: written.range)
      }
      return nil
    }
    switch (enumCase.rawValue, rawType) {
    case (.string(let text, _)?, .string): return .string(text)
    case (.integer(let number, _)?, .int): return .int(Int(number))
    case (nil, .string): return .string(enumCase.name.name)
    case (nil, .int):
      if case .int(let last)? = previous { return .int(last + 1) }
      return .int(0)
    case (let written?, _):
      throw error(.declaration(.rawValueNotLiteral(rawType: "\(rawType)")), at: written.range)
    default: return nil
    }
  }

  /// A field's or case's type with the struct and enum types still being
  /// declared (this one, and those hoisted beside it) referred to weakly:
  /// only they can refer back to this type, so only they make a cycle
  /// (see ``ValueType/recursive(_:)``).
  private func referencingDeclarationGroupWeakly(_ type: ValueType) -> ValueType {
    type.referencingWeakly { candidate in
      interpreter.registry.declaringStructTypes.values.contains { $0 === candidate }
        || interpreter.registry.pendingStructTypes.values.contains { $0 === candidate }
        || interpreter.registry.declaringEnumTypes.values.contains { $0 === candidate }
        || interpreter.registry.pendingEnumTypes.values.contains { $0 === candidate }
    }
  }

  /// Whether a stored field of type `type` would hold `target` inline (not
  /// through an array), which Swift rejects: optionals count, as in Swift.
  private func containsByValue(_ type: ValueType, _ target: StructType) -> Bool {
    switch type {
    case .structure(let structType):
      return structType === target || structType.fields.contains { containsByValue($0.type, target) }
    case .optional(let wrapped): return containsByValue(wrapped, target)
    default: return false
    }
  }

  private func checkTypeName(_ name: Identifier) throws {
    let builtIn = ["Int", "Double", "String", "Bool", "Duration"]
    if builtIn.contains(name.name) || (interpreter.registry.builtinTypeNames.contains(name.name) && !interpreter.registry.isLoadingPrelude) {
      throw error(.builtInTypeName(name.name), at: name.range)
    }
  }

  private func declareOnce(_ name: Identifier, in seen: inout Set<String>, typeName: String) throws {
    guard seen.insert(name.name).inserted else {
      throw error(.redeclaration(name: name.name, container: "'\(typeName)'"), at: name.range)
    }
  }

  /// A declaration replaces any earlier type of the same name, of any kind
  /// (a REPL session redefining it).
  func replaceType(named name: String) {
    if let old = interpreter.registry.types.removeValue(forKey: name) { interpreter.registry.replacedTypeCode.append(old) }
    if let old = interpreter.registry.structTypes.removeValue(forKey: name) {
      interpreter.registry.replacedTypeCode.append(old.scriptMembers)
    }
    if let old = interpreter.registry.enumTypes.removeValue(forKey: name) {
      interpreter.registry.replacedTypeCode.append(old.scriptMembers)
    }
  }

  /// Declares and compiles the methods and computed properties of a struct or enum.
  private func compileValueTypeMembers(
    _ declaration: TypeDeclaration, computed: [(PropertyDeclaration, Block, ValueType)],
    into members: ValueTypeMembers, selfType: ValueType
  ) throws {
    members.methods = try declareMethods(declaration, kind: declaration.kind.rawValue)
    for (property, _, type) in computed {
      members.computed[property.name.name] = ScriptMethod(
        signature: FunctionSignature(name: property.name.name, parameters: [], returnType: type), isMutating: false)
    }
    members.order = declaration.members.compactMap { member in
      switch member {
      case .method(let method): return method.name.name
      case .property(let property) where members.computed[property.name.name] != nil: return property.name.name
      default: return nil
      }
    }
    var names = Set(members.methods.keys).union(members.computed.keys)
    switch selfType {
    case .structure(let type): names.formUnion(type.fields.map(\.name))
    case .enumeration(let type) where type.rawType != nil: names.insert("rawValue")
    default: break
    }
    try compileMethodBodies(declaration, members.methods, members: names, selfValueType: selfType)
    if case .structure = selfType {
      members.initializers = try compileInitializers(declaration, members: names, selfValueType: selfType)
    } else if let initializer = declaration.initializers.first {
      throw error(
        .declaration(.initializerInEnum(typeName: declaration.name.name)),
        at: initializer.name.range)
    }
    for (property, body, _) in computed {
      let method = members.computed[property.name.name]!
      let compiled = try compileFunctionBody(
        parameters: [], body: body, signature: (method.signature, body.range),
        methodSelf: MethodSelf(isMutable: false, members: names, type: selfType), kind: "getter")
      method.body = compiled.body
      method.slotCount = compiled.slotCount()
    }
  }

  /// The methods of a type, struct or enum, with their signatures; their
  /// bodies are compiled by ``compileMethodBodies``, once every member is known.
  func declareMethods(_ declaration: TypeDeclaration, kind: String) throws -> [String: ScriptMethod] {
    var methods: [String: ScriptMethod] = [:]
    for method in declaration.methods {
      if method.isMutating, declaration.kind == .object {
        throw error(
          .declaration(.mutatingInType),
          at: method.name.range)
      }
      guard methods[method.name.name] == nil else {
        throw error(.redeclaration(name: method.name.name, container: "'\(declaration.name.name)'"), at: method.name.range)
      }
      methods[method.name.name] = ScriptMethod(signature: try functionSignature(method), isMutating: method.isMutating)
    }
    return methods
  }

  /// Compiles method bodies with `self` in slot 0 and the type's members
  /// reachable by bare name.
  func compileMethodBodies(
    _ declaration: TypeDeclaration, _ methods: [String: ScriptMethod], members: Set<String>, selfValueType: ValueType?
  ) throws {
    for function in declaration.methods {
      guard let method = methods[function.name.name] else { continue }
      let suspendable = function.isAsync ? SuspendableBody() : nil
      let compiled = try compileFunctionBody(
        parameters: function.parameters, body: function.body, signature: (method.signature, function.body.range),
        methodSelf: MethodSelf(isMutable: function.isMutating, members: members, type: selfValueType),
        cannotThrow: function.isThrowing ? nil : .functionCannotThrow, suspendable: suspendable)
      method.body = compiled.body
      method.slotCount = compiled.slotCount()
      method.code = methodCode(method, function)
      // Without a `wait` there is nothing to suspend at: the body runs whole.
      method.suspendable = suspendable.flatMap { $0.waits.isEmpty ? nil : $0 }
    }
  }

  // MARK: Names

  /// Whether the bare `name` used at `range` means `self.name`: inside a
  /// method, a member of its type that no local variable hides; inside a
  /// derived property, a method of the type (its properties resolve as before).
  func implicitSelfMember(_ name: String, at range: SourceRange) -> Bool {
    // The walk first: most names are in no method, and it costs less than the look-up.
    implicitSelfMemberOutside(name) && localVariable(name, at: range) == nil
  }

  /// Whether `name`, when no local variable has it, is a member of the
  /// `self` of the innermost method or derived property compiled.
  func implicitSelfMemberOutside(_ name: String) -> Bool {
    var current: FunctionScope? = scope
    while let candidate = current {
      if let members = candidate.implicitSelfMembers { return members.contains(name) }
      if let type = candidate.selfType { return type.scriptMethods[name] != nil }
      current = candidate.parent
    }
    return false
  }

  /// Whether the name used at `range` names a script enum (no variable hides it).
  func isEnumTypeName(_ name: String, at range: SourceRange) -> Bool {
    resolveInScopes(name, at: range) == nil && interpreter.registry.isValueType(name, .enumeration)
  }
}
