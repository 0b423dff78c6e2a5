import BindSyntax

/// The member pass of `bindscript check`: reports `c.cuont`, `vm.refersh()`,
/// `bind a.titel -> …` and the like, whose receiver's type is known for
/// certain without running the script (``ReceiverTypes``), with the message
/// the interpreter gives at run time for the same mistake.
///
/// The compiler resolves members only when the statement runs (a value's
/// type is known then), so without this pass `check` passes them. It runs
/// after every statement compiled, when the file's types are declared, over
/// the member uses the resolver found (``NameBindings/memberUses``).
///
/// A case named through its enum (`State.lodaing`) is checked against the
/// enum declared once in the file, before the use.
///
/// Strings and collections are checked only where their members are read
/// or called, structs also where written, script and host objects
/// everywhere (`bind`, `observe`, `on`, `emit` too): only there is the
/// run-time error the one this pass would report.
struct MemberCheck {
  private var types: ReceiverTypes
  private let file: SourceFile
  private let interpreter: Interpreter
  private var errors: [(index: Int, error: ScriptError)] = []
  /// The script type whose own code the member use is in, which may write
  /// its `private(set)` properties (as ``ObjectType/checkSetterAccess(_:from:)``).
  private var writer: String?

  /// The member errors of `statements`, in source order; statements whose
  /// `skipping` flag is set (they failed to compile) are not reported on.
  static func errors(
    in statements: [Statement], resolved: ResolvedSyntax, file: SourceFile, interpreter: Interpreter,
    skipping: [Bool]
  ) -> [(index: Int, error: ScriptError)] {
    var bindings = resolved.bindings
    // A type whose declaration did not compile may be missing members.
    for index in statements.indices where skipping[index] {
      if case .typeDeclaration(let declaration) = statements[index] {
        bindings.typeDeclarations[declaration.name.name, default: 0] += 1
      }
    }
    var check = MemberCheck(
      types: ReceiverTypes(interpreter: interpreter, bindings: bindings), file: file, interpreter: interpreter)
    for site in bindings.memberUses where !skipping[site.statement] {
      check.types.selfType = check.types.selfType(named: site.selfTypeName)
      check.writer = site.selfTypeName
      switch site.use {
      case .property(let base, let name, let optional, let use):
        check.checkProperty(base, name, optional: optional, use: use, in: site.statement)
      case .method(let base, let name, let arguments, let optional):
        check.checkMethod(base, name, arguments, optional: optional, in: site.statement)
      case .enumCase(let base, let name): check.checkEnumCase(base, name, in: site.statement)
      case .place(let place, let method): check.checkPlace(place, method: method, in: site.statement)
      }
    }
    return check.errors
  }

  private init(types: ReceiverTypes, file: SourceFile, interpreter: Interpreter) {
    self.types = types
    self.file = file
    self.interpreter = interpreter
  }

  /// `receiver.name` read, written, bound, observed or emitted.
  private mutating func checkProperty(
    _ base: Expression, _ name: Identifier, optional: Bool, use: NameBindings.Use, in statement: Int
  ) {
    guard let receiver = types.known(base), optional || !receiver.isOptional else { return }
    switch (receiver.type, use) {
    case (.structure, .reactive), (.string, .write), (.string, .reactive), (.array, .write), (.array, .reactive),
      (.dictionary, .write), (.dictionary, .reactive):
      return
    case (.string, .read):
      guard !StringMethods.propertyNames.contains(name.name) else { return }
      report(Builtins.unknownMember(name.name, of: .string(""), kind: "property"), at: name, in: statement)
    case (.array(let sample), .read):
      guard !SequenceMethods.propertyNames.contains(name.name) else { return }
      report(Builtins.unknownMember(name.name, of: sample, kind: "property"), at: name, in: statement)
    case (.dictionary(let sample), .read):
      guard !["count", "isEmpty", "keys", "values"].contains(name.name) else { return }
      report(Builtins.unknownMember(name.name, of: sample, kind: "property"), at: name, in: statement)
    case (.object(let type), _):
      guard type.members[name.name] == nil, type.scriptMethods[name.name] == nil,
        type.host?.methodsByName[name.name] == nil
      else { return }
      report(ScriptError.unknownMember(name.name, on: type), at: name, in: statement)
    case (.structure(let type), _):
      guard !type.hasMember(name.name) else { return }
      report(
        ScriptError.unknownMember(name.name, typeName: type.name, candidates: type.memberNamesForSuggestions),
        at: name, in: statement)
    }
  }

  /// Names a call may take a different path for (closure-taking and
  /// mutating collection methods), whatever the receiver: never reported.
  private static let collectionMethodNames: Set<String> = Set(CollectionMethod.allCases.map(\.baseName))
    .union(Builtins.mutatingArrayMethods)

