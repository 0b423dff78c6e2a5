import BindRuntime
import BindSyntax

extension Compiler {
  /// awaitExpression -> 'await' expression: the host's async calls in
  /// `expression` run to completion before the statement goes on.
  func compileAwait(_ operand: Expression, range: SourceRange) throws -> Evaluation {
    if let context = cannotAwait {
      throw error(.call(.awaitNotHere(context: context)), at: range)
    }
    if let value = interpreter.cooperativeAwait?.resolved.value(at: range, in: file) {
      // Already awaited by the async caller (``AwaitedValues``).
      return { _ in value }
    }
    let saved = isAwaiting
    isAwaiting = true
    defer { isAwaiting = saved }
    return try compileExpression(operand)
  }

  /// How a call site runs an async host function, decided by where it is written.
  var asyncMode: HostCallSite.AsyncMode {
    if let context = cannotAwait { return .forbidden(context) }
    return isAwaiting ? .awaited : .started
  }

  /// `name(label: value, …)` where `name` is a function the host defined:
  /// resolved here, so wrong labels are found by `bindscript check` too.
  func compileHostFunctionCall(_ candidates: [HostFunction], _ arguments: [Argument], range: SourceRange) throws
    -> Evaluation
  {
    let site = hostCallSite(candidates[0].signature.baseName, arguments, range: range)
    let function: HostFunction
    switch site.resolve(among: candidates, owner: nil) {
    case .success(let found): function = found
    case .failure(let failure): throw failure
    }
    try site.checkStatically(function, arguments: arguments, compiler: self)
    let values = try arguments.map { try compileExpression($0.value) }
    let interpreter = self.interpreter
    return { frame in
      let evaluated = try values.map { try $0(frame) }
      return try site.call(function, receiver: nil, arguments: evaluated, interpreter: interpreter)
    }
  }

  /// The call site of `base.name(arguments)` or `name(arguments)`, as a host call sees it.
  func hostCallSite(_ name: String, _ arguments: [Argument], range: SourceRange) -> HostCallSite {
    let site = HostCallSite(
      signature: HostSignature(baseName: name, labels: arguments.map { $0.label?.name }),
      range: range, argumentRanges: arguments.map(\.value.range), file: file, mode: asyncMode)
    if let last = arguments.last, case .closure(let closure) = last.value, closure.isTrailing {
      site.hasTrailingClosure = true
    }
    for (index, argument) in arguments.enumerated() {
      if let decimal = decimalLiteral(argument.value) { site.decimalLiterals[index] = .decimal(decimal) }
      if let text = literalBeyondDecimal(argument.value) { site.literalsBeyondDecimal[index] = text }
    }
    return site
  }

  /// The host object a receiver expression names now, if the compiler can
  /// know it: a global constant holding one (an injected object).
  func knownHostObject(_ receiver: Expression) -> ScriptObject? {
    guard case .name(let name, let range) = receiver.unparenthesized,
      case .global(let slot, isMutable: false)? = resolveInScopes(name, at: range),
      slot < interpreter.session.globalFrame.slots.count,
      case .object(let object) = interpreter.session.globalFrame.slots[slot], object.type.host != nil
    else { return nil }
    return object
  }
}

/// One call of a host method or function in a script: what it asks for
/// (base name and labels) and where, and, for a method, the method it
/// found for the last receiver type (an inline cache, as ``MemberCache``).
final class HostCallSite {
  /// What an async function does here.
  enum AsyncMode {
    /// Under `await`: runs to completion.
    case awaited
    /// Without `await`: starts as a task the script owns.
    case started
    /// Where nothing may wait (a derived property, a `bind` expression):
    /// an error naming the place.
    case forbidden(String)
  }

  let signature: HostSignature
  let range: SourceRange
  let argumentRanges: [SourceRange]
  let file: SourceFile
  let mode: AsyncMode
  /// Whether the last argument is a trailing closure, whose label may be any.
  var hasTrailingClosure = false
  /// Where a method call's receiver is written (`vm` of `vm.submit()`).
  var receiverRange: SourceRange?
  /// The float literals among the arguments, as the Decimals they spell:
  /// passed instead where the parameter is a `Decimal` (`cart.add(price: 12.50)`).
  var decimalLiterals: [Int: Value] = [:]
  /// The float literals among the arguments that no Decimal holds, by
  /// position, so that passing one to a Decimal parameter says so.
  var literalsBeyondDecimal: [Int: String] = [:]
  @exclusivity(unchecked) private var cachedType: ObjectType?
  @exclusivity(unchecked) private var cachedMethod: HostFunction?
  /// When several functions have the signature called (`set(_:forKey:)`
  /// for `Int` and for `String`), all of them: each call picks one by its
  /// arguments' types. Empty otherwise. Set with the resolved function.
  @exclusivity(unchecked) var overloads: [HostFunction] = []

