import BindSyntax

/// The static types of receivers `check` can be sure of, worked out from
/// how the resolver saw the file bind its names (``NameBindings``) and from
/// the types the compiled file declared.
///
/// A false alarm is worse than a missed mistake, so a receiver's type counts
/// as known only when nothing can change it:
/// - a name bound once in the whole file (by any binding form), that is not
///   also the name of a member of a declared type (a bare member name in a
///   method means `self.name`): a `let` (or a `var` never assigned) whose
///   initializer's type is known, a variable, parameter or closure parameter
///   with a declared type (the interpreter enforces it);
/// - `self` in a method, a derived property or a setter of a script `type`
///   or `struct`, and there a member of `self` by its bare name, when no
///   binding in the file has that name;
/// - a string literal; an array or dictionary literal of literals of one
///   type (directly, or through a `let`: its run-time type name is fixed);
/// - an object the app injected as a constant global (not declared in the file);
/// - a constructor call `T(…)` of a type declared once (or built in, or
///   registered by the app), when `T` is bound to nothing else;
/// - a member of a known receiver whose declared type is such a type;
/// - a call of a function bound once, or of a script method of a known
///   receiver, with a declared result type (each `return` is checked);
/// - `if let x = value` / `guard let x = value` of a known optional.
///
/// Top-level names and script types of a file with `import` are not trusted
/// (the imported file, which `check` does not read, may redeclare them);
/// built-in and host types still are. Every other receiver (untyped
/// parameters and functions, other collections, numbers, enum values,
/// globals the app defined other than injected objects) is unknown.
struct ReceiverTypes {
  /// A receiver's type, when known for certain.
  enum KnownType {
    case object(ObjectType)
    case structure(StructType)
    case string
    /// A `let` array from a literal whose elements are all literals of one
    /// type: `sample` is one of them, so the run-time type name (`[Int]`)
    /// is the same as the value's.
    case array(sample: Value)
    /// A `let` dictionary from a literal whose keys (all different) and
    /// values are literals of one type each: `sample` holds one entry.
    case dictionary(sample: Value)
  }

  /// A known type, and whether the value may be `nil` (then only `?.` is checked).
  struct Known {
    let type: KnownType
    let isOptional: Bool
  }

  private let interpreter: Interpreter
  let bindings: NameBindings
  /// The type of `self` where the receiver is written, if known.
  var selfType: Known?
  /// Names whose initializer's type is being worked out (`let a = a.b` must not loop).
  private var resolving: Set<String> = []
  /// The types of names worked out so far (bindings do not change).
  private var knownNames: [String: Known?] = [:]
  /// How many initializers `let b = a` may lead through: a longer chain is
  /// unknown, so a file of many such lines cannot exhaust the stack.
  private static let initializerDepthLimit = 32

  init(interpreter: Interpreter, bindings: NameBindings) {
    self.interpreter = interpreter
    self.bindings = bindings
  }

  /// The type `self` has in the methods of the script type `name`.
  func selfType(named name: String?) -> Known? {
    name.flatMap { knownType(named: $0) }.map { Known(type: $0, isOptional: false) }
  }

  /// The type an annotation names, if it is one members can be checked on.
  /// `isRunWhereWritten`: the annotation is of a variable, which gets its
  /// value where it is written, before a type declared further down exists
  /// (a parameter's or result's gets values only when called).
  private func known(_ annotation: TypeAnnotation, isRunWhereWritten: Bool = false) -> Known? {
    switch annotation {
    case .named("String", _): return Known(type: .string, isOptional: false)
    case .named(let name, let range):
      return knownType(named: name, writtenAt: isRunWhereWritten ? range.start.offset : nil)
        .map { Known(type: $0, isOptional: false) }
    case .optional(let wrapped, _):
      return known(wrapped, isRunWhereWritten: isRunWhereWritten).map { Known(type: $0.type, isOptional: true) }
    case .array, .dictionary, .function, .generic, .tuple: return nil
    }
  }

