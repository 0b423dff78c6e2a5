import BindRuntime
import BindSyntax

extension Compiler {
  /// callExpression -> postfixExpression '(' (argument (',' argument)*)? ')'
  ///
  /// A call is, by its callee: a function in a variable, a constructor, a
  /// built-in (`print`, `assert`, `min`, …), or a method of a string or array.
  func compileCall(_ callee: Expression, _ arguments: [Argument], range: SourceRange) throws -> Evaluation {
    if let rewritten = withNestedTypeNames(callee) { return try compileCall(rewritten, arguments, range: range) }
    if let typeName = initializerCall(callee) { return try compileCall(typeName, arguments, range: range) }
    if let type = collectionTypeCalled(callee),
      let initializer = try compileCollectionInitializer(type, callee, arguments, range: range)
    {
      return initializer
    }
    if case .member(let base, let name, let memberRange) = callee,
      let global = try staticMemberName(base, name, range: memberRange)
    {
      return try compileCall(global, arguments, range: range)
    }
    try errorHandling.checkMarked(callee, in: self, at: range)
    switch callee {
    case .name(let name, let nameRange) where implicitSelfMember(name, at: nameRange):
      // A method of `self` called by its bare name, as Swift allows.
      let base = Expression.name("self", nameRange)
      return try compileMethodCall(base, Identifier(name, range: nameRange), arguments, range: range, optional: false)
    case .name(let name, let nameRange)
    where resolve(name, at: nameRange) == nil && interpreter.registry.isValueType(name, .structure):
      return try compileMemberwiseInitializer(name, arguments, range: range)
    case .name(let name, let nameRange)
    where resolve(name, at: nameRange) == nil && interpreter.registry.isValueType(name, .enumeration):
      return try compileRawValueInitializer(name, arguments, range: range)
    case .implicitMember(let name, _):
      return try compileEnumCase(typeName: nil, name, arguments, range: range)
    case .member(.name(let typeName, let typeRange), let name, _) where isEnumTypeName(typeName, at: typeRange):
      return try compileEnumCase(typeName: typeName, name, arguments, range: range)
    case .name(let name, let nameRange) where resolve(name, at: nameRange) == nil:
      if name == "assert" { return try compileAssert(arguments, range: range) }
      if let host = interpreter.registry.hostValueTypes[name] { return try compileStructConstruction(host, arguments, range: range) }
      if interpreter.registry.isTypeName(name) { return try compileConstructor(name, arguments, range: range) }
      if let functions = interpreter.registry.hostFunctions[name] {
        return try compileHostFunctionCall(functions, arguments, range: range)
      }
      if FoundationInitializers.typeNames.contains(name) {
        return try compileFoundationInitializer(name, arguments, range: range)
      }
      let labels = arguments.map { $0.label?.name }
      let builtin: Callable?
      do {
        builtin = try Builtins.function(named: name, labels: labels)
      } catch let error as ScriptError {
        throw error.moved(to: range, in: file)
      }
      if let builtin {
        // A built-in with labeled forms was picked by its labels.
        let labelsMatched = Builtins.hasLabeledForms(name) && labels.contains { $0 != nil }
        return try compileFunctionCall({ _ in .function(builtin) }, arguments, range: range, labelsMatched: labelsMatched)
      }
      throw unknownName(name, at: nameRange)
    case .member(let base, let name, _):
      if let host = hostValueType(named: base) { return try compileEnumCase(host, name, arguments, range: range) }
      return try compileMethodCall(base, name, arguments, range: range, optional: false)
    case .optionalMember(let base, let name, _):
      return try compileMethodCall(base, name, arguments, range: range, optional: true)
    default:
      return try compileFunctionCall(try compileChainBase(callee), arguments, range: range, specialises: true)
    }
  }

