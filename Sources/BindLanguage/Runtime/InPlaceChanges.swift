/// The changes that mutating methods, `+=` and subscript writes make to a
/// collection where it is stored (``Compiler/compilePlace(_:)``): each
/// checks what it adds against the place's ``ChangeRules`` before the value
/// changes, so an error leaves the value as it was, and none copies it.
enum InPlaceChanges {
  /// `xs.append(x)`, `xs.removeLast()`, `d.removeValue(forKey: k)`,
  /// `s.insert(x)` and the other mutating methods of arrays, dictionaries
  /// and sets.
  static func callMutatingMethod(_ name: MethodName, arguments: [Value], on value: inout Value, rules: ChangeRules)
    throws -> Value
  {
    let method = name.base
    // Each collection is taken out of `value` while it changes, so its
    // storage stays unique. (`if case`, not `switch`: a switch keeps a copy
    // of its subject, and with it a second reference, for its whole body.)
    if case .array(var elements) = value {
      value = .null
      defer { value = .array(elements) }
      return try Builtins.mutate(&elements, method: method, arguments: arguments, rules: rules)
    }
    if case .dictionary(var dictionary) = value {
      value = .null
      defer { value = .dictionary(dictionary) }
      return try Builtins.mutate(&dictionary, method: method, arguments: arguments)
    }
    if case .set(var set) = value {
      value = .null
      defer { value = .set(set) }
      return try SetMethods.mutate(&set, name, arguments: arguments, rules: rules)
    }
    try checkMutable(value, for: method)
    return .null
  }

  /// The error for calling mutating method `method` on `value`, unless it
  /// is an array, a dictionary or a set.
  static func checkMutable(_ value: Value, for method: String) throws {
    switch value {
    case .array, .dictionary, .set: return
    case .null: throw ScriptError(.callOnNil(method: method, inPlace: true))
    default: throw ScriptError(.noMember(name: method, valueType: value.typeName, memberKind: "method", suggestion: nil))
    }
  }

  /// The error for assigning through a subscript of `value`, unless it is
  /// an array or a dictionary.
  static func checkSubscriptable(_ value: Value) throws {
    switch value {
    case .array, .dictionary: return
    default: throw ScriptError(.library(.subscriptWrite(valueType: value.typeName)))
    }
  }

  /// `xs[i] = element`, and `d[key] = element`, which adds or replaces
  /// the entry, or removes it for nil, as in Swift.
  static func setElement(_ element: Value, at key: Value, in value: inout Value, rules: ChangeRules) throws {
    if case .array(var elements) = value {
      let offset = try Operators.checkedIndex(key, count: elements.count)
      try rules.checkNesting(element)
      let converted = try rules.admitElement(element) {
        var wouldBe = elements
        wouldBe[offset] = element
        return .array(wouldBe)
      }
      value = .null
      elements[offset] = converted
      value = .array(elements)
      return
    }
    if case .dictionary(var dictionary) = value {
      try rules.checkNesting(element)
      let dictionaryKey = try DictionaryKey(key)
      let entry = try rules.admitEntry(key: key, value: element) {
        var wouldBe = dictionary
        wouldBe.set(element, for: dictionaryKey, keyValue: key)
        return .dictionary(wouldBe)
      }
      value = .null
      dictionary.set(entry.value.isNull ? nil : entry.value, for: dictionaryKey, keyValue: entry.key)
      value = .dictionary(dictionary)
      return
    }
    try checkSubscriptable(value)
  }

  /// `xs += ys`: ys's elements appended to xs where it is stored.
  static func append(contentsOf added: [Value], to value: inout Value, rules: ChangeRules) throws {
    guard case .array(var elements) = value else {
      // Only an array takes an array: `Operators.apply` says why not.
      value = try Operators.apply(.add, value, .array(added))
      return
    }
    try Operators.checkCount(elements.count + added.count)
    try rules.checkNesting(added)
    let converted =
      rules.elementType == nil ? added : try added.map { try rules.admitElement($0) { .array(elements + added) } }
    value = .null
    elements.append(contentsOf: converted)
    value = .array(elements)
  }

  /// The element at `key` (an array's index, a dictionary's key) of
  /// `value`, changed where it is stored; a change that would not fit the
  /// container's declared type reports the container it would make.
  static func changeElement(
    at key: Value, of value: inout Value, rules: ChangeRules, _ change: (inout Value, ChangeRules) throws -> Value
  ) throws -> Value {
    let elementRules = rules.elementRules
    if case .array(var elements) = value {
      let offset = try Operators.checkedIndex(key, count: elements.count)
      value = .null
      defer { value = .array(elements) }
      do {
        return try change(&elements[offset], elementRules)
      } catch let mismatch as TypeMismatchInPlace {
        var wouldBe = elements
        wouldBe[offset] = mismatch.candidate
        throw TypeMismatchInPlace(candidate: .array(wouldBe))
      }
    }
    if case .dictionary(var dictionary) = value {
      let dictionaryKey = try DictionaryKey(key)
      value = .null
      defer { value = .dictionary(dictionary) }
      do {
        guard let result = try dictionary.modifyValue(for: dictionaryKey, { try change(&$0, elementRules) }) else {
          throw ScriptError(.library(.missingKey(literal: key.literal)))
        }
        return result
      } catch let mismatch as TypeMismatchInPlace {
        var wouldBe = dictionary
        wouldBe.set(mismatch.candidate, for: dictionaryKey, keyValue: key)
        throw TypeMismatchInPlace(candidate: .dictionary(wouldBe))
      }
    }
    try checkSubscriptable(value)
    return .null
  }
}
