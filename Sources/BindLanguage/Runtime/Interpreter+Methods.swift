import BindSyntax

// Calling script methods and building struct values.
extension Interpreter {
  /// Runs `method` with `self` bound to `receiver`. Returns the result and
  /// `self` as the method left it (changed only by a `mutating` method).
  func callMethod(_ method: ScriptMethod, on receiver: Value, arguments: [Value], at context: CallContext) throws
    -> (result: Value, newSelf: Value)
  {
    var all = [receiver]
    all.append(contentsOf: arguments)
    return try callMethod(method, withSelfFirst: all, at: context)
  }

  /// ``callMethod(_:on:arguments:at:)`` with `self` already first in `arguments`.
  func callMethod(_ method: ScriptMethod, withSelfFirst arguments: [Value], at context: CallContext) throws
    -> (result: Value, newSelf: Value)
  {
    let receiver = arguments[0]
    var newSelf = receiver
    var selfObject: ScriptObject?
    if case .object(let object) = receiver { selfObject = object }
    let result = try call(
      body: method.body, slotCount: method.slotCount, arguments: arguments, parent: nil, at: context,
      selfObject: selfObject, finish: method.isMutating ? { newSelf = $0.slots[0] } : nil)
    return (result, newSelf)
  }

  /// A struct value from a memberwise initializer call.
  func memberwise(_ type: StructType, _ call: CallArguments, values: [Value]) throws -> StructValue {
    let members = type.scriptMembers
    let signature = memberwiseSignature(type)
    let given = try signature.arrange(call, values: values, defaultFrame: nil, globals: globalFrame)
    do {
      try Operators.checkNesting(given)
    } catch let error as ScriptError {
      throw error.located(at: call.range, in: call.file)
    }
    var fields: [Value] = []
    fields.reserveCapacity(type.fields.count)
    var next = 0
    for index in type.fields.indices {
      if members.fixedFields.contains(index), let fixed = members.fieldDefaults[index] {
        fields.append(try fixed(globalFrame))
      } else {
        fields.append(given[next])
        next += 1
      }
    }
    return StructValue(type: type, fields: fields)
  }

  /// `init(x:y:id:)`: one labelled parameter per field the initializer takes.
  private func memberwiseSignature(_ type: StructType) -> FunctionSignature {
    let members = type.scriptMembers
    let parameters = type.fields.indices.compactMap { index -> FunctionSignature.Parameter? in
      guard !members.fixedFields.contains(index) else { return nil }
      let field = type.fields[index]
      var defaultValue = members.fieldDefaults[index]
      if defaultValue == nil, !field.isConstant, case .optional = field.type { defaultValue = { _ in .null } }
      return .init(label: field.name, name: field.name, type: field.type, defaultValue: defaultValue)
    }
    return FunctionSignature(name: type.name, parameters: parameters, returnType: nil)
  }
}
