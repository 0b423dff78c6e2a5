import BindSyntax

// `static` members of script types: `static let pageSize = 20`,
// `static var created = 0`, `static func make() -> Item`.
extension Compiler {
  /// The global a static member lives in: `Item.make`, a name no script
  /// variable can have, so `Item.make()` is a call of that global and
  /// messages name the member as Swift does.
  static func staticName(_ typeName: String, _ member: String) -> String { "\(typeName).\(member)" }

  /// Declares the globals of a type's static members before anything of
  /// the type compiles, so that its methods may name them.
  func declareStaticMembers(of declaration: TypeDeclaration) {
    for member in declaration.staticMembers {
      switch member {
      case .variable(let variable):
        interpreter.session.globalScope.declare(
          Self.staticName(declaration.name.name, variable.name.name), isMutable: variable.isMutable)
      case .function(let function):
        interpreter.session.globalScope.declare(Self.staticName(declaration.name.name, function.name.name), isMutable: false)
      default:
        continue
      }
    }
    interpreter.session.ensureGlobalCapacity()
  }

  /// Compiles a type's static members into globals named `Type.member`.
  /// Its functions exist at once, as top-level functions do; its stored
  /// properties get their values when the declaration is reached, in order
  /// (Swift initializes them lazily, on first use; a script runs top to
  /// bottom, so reaching the declaration first is what users see).
  func compileStaticMembers(of declaration: TypeDeclaration) throws -> Execution {
    let typeName = declaration.name.name
    let enclosing = staticContextType
    staticContextType = typeName
    defer { staticContextType = enclosing }
    struct Initializer { let run: Execution }
    var initializers: [Initializer] = []
    for member in declaration.staticMembers {
      switch member {
      case .variable(var variable):
        variable.name = Identifier(Self.staticName(typeName, variable.name.name), range: variable.name.range)
        initializers.append(Initializer(run: try compileStatement(.variable(variable))))
      case .function(var function):
        function.name = Identifier(Self.staticName(typeName, function.name.name), range: function.name.range)
        _ = try compileStatement(.function(function))(interpreter.session.globalFrame)
      default:
        throw error(.declaration(.staticMemberKind), at: member.range)
      }
    }
    return { frame in
      for initializer in initializers { _ = try initializer.run(frame) }
      return .next
    }
  }

  /// `Item.pageSize` (or `Self.pageSize` in the type's own code) as the
  /// name of the global it lives in, when `Item` is a type with that static
  /// member and no variable of that name hides the type.
  ///
  /// Any other member of a script `type` or `struct` named through the
  /// type is an error that lists its static members (an enum's cases and
  /// a host type's members are looked up elsewhere).
  ///
  /// A registered Swift type's statics (``Interpreter/defineStatic(_:of:_:)``)
  /// are read-only: `forWriting` makes naming one an error.
  func staticMemberName(_ base: Expression, _ member: Identifier, range: SourceRange, forWriting: Bool = false) throws
    -> Expression?
  {
    guard case .name(var typeName, let typeRange) = base else { return nil }
    if typeName == "Self", let enclosingTypeName { typeName = enclosingTypeName }
    let name = Self.staticName(typeName, member.name)
    guard resolveInScopes(typeName, at: typeRange) == nil else { return nil }
    if forWriting, interpreter.registry.hostStaticNames.contains(name) {
      throw error(.declaration(.hostStaticReadOnly(name: name)), at: range)
    }
    if interpreter.session.globalScope.lookup(name) != nil || interpreter.registry.hostFunctions[name] != nil { return .name(name, range) }
    if let unavailable = interpreter.registry.unavailableStatics[name] { throw error(.unavailableMember(reason: unavailable), at: member.range) }
    let isObjectType = interpreter.registry.types[typeName] != nil
    guard isObjectType || interpreter.registry.isValueType(typeName, .structure) || interpreter.registry.hostValueTypes[typeName]?.structType != nil
    else { return nil }
    let isInstanceMember = interpreter.registry.types[typeName]?.members[member.name] != nil
      || interpreter.registry.types[typeName]?.scriptMethods[member.name] != nil
      || interpreter.registry.types[typeName]?.host?.methodsByName[member.name] != nil
      || interpreter.registry.hostValueTypes[typeName]?.structType?.index(ofField: member.name) != nil
      || interpreter.registry.structTypes[typeName].map { type in
        type.index(ofField: member.name) != nil || type.scriptMembers.computed[member.name] != nil
          || type.scriptMembers.methods[member.name] != nil
      } ?? false
    if isInstanceMember {
      throw error(
        .declaration(.instanceMemberOnType(member: member.name, typeName: typeName)),
        at: member.range)
    }
    let prefix = Self.staticName(typeName, "")
    let statics = (interpreter.session.globalScope.visibleNames + interpreter.registry.hostFunctions.keys.sorted())
      .filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
    let guess = suggestion(for: member.name, among: statics)
    throw error(.noStaticMember(name: member.name, typeName: typeName, suggestion: guess, statics: statics), at: member.range)
  }

  /// A bare name in a static member's own code (`pageSize` in `static func
  /// first()`), which Swift resolves among the type's static members.
  func staticMemberInContext(_ name: String) -> Resolution? {
    guard let staticContextType,
      let variable = interpreter.session.globalScope.lookup(Self.staticName(staticContextType, name))
    else { return nil }
    return .global(slot: variable.slot, isMutable: variable.isMutable)
  }
}