  /// `labelsMatched`: the callee was chosen by the call's labels (a
  /// built-in such as `stride(from:to:by:)`), which it takes as they are.
  /// `specialises`: the callee may be a script function, which the direct
  /// call path calls (``specialisedCall(_:_:_:range:general:)``).
  private func compileFunctionCall(
    _ callee: @escaping Evaluation, _ arguments: [Argument], range: SourceRange, labelsMatched: Bool = false,
    specialises: Bool = false
  ) throws -> Evaluation {
    let compiledArguments = try compileArguments(arguments)
    let values = compiledArguments.map(\.evaluate)
    let interpreter = self.interpreter
    let file = self.file
    let argumentRanges = arguments.map(\.range)
    let labeled = labelsMatched ? nil : arguments.first { $0.label != nil }?.label
    let call = CallArguments(labels: arguments.map { $0.label?.name }, ranges: argumentRanges, range: range, file: file)
    let plans = ArgumentPlanCache()
    let isMarked = errorHandling.isTrying
    let general = { (frame: Frame, function: Value) throws -> Value in
      guard case .function(let callable) = function else {
        throw ScriptError(.notCallable(valueType: function.typeName), at: range, in: file)
      }
      if callable.isThrowing, !isMarked { throw ErrorHandling.unmarkedCall(callable.name, at: range, in: file) }
      var evaluated = try values.map { try $0(frame) }
      if let signature = callable.signature {
        // A Swift signature: labels and types are checked, defaults filled in.
        let given = evaluated
        evaluated = []
        evaluated = try signature.arrange(
          call, values: given, defaultFrame: callable.defaultFrame, globals: interpreter.session.globalFrame,
          plan: callable.argumentPlanKey.flatMap { plans.plan(for: $0, signature, labels: call.labels) })
      } else if let labeled {
        throw ScriptError(
          .call(.unexpectedLabel(label: labeled.name, function: callable.name)),
          at: labeled.range, in: file)
      }
      if let arity = callable.arity, arity != evaluated.count {
        throw ScriptError(
          .argumentCount(callee: callable.quotedName, expected: arity, given: evaluated.count),
          at: range, in: file)
      }
      let context = CallContext(interpreter: interpreter, range: range, file: file, argumentRanges: argumentRanges)
      interpreter.lastCallProducedValue = true
      do {
        return try callable.body(evaluated, context)
      } catch let error as ScriptError {
        throw error.located(at: range, in: file)
      }
    }
    if specialises { return specialisedCall(callee, compiledArguments, arguments, range: range, general: general) }
    return { frame in try general(frame, try callee(frame)) }
  }

  /// `base.name(arguments)`: methods of host objects (see
  /// `Compiler+HostCalls.swift`), string and array methods. Mutating array
  /// methods write the new array back to `base`, so `vm.items.append(x)` is
  /// one write of `vm.items` whose observers see the old and the new array.
  func compileMethodCall(
    _ base: Expression, _ name: Identifier, _ arguments: [Argument], range: SourceRange, optional: Bool,
    sortsInPlace: Bool = true
  ) throws -> Evaluation {
    if sortsInPlace, !optional, base.isAssignable, let counterpart = Self.inPlaceArrayMethods[name.name] {
      return try compileInPlaceArrayMethod(base, name, counterpart: counterpart, arguments, range: range)
    }
    // `items.append(x)` in a method is `self.items.append(x)`.
    if case .name(let member, let memberRange) = base, implicitSelfMember(member, at: memberRange) {
      let explicit = Expression.member(.name("self", memberRange), Identifier(member, range: memberRange), memberRange)
      return try compileMethodCall(explicit, name, arguments, range: range, optional: optional)
    }
    let site = hostCallSite(name.name, arguments, range: range)
    site.receiverRange = base.range
    if let object = knownHostObject(base), let candidates = object.type.host!.methodsByName[name.name] {
      // Checked now, so `bindscript check` finds wrong labels and types too.
      switch site.resolve(among: candidates, owner: object.type.name) {
      case .success(let method): try site.checkStatically(method, arguments: arguments, compiler: self)
      case .failure(let error): throw error
      }
    }
    let receiver = try compileChainBase(base)
    let compiledArguments = try compileArguments(arguments)
    let values = compiledArguments.map(\.evaluate)
    let method = name.name
    if let collectionMethod = CollectionMethod(name: method, arguments: arguments),
      knownHostObject(base) == nil
    {
      return try compileCollectionMethod(
        collectionMethod, base: base, receiver: receiver, arguments: arguments, values: values, site: site,
        range: range, optional: optional)
    }
    if Builtins.mutatingArrayMethods.contains(method), knownHostObject(base) == nil {
      return try compileMutatingMethod(
        base, name, arguments, receiver: receiver, values: values, site: site, range: range, optional: optional)
    }
    return try compileGeneralMethodCall(
      base, name, arguments, receiver: receiver, compiledArguments: compiledArguments, site: site, range: range,
      optional: optional)
  }

