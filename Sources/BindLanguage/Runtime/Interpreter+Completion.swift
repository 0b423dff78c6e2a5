import BindSyntax

/// Read-only introspection for the REPL's Tab completion.
///
/// Completion runs on every Tab press, so nothing here executes script code:
/// it reads global slots and stored properties only. Derived properties are
/// never evaluated (that would run arbitrary expressions and could change
/// state or loop); their declared type is used instead.
extension Interpreter {
  /// The language's keywords, sorted.
  public static var keywordNames: [String] {
    TokenKind.keywords.keys.sorted()
  }

  /// The built-in functions every script can call (`print`, `min`, …).
  public static var builtinFunctionNames: [String] {
    Builtins.functionNames
  }

  /// The names of the types that come with the language (`Label`, …), as
  /// opposed to the ones a session declared.
  public var preludeTypeNames: Set<String> {
    builtinTypeNames
  }

  /// The current value of the global variable `name`, or `nil` when there
  /// is no such variable.
  public func globalValue(named name: String) -> Value? {
    guard let variable = globalScope.lookup(name), variable.slot < globalFrame.slots.count else {
      return nil
    }
    return globalFrame.slots[variable.slot]
  }

  /// The current value of the stored property `name` of `object`, without
  /// running any script code; `nil` for derived properties, events and
  /// unknown names.
  public func storedValue(_ name: String, of object: ScriptObject) -> Value? {
    guard case .stored(let index)? = object.type.members[name] else { return nil }
    switch object.access(index) {
    case .stored(let node): return node.value
    case .host(let property): return property.lastKnownValue()
    }
  }

  /// The object type a property of `type` is declared to hold (`Person`
  /// for `var friend: Person?`), or `nil` when it holds no object.
  ///
  /// Completion falls back on it when the property's value is `nil` or is
  /// derived, so `vm.user.` still completes before a user is set.
  public func declaredObjectType(of name: String, in type: ObjectType) -> ObjectType? {
    let declared: ValueType
    switch type.members[name] {
    case .stored(let index)?: declared = type.stored[index].type
    case .derived(let index)?: declared = type.derived[index].type
    default: return nil
    }
    var unwrapped = declared
    while case .optional(let wrapped) = unwrapped { unwrapped = wrapped }
    guard case .object(let typeName) = unwrapped else { return nil }
    return types[typeName]
  }

  /// The members of a value that is not an object, for completion after
  /// `name.`: a string's and a collection's built-in members, a struct's
  /// fields, methods and computed properties, an enum's methods and
  /// computed properties (and `rawValue`); empty for other values.
  public static func memberNames(of value: Value) -> [String] {
    switch value {
    case .string, .array, .set, .dictionary: return Builtins.memberNames(of: value)
    case .structValue(let value): return value.type.fields.map(\.name) + value.type.scriptMembers.order
    case .enumValue(let value):
      return (value.type.rawType == nil ? [] : ["rawValue"]) + value.type.scriptMembers.order
    default: return []
    }
  }
}