  private func known(_ type: ValueType) -> Known? {
    switch type {
    case .object(let name): return knownType(named: name).map { Known(type: $0, isOptional: false) }
    case .structure(let structType): return knownType(named: structType.name).map { Known(type: $0, isOptional: false) }
    case .optional(let wrapped): return known(wrapped).map { Known(type: $0.type, isOptional: true) }
    case .string: return Known(type: .string, isOptional: false)
    default: return nil
    }
  }

  /// A script type declared once in this file, or a built-in or host type
  /// the file does not redeclare.
  func knownType(named name: String, writtenAt offset: Int? = nil) -> KnownType? {
    guard bindings.typeDeclarations[name, default: 0] <= 1 else { return nil }
    if let offset, let declared = bindings.typeDeclarationOffsets[name], declared > offset { return nil }
    // An imported file may redeclare a script type; built-in and host types
    // cannot be redeclared.
    if let structType = interpreter.registry.structTypes[name] { return bindings.hasImports ? nil : .structure(structType) }
    if let objectType = interpreter.registry.types[name] {
      let isFixed = objectType.host != nil || interpreter.registry.builtinTypeNames.contains(name)
      return bindings.hasImports && !isFixed ? nil : .object(objectType)
    }
    return nil
  }

  /// The type of `expression`'s value, when it is known for certain.
  mutating func known(_ expression: Expression) -> Known? {
    switch expression {
    case .parenthesized(let inner, _): return known(inner)
    case .name("self", _): return selfType
    case .name(let name, _): return knownSelfMember(name) ?? knownName(name)
    case .string, .interpolatedString: return Known(type: .string, isOptional: false)
    case .array, .dictionary:
      return literalCollection(expression).map { Known(type: $0, isOptional: false) }
    case .call(.name(let name, _), _, _) where bindings.names[name] != nil:
      guard !bindings.memberNames.contains(name), let bound = bindings.names[name], bound.count == 1,
        case .function(let function, let isTopLevel) = bound[0], !(isTopLevel && bindings.hasImports),
        let result = function.returnType
      else { return nil }
      return known(result)
    case .call(.member(let base, let name, _), _, _):
      // A method of a script type with a declared result (checked at each `return`).
      guard case .object(let type)? = known(base).flatMap({ $0.isOptional ? nil : $0.type }),
        let result = type.scriptMethods[name.name]?.signature.returnType
      else { return nil }
      return known(result)
    case .call(.name(let name, let range), _, _):
      return constructed(name, at: range)
    case .member(let base, let name, _):
      guard let receiver = known(base), !receiver.isOptional else { return nil }
      return memberType(name.name, of: receiver.type)
    case .optionalMember(let base, let name, _):
      guard let receiver = known(base), let member = memberType(name.name, of: receiver.type) else { return nil }
      return Known(type: member.type, isOptional: true)
    default:
      return nil
    }
  }

  /// A constructor call `T(…)`: the name is a type, not a variable or function.
  private func constructed(_ name: String, at range: SourceRange) -> Known? {
    guard bindings.names[name] == nil, interpreter.session.globalScope.lookup(name) == nil,
      interpreter.registry.hostFunctions[name] == nil, interpreter.registry.hostValueTypes[name] == nil,
      let type = knownType(named: name, writtenAt: range.start.offset)
    else { return nil }
    // A registered class is made by its plain constructor; one with
    // initializers (which may be failable, `init?`) is not trusted.
    if case .object(let objectType) = type, let host = objectType.host,
      host.constructor == nil || !host.initializers.isEmpty
    {
      return nil
    }
    return Known(type: type, isOptional: false)
  }

  /// A bare member name in a method, `self.name`, when nothing in the file
  /// binds that name (no local, parameter or global could hide the member).
  private func knownSelfMember(_ name: String) -> Known? {
    guard bindings.names[name] == nil, let own = selfType, !own.isOptional else { return nil }
    return memberType(name, of: own.type)
  }

