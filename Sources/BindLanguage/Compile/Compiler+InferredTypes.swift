import BindSyntax

// `var count = 0` in a type: the default gives the property's type.
extension Compiler {
  /// A property's type: the one written, or the one its default gives
  /// (`var count = 0` is an `Int`), as Swift infers it. Inference reads the
  /// default's form, not its value: literals, arrays and dictionaries of
  /// them, `-` before a number, constructors (`Cart()`) and enum cases
  /// (`State.idle`). Anything else needs a written type.
  func propertyType(_ property: PropertyDeclaration) throws -> ValueType {
    if let annotation = property.type { return try valueType(annotation) }
    let name = property.name.name
    guard case .stored(let initial?) = property.value else {
      throw error(.declaration(.propertyNeedsType(property: name)), at: property.name.range)
    }
    if let inferred = try inferredType(of: initial) { return inferred }
    let example: String
    switch initial {
    case .nilLiteral: example = "var \(name): String? = nil"
    case .array([], _): example = "var \(name): [Int] = []"
    case .dictionary([], _): example = "var \(name): [String: Int] = [:]"
    default: example = "var \(name): Int = …"
    }
    throw error(
      .declaration(.uninferredPropertyType(property: name, example: example)), at: property.name.range)
  }

  private func inferredType(of expression: Expression) throws -> ValueType? {
    if let rewritten = withNestedTypeNames(expression) { return try inferredType(of: rewritten) }
    switch expression {
    case .integer: return .int
    case .double: return .double
    case .string, .interpolatedString: return .string
    case .boolean: return .bool
    case .duration: return .duration
    case .parenthesized(let inner, _): return try inferredType(of: inner)
    case .unary(.negate, let operand, _):
      let type = try inferredType(of: operand)
      return type == .int || type == .double ? type : nil
    case .unary(.not, let operand, _): return try inferredType(of: operand) == .bool ? .bool : nil
    case .array(let elements, _):
      guard let element = try commonType(of: elements) else { return nil }
      return .array(element)
    case .tuple(let elements, _):
      var types: [ValueType] = []
      for element in elements {
        guard let type = try inferredType(of: element.value) else { return nil }
        types.append(type)
      }
      return .tuple(labelling: types, with: elements.map { $0.label?.name })
    case .dictionary(let entries, _):
      guard let key = try commonType(of: entries.map(\.key)), let value = try commonType(of: entries.map(\.value)),
        key == .string || key == .int || key == .bool
      else { return nil }
      return .dictionary(key: key, value: value)
    case .call(let callee, [], _) where collectionTypeCalled(callee) != nil:
      return collectionTypeCalled(callee)
    case .call(.name(let typeName, let range), _, _)
    where resolveInScopes(typeName, at: range) == nil && interpreter.registry.isTypeName(typeName):
      return try valueType(.named(typeName, range))
    case .member(.name(let typeName, let range), let name, _) where isEnumTypeName(typeName, at: range):
      guard interpreter.registry.enumTypes[typeName]?.index(ofCase: name.name) != nil else { return nil }
      return try valueType(.named(typeName, range))
    case .call(.member(.name(let typeName, let range), let name, _), _, _) where isEnumTypeName(typeName, at: range):
      guard interpreter.registry.enumTypes[typeName]?.index(ofCase: name.name) != nil else { return nil }
      return try valueType(.named(typeName, range))
    default:
      return nil
    }
  }

  /// The collection type `[T]` or `[K: V]` written as an expression (the
  /// callee of Swift's `[String]()`), when its parts name types.
  func collectionTypeCalled(_ callee: Expression) -> ValueType? {
    func annotation(_ expression: Expression) -> TypeAnnotation? {
      switch expression {
      case .name(let name, let range):
        guard resolveInScopes(name, at: range) == nil else { return nil }
        return .named(name, range)
      case .array(let elements, let range):
        guard elements.count == 1 else { return nil }
        return annotation(elements[0]).map { .array($0, range) }
      case .dictionary(let entries, let range):
        guard entries.count == 1, let key = annotation(entries[0].key), let value = annotation(entries[0].value)
        else { return nil }
        return .dictionary(key, value, range)
      default: return nil
      }
    }
    switch callee {
    case .array, .dictionary: return annotation(callee).flatMap { try? valueType($0) }
    default: return nil
    }
  }

  /// The one type every expression gives (Int and Double together give
  /// Double, as Swift's literals do), or nil.
  private func commonType(of expressions: [Expression]) throws -> ValueType? {
    var common: ValueType?
    for expression in expressions {
      guard let type = try inferredType(of: expression) else { return nil }
      switch (common, type) {
      case (nil, _): common = type
      case (let known?, _) where known == type: continue
      case (.int?, .double), (.double?, .int): common = .double
      default: return nil
      }
    }
    return common
  }
}
