import BindSyntax

/// The types a session knows: script classes, structs, enums and
/// protocols, those hoisted or being declared, and what the host
/// registered (functions, protocols, value types, static constants).
///
/// The compiler reads and fills it while declarations compile; nothing here
/// runs on the hot path. One per ``Interpreter`` (``Interpreter/registry``).
final class TypeRegistry {
  var types: [String: ObjectType] = [:]
  /// Script `struct` types by name (see `Compiler+ValueTypes.swift`).
  var structTypes: [String: StructType] = [:]
  /// Script `enum` types by name.
  var enumTypes: [String: EnumType] = [:]
  /// Script protocols, by name.
  var protocols: [String: ProtocolType] = [:]
  /// Protocols declared in the file being run but not yet compiled, so
  /// that a type declared before its protocol may conform to it.
  var hoistedProtocols: [String: ProtocolDeclaration] = [:]
  /// What kind of type each hoisted type name will be, so a call of a
  /// struct declared further down compiles as its memberwise initializer.
  var hoistedTypeKinds: [String: TypeDeclaration.Kind] = [:]
  /// A struct or enum whose declaration is being compiled, so its fields,
  /// cases and methods can name it.
  var declaringStructTypes: [String: StructType] = [:]
  var declaringEnumTypes: [String: EnumType] = [:]
  /// Structs and enums hoisted but not declared yet: their type objects
  /// exist (empty) so functions and types above may name them; the
  /// declaration fills in the same object.
  var pendingStructTypes: [String: StructType] = [:]
  var pendingEnumTypes: [String: EnumType] = [:]
  /// The code of types a later declaration of the same name replaced (a
  /// REPL session redefining one): objects and values of the old type may
  /// still be in use, so ``Interpreter/endSession()`` releases it, with the others'.
  var replacedTypeCode: [any OwnsCompiledCode] = []
  /// The free functions the host defined (``Interpreter/define(_:_:)``), by base name.
  var hostFunctions: [String: [HostFunction]] = [:]
  /// The Swift protocols scripts may implement (``Interpreter/registerProtocol(_:as:implementedBy:_:)``),
  /// by their existential type.
  var hostProtocols: [ObjectIdentifier: HostProtocol] = [:]
  /// The Swift structs and enums the host registered (`registerStruct`,
  /// `registerEnum`), by script name and by Swift type.
  var hostValueTypes = HostValueTypes()
  /// Static members of registered types left out since their type does not
  /// bridge, by global name (`Price.formatter`), and why.
  var unavailableStatics: [String: String] = [:]
  /// The globals that hold registered types' static constants, which
  /// scripts read but never write (Swift owns them).
  var hostStaticNames: Set<String> = []
  /// The Swift closure types that bridge to script closures (``Interpreter/bridgeClosures(_:)-…``).
  ///
  /// Lazy: the standard shapes are 45 closure types whose metadata the
  /// Swift runtime builds one by one (0.6 M instructions, a fifth of
  /// `bindscript`'s start-up), and only a host call that takes or returns
  /// a closure needs them.
  lazy var closureShapes: [ObjectIdentifier: ClosureShape] = ClosureShape.standard
  /// The names of the prelude's types (`Label`, …), whether loaded yet or not.
  var builtinTypeNames: Set<String> { Prelude.typeNames }
  /// Whether the prelude's types are being declared (``Interpreter/loadPrelude()``).
  var isLoadingPrelude = false
  /// Whether the prelude's types are declared (see ``Interpreter/loadPreludeIfNamed(in:from:to:)``).
  var isPreludeLoaded = false
  /// Type names visible before their declaration finished compiling
  /// (self-references such as `var friend: Person?`).
  var declaringTypeNames: Set<String> = []
  var hoistedTypeNames: Set<String> = []

  /// The names a "did you mean" suggestion may offer for a type: the
  /// declared ones and the prelude's, loaded or not.
  var typeNamesForSuggestions: [String] {
    isPreludeLoaded ? Array(types.keys) : Array(types.keys) + Prelude.typeNames.sorted()
  }

  /// Whether `name` is a type a constructor may name.
  func isTypeName(_ name: String) -> Bool {
    types[name] != nil || declaringTypeNames.contains(name) || hoistedTypeNames.contains(name)
      || structTypes[name] != nil || enumTypes[name] != nil
  }

  /// Whether `name` is (or, hoisted, will be) a script struct or enum of `kind`.
  func isValueType(_ name: String, _ kind: TypeDeclaration.Kind) -> Bool {
    switch kind {
    case .structure: if structTypes[name] != nil { return true }
    case .enumeration: if enumTypes[name] != nil { return true }
    case .object: return false
    }
    return types[name] == nil && hoistedTypeKinds[name] == kind
  }

  /// Makes a type's name (and those of the types nested in it, as
  /// `Outer.Inner`) known before its declaration compiles.
  func hoistType(_ declaration: TypeDeclaration) {
    hoistedTypeNames.insert(declaration.name.name)
    hoistedTypeKinds[declaration.name.name] = declaration.kind
    hoistValueType(declaration)
    for nested in declaration.nestedTypes { hoistType(Compiler.qualified(nested, in: declaration.name.name)) }
  }

