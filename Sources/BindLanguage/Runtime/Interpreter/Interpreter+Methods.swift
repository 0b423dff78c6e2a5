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
  func memberwiseSignature(_ type: StructType) -> FunctionSignature {
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

// MARK: Introspection (`:types`)

extension Interpreter {
  /// The script's structs and enums as `:types` shows them: a heading
  /// (`struct Point`, `enum Tab: String`) and one line per member, by name.
  public var valueTypeSummaries: [(heading: String, members: [String])] {
    let structs = structTypes.map { name, type in
      (name, (heading: "struct \(name)", members: type.fields.map { field in
        "\(field.isConstant ? "let" : field.isPrivateSet ? "private(set) var" : "var") \(field.name): \(field.type)"
      } + type.scriptMembers.summaries))
    }
    let enums = enumTypes.map { name, type in
      (name, (heading: "enum \(name)" + (type.rawType.map { ": \($0)" } ?? ""), members: type.cases.map { enumCase in
        var line = "case " + String(EnumType.shape(of: enumCase).dropFirst())
        if !enumCase.associatedValues.isEmpty {
          line = "case \(enumCase.name)(" + enumCase.associatedValues.map { ($0.label.map { "\($0): " } ?? "") + "\($0.type)" }
            .joined(separator: ", ") + ")"
        }
        if let raw = enumCase.rawValue { line += " = \(raw.literal)" }
        return line
      } + type.scriptMembers.summaries))
    }
    return (structs + enums).sorted { $0.0 < $1.0 }.map(\.1)
  }

  /// The protocols scripts may conform to, declared in a script or a Swift
  /// protocol registered for fakes (`@ScriptImplementable`), as `:types`
  /// shows them: `protocol SettingsStore` and one requirement a line, so a
  /// test writer sees what a fake must implement.
  public var protocolSummaries: [(heading: String, members: [String])] {
    protocols.sorted { $0.key < $1.key }.map { name, type in
      let properties = type.properties.map { property in
        (property.isStatic ? "static " : "") + "var \(property.name): \(property.type) { get\(property.isSettable ? " set" : "") }"
      }
      let methods = type.methods.map { method in
        (method.isStatic ? "static " : "") + (method.isMutating ? "mutating " : "") + method.signature.summary
      }
      return (heading: "protocol \(name)", members: properties + methods)
    }
  }
}

extension ValueTypeMembers {
  /// The declarations of the methods named `name`, for completion's hint.
  func signatures(of name: String) -> [String] {
    methods[name].map { [$0.signature.declaration] } ?? []
  }

  /// `var sum: Int { … }`, `mutating func move(dx: Int)`, in declaration order.
  var summaries: [String] {
    order.compactMap { name in
      if let method = methods[name] { return (method.isMutating ? "mutating " : "") + method.signature.summary }
      if let property = computed[name] {
        return "var \(name): \(property.signature.returnType.map { "\($0)" } ?? "Any") { … }"
      }
      return nil
    }
  }
}