  private mutating func knownName(_ name: String) -> Known? {
    guard !bindings.memberNames.contains(name) else { return nil }
    guard let bound = bindings.names[name] else { return injectedObject(name) }
    guard bound.count == 1 else { return nil }
    switch bound[0] {
    case .typed(let annotation): return annotation.flatMap { known($0) }
    case .other, .function: return nil
    case .unwrapped(let value):
      guard resolving.count < Self.initializerDepthLimit, resolving.insert(name).inserted else { return nil }
      defer { resolving.remove(name) }
      return known(value).map { Known(type: $0.type, isOptional: false) }
    case .variable(let declaration, let isTopLevel):
      if isTopLevel && bindings.hasImports { return nil }
      if let annotation = declaration.type { return known(annotation, isRunWhereWritten: true) }
      if !declaration.isMutable, let collection = literalCollection(declaration.initializer) {
        return Known(type: collection, isOptional: false)
      }
      guard !declaration.isMutable || !bindings.assigned.contains(name) else { return nil }
      if let cached = knownNames[name] { return cached }
      guard resolving.count < Self.initializerDepthLimit, resolving.insert(name).inserted else { return nil }
      let type = known(declaration.initializer)
      resolving.remove(name)
      // Only a result reached without the depth limit is final.
      if resolving.isEmpty || type != nil { knownNames[name] = type }
      return type
    }
  }

  /// An object the app injected (`interpreter.inject(vm, as: "vm")`): a
  /// constant global of a registered class, which the file does not declare.
  private func injectedObject(_ name: String) -> Known? {
    guard let variable = interpreter.session.globalScope.lookup(name), !variable.isMutable,
      case .object(let object)? = interpreter.global(name), object.type.host != nil,
      bindings.typeDeclarations[object.type.name] == nil
    else { return nil }
    return Known(type: .object(object.type), isOptional: false)
  }

  /// `[1, 2, 3]` or `["a": 1, "b": 2]` whose elements (keys, values) are
  /// literals of one type each, as an array or dictionary of one of them:
  /// its run-time type name (`[Int]`, `[String: Int]`) is the literal's.
  private func literalCollection(_ expression: Expression) -> KnownType? {
    switch expression {
    case .array(let elements, _):
      guard let sample = Self.uniformLiterals(elements)?.first else { return nil }
      return .array(sample: .array([sample]))
    case .dictionary(let entries, _):
      // Repeated keys are an error of their own when the literal is made.
      guard let keys = Self.uniformLiterals(entries.map(\.key)), Set(keys.map(\.literal)).count == keys.count,
        let values = Self.uniformLiterals(entries.map(\.value)), let key = keys.first, let value = values.first
      else { return nil }
      var sample = ScriptDictionary()
      do {
        try sample.setValue(value, forKey: key)
      } catch {
        return nil  // not a key type; making the literal fails with its own error
      }
      return .dictionary(sample: .dictionary(sample))
    default:
      return nil
    }
  }

  /// The values of `expressions` when there is at least one and all are
  /// literals of the same type.
  private static func uniformLiterals(_ expressions: [Expression]) -> [Value]? {
    var values: [Value] = []
    for expression in expressions {
      let value: Value
      switch expression {
      case .integer(let number, _): value = .int(Int(number))
      case .double(let number, _): value = .double(number)
      case .string(let text, _): value = .string(text)
      case .boolean(let flag, _): value = .bool(flag)
      default: return nil
      }
      if let first = values.first, first.typeName != value.typeName { return nil }
      values.append(value)
    }
    return values.isEmpty ? nil : values
  }

  /// The declared type of a property of `type`, when members can be checked on it.
  private func memberType(_ name: String, of type: KnownType) -> Known? {
    switch type {
    case .object(let objectType):
      switch objectType.members[name] {
      case .stored(let index)?: return known(objectType.stored[index].type)
      case .derived(let index)?: return known(objectType.derived[index].type)
      case .event?, nil: return nil
      }
    case .structure(let structType):
      return structType.fields.first { $0.name == name }.flatMap { known($0.type) }
    case .string, .array, .dictionary: return nil
    }
  }
}