  init(signature: HostSignature, range: SourceRange, argumentRanges: [SourceRange], file: SourceFile, mode: AsyncMode) {
    self.signature = signature
    self.range = range
    self.argumentRanges = argumentRanges
    self.file = file
    self.mode = mode
  }

  /// Calls the method of `object`'s host type this site names.
  @inline(__always)
  func callMethod(on object: ScriptObject, arguments: [Value], interpreter: Interpreter) throws -> Value {
    let method: HostFunction
    if object.type === cachedType, let cachedMethod {
      method = cachedMethod
    } else {
      method = try resolveMethod(of: object.type)
    }
    guard let receiver = object.host?.object else {
      throw ScriptError(object.releasedError, at: range, in: file)
    }
    if let awaited = interpreter.awaitedChanges, case .awaited = mode, method.isAsync, let receiverRange {
      awaited.noteCall(on: object, receiver: String(file.text(in: receiverRange)), at: range, in: file)
    }
    return try call(method, receiver: receiver, arguments: arguments, interpreter: interpreter)
  }

  private func resolveMethod(of type: ObjectType) throws -> HostFunction {
    let host = type.host!
    guard let candidates = host.methodsByName[signature.baseName] else {
      throw ScriptError(Self.noMethod(signature, on: type), at: range, in: file)
    }
    switch resolve(among: candidates, owner: type.name) {
    case .success(let method):
      (cachedType, cachedMethod) = (type, method)
      return method
    case .failure(let error):
      throw error
    }
  }

  /// Why a host type has no method `signature` names: "no method
  /// 'selct(index:)' on TodoList; did you mean 'select(index:)'?" (also
  /// what `bindscript check` reports for it).
  static func noMethod(_ signature: HostSignature, on type: ObjectType) -> ScriptError.Kind {
    if type.members[signature.baseName] != nil {
      return .propertyNotMethod(name: signature.baseName, typeName: type.name)
    }
    if let unavailable = type.host?.unavailableMembers[signature.baseName] { return .unavailableMember(reason: unavailable) }
    let guess = suggestion(for: signature.fullName, among: type.host?.methods.map(\.name) ?? [])
    return .noMethod(signature: signature.fullName, typeName: type.name, suggestion: guess)
  }

  /// The candidate whose labels match, or an error naming what was expected.
  func resolve(among candidates: [HostFunction], owner: String?) -> Result<HostFunction, ScriptError> {
    let exact = candidates.filter { $0.signature == signature }
    if let first = exact.first {
      overloads = exact.count > 1 ? exact : []
      return .success(first)
    }
    // A trailing closure takes its parameter's label, as in Swift:
    // `list.removeAll { … }` calls `removeAll(where:)`.
    if hasTrailingClosure, let last = signature.labels.indices.last, signature.labels[last] == nil,
      let labelled = candidates.first(where: {
        $0.signature.baseName == signature.baseName && $0.signature.labels.count == signature.labels.count
          && Array($0.signature.labels.dropLast()) == Array(signature.labels.dropLast())
      })
    {
      return .success(labelled)
    }
    let have = signature.fullName
    guard candidates.count == 1, let expected = candidates.first else {
      let names = candidates.map(\.name)
      let guess = suggestion(for: have, among: names) ?? names[0]
      return .failure(ScriptError(.noFunction(signature: have, owner: owner, suggestion: guess), at: range, in: file))
    }
    let wanted = expected.signature.labels
    guard wanted.count == signature.labels.count else {
      let count = wanted.count
      let given = signature.labels.count
      return .failure(ScriptError(.argumentCount(callee: "call to '\(expected.name)'", expected: count, given: given), at: range, in: file))
    }
    let wrong = zip(signature.labels, wanted).filter { $0 != $1 }
    let label = { (label: String?) in label.map { "\($0):" } ?? "_:" }
    let (writtenLabels, expectedLabels) = (wrong.map { label($0.0) }.joined(), wrong.map { label($0.1) }.joined())
    return .failure(ScriptError(
      .incorrectLabels(function: expected.name, have: writtenLabels, expected: expectedLabels, plural: wrong.count != 1),
      at: range, in: file))
  }

