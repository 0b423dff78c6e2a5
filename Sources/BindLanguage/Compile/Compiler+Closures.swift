import BindSyntax

extension Compiler {
  /// closureExpression -> '{' closureSignature? statements '}'
  ///
  /// A closure captures the variables it names by reference (it keeps the
  /// frame it was made in, as a `func` does). A body of one expression
  /// returns its value; `$0`, `$1`, … name the parameters of a closure
  /// without a signature.
  func compileClosure(_ closure: ClosureExpression) throws -> Evaluation {
    let (parameters, parameterTypes) = try closureParameters(of: closure)
    let resultType = try closure.resultType.flatMap { annotation -> ValueType? in
      if case .named("Void", _) = annotation { return nil }
      return try valueType(annotation)
    }
    let makesClosures = resolved.needsFrame(.block(closure.body.range))
    implicitReturnEvaluation = nil
    let (body, slotCount, keepsParent) = try compileFunctionBody(
      parameters: parameters, body: closure.body, implicitReturn: true, cannotThrow: nil)
    let expression = implicitReturnEvaluation
    implicitReturnEvaluation = nil
    let interpreter = self.interpreter
    let file = self.file
    let arity = parameters.count
    let checked = parameterTypes.contains { $0 != nil } || resultType != nil
    let typedCallable = TypedClosure(
      arity: arity, parameterNames: parameters.map(\.name), parameterTypes: parameterTypes, resultType: resultType,
      range: closure.range, file: file)
    // Typed closures convert their arguments with errors of their own:
    // the general path only.
    let code = checked ? nil : FunctionCode(
      body: body, slotCount: slotCount(), arity: arity, signature: nil, isThrowing: false, reusesFrame: !makesClosures,
      calleeKind: "a closure")
    return { frame in
      let parent: Frame? = keepsParent ? frame : nil
      let invocation = ClosureInvocation(
        body: body, slotCount: slotCount(), parameterCount: arity, parent: parent, reusesFrame: !makesClosures,
        expression: expression)
      if !checked {
        return .function(Callable(
          name: "closure", arity: arity, isClosure: true, invocation: invocation, code: code, frameParent: parent
        ) { arguments, context in
          try interpreter.call(invocation, arguments: arguments, at: context)
        })
      }
      return .function(typedCallable.call(invocation, interpreter: interpreter))
    }
  }

  /// A closure's parameters: those it declares (with their types, if
  /// written), or else the `$0`, `$1`, … its body uses.
  private func closureParameters(of closure: ClosureExpression) throws -> ([Identifier], [ValueType?]) {
    let anonymous = resolved.anonymousParameters[closure.range] ?? Resolver.anonymousParameters(of: closure)
    if let declared = closure.parameters {
      if let first = anonymous.first {
        throw error(
          .statement(.anonymousInNamedClosure(name: first.name)),
          at: first.range)
      }
      return (declared.map(\.name), try declared.map { try $0.type.map(valueType) })
    }
    let count = anonymous.count
    if count > Self.anonymousParameterLimit {
      throw error(.statement(.tooManyAnonymousParameters(limit: Self.anonymousParameterLimit)), at: closure.range)
    }
    return ((0..<count).map { Identifier("$\($0)", range: closure.range) }, [])
  }

  /// The most `$N` parameters a closure may use.
  static let anonymousParameterLimit = 256
}

/// A closure with a written parameter or result type: its arguments and
/// result converted to them, with errors of their own.
private struct TypedClosure {
  let arity: Int
  let parameterNames: [String]
  let parameterTypes: [ValueType?]
  let resultType: ValueType?
  let range: SourceRange
  let file: SourceFile

  /// The function value of one evaluation of the closure.
  func call(_ invocation: ClosureInvocation, interpreter: Interpreter) -> Callable {
    Callable(name: "closure", arity: arity, isClosure: true) { arguments, context in
      var converted = arguments
      for (index, type) in parameterTypes.enumerated() {
        guard let type else { continue }
        guard let value = type.coerce(arguments[index]) else {
          throw ScriptError(
            .closureArgumentMismatch(parameter: parameterNames[index], expected: "\(type)", valueType: arguments[index].typeName),
            at: context.argumentRanges.indices.contains(index) ? context.argumentRanges[index] : context.range,
            in: context.file)
        }
        converted[index] = value
      }
      let result = try interpreter.call(invocation, arguments: converted, at: context)
      guard let resultType else { return result }
      guard let value = resultType.coerce(result) else {
        throw ScriptError(.closureReturnMismatch(expected: "\(resultType)", valueType: result.typeName), at: range, in: file)
      }
      return value
    }
  }
}

/// What calling one closure value needs: its compiled body, frame size and
/// defining frame. A body that makes no closures cannot let its frame
/// escape, so the frame of one call is cleared and kept for the next, as a
/// handler's is (`ScriptHandler`): `xs.map { $0 * 2 }` allocates one frame,
/// not one per element.
final class ClosureInvocation {
  let body: Execution
  let slotCount: Int
  let parameterCount: Int
  let parent: Frame?
  let reusesFrame: Bool
  @exclusivity(unchecked) var spare: Frame?

  /// The body, when it is one expression (not a call) and its frame may be
  /// reused: a collection method evaluates it per element in one frame,
  /// with the element in slot 0 (and the second value in slot 1).
  let expression: CompiledExpression?

  init(
    body: @escaping Execution, slotCount: Int, parameterCount: Int, parent: Frame?, reusesFrame: Bool,
    expression: CompiledExpression?
  ) {
    self.expression = reusesFrame && slotCount == parameterCount ? expression : nil
    self.body = body
    self.slotCount = slotCount
    self.parameterCount = parameterCount
    self.parent = parent
    self.reusesFrame = reusesFrame
  }
}

/// A compiled expression in a struct: a closure kept directly in an
/// Optional is called through reabstraction thunks (see `compileSequence`).
struct CompiledExpression {
  let evaluate: Evaluation
}
