import BindRuntime
import BindSyntax

extension Compiler {
  /// typeDeclaration -> 'type' NAME '{' (propertyDeclaration | eventDeclaration)* '}'
  ///
  /// Registers the type at once: types are declarations, known to every
  /// statement compiled after this one.
  func compileTypeDeclaration(_ declaration: TypeDeclaration) throws {
    let name = declaration.name.name
    if interpreter.builtinTypeNames.contains(name) && !interpreter.isLoadingPrelude {
      throw error("type '\(name)' is built in; choose another name", at: declaration.name.range)
    }
    var seen = Set<String>()
    var stored: [ObjectType.StoredProperty] = []
    var derivedSpecs: [(PropertyDeclaration, Expression, ValueType)] = []
    var events: [ObjectType.EventSpec] = []
    var order: [String] = []
    interpreter.declaringTypeNames.insert(name)
    defer { interpreter.declaringTypeNames.remove(name) }
    for member in declaration.members {
      let memberName: Identifier
      switch member {
      case .property(let property): memberName = property.name
      case .event(let event): memberName = event.name
      }
      guard seen.insert(memberName.name).inserted else {
        throw error("'\(memberName.name)' is declared twice in type '\(name)'", at: memberName.range)
      }
      order.append(memberName.name)
      switch member {
      case .property(let property):
        let type = try valueType(property.type)
        switch property.value {
        case .stored(let defaultExpression):
          let defaultValue = try defaultExpression.map { try compileExpression($0) }
          stored.append(.init(name: property.name.name, type: type, isConstant: property.isConstant, defaultValue: defaultValue))
        case .derived(let expression):
          derivedSpecs.append((property, expression, type))
        }
      case .event(let event):
        events.append(.init(name: event.name.name, payload: try event.payloadType.map(valueType)))
      }
    }
    let placeholder: Evaluation = { _ in .null }
    let type = ObjectType(
      name: name, stored: stored,
      derived: derivedSpecs.map { .init(name: $0.0.name.name, type: $0.2, compute: placeholder) },
      events: events, order: order, instancesSoFar: interpreter.types[name]?.instanceCount ?? 0)
    // Derived bodies see the type's members as bare names, so they compile
    // against the type itself.
    for (index, spec) in derivedSpecs.enumerated() {
      let inner = FunctionScope(parent: scope, selfType: type)
      let saved = scope
      scope = inner
      defer { scope = saved }
      let body = try compileExpression(spec.1)
      let slotCount = inner.slotCount
      type.derived[index] = .init(
        name: spec.0.name.name, type: spec.2,
        compute: { frame in
          if slotCount > 0 { frame.slots = ContiguousArray(repeating: .null, count: slotCount) }
          return try body(frame)
        })
    }
    interpreter.types[name] = type
  }

  /// The value type an annotation names.
  func valueType(_ annotation: TypeAnnotation) throws -> ValueType {
    switch annotation {
    case .optional(let wrapped, _): return .optional(try valueType(wrapped))
    case .array(let element, _): return .array(try valueType(element))
    case .named(let name, let range):
      switch name {
      case "Int": return .int
      case "Double": return .double
      case "String": return .string
      case "Bool": return .bool
      default:
        if interpreter.isTypeName(name) { return .object(name) }
        var message = "cannot find type '\(name)'"
        let candidates = ["Int", "Double", "String", "Bool"] + Array(interpreter.types.keys)
        if let guess = suggestion(for: name, among: candidates) { message += "; did you mean '\(guess)'?" }
        throw error(message, at: range)
      }
    }
  }
}

extension Interpreter {
  /// Creates an object from labelled arguments; unlabelled properties take
  /// their default, or their type's zero value.
  func construct(_ type: ObjectType, labels: [String], values: [Value]) throws -> ScriptObject {
    if let host = type.host { return try host.construct(labels: labels, values: values, interpreter: self) }
    var slots = [Value?](repeating: nil, count: type.stored.count)
    for (argument, label) in labels.enumerated() {
      guard let member = type.members[label] else {
        throw ConstructorError(message: ScriptError.unknownMember(label, on: type).message, argument: argument)
      }
      switch member {
      case .stored(let index):
        let property = type.stored[index]
        guard let value = property.type.coerce(values[argument]) else {
          throw ConstructorError(
            message: ScriptError.typeMismatch(value: values[argument], expected: property.type, what: "property '\(label)'").message,
            argument: argument)
        }
        slots[index] = value
      case .derived:
        throw ConstructorError(
          message: "cannot initialize derived property '\(label)'; it is computed from other properties", argument: argument)
      case .event:
        throw ConstructorError(message: "cannot initialize event '\(label)'", argument: argument)
      }
    }
    var values: [Value] = []
    values.reserveCapacity(slots.count)
    for (index, slot) in slots.enumerated() {
      if let slot {
        values.append(slot)
        continue
      }
      let property = type.stored[index]
      if let defaultValue = property.defaultValue {
        let value = try defaultValue(globalFrame)
        guard let checked = property.type.coerce(value) else {
          throw ConstructorError(
            message: ScriptError.typeMismatch(value: value, expected: property.type, what: "property '\(property.name)'").message,
            argument: nil)
        }
        values.append(checked)
      } else if let zero = property.type.zeroValue {
        values.append(zero)
      } else {
        throw ConstructorError(
          message: "missing argument for property '\(property.name)' of type '\(property.type)'", argument: nil)
      }
    }
    return ScriptObject(type: type, values: values)
  }

  /// Reads a member of an object: a stored value, a derived value (tracked,
  /// so a derived value reading it depends on it) or an event.
  func read(_ member: ObjectType.Member, of object: ScriptObject, name: String) throws -> Value {
    switch member {
    case .stored(let index):
      if !object.hostProperties.isEmpty { return object.hostProperties[index].read() }
      return object.stored[index].value
    case .derived(let index): return try object.derived(index, interpreter: self).value
    case .event(let index): return .event(object.event(index))
    }
  }

  /// Writes a stored property, checking its type, and propagates the change.
  func write(_ value: Value, to member: ObjectType.Member, of object: ScriptObject, name: String) throws {
    switch member {
    case .stored(let index):
      try writeStored(value, index: index, of: object, name: name)
    case .derived:
      throw ScriptError("cannot assign to '\(name)': it is a derived property, computed from other properties")
    case .event:
      throw ScriptError("cannot assign to event '\(name)'; send it with 'emit'")
    }
  }

  /// Writes the stored property `index`: the one case of ``write(_:to:of:name:)``
  /// that succeeds, called directly where the member is known to be stored.
  @inline(__always)
  func writeStored(_ value: Value, index: Int, of object: ScriptObject, name: String) throws {
    // Fields are read in place: copying the whole `StoredProperty` retains
    // and releases its name and its default-value closure on every write.
    let type = object.type
    if type.stored[index].isConstant {
      throw ScriptError("cannot assign to '\(name)': it is a 'let' property of \(type.name)")
    }
    guard let checked = type.stored[index].type.coerce(value) else {
      throw ScriptError.typeMismatch(value: value, expected: type.stored[index].type, what: "property '\(name)'")
    }
    do {
      if object.hostProperties.isEmpty {
        try object.stored[index].set(checked)
      } else {
        try object.hostProperties[index].write(checked)
      }
    } catch let error as ReactiveError {
      throw ScriptError(error.description)
    }
    try throwPendingError()
  }
}