  /// Any other method: of a host object, of a script type, a property
  /// holding a closure, or a built-in method of a value.
  private func compileGeneralMethodCall(
    _ base: Expression, _ name: Identifier, _ arguments: [Argument], receiver: @escaping Evaluation,
    compiledArguments: [CompiledExpression], site: HostCallSite, range: SourceRange, optional: Bool
  ) throws -> Evaluation {
    let values = compiledArguments.map(\.evaluate)
    let method = name.name
    let methodName = MethodName(method, labels: arguments.map { $0.label?.name })
    let interpreter = self.interpreter
    let file = self.file
    let argumentRanges = arguments.map(\.range)
    let cache = MemberCache(file: file, range: name.range)
    let scriptCall = try scriptMethodCall(base, name, arguments, range: range)
    let builtinSite = Builtins.MethodSite(methodName)
    let general = { (frame: Frame, value: Value) throws -> Value in
      if case .object(let object) = value, object.type.host != nil {
        return try site.callMethod(on: object, arguments: try values.map { try $0(frame) }, interpreter: interpreter)
      }
      if optional && value.isNull { throw OptionalChainEnded() }
      if let result = try scriptCall(value, frame, values) { return result }
      if case .object(let object) = value, object.type.members[method] != nil {
        // A property of function type: `vm.onSelect(3)` calls the closure it holds.
        let member = try cache.member(method, of: object.type)
        let held = try interpreter.read(member, of: object, name: method)
        guard case .function(let callable) = held else {
          throw ScriptError(.call(.propertyNotFunction(method: method, typeName: object.type.name, valueType: held.typeName)))
        }
        let evaluated = try values.map { try $0(frame) }
        if let arity = callable.arity, arity != evaluated.count {
          throw ScriptError(
            .argumentCount(callee: callable.quotedName, expected: arity, given: evaluated.count))
        }
        let context = CallContext(interpreter: interpreter, range: range, file: file, argumentRanges: argumentRanges)
        return try callable.body(evaluated, context)
      }
      // A timer's or effect's only method, `dispose()`, returns nothing: it echoes nothing.
      if case .handle = value { interpreter.lastCallProducedValue = false }
      return try Builtins.callMethod(builtinSite, on: value, arguments: try values.map { try $0(frame) })
    }
    return specialisedMethodCall(receiver, method, compiledArguments, arguments, range: range, general: general)
  }

  /// Swift's in-place array methods and the methods whose result they
  /// store: `xs.sort()` is `xs = xs.sorted()`.
  static let inPlaceArrayMethods = ["sort": "sorted", "reverse": "reversed"]

  /// `xs.sort()`, `xs.sort(by: >)`, `xs.reverse()`: on an array, the sorted
  /// (or reversed) array stored back where it is, one write whose
  /// observers see the old and the new array; on anything else (an object
  /// with its own `sort()`), the method call it reads as.
  private func compileInPlaceArrayMethod(
    _ base: Expression, _ name: Identifier, counterpart: String, _ arguments: [Argument], range: SourceRange
  ) throws -> Evaluation {
    let receiver = try compileChainBase(base)
    let computed = try compileMethodCall(
      base, Identifier(counterpart, range: name.range), arguments, range: range, optional: false)
    let store = try compileStore(into: base)
    let asWritten = try compileMethodCall(base, name, arguments, range: range, optional: false, sortsInPlace: false)
    let interpreter = self.interpreter
    return { frame in
      guard case .array = try receiver(frame) else { return try asWritten(frame) }
      try store(frame, try computed(frame))
      interpreter.lastCallProducedValue = false
      return .null
    }
  }

  /// `Type(label: value, ...)`: every argument names a stored property.
  private func compileConstructor(_ typeName: String, _ arguments: [Argument], range: SourceRange) throws -> Evaluation {
    // A Swift class's initializers: `Counter(start: 5)` (Compiler+HostInitializers.swift).
    if let host = interpreter.registry.types[typeName]?.host, let call = try compileHostInitializerCall(host, arguments, range: range) {
      return call
    }
    if let known = interpreter.registry.types[typeName], !known.initializers.isEmpty {
      return try compileInitializerCall(typeName, arguments, range: range)
    }
    var labels: [String] = []
    for argument in arguments {
      guard let label = argument.label else {
        throw error(
          .call(.constructorNeedsLabels(typeName: typeName)), at: argument.range)
      }
      if labels.contains(label.name) { throw error(.call(.propertyGivenTwice(property: label.name)), at: label.range) }
      labels.append(label.name)
    }
    let values = try arguments.map { try compileExpression($0.value) }
    let labelRanges = arguments.map { $0.label!.range }
    let interpreter = self.interpreter
    let file = self.file
    return { frame in
      guard let type = interpreter.registry.types[typeName] else {
        throw ScriptError(.unknownType(typeName, suggestion: nil), at: range, in: file)
      }
      let evaluated = try values.map { try $0(frame) }
      do {
        return .object(try interpreter.construct(type, labels: labels, values: evaluated))
      } catch let error as ConstructorError {
        throw ScriptError(error.kind, at: error.argument.map { labelRanges[$0] } ?? range, in: file)
      }
    }
  }

