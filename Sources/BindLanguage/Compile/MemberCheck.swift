import BindSyntax

/// The member pass of `bindscript check`: finds `c.cuont`, `vm.refersh()`,
/// `bind a.titel -> …` and the like, whose receiver's type is known for
/// certain without running the script, and reports them with the message
/// the interpreter gives at run time for the same mistake.
///
/// The compiler resolves members only when the statement runs (a value's
/// type is known then), so without this pass `check` passes them. It runs
/// after every statement compiled, when the file's types are declared.
///
/// A false alarm is worse than a missed mistake, so a receiver's type counts
/// as known only when nothing can change it:
/// - a name bound once in the whole file (by any binding form), that is not
///   also the name of a member of a declared type (a bare member name in a
///   method means `self.name`): a `let` (or a `var` never assigned) whose
///   initializer's type is known, a variable, parameter or closure parameter
///   with a declared type (the interpreter enforces it);
/// - `self` in a method, a derived property or a setter of a script `type`
///   or `struct`;
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
/// A case named through its enum (`State.lodaing`) is checked against the
/// enum declared once in the file, before the use.
///
/// Top-level names and script types of a file with `import` are not trusted
/// (the imported file, which `check` does not read, may redeclare them);
/// built-in and host types still are. Every other receiver (untyped
/// parameters and functions, other collections, numbers, enum values,
/// globals the app defined other than injected objects) is unknown, and
/// nothing is reported on it.
///
/// Strings and collections are checked only where their members are read
/// or called, structs also where written, script and host objects
/// everywhere (`bind`, `observe`, `on`, `emit` too): only there is the
/// run-time error the one this pass would report.
struct MemberCheck {
  /// A receiver's type, when known for certain.
  private enum KnownType {
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

  /// Where a member is used: run-time errors differ by use (see above).
  private enum Use {
    case read, write, reactive
  }

  /// A known type, and whether the value may be `nil` (then only `?.` is checked).
  private struct Known {
    let type: KnownType
    let isOptional: Bool
  }

  /// How a name was bound.
  private enum Binding {
    case variable(VariableDeclaration, isTopLevel: Bool)
    case typed(TypeAnnotation?)
    /// `func make() -> T`: its calls return a `T` (the interpreter checks each `return`).
    case function(FunctionDeclaration, isTopLevel: Bool)
    /// `if let x = value` or `guard let x = value`: the value unwrapped.
    case unwrapped(Expression)
    case other
  }

  private let interpreter: Interpreter
  private let file: SourceFile
  private var bindings: [String: [Binding]] = [:]
  /// Names assigned to (`x = …`, `x += …`) anywhere.
  private var assigned: Set<String> = []
  /// Members of the file's declared types: inside methods, a bare name may be one.
  private var memberNames: Set<String> = []
  /// How often each type name is declared in the file.
  private var typeDeclarations: [String: Int] = [:]
  /// Where each type's declaration starts: a type is made when its
  /// declaration runs, so `T()` or `x: T` written before it is not trusted.
  private var typeDeclarationOffsets: [String: Int] = [:]
  private var hasImports = false
  /// Names whose initializer's type is being worked out (`let a = a.b` must not loop).
  private var resolving: Set<String> = []
  /// The types of names worked out so far (bindings do not change once collected).
  private var knownNames: [String: Known?] = [:]
  /// How many initializers `let b = a` may lead through: a longer chain is
  /// unknown, so a file of many such lines cannot exhaust the stack.
  private static let initializerDepthLimit = 32
  private var selfType: Known?
  private var depth = 0
  private var isCollecting = true
  private var errors: [ScriptError] = []

  /// The member errors of `statements`, in source order; statements whose
  /// indices are in `skipping` (they failed to compile) are not reported on.
  static func errors(
    in statements: [Statement], file: SourceFile, interpreter: Interpreter, skipping: Set<Int>
  ) -> [(index: Int, error: ScriptError)] {
    var check = MemberCheck(interpreter: interpreter, file: file)
    for (index, statement) in statements.enumerated() {
      check.walk(statement)
      // A type whose declaration did not compile may be missing members.
      if skipping.contains(index), case .typeDeclaration(let declaration) = statement {
        check.typeDeclarations[declaration.name.name, default: 0] += 1
      }
    }
    check.isCollecting = false
    var found: [(Int, ScriptError)] = []
    for (index, statement) in statements.enumerated() where !skipping.contains(index) {
      check.errors = []
      check.walk(statement)
      found += check.errors.map { (index, $0) }
    }
    return found
  }

