/// What a change made where a value is stored (`xs.append(x)`,
/// `d[key] = v`, `xs += ys`) must keep: the place's declared type and the
/// nesting limit. Only what the change adds is checked, so that growing a
/// typed array by one element costs O(1), not a check of every element.
struct ChangeRules {
  /// The declared type of the value changed (nil: untyped).
  let type: ValueType?
  /// How many values hold the changed one where it is stored (struct
  /// fields, elements), each a level of nesting its new elements may not use.
  let enclosingLevels: Int

  static let untyped = ChangeRules(type: nil, enclosingLevels: 0)

  /// The rules of a value held inside this one (a field or an element),
  /// whose declared type is `type`.
  func inner(_ type: ValueType?) -> ChangeRules {
    ChangeRules(type: type, enclosingLevels: enclosingLevels + 1)
  }

  /// The declared type without the optional: a `[Int]?` holding an array
  /// holds an `[Int]`.
  private var unwrappedType: ValueType? {
    if case .optional(let wrapped) = type { return wrapped }
    return type
  }

  /// The type of an element of the array (nil: any).
  var elementType: ValueType? {
    switch unwrappedType {
    case .array(let element): return element
    case .dictionary(_, let value): return value
    case .set(let element): return element
    default: return nil
    }
  }

  /// The rules of element `index`'s value (or a dictionary's value).
  var elementRules: ChangeRules { inner(elementType) }

  /// The nesting check of new elements, as an array literal holding them
  /// would be checked at this depth (`Operators.checkNesting`).
  func checkNesting(_ elements: [Value]) throws {
    for element in elements { try checkNesting(element) }
  }

  /// The nesting check of one new element; none for a value that cannot
  /// hold others.
  @inline(__always) func checkNesting(_ element: Value) throws {
    switch element {
    case .array, .dictionary, .structValue, .enumValue:
      try Operators.checkNesting([element], enclosingLevels: enclosingLevels)
    default: return
    }
  }

  /// `element` converted for the array's element type (`Int` to `Double`, …),
  /// or the error of writing `wouldBe()`, the whole changed value, into the
  /// place: built only then.
  func admitElement(_ element: Value, wouldBe: () -> Value) throws -> Value {
    guard let elementType else { return element }
    guard let converted = elementType.coerce(element) else { throw TypeMismatchInPlace(candidate: wouldBe()) }
    return converted
  }

  /// A dictionary's key and value converted for its declared types; the
  /// value nil (a removal) is not checked.
  func admitEntry(key: Value, value: Value, wouldBe: () -> Value) throws -> (key: Value, value: Value) {
    // A removal adds nothing, so a key of another type only finds no entry.
    guard case .dictionary(let keyType, let valueType)? = unwrappedType, !value.isNull else { return (key, value) }
    guard let convertedKey = keyType.coerce(key), let convertedValue = valueType.coerce(value) else {
      throw TypeMismatchInPlace(candidate: wouldBe())
    }
    return (convertedKey, convertedValue)
  }
}

/// A change in place that would leave a value its place's declared type
/// does not take. `candidate` is that value: the place reports it as an
/// assignment of it would be reported, or, if the place is an element or
/// field without a declared type of its own, puts it in its container and
/// passes the error up.
struct TypeMismatchInPlace: Error {
  let candidate: Value
}