  private func hoistValueType(_ declaration: TypeDeclaration) {
    let name = declaration.name.name
    switch declaration.kind {
    case .structure where pendingStructTypes[name] == nil:
      pendingStructTypes[name] = StructType(name: name, fields: [])
    case .enumeration where pendingEnumTypes[name] == nil:
      var rawType: ValueType?
      if case .named(let raw, _)? = declaration.rawType { rawType = raw == "String" ? .string : raw == "Int" ? .int : nil }
      pendingEnumTypes[name] = EnumType(name: name, cases: [], rawType: rawType)
    default: break
    }
  }

  /// Forgets every script type and registered value type, releasing the
  /// code compiled into them (``Interpreter/endSession()``).
  func removeAll() {
    for type in types.values { type.releaseCompiledCode() }
    for type in structTypes.values { type.scriptMembers.releaseCompiledCode() }
    for type in enumTypes.values { type.scriptMembers.releaseCompiledCode() }
    for code in replacedTypeCode { code.releaseCompiledCode() }
    types.removeAll()
    structTypes.removeAll()
    enumTypes.removeAll()
    pendingStructTypes.removeAll()
    pendingEnumTypes.removeAll()
    replacedTypeCode.removeAll()
    hostValueTypes.removeAll()
  }
}

// The registry's tables as the interpreter's own, for the code (the
// embedding API, the REPL's commands, tests) written before the registry
// was a part of its own. In place (`_modify`): a table is never copied to
// add one entry.
extension Interpreter {
  var types: [String: ObjectType] {
    _read { yield registry.types }
    _modify { yield &registry.types }
  }
  var structTypes: [String: StructType] {
    _read { yield registry.structTypes }
    _modify { yield &registry.structTypes }
  }
  var enumTypes: [String: EnumType] {
    _read { yield registry.enumTypes }
    _modify { yield &registry.enumTypes }
  }
  var protocols: [String: ProtocolType] {
    _read { yield registry.protocols }
    _modify { yield &registry.protocols }
  }
  var hoistedProtocols: [String: ProtocolDeclaration] {
    _read { yield registry.hoistedProtocols }
    _modify { yield &registry.hoistedProtocols }
  }
  var hoistedTypeKinds: [String: TypeDeclaration.Kind] {
    _read { yield registry.hoistedTypeKinds }
    _modify { yield &registry.hoistedTypeKinds }
  }
  var declaringStructTypes: [String: StructType] {
    _read { yield registry.declaringStructTypes }
    _modify { yield &registry.declaringStructTypes }
  }
  var declaringEnumTypes: [String: EnumType] {
    _read { yield registry.declaringEnumTypes }
    _modify { yield &registry.declaringEnumTypes }
  }
  var pendingStructTypes: [String: StructType] {
    _read { yield registry.pendingStructTypes }
    _modify { yield &registry.pendingStructTypes }
  }
  var pendingEnumTypes: [String: EnumType] {
    _read { yield registry.pendingEnumTypes }
    _modify { yield &registry.pendingEnumTypes }
  }
  var replacedTypeCode: [any OwnsCompiledCode] {
    _read { yield registry.replacedTypeCode }
    _modify { yield &registry.replacedTypeCode }
  }
  var hostFunctions: [String: [HostFunction]] {
    _read { yield registry.hostFunctions }
    _modify { yield &registry.hostFunctions }
  }
  var hostProtocols: [ObjectIdentifier: HostProtocol] {
    _read { yield registry.hostProtocols }
    _modify { yield &registry.hostProtocols }
  }
  var hostValueTypes: HostValueTypes {
    _read { yield registry.hostValueTypes }
    _modify { yield &registry.hostValueTypes }
  }
  var unavailableStatics: [String: String] {
    _read { yield registry.unavailableStatics }
    _modify { yield &registry.unavailableStatics }
  }
  var hostStaticNames: Set<String> {
    _read { yield registry.hostStaticNames }
    _modify { yield &registry.hostStaticNames }
  }
  var closureShapes: [ObjectIdentifier: ClosureShape] {
    _read { yield registry.closureShapes }
    _modify { yield &registry.closureShapes }
  }
  var declaringTypeNames: Set<String> {
    _read { yield registry.declaringTypeNames }
    _modify { yield &registry.declaringTypeNames }
  }
  var hoistedTypeNames: Set<String> {
    _read { yield registry.hoistedTypeNames }
    _modify { yield &registry.hoistedTypeNames }
  }
  var builtinTypeNames: Set<String> { registry.builtinTypeNames }
  var isPreludeLoaded: Bool { registry.isPreludeLoaded }
  func isTypeName(_ name: String) -> Bool { registry.isTypeName(name) }
  func isValueType(_ name: String, _ kind: TypeDeclaration.Kind) -> Bool { registry.isValueType(name, kind) }
}