  private init(interpreter: Interpreter, file: SourceFile) {
    self.interpreter = interpreter
    self.file = file
  }

  // MARK: Types

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
  private func knownType(named name: String, writtenAt offset: Int? = nil) -> KnownType? {
    guard typeDeclarations[name, default: 0] <= 1 else { return nil }
    if let offset, let declared = typeDeclarationOffsets[name], declared > offset { return nil }
    // An imported file may redeclare a script type; built-in and host types
    // cannot be redeclared.
    if let structType = interpreter.structTypes[name] { return hasImports ? nil : .structure(structType) }
    if let objectType = interpreter.types[name] {
      let isFixed = objectType.host != nil || interpreter.builtinTypeNames.contains(name)
      return hasImports && !isFixed ? nil : .object(objectType)
    }
    return nil
  }

  /// The type of `expression`'s value, when it is known for certain.
  private mutating func known(_ expression: Expression) -> Known? {
    switch expression {
    case .parenthesized(let inner, _): return known(inner)
    case .name("self", _): return selfType
    case .name(let name, _): return knownName(name)
    case .string, .interpolatedString: return Known(type: .string, isOptional: false)
    case .array, .dictionary:
      return literalCollection(expression).map { Known(type: $0, isOptional: false) }
    case .call(.name(let name, _), _, _) where bindings[name] != nil:
      guard !memberNames.contains(name), let bound = bindings[name], bound.count == 1,
        case .function(let function, let isTopLevel) = bound[0], !(isTopLevel && hasImports),
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
      // A constructor: the name is a type, not a variable or function.
      guard bindings[name] == nil, interpreter.globalScope.lookup(name) == nil,
        interpreter.hostFunctions[name] == nil, interpreter.hostValueTypes[name] == nil,
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

  private mutating func knownName(_ name: String) -> Known? {
    guard !memberNames.contains(name) else { return nil }
    guard let bound = bindings[name] else { return injectedObject(name) }
    guard bound.count == 1 else { return nil }
    switch bound[0] {
    case .typed(let annotation): return annotation.flatMap { known($0) }
    case .other, .function: return nil
    case .unwrapped(let value):
      guard resolving.count < Self.initializerDepthLimit, resolving.insert(name).inserted else { return nil }
      defer { resolving.remove(name) }
      return known(value).map { Known(type: $0.type, isOptional: false) }
    case .variable(let declaration, let isTopLevel):
      if isTopLevel && hasImports { return nil }
      if let annotation = declaration.type { return known(annotation, isRunWhereWritten: true) }
      if !declaration.isMutable, let collection = literalCollection(declaration.initializer) {
        return Known(type: collection, isOptional: false)
      }
      guard !declaration.isMutable || !assigned.contains(name) else { return nil }
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
    guard let variable = interpreter.globalScope.lookup(name), !variable.isMutable,
      case .object(let object)? = interpreter.global(name), object.type.host != nil,
      typeDeclarations[object.type.name] == nil
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

  // MARK: Checks

  /// `receiver.name` read, written, bound, observed or emitted.
  private mutating func checkProperty(_ base: Expression, _ name: Identifier, optional: Bool, use: Use) {
    guard !isCollecting, let receiver = known(base), optional || !receiver.isOptional else { return }
    switch (receiver.type, use) {
    case (.structure, .reactive), (.string, .write), (.string, .reactive), (.array, .write), (.array, .reactive),
      (.dictionary, .write), (.dictionary, .reactive):
      return
    case (.string, .read):
      guard !StringMethods.propertyNames.contains(name.name) else { return }
      report(Builtins.unknownMember(name.name, of: .string(""), kind: "property"), at: name)
    case (.array(let sample), .read):
      guard !SequenceMethods.propertyNames.contains(name.name) else { return }
      report(Builtins.unknownMember(name.name, of: sample, kind: "property"), at: name)
    case (.dictionary(let sample), .read):
      guard !["count", "isEmpty", "keys", "values"].contains(name.name) else { return }
      report(Builtins.unknownMember(name.name, of: sample, kind: "property"), at: name)
    case (.object(let type), _):
      guard type.members[name.name] == nil, type.scriptMethods[name.name] == nil,
        type.host?.methodsByName[name.name] == nil
      else { return }
      report(ScriptError.unknownMember(name.name, on: type), at: name)
    case (.structure(let type), _):
      guard !type.hasMember(name.name) else { return }
      report(ScriptError.unknownMember(name.name, typeName: type.name, candidates: type.memberNamesForSuggestions), at: name)
    }
  }

  /// Names a call may take a different path for (closure-taking and
  /// mutating collection methods), whatever the receiver: never reported.
  private static let collectionMethodNames: Set<String> = Set(CollectionMethod.allCases.map(\.baseName))
    .union(Builtins.mutatingArrayMethods)

  /// `receiver.name(…)`.
  private mutating func checkMethod(_ base: Expression, _ name: Identifier, _ arguments: [Argument], optional: Bool) {
    guard !isCollecting, !Self.collectionMethodNames.contains(name.name), let receiver = known(base),
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
      report(error, at: name)
    case .object(let type):
      // A property may hold a closure (`vm.onSelect(3)`).
      guard type.members[name.name] == nil, type.scriptMethods[name.name] == nil,
        type.host?.methodsByName[name.name] == nil
      else { return }
      if type.host != nil {
        // A registered class's methods are called by their Swift names.
        let signature = HostSignature(baseName: name.name, labels: arguments.map { $0.label?.name })
        report(ScriptError(HostCallSite.noMethod(signature, on: type)), at: name)
        return
      }
      let guess = suggestion(for: name.name, among: type.methodNamesForSuggestions)
      report(ScriptError(.noMember(name: name.name, valueType: type.name, memberKind: "method", suggestion: guess)), at: name)
    case .structure(let type):
      guard !type.hasMember(name.name) else { return }
      report(ScriptError.unknownMember(name.name, typeName: type.name, candidates: type.memberNamesForSuggestions), at: name)
    }
  }

  /// `State.lodaing` or `State.loaded(…)`: a case of a script enum, named
  /// through the enum's name (no variable of that name in the file).
  private mutating func checkEnumCase(_ base: Expression, _ name: Identifier) {
    guard !isCollecting, case .name(let typeName, let range) = base, bindings[typeName] == nil, !hasImports,
      !memberNames.contains(typeName), interpreter.globalScope.lookup(typeName) == nil,
      typeDeclarations[typeName] == 1, typeDeclarationOffsets[typeName, default: .max] < range.start.offset,
      let type = interpreter.enumTypes[typeName], type.index(ofCase: name.name) == nil,
      interpreter.globalScope.lookup(Compiler.staticName(typeName, name.name)) == nil
    else { return }
    report(ScriptError(type.unknownCase(name.name)), at: name)
  }

  private mutating func report(_ error: ScriptError, at name: Identifier) {
    errors.append(error.moved(to: name.range, in: file))
  }

  // MARK: Walking the syntax
  //
  // The switches are exhaustive on purpose: a new statement or expression
  // form must say which names it binds, or a name it rebinds could keep a
  // type it no longer has.

  private mutating func bind(_ name: Identifier, _ binding: Binding) {
    guard isCollecting else { return }
    bindings[name.name, default: []].append(binding)
  }

  private mutating func walk(_ block: Block) {
    depth += 1
    defer { depth -= 1 }
    for statement in block.statements { walk(statement) }
  }

  private mutating func walk(_ handler: HandlerBlock) {
    for parameter in handler.parameters { bind(parameter, .other) }
    walk(handler.body)
  }

  private mutating func walk(_ function: FunctionDeclaration) {
    for parameter in function.signature {
      bind(parameter.name, .typed(parameter.type))
      if let defaultValue = parameter.defaultValue { walk(defaultValue) }
    }
    walk(function.body)
  }

  private mutating func walk(_ conditions: [ConditionClause]) {
    for condition in conditions {
      switch condition {
      case .expression(let expression): walk(expression)
      case .optionalBinding(let binding):
        if let value = binding.value { walk(value) }
        // `if var x = …` may be assigned another value in its block; the
        // shorthand `if let x` binds the name a second time, which is never trusted.
        bind(binding.name, binding.isMutable ? .other : binding.value.map(Binding.unwrapped) ?? .other)
      }
    }
  }

  private mutating func walk(_ pattern: Pattern) {
    switch pattern {
    case .wildcard: break
    case .binding(let name): bind(name, .other)
    case .enumCase(_, _, let arguments, _): for argument in arguments ?? [] { walk(argument.pattern) }
    case .expression(let expression): walk(expression)
    }
  }

  private mutating func walk(_ ifStatement: IfStatement) {
    walk(ifStatement.conditions)
    if let pattern = ifStatement.casePattern { walk(pattern) }
    walk(ifStatement.thenBlock)
    switch ifStatement.elseBranch {
    case .block(let block)?: walk(block)
    case .elseIf(let next)?: walk(next)
    case nil: break
    }
  }

  private mutating func walk(_ declaration: TypeDeclaration) {
    let name = declaration.name.name
    if isCollecting {
      typeDeclarations[name, default: 0] += 1
      typeDeclarationOffsets[name] = declaration.range.start.offset
    }
    let savedSelf = selfType
    defer { selfType = savedSelf }
    switch declaration.kind {
    case .object: selfType = isCollecting ? nil : knownType(named: name).map { Known(type: $0, isOptional: false) }
    case .structure: selfType = isCollecting ? nil : knownType(named: name).map { Known(type: $0, isOptional: false) }
    case .enumeration: selfType = nil
    }
    for member in declaration.members {
      switch member {
      case .property(let property):
        if isCollecting { memberNames.insert(property.name.name) }
        switch property.value {
        case .stored(let defaultValue?):
          // Defaults are evaluated without an object.
          let inner = selfType
          selfType = nil
          walk(defaultValue)
          selfType = inner
        case .stored(nil): break
        case .derived(let body): walk(body)
        }
        if let setter = property.setter {
          bind(setter.parameter ?? Identifier("newValue", range: setter.range), .other)
          walk(setter.body)
        }
      case .event(let event):
        if isCollecting { memberNames.insert(event.name.name) }
      case .method(let method):
        if isCollecting { memberNames.insert(method.name.name) }
        walk(method)
      case .enumCase(let enumCase):
        if isCollecting { memberNames.insert(enumCase.name.name) }
        if let rawValue = enumCase.rawValue { walk(rawValue) }
      }
    }
  }

  private mutating func walk(_ statement: Statement) {
    switch statement {
    case .expression(let expression): walk(expression)
    case .variable(let declaration):
      walk(declaration.initializer)
      if let names = declaration.tupleNames {
        for name in names where name.name != "_" { bind(name, .other) }
      } else {
        bind(declaration.name, .variable(declaration, isTopLevel: depth == 0))
      }
    case .assignment(let assignment):
      if isCollecting, case .name(let name, _) = assignment.target.unparenthesized { assigned.insert(name) }
      walk(assignment.target, use: .write)
      walk(assignment.value)
    case .typeDeclaration(let declaration): walk(declaration)
    case .protocolDeclaration: break  // requirements hold no code
    case .function(let function):
      bind(function.name, .function(function, isTopLevel: depth == 0))
      let savedSelf = selfType
      selfType = nil
      walk(function)
      selfType = savedSelf
    case .bind(let statement):
      walk(statement.source, use: .reactive)
      walk(statement.target, use: .reactive)
      if let name = statement.name { bind(name, .other) }
    case .observe(let statement):
      walk(statement.expression, use: .reactive)
      if let name = statement.name { bind(name, .other) }
      if let handler = statement.handler { walk(handler) }
    case .on(let statement):
      walk(statement.event, use: .reactive)
      if let name = statement.name { bind(name, .other) }
      walk(statement.handler)
    case .emit(let statement):
      walk(statement.event, use: .reactive)
      if let payload = statement.payload { walk(payload) }
    case .dispose, .breakStatement, .continueStatement: break
    case .importStatement: if isCollecting { hasImports = true }
    case .batch(let block, _), .onCleanup(let block, _): walk(block)
    case .ifStatement(let statement): walk(statement)
    case .forLoop(let loop):
      walk(loop.sequence)
      bind(loop.variable, .other)
      if let second = loop.secondVariable { bind(second, .other) }
      walk(loop.body)
    case .whileLoop(let loop):
      walk(loop.condition)
      walk(loop.body)
    case .returnStatement(let value, _), .wait(let value, _): if let value { walk(value) }
    case .timeline(let statement):
      walk(statement.source, use: .reactive)
      walk(statement.duration)
      if let frame = statement.frame { walk(frame) }
    case .effect(let statement):
      if let name = statement.name { bind(name, .other) }
      walk(statement.body)
    case .notify(let expression, _): walk(expression, use: .reactive)
    case .guardStatement(let statement):
      walk(statement.conditions)
      walk(statement.elseBlock)
    case .switchStatement(let statement):
      walk(statement.subject)
      for switchCase in statement.cases {
        for pattern in switchCase.patterns { walk(pattern) }
        if let guardExpression = switchCase.guardExpression { walk(guardExpression) }
        walk(switchCase.body)
      }
    case .throwStatement(let value, _): walk(value)
    case .deferStatement(let block, _): walk(block)
    case .doCatch(let statement):
      walk(statement.body)
      for clause in statement.catches {
        if clause.patterns.isEmpty { bind(Identifier("error", range: clause.keywordRange), .other) }
        for pattern in clause.patterns { walk(pattern) }
        if let guardExpression = clause.guardExpression { walk(guardExpression) }
        walk(clause.body)
      }
    }
  }

  /// Walks `expression`; `use` is how its outermost member is used (its
  /// bases and everything inside are read).
  private mutating func walk(_ expression: Expression, use: Use = .read) {
    switch expression {
    case .integer, .double, .string, .boolean, .nilLiteral, .name, .duration, .implicitMember: break
    case .interpolatedString(let segments, _):
      for case .expression(let inner) in segments { walk(inner) }
    case .array(let elements, _): for element in elements { walk(element) }
    case .tuple(let elements, _): for element in elements { walk(element.value) }
    case .parenthesized(let inner, _): walk(inner, use: use)
    case .unary(_, let inner, _), .await(let inner, _), .untracked(let inner, _), .tryExpression(_, let inner, _):
      walk(inner)
    case .binary(_, let lhs, let rhs, _), .index(let lhs, let rhs, _):
      walk(lhs)
      walk(rhs)
    case .ternary(let condition, let then, let otherwise, _):
      walk(condition)
      walk(then)
      walk(otherwise)
    case .member(let base, let name, _):
      walk(base)
      if use == .read { checkEnumCase(base, name) }
      checkProperty(base, name, optional: false, use: use)
    case .optionalMember(let base, let name, _):
      walk(base)
      checkProperty(base, name, optional: true, use: use)
    case .call(let callee, let arguments, _):
      switch callee {
      case .member(let base, let name, _):
        walk(base)
        checkEnumCase(base, name)
        checkMethod(base, name, arguments, optional: false)
      case .optionalMember(let base, let name, _):
        walk(base)
        checkMethod(base, name, arguments, optional: true)
      default:
        walk(callee)
      }
      for argument in arguments { walk(argument.value) }
    case .timer(let timer):
      walk(timer.interval)
      if let name = timer.name { bind(name, .other) }
      walk(timer.body)
    case .effect(let effect):
      if let name = effect.name { bind(name, .other) }
      walk(effect.body)
    case .closure(let closure):
      for parameter in closure.parameters ?? [] { bind(parameter.name, .typed(parameter.type)) }
      walk(closure.body)
    case .dictionary(let entries, _):
      for entry in entries {
        walk(entry.key)
        walk(entry.value)
      }
    case .ifExpression(let statement): walk(statement)
    case .switchExpression(let statement): walk(.switchStatement(statement))
    }
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
