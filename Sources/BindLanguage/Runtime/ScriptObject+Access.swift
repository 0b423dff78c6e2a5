import BindRuntime

// Constructing, reading and writing script objects: what the compiled code
// calls for `Type(…)`, `obj.name` and `obj.name = value`.
extension Interpreter {
  /// Creates an object from labelled arguments; unlabelled properties take
  /// their default, or their type's zero value.
  func construct(_ type: ObjectType, labels: [String], values: [Value]) throws -> ScriptObject {
    if let host = type.host { return try host.construct(labels: labels, values: values, interpreter: self) }
    var slots = [Value?](repeating: nil, count: type.stored.count)
    for (argument, label) in labels.enumerated() {
      guard let member = type.members[label] else {
        throw ConstructorError(kind: ScriptError.unknownMember(label, on: type).kind, argument: argument)
      }
      switch member {
      case .stored(let index):
        let property = type.stored[index]
        guard let value = property.type.coerce(values[argument]) else {
          throw ConstructorError(
            kind: ScriptError.typeMismatch(value: values[argument], expected: property.type, what: "property '\(label)'").kind,
            argument: argument)
        }
        slots[index] = value
      case .derived:
        throw ConstructorError(
          kind: .initializesComputed(label: label, isEvent: false), argument: argument)
      case .event:
        throw ConstructorError(kind: .initializesComputed(label: label, isEvent: true), argument: argument)
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
            kind: ScriptError.typeMismatch(value: value, expected: property.type, what: "property '\(property.name)'").kind,
            argument: nil)
        }
        values.append(checked)
      } else if let zero = property.type.zeroValue {
        values.append(zero)
      } else {
        throw ConstructorError(
          kind: .missingPropertyArgument(property: property.name, type: "\(property.type)"), argument: nil)
      }
    }
    return ScriptObject(type: type, values: values)
  }

  /// Reads a member of an object: a stored value, a derived value (tracked,
  /// so a derived value reading it depends on it) or an event.
  func read(_ member: ObjectType.Member, of object: ScriptObject, name: String) throws -> Value {
    switch member {
    case .stored(let index): return try object.access(index).read()
    // Checked: an unobserved derived value evaluates when read (lazy), and
    // what that evaluation threw (now or before, kept as its state) is this
    // read's error.
    case .derived(let index): return try object.derived(index, interpreter: self).get()
    case .event(let index):
      try object.checkHostAlive()
      return .event(object.event(index))
    }
  }

  /// Writes a stored property, checking its type, and propagates the change.
  func write(_ value: Value, to member: ObjectType.Member, of object: ScriptObject, name: String) throws {
    switch member {
    case .stored(let index):
      try writeStored(value, index: index, of: object, name: name)
    case .derived(let index):
      let spec = object.type.derived[index]
      guard spec.write != nil else {
        throw ScriptError(.assignToDerived(name: name))
      }
      guard let checked = spec.type.coerce(value) else {
        throw ScriptError.typeMismatch(value: value, expected: spec.type, what: "property '\(name)'")
      }
      try object.derived(index, interpreter: self).set(checked)
      try throwPendingError()
    case .event:
      throw ScriptError(.assignToEvent(name: name))
    }
  }

  /// Writes the stored property `index`: the one case of ``write(_:to:of:name:)``
  /// that succeeds, called directly where the member is known to be stored.
  @inline(__always)
  func writeStored(_ value: Value, index: Int, of object: ScriptObject, name: String) throws {
    // Fields are read in place: copying the whole `StoredProperty` retains
    // and releases its name and its default-value closure on every write.
    let type = object.type
    if type.stored[index].isConstant, !object.isInitializing {
      throw ScriptError(.assignToLet(name: name, owner: type.name))
    }
    guard let checked = type.stored[index].type.coerce(value) else {
      throw ScriptError.typeMismatch(value: value, expected: type.stored[index].type, what: "property '\(name)'")
    }
    do {
      try object.access(index).write(checked)
    } catch let error as ReactiveError {
      throw ScriptError(.reactive(error))
    }
    try throwPendingError()
  }
}

extension Interpreter {
  /// Changes a member of an object where it is stored (`vm.items.append(x)`),
  /// as one write of it; returns what `change` returns.
  ///
  /// A script object's stored property changes in its node
  /// (``Property/modify(_:)``): in place when nothing observes it, so that
  /// growing an array property does not copy it; with observers once, who
  /// get the old and the new value. Anything else (a derived property's
  /// setter, a live Swift object's property) is read, changed and written
  /// back whole, with `write`'s checks.
  func change(
    _ member: ObjectType.Member, of object: ScriptObject, name: String,
    _ change: (inout Value, ChangeRules) throws -> Value
  ) throws -> Value {
    guard case .stored(let index) = member, case .stored(let node) = object.access(index) else {
      var value = try read(member, of: object, name: name)
      let result = try change(&value, .untyped)
      try write(value, to: member, of: object, name: name)
      return result
    }
    let type = object.type
    if type.stored[index].isConstant, !object.isInitializing {
      throw ScriptError(.assignToLet(name: name, owner: type.name))
    }
    let declared = type.stored[index].type
    var result = Value.null
    do {
      try node.modify { value in result = try change(&value, ChangeRules(type: declared, enclosingLevels: 0)) }
    } catch let mismatch as TypeMismatchInPlace {
      throw ScriptError.typeMismatch(value: mismatch.candidate, expected: declared, what: "property '\(name)'")
    } catch let error as ReactiveError {
      throw ScriptError(.reactive(error))
    }
    try throwPendingError()
    return result
  }
}
