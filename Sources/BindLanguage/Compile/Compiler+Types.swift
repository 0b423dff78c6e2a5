import BindRuntime
import BindSyntax

extension Compiler {
  /// typeDeclaration -> 'type' NAME '{' (propertyDeclaration | eventDeclaration)* '}'
  ///
  /// Registers the type at once: types are declarations, known to every
  /// statement compiled after this one.
  func compileTypeDeclaration(_ declaration: TypeDeclaration) throws {
    let name = declaration.name.name
    if interpreter.registry.builtinTypeNames.contains(name) && !interpreter.registry.isLoadingPrelude {
      throw error(.builtInTypeName(name), at: declaration.name.range)
    }
    if let conformance = declaration.conformances.first(where: { $0.name == "Error" }) {
      throw error(
        .declaration(.referenceTypeError(conformance: conformance.name)),
        at: conformance.range)
    }
    interpreter.registry.declaringTypeNames.insert(name)
    defer { interpreter.registry.declaringTypeNames.remove(name) }
    let (stored, derivedSpecs, events, order) = try members(of: declaration)
    let methods = try declareMethods(declaration, kind: "type")
    let placeholder: Evaluation = { _ in .null }
    let type = ObjectType(
      name: name, stored: stored,
      derived: derivedSpecs.map { .init(name: $0.0.name.name, type: $0.2, compute: placeholder) },
      events: events, order: order.filter { methods[$0] == nil },
      instancesSoFar: interpreter.registry.types[name]?.instanceCount ?? 0)
    type.scriptMethods = methods
    type.scriptMethodOrder = declaration.methods.map(\.name.name)
    // Code compiled against the type refers back to it (its scopes name the
    // type); a declaration that fails halfway lets go of that code, or the
    // type, its code and this interpreter would keep each other.
    do {
      try compileMembers(of: type, declaration, derivedSpecs: derivedSpecs, order: order, methods: methods)
    } catch {
      type.releaseCompiledCode()
      throw error
    }
    replaceType(named: name)
    interpreter.registry.types[name] = type
  }

  /// A `type`'s stored properties (defaults compiled), derived properties
  /// (bodies compiled later, against the type), events, and the order its
  /// members are declared in; each member name once, and no enum case.
  private func members(of declaration: TypeDeclaration) throws -> (
    stored: [ObjectType.StoredProperty], derived: [(PropertyDeclaration, Block, ValueType)],
    events: [ObjectType.EventSpec], order: [String]
  ) {
    var seen = Set<String>()
    var stored: [ObjectType.StoredProperty] = []
    var derivedSpecs: [(PropertyDeclaration, Block, ValueType)] = []
    var events: [ObjectType.EventSpec] = []
    var order: [String] = []
    for member in declaration.members {
      let memberName: Identifier
      switch member {
      case .property(let property): memberName = property.name
      case .event(let event): memberName = event.name
      case .method(let method): memberName = method.name
      case .enumCase(let enumCase):
        throw error(.caseOutsideEnum, at: enumCase.name.range)
      }
      guard seen.insert(memberName.name).inserted else {
        throw error(.declaredTwice(memberName.name, typeName: declaration.name.name), at: memberName.range)
      }
      order.append(memberName.name)
      switch member {
      case .property(let property):
        let type = try propertyType(property)
        switch property.value {
        case .stored(let defaultExpression):
          let defaultValue = try defaultExpression.map { try compileDefaultValue($0, expecting: type) }
          stored.append(.init(
            name: property.name.name, type: type, isConstant: property.isConstant, defaultValue: defaultValue,
            isSame: try sameness(property.attributes), isPrivateSet: property.setterAccess == .private))
        case .derived(let body):
          derivedSpecs.append((property, body, type))
        }
      case .event(let event):
        events.append(.init(name: event.name.name, payload: try event.payloadType.map(valueType)))
      case .method, .enumCase:
        break
      }
    }
    return (stored, derivedSpecs, events, order)
  }

  private func compileMembers(
    of type: ObjectType, _ declaration: TypeDeclaration, derivedSpecs: [(PropertyDeclaration, Block, ValueType)],
    order: [String], methods: [String: ScriptMethod]
  ) throws {
    // Derived bodies see the type's members as bare names, so they compile
    // against the type itself.
    for (index, spec) in derivedSpecs.enumerated() {
      let inner = FunctionScope(parent: scope, selfType: type)
      let saved = scope
      scope = inner
      defer { scope = saved }
      let body = try withoutAwaiting(in: "a derived property") { try compileGetter(spec.1, of: spec.2) }
      let slots = GetterSlots(count: inner.slotCount, reusable: !resolved.needsFrame(.block(spec.1.range)))
      scope = saved
      let write = try spec.0.setter.map { try compileSetter($0, of: type) }
      type.derived[index] = .init(
        name: spec.0.name.name, type: spec.2,
        compute: slots.count == 0 ? body : { frame in try slots.evaluate(body, in: frame) },
        write: write, isSame: try sameness(spec.0.attributes), givesCheckedValue: spec.1.implicitReturnValue == nil)
    }
    try compileMethodBodies(declaration, methods, members: Set(order), selfValueType: nil)
    type.initializers = try compileInitializers(declaration, members: Set(order), selfValueType: nil)
  }