  /// What the compiler can check before the call runs: literal arguments
  /// against their parameter types, and an async function where nothing may wait.
  func checkStatically(_ function: HostFunction, arguments: [Argument], compiler: Compiler) throws {
    try checkAsync(function)
    // An overloaded call is checked when it picks its overload.
    guard overloads.isEmpty else { return }
    for (index, argument) in arguments.enumerated() where argument.value.isLiteral {
      if decimalLiterals[index] != nil, function.parameterTypes[index].takesDecimal { continue }
      guard let literal = try? compiler.compileExpression(argument.value)(compiler.interpreter.session.globalFrame) else { continue }
      if function.parameterTypes[index].coerce(literal) == nil {
        throw mismatch(function, index: index, value: literal)
      }
    }
  }

  private func checkAsync(_ function: HostFunction) throws {
    guard function.isAsync, case .forbidden(let context) = mode else { return }
    throw ScriptError(
      .call(.asyncCallNotHere(function: function.name, context: context)),
      at: range, in: file)
  }

  private func mismatch(_ function: HostFunction, index: Int, value: Value) -> ScriptError {
    if let text = literalsBeyondDecimal[index], function.parameterTypes[index].takesDecimal {
      return ScriptError(.decimalLiteralOverflow(text), at: argumentRanges[index], in: file)
    }
    if let problem = function.parameterTypes[index].crossingProblem(value) {
      return ScriptError(.cannotPassArgument(function: function.name, because: problem), at: argumentRanges[index], in: file)
    }
    return ScriptError(
      .argumentMismatch(
        valueType: value.typeName, expected: "\(function.parameterTypes[index])", context: "in call to '\(function.name)'"),
      at: argumentRanges[index], in: file)
  }

  /// `arguments`, with each float literal passed to a Decimal parameter as
  /// that Decimal.
  @inline(__always)
  private func withDecimalLiterals(_ arguments: [Value], for function: HostFunction) -> [Value] {
    guard !decimalLiterals.isEmpty else { return arguments }
    var arguments = arguments
    for (index, decimal) in decimalLiterals where index < function.parameterTypes.count {
      if function.parameterTypes[index].takesDecimal { arguments[index] = decimal }
    }
    return arguments
  }

  /// The overload whose parameter types fit `arguments` best, as Swift
  /// ranks them: a value of the parameter's own type before one converted
  /// (`Int` to `Double`, `T` to `T?`). A call that several fit equally, or
  /// none, is an error listing the candidates.
  private func overload(for arguments: [Value]) throws -> HostFunction {
    var best: [HostFunction] = []
    var bestScore = -1
    for candidate in overloads {
      guard let score = fit(of: candidate, to: arguments) else { continue }
      if score > bestScore {
        (best, bestScore) = ([candidate], score)
      } else if score == bestScore {
        best.append(candidate)
      }
    }
    if best.count == 1 { return best[0] }
    let given = "(" + arguments.map(\.typeName).joined(separator: ", ") + ")"
    if best.isEmpty {
      throw ScriptError(
        .call(.noOverload(function: signature.fullName, given: given, candidates: overloads.map(\.typedName))), at: range, in: file)
    }
    throw ScriptError(
      .call(.ambiguousOverload(function: signature.fullName, given: given, candidates: best.map(\.typedName))), at: range, in: file)
  }

  /// How well `arguments` fit `function`'s parameters: 2 per argument of the
  /// parameter's own type, 1 per argument converted; `nil` if one does not fit.
  private func fit(of function: HostFunction, to arguments: [Value]) -> Int? {
    var score = 0
    for (index, (type, value)) in zip(function.parameterTypes, arguments).enumerated() {
      if decimalLiterals[index] != nil, type.takesDecimal {
        score += 1
        continue
      }
      guard let converted = type.coerce(value) else { return nil }
      let isConverted: Bool
      switch (type, value) {
      case (.optional, _), (.double, .int), (.decimal, .int): isConverted = true
      default: isConverted = converted.typeName != value.typeName
      }
      score += isConverted ? 1 : 2
    }
    return score
  }

