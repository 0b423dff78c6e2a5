import BindRuntime
import BindSyntax

// The expressions that make and use script `struct` and `enum` values:
// memberwise initializers, `Tab(rawValue:)`, enum cases (`State.idle`,
// `.failed("x")`), field writes, method calls, and their caches.
extension Compiler {
  // MARK: Making values

  /// `Point(x: 1, id: "a")`: the memberwise initializer, labels in field
  /// order, fields with defaults (and optional `var`s) skippable, as in Swift.
  func compileMemberwiseInitializer(_ typeName: String, _ arguments: [Argument], range: SourceRange) throws -> Evaluation {
    let values = try arguments.map { try compileExpression($0.value) }
    let call = CallArguments(
      labels: arguments.map { $0.label?.name }, ranges: arguments.map(\.range), range: range, file: file)
    let interpreter = self.interpreter
    let file = self.file
    return { frame in
      guard let type = interpreter.registry.structTypes[typeName] else {
        throw ScriptError(.unknownType(typeName, suggestion: nil), at: range, in: file)
      }
      let evaluated = try values.map { try $0(frame) }
      let initializers = type.scriptMembers.initializers
      guard initializers.isEmpty else {
        let method = try interpreter.initializer(among: initializers, of: typeName, for: call)
        return try interpreter.initialize(
          .structValue(try interpreter.blankStruct(of: type)), with: method, call, values: evaluated,
          typeName: typeName, storedNames: type.fields.map(\.name)
        ) { made, index in
          guard case .structValue(let value) = made else { return false }
          return value.fields[index].isNull && type.fields[index].type.zeroValue == nil
        }
      }
      return .structValue(try interpreter.memberwise(type, call, values: evaluated))
    }
  }

  /// `Tab(rawValue: "home")`: the case with that raw value, or `nil`.
  func compileRawValueInitializer(_ typeName: String, _ arguments: [Argument], range: SourceRange) throws -> Evaluation {
    guard arguments.count == 1, arguments[0].label?.name == "rawValue" else {
      throw error(
        .declaration(.enumNeedsCase(typeName: typeName)),
        at: range)
    }
    let raw = try compileExpression(arguments[0].value)
    let interpreter = self.interpreter
    return locating(range) { frame in
      guard let type = interpreter.registry.enumTypes[typeName] else { throw ScriptError(.unknownType(typeName, suggestion: nil)) }
      guard let rawType = type.rawType else {
        throw ScriptError(.declaration(.noRawType(typeName: typeName)))
      }
      let value = try raw(frame)
      guard let converted = rawType.coerce(value) else {
        throw ScriptError(.argumentMismatch(valueType: value.typeName, expected: "\(rawType)", context: nil))
      }
      guard let index = type.cases.firstIndex(where: { $0.rawValue == converted }) else { return .null }
      return .enumValue(EnumValue(type: type, caseIndex: index))
    }
  }

  /// `State.idle`, `State.failed("x")`, `.idle`, `.loaded(items: xs)`. Without
  /// a type the value is an implicit member that the context (a typed
  /// property or parameter, a comparison, a switch) resolves.
  func compileEnumCase(typeName: String?, _ name: Identifier, _ arguments: [Argument]?, range: SourceRange) throws
    -> Evaluation
  {
    let values = try (arguments ?? []).map { try compileExpression($0.value) }
    let labels = (arguments ?? []).map { $0.label?.name }
    let caseName = name.name
    guard let typeName else {
      if arguments == nil {
        let constant = Value.enumValue(EnumType.contextual(caseName))
        return { _ in constant }
      }
      return locating(range) { frame in
        let evaluated = try values.map { try $0(frame) }
        try Operators.checkNesting(evaluated)
        return .enumValue(EnumType.contextual(caseName, labels: labels, values: evaluated))
      }
    }
    let interpreter = self.interpreter
    return locating(name.range) { frame in
      guard let type = interpreter.registry.enumTypes[typeName] else { throw ScriptError(.unknownType(typeName, suggestion: nil)) }
      let evaluated = try values.map { try $0(frame) }
      try Operators.checkNesting(evaluated)
      return .enumValue(try type.resolve(EnumType.contextual(caseName, labels: labels, values: evaluated)))
    }
  }

  /// `state == .idle`: the implicit member takes the other side's enum, and
  /// a case that enum does not have is an error, not `false`.
  func compileImplicitMemberComparison(
    _ left: @escaping Evaluation, _ right: @escaping Evaluation, implicitOnLeft: Bool, negated: Bool,
    range: SourceRange
  ) -> Evaluation {
    locating(range) { frame in
      let lhs = try left(frame)
      let rhs = try right(frame)
      let (implicit, other) = implicitOnLeft ? (lhs, rhs) : (rhs, lhs)
      var equal = lhs == rhs
      if case .enumValue(let member) = implicit, member.type.isContextual,
        case .enumValue(let value) = other, !value.type.isContextual
      {
        equal = try value.type.resolve(member) == value
      }
      return .bool(equal != negated)
    }
  }

  // MARK: Using values