  /// A derived property's body, in the scope the caller made for it: one
  /// expression (or an `if` or `switch` that can be a value) is its value;
  /// statements give it with `return`, checked against `type` where
  /// written, and running past their end is an error at the closing brace,
  /// as for a function. What the body reads is what the property depends
  /// on: it runs inside the derived value's tracked evaluation.
  private func compileGetter(_ body: Block, of type: ValueType) throws -> Evaluation {
    if let value = body.implicitReturnValue { return try compileValue(value, expecting: type) }
    scope.returnContract = .init(type: type)
    // The usual shape, `let x = …; return x + 1`: the last `return` gives
    // the value directly, not through a `Flow` every statement passes on.
    if case .returnStatement(let value?, _) = body.statements.last, !body.statements.contains(where: \.isDefer) {
      let statements = try compileSequence(Array(body.statements.dropLast()))
      let result = try compileReturnValue(value)
      return { frame in
        if case .returned(let early?) = try statements(frame) { return early }
        return try result(frame)
      }
    }
    let statements = try compileSequence(body.statements)
    let missing = missingReturn(type, in: "getter", closingAt: body.range)
    return { frame in
      if case .returned(let value?) = try statements(frame) { return value }
      throw missing
    }
  }

  /// `Set<T>`, and Swift's long forms `Array<T>`, `Dictionary<K, V>` and `Optional<T>`.
  private func genericValueType(_ name: String, _ arguments: [TypeAnnotation], at range: SourceRange) throws
    -> ValueType
  {
    let forms = ["Set": 1, "Array": 1, "Optional": 1, "Dictionary": 2]
    guard let count = forms[name] else {
      throw error(
        .declaration(.notGeneric(typeName: name)),
        at: range)
    }
    guard arguments.count == count else {
      let written = name == "Dictionary" ? "Dictionary<K, V>" : "\(name)<T>"
      throw error(.declaration(.genericArgumentCount(typeName: name, count: count, written: written)), at: range)
    }
    switch name {
    case "Set": return .set(try hashableType(arguments[0], of: "a Set's element", at: range))
    case "Array": return .array(try valueType(arguments[0]))
    case "Optional": return .optional(try valueType(arguments[0]))
    default:
      return .dictionary(
        key: try hashableType(arguments[0], of: "a dictionary's key", at: range), value: try valueType(arguments[1]))
    }
  }

  /// The type of a dictionary's keys or a set's elements: `String`, `Int` or `Bool`.
  private func hashableType(_ annotation: TypeAnnotation, of what: String, at range: SourceRange) throws -> ValueType {
    let type = try valueType(annotation)
    guard type == .string || type == .int || type == .bool else {
      throw error(.declaration(.keyType(what: what, type: "\(type)")), at: range)
    }
    return type
  }

  /// The value type an annotation names.
  func valueType(_ annotation: TypeAnnotation) throws -> ValueType {
    switch annotation {
    case .optional(let wrapped, _): return .optional(try valueType(wrapped))
    case .array(let element, _): return .array(try valueType(element))
    case .dictionary(let key, let value, let range):
      return .dictionary(key: try hashableType(key, of: "a dictionary's key", at: range), value: try valueType(value))
    case .generic(let name, let arguments, let range):
      return try genericValueType(name, arguments, at: range)
    case .tuple(let elements, _):
      return .tuple(labelling: try elements.map { try valueType($0.type) }, with: elements.map { $0.label?.name })
    case .function(let parameters, let result, _):
      let resultType: ValueType?
      if case .named("Void", _) = result { resultType = nil } else { resultType = try valueType(result) }
      return .function(parameters: try parameters.map(valueType), result: resultType)
    case .named("Self", let range) where protocolSelf != nil || enclosingTypeName != nil:
      // In a protocol, the conforming type; in a type's own code, that type.
      if let protocolSelf { return .conforming(protocolSelf) }
      return try valueType(.named(enclosingTypeName!, range))
    case .named(let written, let range):
      let name = qualifiedTypeName(written)
      if name == "Error" || interpreter.registry.protocols[name] != nil || interpreter.registry.hoistedProtocols[name] != nil {
        return .conforming(name)
      }
      switch name {
      case "Int": return .int
      case "Double": return .double
      case "String": return .string
      case "Bool": return .bool
      case "Duration": return .duration
      default:
        if let structType = interpreter.registry.declaringStructTypes[name] ?? interpreter.registry.structTypes[name]
          ?? interpreter.registry.pendingStructTypes[name]
        {
          return .structure(structType)
        }
        if let enumType = interpreter.registry.declaringEnumTypes[name] ?? interpreter.registry.enumTypes[name]
          ?? interpreter.registry.pendingEnumTypes[name]
        {
          return .enumeration(enumType)
        }
        if let host = interpreter.registry.hostValueTypes[name] { return host.valueType }
        if let foundation = ValueType(foundationTypeName: name) { return foundation }
        if name == "Set" { throw error(.declaration(.setWithoutElement), at: range) }
        if interpreter.registry.isTypeName(name) { return .object(name) }
        if let qualified = interpreter.registry.hostValueTypes.shortClassName(name) { return .object(qualified) }
        if let ambiguous = ambiguousTypeName(name, at: range) { throw ambiguous }
        let candidates = ["Int", "Double", "String", "Bool", "Duration"] + ValueType.foundationTypeNames
          + interpreter.registry.typeNamesForSuggestions
        throw error(.unknownType(name, suggestion: suggestion(for: name, among: candidates)), at: range)
      }
    }
  }
}

