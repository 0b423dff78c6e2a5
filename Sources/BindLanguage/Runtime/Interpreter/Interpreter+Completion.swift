import BindSyntax

/// Read-only introspection for the REPL's Tab completion.
///
/// Completion runs on every Tab press, so nothing here executes script code:
/// it reads global slots and stored properties only. Derived properties are
/// never evaluated (that would run arbitrary expressions and could change
/// state or loop); their declared type is used instead.
extension Interpreter {
  /// The language's keywords, and the words that start a statement only
  /// where they do (`why label.text`, `notify vm.items`), sorted.
  public static var keywordNames: [String] {
    (Array(TokenKind.keywords.keys) + contextualStatementWords).sorted()
  }

  /// Statement words that are names elsewhere (`Parser.startsWhyStatement`).
  static let contextualStatementWords = ["effect", "notify", "onCleanup", "why"]

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

  /// The names of the script's and the host's types that are not objects:
  /// structs and enums, declared or registered (`Money`, `Tab`).
  public var valueTypeNames: [String] {
    (structTypes.keys.sorted() + enumTypes.keys.sorted() + hostValueTypes.byName.keys.sorted())
  }

  /// The free functions the host defined (``define(_:_:)``), by base name.
  public var hostFunctionNames: [String] {
    hostFunctions.keys.sorted()
  }

  // MARK: Chains (`vm.user.`, `search.results[0].`, `dict["k"]?.`)

  /// What completion knows of a link of a chain: its value, read without
  /// running script code, or only its declared type (a `nil`, a derived
  /// property, an index past the end).
  private enum ChainLink {
    case value(Value)
    case declared(ValueType)
  }

  /// The members of the value `chain` names (`["vm", "user"]`), for
  /// completion after its last dot. A step written `[…]` is a subscript: a
  /// literal index or key is looked up, any other stands for an element.
  public func completionMembers(of chain: [String]) -> [String] {
    guard let link = resolve(chain[...]) else { return [] }
    switch link {
    case .value(let value):
      if case .object(let object) = value { return object.type.memberNames + object.type.methodCompletions }
      return Interpreter.memberNames(of: value)
    case .declared(let type):
      switch type.unwrapped {
      case .object(let name): return types[name].map { $0.memberNames + $0.methodCompletions } ?? []
      case .structure(let type): return type.fields.map(\.name) + type.scriptMembers.order
      case .enumeration(let type): return (type.rawType == nil ? [] : ["rawValue"]) + type.scriptMembers.order
      case .string: return Builtins.memberNames(of: .string(""))
      case .array: return Builtins.memberNames(of: .array([]))
      case .set: return Builtins.memberNames(of: .set(ScriptSet()))
      case .dictionary: return Builtins.memberNames(of: .dictionary(ScriptDictionary()))
      default: return []
      }
    }
  }

  /// The signatures a call of `callee` may mean, as Swift declares them
  /// (`signIn(email: String, password: String) async throws -> User`), for
  /// the hint after its `(`: a script or host function's, a method's, a
  /// type's initializers. Empty when there is none to show (a built-in).
  public func completionSignatures(of callee: [String]) -> [String] {
    guard let name = callee.last else { return [] }
    guard callee.count > 1 else { return signatures(ofGlobal: name) }
    switch resolve(callee.dropLast()) {
    case .value(.object(let object))?: return object.type.signatures(of: name)
    case .value(.structValue(let value))?: return value.type.scriptMembers.signatures(of: name)
    case .value(.enumValue(let value))?: return value.type.scriptMembers.signatures(of: name)
    case .declared(let type)?:
      switch type.unwrapped {
      case .object(let typeName): return types[typeName]?.signatures(of: name) ?? []
      case .structure(let type): return type.scriptMembers.signatures(of: name)
      case .enumeration(let type): return type.scriptMembers.signatures(of: name)
      default: return []
      }
    default: return []
    }
  }