  /// The store for `base` when a struct in it changes (a field write or a
  /// `mutating` call): compiled now, but its error (a `let` constant, an
  /// immutable `self`) is raised only if a struct is really written.
  func compileBaseStore(_ base: Expression) -> Result<(Frame, Value) throws -> Void, ScriptError> {
    guard base.isAssignable else {
      return .failure(ScriptError(.structNotStored))
    }
    do {
      return .success(try compileStore(into: base))
    } catch let failure as ScriptError {
      if case .name(let name, let range) = base.unparenthesized {
        if name == "self" {
          return .failure(ScriptError(.immutableSelf))
        }
        if resolve(name, at: range)?.isMutable == false {
          return .failure(ScriptError(.assignToLet(name: name, owner: nil)))
        }
      }
      return .failure(ScriptError(failure.kind))
    } catch {
      return .failure(ScriptError(.swiftError("\(error)")))
    }
  }

  /// `p.x = value` on a struct: the field changes in a copy, which is
  /// written back to `p` whole (one write of a property holding it).
  func compileFieldStore(_ base: Expression, _ name: Identifier, range: SourceRange) throws
    -> (Frame, StructValue, Value) throws -> Void
  {
    let storeBase = compileBaseStore(base)
    let fieldName = name.name
    let writer = enclosingTypeName
    let initializing = compilingInitializer
    return { frame, structValue, value in
      let index = try structValue.writableFieldIndex(fieldName, from: writer, initializing: initializing)
      let field = structValue.type.fields[index]
      guard let converted = field.type.coerce(value) else {
        throw ScriptError.typeMismatch(value: value, expected: field.type, what: "property '\(fieldName)'")
      }
      let store: (Frame, Value) throws -> Void
      switch storeBase {
      case .success(let found): store = found
      case .failure(let failure): throw ScriptError(.immutableStruct(failure.kind, byMutatingMethod: false))
      }
      try Operators.checkNesting([converted])
      var copy = structValue
      copy.fields[index] = converted
      try store(frame, .structValue(copy))
    }
  }

  /// The script-method part of `base.name(arguments)`: returns nil when the
  /// receiver has no script methods (host objects, strings, arrays).
  func scriptMethodCall(_ base: Expression, _ name: Identifier, _ arguments: [Argument], range: SourceRange) throws
    -> (Value, Frame, [Evaluation]) throws -> Value?
  {
    let storeBase = compileBaseStore(base)
    let call = CallArguments(
      labels: arguments.map { $0.label?.name }, ranges: arguments.map(\.range), range: range, file: file)
    let methodName = name.name
    let interpreter = self.interpreter
    let file = self.file
    let isMarked = errorHandling.isTrying
    let cache = MethodSiteCache()
    let plans = ArgumentPlanCache()
    return { receiver, frame, values in
      let method: ScriptMethod?
      switch receiver {
      case .object(let object): method = cache.method(methodName, of: object.type) { $0.scriptMethods[methodName] }
      case .structValue(let value): method = cache.method(methodName, of: value.type) { $0.scriptMembers.methods[methodName] }
      case .enumValue(let value): method = cache.method(methodName, of: value.type) { $0.scriptMembers.methods[methodName] }
      default: return nil
      }
      guard let method else {
        if case .object = receiver { return nil }
        throw ScriptError.unknownMember(methodName, of: receiver)
      }
      // `self` goes first, in the same array as the arguments.
      let arguments = try method.signature.arrange(
        call, values: try values.map { try $0(frame) }, defaultFrame: nil, globals: interpreter.session.globalFrame,
        leading: receiver, plan: plans.plan(for: method.argumentPlanKey, method.signature, labels: call.labels))
      if method.signature.isThrowing, !isMarked { throw ErrorHandling.unmarkedCall(methodName, at: range, in: file) }
      let context = CallContext(interpreter: interpreter, range: range, file: file, argumentRanges: call.ranges)
      guard method.isMutating else { return try interpreter.callMethod(method, withSelfFirst: arguments, at: context).result }
      let store: (Frame, Value) throws -> Void
      switch storeBase {
      case .success(let found): store = found
      case .failure(let failure): throw ScriptError(.immutableStruct(failure.kind, byMutatingMethod: true))
      }
      let (result, newSelf) = try interpreter.callMethod(method, withSelfFirst: arguments, at: context)
      let producedValue = interpreter.lastCallProducedValue
      try store(frame, newSelf)
      interpreter.lastCallProducedValue = producedValue
      return result
    }
  }

  /// `return` and `return value`; in a function with a Swift signature the
  /// value is checked against the return type, where it is written.
  func compileReturn(_ value: Expression?, range: SourceRange) throws -> Execution {
    let contract = scope.returnContract
    guard let value else {
      if let type = contract?.type {
        throw error(.missingReturnValue(expected: "\(type)"), at: range)
      }
      return { _ in .returned(nil) }
    }
    guard contract != nil else {
      let evaluate = try compileValue(value, expecting: nil)
      return { frame in .returned(try evaluate(frame)) }
    }
    let evaluate = try compileReturnValue(value)
    return { frame in .returned(try evaluate(frame)) }
  }