extension Compiler {
  /// The setter of a writable derived property: its block, with the type's
  /// members as bare names and the written value as `newValue` (or the name
  /// given in `set(name)`), as in Swift.
  func compileSetter(_ setter: PropertySetter, of type: ObjectType) throws
    -> (_ globals: Frame, _ object: ScriptObject, _ newValue: Value) throws -> Void
  {
    let parameter = setter.parameter ?? Identifier("newValue", range: setter.range)
    let savedWrites = writesSelfMembers
    writesSelfMembers = true
    defer { writesSelfMembers = savedWrites }
    let (body, slots, _) = try compileFunctionBody(parameters: [parameter], body: setter.body, selfType: type)
    return { globals, object, newValue in
      let frame = Frame(parent: globals, slotCount: max(slots(), 1), selfObject: object)
      frame.slots[0] = newValue
      _ = try body(frame)
    }
  }
}

extension Compiler {
  /// The change test `@equal(…)` asks for; nil for the default.
  ///
  /// `@equal(by: \.a.b)` compares the keys at that path (a `nil` link gives
  /// `nil`, as `?.` does); `@equal(never)` makes every write a change. Keys
  /// are read untracked: the test runs inside writes and evaluations, and
  /// must not make them depend on what it reads.
  func sameness(_ attributes: [PropertyAttribute]) throws -> ((Value, Value) -> Bool)? {
    guard let attribute = attributes.last else { return nil }
    if attributes.count > 1 {
      throw error(.declaration(.repeatedEqualAttribute), at: {
        switch attributes[1] {
        case .equalBy(_, let range), .equalNever(let range): return range
        }
      }())
    }
    switch attribute {
    case .equalNever:
      return { _, _ in false }
    case .equalBy(let path, _):
      let readers = path.map { memberReader($0) }
      let key = { (value: Value) -> Value? in
        var current = value
        for read in readers {
          if current.isNull { return .null }
          guard let next = try? read(current) else { return nil }
          current = next
        }
        return current
      }
      return { old, new in
        ReactiveGraph.shared.untracked {
          guard let oldKey = key(old), let newKey = key(new) else { return false }
          return Value.isSameForChange(oldKey, newKey)
        }
      }
    }
  }
}

/// The variables of a derived property's body, one set per evaluation. A
/// body that makes no closures cannot let its frame outlive the evaluation,
/// so one evaluation's slots are cleared and kept for the next (as a
/// closure's frame is, `ClosureInvocation`): no allocation per evaluation.
/// An evaluation that starts during another (the same property of another
/// object) finds them lent out and makes its own.
final class GetterSlots {
  let count: Int
  private let reusable: Bool
  /// The slots kept between evaluations (cleared), while `isLent` is false.
  @exclusivity(unchecked) private var kept: ContiguousArray<Value>
  @exclusivity(unchecked) private var isLent = false

  init(count: Int, reusable: Bool) {
    self.count = count
    self.reusable = reusable
    kept = reusable ? ContiguousArray(repeating: .null, count: count) : []
  }

  // The slots move by `swap`: a second reference held while the body runs
  // would make its first write copy them.
  func evaluate(_ body: Evaluation, in frame: Frame) throws -> Value {
    guard reusable, !isLent else {
      frame.slots = ContiguousArray(repeating: .null, count: count)
      return try body(frame)
    }
    isLent = true
    swap(&frame.slots, &kept)
    defer {
      swap(&frame.slots, &kept)
      kept.withUnsafeMutableBufferPointer { slots in
        for index in slots.indices { slots[index] = .null }
      }
      isLent = false
    }
    return try body(frame)
  }
}