  private func signatures(ofGlobal name: String) -> [String] {
    if case .function(let function)? = globalValue(named: name), let signature = function.signature {
      return [signature.declaration]
    }
    if let functions = hostFunctions[name] { return functions.map(\.declaration) }
    if let type = types[name] {
      return (type.host?.initializers.map(\.initializerSummary) ?? [])
        + type.initializers.map { "init" + $0.signature.declaration.drop { $0 != "(" } }
    }
    if let type = structTypes[name] {
      let initializers = type.scriptMembers.initializers
      return initializers.isEmpty
        ? ["init" + memberwiseSignature(type).declaration.drop { $0 != "(" }]
        : initializers.map { "init" + $0.signature.declaration.drop { $0 != "(" } }
    }
    return []
  }

  /// The link `chain` names, or nil when it names nothing completion can know.
  private func resolve(_ chain: ArraySlice<String>) -> ChainLink? {
    guard let first = chain.first, let value = globalValue(named: first) else { return nil }
    var link = ChainLink.value(value)
    for step in chain.dropFirst() {
      guard let next = step.hasPrefix("[") ? element(of: link, at: String(step.dropFirst().dropLast())) : member(step, of: link)
      else { return nil }
      link = next
    }
    return link
  }

  /// The member `name` of `link`: its stored value, or its declared type.
  private func member(_ name: String, of link: ChainLink) -> ChainLink? {
    switch link {
    case .value(.object(let object)):
      if let stored = storedValue(name, of: object), !stored.isNull { return .value(stored) }
      return memberType(name, of: .object(object.type.name))
    case .value(.structValue(let value)):
      if let index = value.type.fields.firstIndex(where: { $0.name == name }) { return .value(value.fields[index]) }
      return memberType(name, of: .structure(value.type))
    case .value(.enumValue(let value)): return memberType(name, of: .enumeration(value.type))
    case .value: return nil
    case .declared(let type): return memberType(name, of: type)
    }
  }

  /// The declared type of member `name` of a value of `type`.
  private func memberType(_ name: String, of type: ValueType) -> ChainLink? {
    switch type.unwrapped {
    case .object(let typeName):
      guard let objectType = types[typeName] else { return nil }
      switch objectType.members[name] {
      case .stored(let index)?: return .declared(objectType.stored[index].type)
      case .derived(let index)?: return .declared(objectType.derived[index].type)
      default: return nil
      }
    case .structure(let type):
      if let field = type.fields.first(where: { $0.name == name }) { return .declared(field.type) }
      return type.scriptMembers.computed[name]?.signature.returnType.map(ChainLink.declared)
    case .enumeration(let type):
      return type.scriptMembers.computed[name]?.signature.returnType.map(ChainLink.declared)
    default: return nil
    }
  }

  /// The element of `link` at `index` (the subscript's text): the value at
  /// a literal index or key when there is one, else the element type (or,
  /// in a collection with no declared type at hand, its first element).
  private func element(of link: ChainLink, at index: String) -> ChainLink? {
    switch link {
    case .value(.array(let elements)):
      if let position = Int(index), elements.indices.contains(position) { return .value(elements[position]) }
      return elements.first.map(ChainLink.value)
    case .value(.dictionary(let dictionary)):
      if let key = Interpreter.literalKey(index), let found = try? dictionary.value(forKey: key) { return .value(found) }
      return dictionary.values.first.map(ChainLink.value)
    case .value: return nil
    case .declared(let type):
      switch type.unwrapped {
      case .array(let element): return .declared(element)
      case .dictionary(_, let value): return .declared(value)
      default: return nil
      }
    }
  }

  /// A subscript's text as a key, when it is a literal: `"k"`, `3`, `true`.
  private static func literalKey(_ text: String) -> Value? {
    let trimmed = String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    if let number = Int(trimmed) { return .int(number) }
    if trimmed == "true" || trimmed == "false" { return .bool(trimmed == "true") }
    guard trimmed.count >= 2, trimmed.first == "\"", trimmed.last == "\"",
      !trimmed.dropFirst().dropLast().contains(where: { $0 == "\"" || $0 == "\\" })
    else { return nil }
    return .string(String(trimmed.dropFirst().dropLast()))
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

extension ValueType {
  /// The type without its optional wrappers: `User` for `User??`.
  fileprivate var unwrapped: ValueType {
    guard case .optional(let wrapped) = self else { return self }
    return wrapped.unwrapped
  }
}