  /// `receiver.name(…)`.
  private mutating func checkMethod(
    _ base: Expression, _ name: Identifier, _ arguments: [Argument], optional: Bool, in statement: Int
  ) {
    guard !Self.collectionMethodNames.contains(name.name), let receiver = types.known(base),
      optional || !receiver.isOptional
    else { return }
    switch receiver.type {
    case .string, .array, .dictionary:
      let sample: Value
      switch receiver.type {
      case .array(let array), .dictionary(let array): sample = array
      default: sample = .string("")
      }
      let method = MethodName(name.name, labels: arguments.map { $0.label?.name })
      guard let error = Builtins.methodError(method, of: sample) else { return }
      report(error, at: name, in: statement)
    case .object(let type):
      // A property may hold a closure (`vm.onSelect(3)`).
      guard type.members[name.name] == nil, type.scriptMethods[name.name] == nil,
        type.host?.methodsByName[name.name] == nil
      else { return }
      if type.host != nil {
        // A registered class's methods are called by their Swift names.
        let signature = HostSignature(baseName: name.name, labels: arguments.map { $0.label?.name })
        report(ScriptError(HostCallSite.noMethod(signature, on: type)), at: name, in: statement)
        return
      }
      let guess = suggestion(for: name.name, among: type.methodNamesForSuggestions)
      report(ScriptError(.noMember(name: name.name, valueType: type.name, memberKind: "method", suggestion: guess)), at: name, in: statement)
    case .structure(let type):
      guard !type.hasMember(name.name) else { return }
      report(
        ScriptError.unknownMember(name.name, typeName: type.name, candidates: type.memberNamesForSuggestions),
        at: name, in: statement)
    }
  }

  /// `State.lodaing` or `State.loaded(…)`: a case of a script enum, named
  /// through the enum's name (no variable of that name in the file).
  private mutating func checkEnumCase(_ base: Expression, _ name: Identifier, in statement: Int) {
    let bindings = types.bindings
    guard case .name(let typeName, let range) = base, bindings.names[typeName] == nil, !bindings.hasImports,
      !bindings.memberNames.contains(typeName), interpreter.session.globalScope.lookup(typeName) == nil,
      bindings.typeDeclarations[typeName] == 1,
      bindings.typeDeclarationOffsets[typeName, default: .max] < range.start.offset,
      let type = interpreter.registry.enumTypes[typeName], type.index(ofCase: name.name) == nil,
      interpreter.session.globalScope.lookup(Compiler.staticName(typeName, name.name)) == nil
    else { return }
    report(ScriptError(type.unknownCase(name.name)), at: name, in: statement)
  }

  /// A place written, directly or by a mutating method: Swift's error for
  /// each `private(set)` (or `private`) property the write changes from
  /// outside its type's code. Writing `vm.items[0]` or `vm.point.x` writes
  /// `vm.items` and `vm.point` (values), and stops at an object, which
  /// does not change when one of its properties does.
  private mutating func checkPlace(_ place: Expression, method: Identifier?, in statement: Int) {
    var current = place.unparenthesized
    var writes = method == nil
    while true {
      switch current {
      case .index(let base, _, _):
        current = base.unparenthesized
      case .member(let base, let name, _):
        guard let receiver = types.known(base), !receiver.isOptional else { return }
        let property: (type: ValueType, isPrivateSet: Bool, owner: String)
        switch receiver.type {
        case .object(let type):
          guard case .stored(let index)? = type.members[name.name] else { return }
          property = (type.stored[index].type, type.stored[index].isPrivateSet, type.name)
        case .structure(let type):
          guard let index = type.index(ofField: name.name) else { return }
          property = (type.fields[index].type, type.fields[index].isPrivateSet, type.name)
        case .string, .array, .dictionary:
          return
        }
        if !writes, let method { writes = Self.mutates(property.type, by: method.name) }
        guard writes else { return }
        if property.isPrivateSet, writer != property.owner {
          report(ScriptError(.inaccessibleSetter(property: name.name, typeName: property.owner)), at: name, in: statement)
          return
        }
        guard case .structure = receiver.type else { return }
        current = base.unparenthesized
      default:
        return
      }
    }
  }

  /// Whether calling `method` on a value of `type` changes it: a collection's
  /// mutating methods, a struct's `mutating func`s.
  private static func mutates(_ type: ValueType, by method: String) -> Bool {
    switch type {
    case .array, .set, .dictionary:
      return Builtins.mutatingArrayMethods.contains(method) || Compiler.inPlaceArrayMethods[method] != nil
    case .structure(let structType):
      return structType.scriptMembers.methods[method]?.isMutating == true
    default:
      return false
    }
  }

  private mutating func report(_ error: ScriptError, at name: Identifier, in statement: Int) {
    errors.append((statement, error.moved(to: name.range, in: file)))
  }
}

extension StructType {
  /// Whether `name` is a field, a computed property or a method of the struct.
  fileprivate func hasMember(_ name: String) -> Bool {
    fields.contains { $0.name == name } || scriptMembers.methods[name] != nil || scriptMembers.computed[name] != nil
  }

  /// What "did you mean" offers, as the interpreter's run-time error does.
  fileprivate var memberNamesForSuggestions: [String] { fields.map(\.name) + scriptMembers.order }
}