  /// `Account(id: 1)` for a script type with its own `init`s.
  private func compileInitializerCall(_ typeName: String, _ arguments: [Argument], range: SourceRange) throws
    -> Evaluation
  {
    let compiledArguments = try compileArguments(arguments)
    let values = compiledArguments.map(\.evaluate)
    let call = CallArguments(
      labels: arguments.map { $0.label?.name }, ranges: arguments.map(\.range), range: range, file: file)
    let interpreter = self.interpreter
    let general: Evaluation = { frame in
      guard let type = interpreter.registry.types[typeName] else {
        throw ScriptError(.unknownType(typeName, suggestion: nil), at: call.range, in: call.file)
      }
      let evaluated = try values.map { try $0(frame) }
      let method = try interpreter.initializer(among: type.initializers, of: typeName, for: call)
      return try interpreter.initialize(
        .object(try interpreter.blankObject(of: type)), with: method, call, values: evaluated, typeName: typeName,
        storedNames: type.stored.map(\.name), isUnset: Interpreter.isUnsetProperty(of: type))
    }
    return specialisedInitializerCall(typeName, compiledArguments, arguments, range: range, general: general)
  }

  /// `assert(condition[, message])`: on failure, reports the values of the
  /// condition's parts, as Swift Testing's `#expect` does.
  private func compileAssert(_ arguments: [Argument], range: SourceRange) throws -> Evaluation {
    guard (1...2).contains(arguments.count), arguments.allSatisfy({ $0.label == nil }) else {
      throw error(.call(.assertArguments), at: range)
    }
    let conditionExpression = arguments[0].value
    let condition = try compileExpression(conditionExpression)
    let message = try arguments.count == 2 ? compileExpression(arguments[1].value) : nil
    let file = self.file
    let parts = try assertionParts(of: conditionExpression).map { part in
      (text: file.text(in: part.range), evaluate: try compileExpression(part))
    }
    let conditionText = file.text(in: conditionExpression.range)
    let interpreter = self.interpreter
    return { frame in
      let value = try condition(frame)
      guard case .bool(let holds) = value else {
        throw ScriptError(
          .needs(subject: "assert", expected: "a Bool condition", actual: value.typeName), at: conditionExpression.range, in: file)
      }
      if holds {
        interpreter.lastCallProducedValue = false
        return .null
      }
      var values: [String] = []
      for part in parts {
        let partValue = (try? part.evaluate(frame))?.literal ?? "(error)"
        values.append("'\(part.text)' is \(partValue)")
      }
      let given = try message.map { try $0(frame).printed }
      throw ScriptError(
        .assertionFailed(condition: conditionText, message: given, values: values), at: conditionExpression.range, in: file)
    }
  }

  /// The sub-expressions whose values explain a failed assertion: the
  /// operands of comparisons and logical operators, down to the leaves that
  /// are not literals.
  private func assertionParts(of expression: Expression) -> [Expression] {
    switch expression {
    case .parenthesized(let inner, _): return assertionParts(of: inner)
    case .unary(.not, let operand, _): return assertionParts(of: operand)
    case .binary(let op, let lhs, let rhs, _):
      switch op {
      case .and, .or: return assertionParts(of: lhs) + assertionParts(of: rhs)
      default: return [lhs, rhs].filter { !$0.isLiteral }
      }
    default: return expression.isLiteral ? [] : [expression]
    }
  }

  /// `[String]()`, `[String: Int]()`: Swift's empty collection of a type;
  /// `[Int](1...3)`, `[Int](repeating: 0, count: 3)`: `Array(…)`, whose
  /// elements must be of the type written. Nil for another form.
  private func compileCollectionInitializer(
    _ type: ValueType, _ callee: Expression, _ arguments: [Argument], range: SourceRange
  ) throws -> Evaluation? {
    if arguments.isEmpty {
      let empty = type.zeroValue ?? .null
      return { _ in empty }
    }
    guard case .array = type else { return nil }
    let array = try compileCall(.name("Array", callee.range), arguments, range: range)
    return locating(range) { frame in
      let value = try array(frame)
      guard let converted = type.coerce(value) else {
        throw ScriptError(.cannotConvert(from: value.typeName, to: "\(type)", hint: nil))
      }
      return converted
    }
  }
}

extension Expression {
  var isLiteral: Bool {
    switch self {
    case .integer, .double, .string, .boolean, .nilLiteral: return true
    default: return false
    }
  }
}

/// A constructor failure, pointing at the argument to blame (or the call).
struct ConstructorError: Error {
  let kind: ScriptError.Kind
  let argument: Int?
}
