import BindSyntax

// Registered Swift structs and enums in scripts: making them
// (`SearchHit(title: "Swift", score: 3)`, `SubmitState.failed("timeout")`,
// `SubmitState.idle`) and reading their fields (`hit.title`). Their values
// are the same `StructValue`/`EnumValue`s script `struct`s and `enum`s make.
extension Compiler {
  /// The registered value type `name` names, when `name` is not a variable.
  func hostValueType(named expression: Expression) -> HostValueType? {
    guard case .name(let name, let range) = expression.unparenthesized, resolve(name, at: range) == nil else {
      return nil
    }
    return interpreter.registry.hostValueTypes[name]
  }

  /// `SearchHit(title: "Swift", score: 3)`: the memberwise form, with every
  /// field by its label in declaration order, as Swift's memberwise initializer.
  func compileStructConstruction(_ host: HostValueType, _ arguments: [Argument], range: SourceRange) throws -> Evaluation {
    guard let type = host.structType else {
      throw error(
        .call(.hostEnumConstructed(typeName: host.name, firstCase: host.enumType?.cases.first?.name ?? "case")),
        at: range)
    }
    // The struct's own initializers first, as Swift resolves them.
    let labels = arguments.map { $0.label?.name }
    let matching = host.initializers.filter { $0.signature.labels == labels }
    if !matching.isEmpty { return try compileHostInitializer(among: matching, arguments, range: range) }
    let expected = type.fields.map { "\($0.name): …" }.joined(separator: ", ")
    guard arguments.count == type.fields.count else {
      throw error(
        .call(.hostFieldCount(typeName: type.name, count: type.fields.count, given: arguments.count, expected: expected)),
        at: range)
    }
    for (argument, field) in zip(arguments, type.fields) where argument.label?.name != field.name {
      throw error(
        .call(.hostFieldLabel(field: field.name, typeName: type.name, expected: expected)),
        at: argument.range)
    }
    return try compileCompositeValues(
      arguments.map(\.value), types: type.fields.map(\.type), names: type.fields.map { "field '\($0.name)'" }, in: type.name
    ) { .structValue(StructValue(type: type, fields: $0)) }
  }

  /// `SubmitState.idle`, or `SubmitState.failed("timeout")` with `arguments`.
  func compileEnumCase(
    _ host: HostValueType, _ name: Identifier, _ arguments: [Argument]?, range: SourceRange
  ) throws -> Evaluation {
    guard let type = host.enumType else {
      throw error(.call(.hostStructAsCase(typeName: host.name)), at: name.range)
    }
    guard let caseIndex = type.index(ofCase: name.name) else {
      throw error(type.unknownCase(name.name), at: name.range)
    }
    let enumCase = type.cases[caseIndex]
    let written = enumCase.associatedValues.map { ($0.label.map { "\($0): " } ?? "") + "…" }.joined(separator: ", ")
    guard let arguments else {
      guard enumCase.associatedValues.isEmpty else {
        throw error(.call(.hostCaseNeedsValues(caseName: enumCase.name, typeName: type.name, form: "\(type.name).\(enumCase.name)(\(written))")), at: range)
      }
      let value = Value.enumValue(EnumValue(type: type, caseIndex: caseIndex))
      return { _ in value }
    }
    guard arguments.count == enumCase.associatedValues.count,
      zip(arguments, enumCase.associatedValues).allSatisfy({ $0.label?.name == $1.label })
    else {
      let form = enumCase.associatedValues.isEmpty ? "\(type.name).\(enumCase.name)" : "\(type.name).\(enumCase.name)(\(written))"
      throw error(.call(.hostCaseForm(caseName: enumCase.name, typeName: type.name, form: form)), at: range)
    }
    return try compileCompositeValues(
      arguments.map(\.value), types: enumCase.associatedValues.map(\.type),
      names: enumCase.associatedValues.enumerated().map { "associated value \($1.label.map { "'\($0)'" } ?? "#\($0 + 1)")" },
      in: "\(type.name).\(enumCase.name)"
    ) { .enumValue(EnumValue(type: type, caseIndex: caseIndex, associatedValues: $0)) }
  }

  /// Evaluates `expressions`, checks each against its declared type, and
  /// makes the value from them.
  private func compileCompositeValues(
    _ expressions: [Expression], types: [ValueType], names: [String], in owner: String,
    make: @escaping ([Value]) -> Value
  ) throws -> Evaluation {
    let compiled = try zip(expressions, types).map { try compileExpression($0, expecting: $1) }
    let ranges = expressions.map(\.range)
    let file = self.file
    return { frame in
      var values: [Value] = []
      values.reserveCapacity(compiled.count)
      for index in compiled.indices {
        let value = try compiled[index](frame)
        guard let converted = types[index].coerce(value) else {
          throw ScriptError(
            .call(.hostValueType(name: names[index], owner: owner, expected: "\(types[index])", valueType: value.typeName)), at: ranges[index], in: file)
        }
        values.append(converted)
      }
      return make(values)
    }
  }
}

extension Value {
  /// `hit.title` on a struct value, `state.rawValue` on an enum value with
  /// raw values; `nil` when the value is neither.
  func compositeMember(_ name: String) throws -> Value? {
    switch self {
    case .structValue(let value):
      guard let index = value.type.index(ofField: name) else {
        let guess = suggestion(for: name, among: value.type.fields.map(\.name))
        throw ScriptError(.noProperty(name: name, typeName: value.type.name, suggestion: guess, field: true))
      }
      return value.fields[index]
    case .enumValue(let value):
      if name == "rawValue", let rawValue = value.enumCase.rawValue { return rawValue }
      throw ScriptError(.noProperty(name: name, typeName: value.type.name, suggestion: nil, field: false))
    default:
      return nil
    }
  }
}

extension ValueType {
  /// Why `value`, of this very type, still did not become a Swift value: a
  /// registered struct with no initializer crosses into scripts only, and
  /// an initializer may throw.
  func crossingProblem(_ value: Value) -> ScriptError.Kind? {
    switch (self, value) {
    case (.optional(let wrapped), _): return wrapped.crossingProblem(value)
    case (.array(let element), .array(let items)): return items.lazy.compactMap { element.crossingProblem($0) }.first
    case (.structure(let type), .structValue(let structValue)) where structValue.type === type:
      return .hostCannotMake(typeName: type.name, literal: structValue.literal)
    default: return nil
    }
  }
}