  /// Converts the arguments, calls, and runs an async function as this
  /// site says (awaits it, starts it, or refuses).
  func call(_ function: HostFunction, receiver: AnyObject?, arguments: [Value], interpreter: Interpreter) throws -> Value {
    let function = overloads.isEmpty ? function : try overload(for: arguments)
    let origin = interpreter.currentTaskOrigin
    let tasksBefore = origin?.referenceCount ?? 0
    let outcome: HostFunction.Outcome
    do {
      outcome = try function.invoke(receiver, withDecimalLiterals(arguments, for: function))
    } catch let mismatch as HostArgumentMismatch {
      throw self.mismatch(function, index: mismatch.index, value: arguments[mismatch.index])
    } catch {
      throw thrown(error, by: function, interpreter: interpreter)
    }
    switch outcome {
    case .value(let value):
      if let origin, origin.referenceCount > tasksBefore { origin.noteStarter(Self.swiftName(of: function, on: receiver)) }
      interpreter.lastCallProducedValue = function.resultType != nil
      return value
    case .task(let task):
      try checkAsync(function)
      if case .awaited = mode {
        let value: Value
        do {
          value = try interpreter.awaitHostTask(task, completion: cooperativeCompletion(function, interpreter: interpreter))
        } catch {
          throw thrown(error, by: function, interpreter: interpreter)
        }
        interpreter.lastCallProducedValue = function.resultType != nil
        return value
      }
      let failure = { [range, file] (error: any Error) in Self.thrown(error, by: function, at: range, in: file) }
      origin?.noteStarter(Self.swiftName(of: function, on: receiver))
      interpreter.startHostTask {
        do {
          return try await task()
        } catch {
          throw failure(error)
        }
      }
      interpreter.lastCallProducedValue = false
      return .null
    }
  }

  /// `LoginModel.refresh()`: the Swift type and method, for the list of
  /// tasks still running (``Interpreter/pendingWork``).
  private static func swiftName(of function: HostFunction, on receiver: AnyObject?) -> String {
    (receiver.map { "\(type(of: $0))." } ?? "") + function.name
  }

  /// When this call is the operand of a statement `await call(…)` run by
  /// ``Interpreter/executeCooperatively(_:in:isolation:)``: how the statement finishes
  /// the call once the async caller has awaited its task.
  private func cooperativeCompletion(_ function: HostFunction, interpreter: Interpreter) -> HostTaskCompletion? {
    guard let cooperative = interpreter.cooperativeAwait, cooperative.isSite(range, in: file) else { return nil }
    return { [unowned interpreter, range, file] result in
      do {
        let value = try result.get()
        interpreter.lastCallProducedValue = function.resultType != nil
        return value
      } catch {
        throw Self.thrown(error, by: function, at: range, in: file, interpreter: interpreter)
      }
    }
  }

  private func thrown(_ error: any Error, by function: HostFunction, interpreter: Interpreter) -> any Error {
    Self.thrown(error, by: function, at: range, in: file, interpreter: interpreter)
  }

  /// A Swift error a host function threw, as a script error at the call.
  static func thrown(_ error: any Error, by function: HostFunction, at range: SourceRange, in file: SourceFile) -> ScriptError {
    if let error = error as? ScriptError { return error.located(at: range, in: file) }
    if error is CancellationError { return ScriptError(.hostCancelled(function: function.name), at: range, in: file) }
    return ScriptError(.hostThrew(function: function.name, description: "\(error)"), at: range, in: file)
  }

  /// A Swift error a host function threw where the script can catch it
  /// (the call ran, or was awaited, here): a ``ThrownError`` whose value is
  /// the error bridged to a script value, the message above if nothing
  /// catches it. Cancellation and script errors stay script errors.
  static func thrown(
    _ error: any Error, by function: HostFunction, at range: SourceRange, in file: SourceFile, interpreter: Interpreter
  ) -> any Error {
    let uncaught = thrown(error, by: function, at: range, in: file)
    guard !(error is ScriptError), !(error is CancellationError) else { return uncaught }
    return ThrownError(thrownByHost: interpreter.scriptValue(ofThrown: error), uncaught: uncaught)
  }
}