  /// The value of `return value` in a body whose return type is declared
  /// (``FunctionScope/returnContract``): converted to that type, or the
  /// error at `value`.
  func compileReturnValue(_ value: Expression) throws -> Evaluation {
    guard let type = scope.returnContract?.type else {
      throw error(.unexpectedReturnValue, at: value.range)
    }
    let evaluate = try compileValue(value, expecting: type)
    let file = self.file
    let check = ScalarTypeCheck(type)
    return { frame in
      let result = try evaluate(frame)
      if check.admits(result) { return result }
      guard let converted = type.coerce(result) else {
        let kind = ScriptError.contextualMismatch(value: result, expected: type)
          ?? .returnMismatch(valueType: result.typeName, expected: "\(type)")
        throw ScriptError(kind, at: value.range, in: file)
      }
      return converted
    }
  }
}

extension Expression {
  /// `.idle` or `.failed(x)`, possibly parenthesized.
  var isImplicitMember: Bool {
    switch self {
    case .implicitMember: return true
    case .call(.implicitMember, _, _): return true
    case .parenthesized(let inner, _): return inner.isImplicitMember
    default: return false
    }
  }
}

/// The method a call site found for the last receiver type it saw (an
/// inline cache: no string lookup on a hit).
final class MethodSiteCache {
  @exclusivity(unchecked) private var owner: AnyObject?
  @exclusivity(unchecked) private var cached: ScriptMethod?

  @inline(__always)
  func method<Owner: AnyObject>(_ name: String, of type: Owner, lookup: (Owner) -> ScriptMethod?) -> ScriptMethod? {
    if type === owner { return cached }
    let found = lookup(type)
    owner = type
    cached = found
    return found
  }
}

/// Reads a member of a struct or enum value, caching the field index for the
/// last struct type seen (as ``MemberCache`` does for objects).
final class ValueMemberCache {
  @exclusivity(unchecked) private var structType: StructType?
  @exclusivity(unchecked) private var fieldIndex = 0
  private let file: SourceFile
  private let range: SourceRange

  init(file: SourceFile, range: SourceRange) {
    self.file = file
    self.range = range
  }

  func read(_ name: String, of value: Value, interpreter: Interpreter) throws -> Value {
    switch value {
    case .structValue(let structValue):
      if structValue.type === structType { return structValue.fields[fieldIndex] }
      if let index = structValue.type.index(ofField: name) {
        structType = structValue.type
        fieldIndex = index
        return structValue.fields[index]
      }
      if let computed = structValue.type.scriptMembers.computed[name] { return try compute(computed, value, interpreter) }
    case .enumValue(let enumValue):
      if name == "rawValue", enumValue.type.rawType != nil { return enumValue.enumCase.rawValue ?? .null }
      if let computed = enumValue.type.scriptMembers.computed[name] { return try compute(computed, value, interpreter) }
    default: break
    }
    throw ScriptError.unknownMember(name, of: value)
  }

  private func compute(_ method: ScriptMethod, _ value: Value, _ interpreter: Interpreter) throws -> Value {
    let context = CallContext(interpreter: interpreter, range: range, file: file, argumentRanges: [])
    return try interpreter.callMethod(method, on: value, arguments: [], at: context).result
  }
}

extension ScriptError {
  /// "value of type 'Point' has no member 'z'; did you mean 'x'?"
  static func unknownMember(_ name: String, of value: Value) -> ScriptError {
    var candidates: [String] = []
    switch value {
    case .structValue(let structValue):
      if let unavailable = structValue.type.unavailableFields[name] { return ScriptError(.unavailableMember(reason: unavailable)) }
      candidates = structValue.type.fields.map(\.name) + structValue.type.scriptMembers.order
    case .enumValue(let enumValue):
      candidates = enumValue.type.scriptMembers.order + (enumValue.type.rawType == nil ? [] : ["rawValue"])
    default: break
    }
    return unknownMember(name, typeName: value.typeName, candidates: candidates)
  }

  /// "value of type 'Point' has no member 'z'", with a suggestion among `candidates`.
  static func unknownMember(_ name: String, typeName: String, candidates: [String]) -> ScriptError {
    ScriptError(.noMember(name: name, valueType: typeName, memberKind: "member", suggestion: suggestion(for: name, among: candidates)))
  }
}

extension StructValue {
  /// The index of the field `name` a write may change, or the error of
  /// assigning to it: no such field, a computed property, a `let`.
  /// `writer` is the type whose code writes (for `private(set)`), and
  /// `initializing` says the write is in an `init`, where `let` fields
  /// may be assigned.
  func writableFieldIndex(_ name: String, from writer: String?, initializing: Bool = false) throws -> Int {
    guard let index = type.index(ofField: name) else {
      if type.scriptMembers.computed[name] != nil {
        throw ScriptError(.assignToGetOnly(name: name))
      }
      throw ScriptError.unknownMember(name, of: .structValue(self))
    }
    let field = type.fields[index]
    if field.isConstant, !initializing { throw ScriptError(.assignToLet(name: name, owner: type.name)) }
    if field.isPrivateSet, writer != type.name { throw ScriptError(.inaccessibleSetter(property: name, typeName: type.name)) }
    return index
  }
}
