import BindRuntime
import BindSyntax

/// What the compiler knows, at a point of a body, about the errors thrown
/// there: whether they may leave it, and whether calls are marked `try`.
struct ErrorHandling {
  /// Why an error thrown here would not be handled, for the message `throw`
  /// and `try` get (Swift's "error is not handled because …"); nil where it
  /// may leave: the top level (the statement ends with it), a `throws`
  /// function, a closure (which throws when its body does, as Swift
  /// infers), a `do` whose `catch` catches everything.
  var unhandledBecause: ScriptError.UnhandledReason?
  /// Inside the operand of `try`, `try?` or `try!`: a throwing call there is marked.
  var isTrying = false
  /// Inside a `defer` block, which nothing may leave early.
  var isInDefer = false

  /// The error of `throw` (`byTry` false) or `try` where errors may not
  /// leave; nil where they may.
  func unhandled(byTry: Bool) -> ScriptError.Kind? {
    unhandledBecause.map { .statement(.unhandledError(byTry: byTry, reason: $0)) }
  }

  /// The error of a call to a throwing function that is not marked `try`.
  static func unmarkedCall(_ name: String, at range: SourceRange, in file: SourceFile) -> ScriptError {
    ScriptError(
      .statement(.unmarkedThrowingCall(function: name)),
      at: range, in: file)
  }

  /// Before the call runs: a call of a `throws` function the compiler can
  /// name (a `func` in scope) must be marked. Calls it cannot name are
  /// checked when they run (``unmarkedCall(_:at:in:)``).
  func checkMarked(_ callee: Expression, in compiler: Compiler, at range: SourceRange) throws {
    guard !isTrying, case .name(let name, let nameRange) = callee, compiler.isThrowingFunction(name, at: nameRange)
    else { return }
    throw ErrorHandling.unmarkedCall(name, at: range, in: compiler.file)
  }
}

// `throw`, `try`, `do`/`catch` and `defer` (Grammar.md, "Errors").
extension Compiler {
  /// Whether the name used at `range` resolves to a `func` declared `throws`.
  func isThrowingFunction(_ name: String, at range: SourceRange) -> Bool {
    declaredVariable(name, at: range)?.isThrowingFunction ?? false
  }

  /// throwStatement -> 'throw' expression
  ///
  /// The value must be of a type declared `: Error`; it travels as a
  /// ``ThrownError`` to the nearest `catch` that matches it.
  func compileThrow(_ value: Expression, range: SourceRange) throws -> Execution {
    if let unhandled = errorHandling.unhandled(byTry: false) { throw error(unhandled, at: range) }
    if value.isImplicitMember {
      throw error(
        .statement(.implicitThrow(written: file.text(in: value.range))),
        at: value.range)
    }
    let evaluate = try compileExpression(value)
    let file = self.file
    return { frame in
      let thrown = try evaluate(frame)
      guard thrown.conformsToError else {
        throw ScriptError(
          .statement(.notAnError(valueType: thrown.typeName)),
          at: value.range, in: file)
      }
      throw ThrownError(thrownByScript: thrown, at: range, in: file)
    }
  }

  /// `try e`, `try? e`, `try! e`: marks the calls in `e` that may throw.
  /// `try?` gives nil when one does, `try!` stops the statement with an
  /// error located at itself. Neither catches a ``ScriptError``.
  func compileTry(_ kind: TryKind, _ operand: Expression, range: SourceRange) throws -> Evaluation {
    if kind == .propagating, let unhandled = errorHandling.unhandled(byTry: true) {
      throw error(unhandled, at: range)
    }
    let saved = errorHandling.isTrying
    errorHandling.isTrying = true
    defer { errorHandling.isTrying = saved }
    let evaluate = try compileExpression(operand)
    let file = self.file
    switch kind {
    case .propagating:
      return evaluate
    case .optional:
      return { frame in
        do { return try evaluate(frame) } catch is ThrownError { return .null }
      }
    case .forced:
      return { frame in
        do {
          return try evaluate(frame)
        } catch let thrown as ThrownError {
          throw ScriptError(
            .statement(.forcedTryFailed(description: thrown.value.errorDescription)),
            at: range, in: file)
        }
      }
    }
  }

  /// doStatement -> 'do' block catchClause*
  ///
  /// An error thrown in the body runs the first clause that matches it;
  /// one that none matches goes on. A `catch` that catches everything
  /// lets the body throw even where errors may not leave.
  func compileDoCatch(_ statement: DoCatchStatement) throws -> Execution {
    let saved = errorHandling.unhandledBecause
    if statement.catches.contains(where: \.catchesEverything) {
      errorHandling.unhandledBecause = nil
    } else if !statement.catches.isEmpty, saved != nil {
      errorHandling.unhandledBecause = .catchNotExhaustive
    }
    let body: Execution
    do {
      defer { errorHandling.unhandledBecause = saved }
      body = try compileBlock(statement.body)
    }
    guard !statement.catches.isEmpty else { return body }
    struct Clause { let run: (ThrownError, Frame) throws -> Flow? }
    let clauses = try statement.catches.map { Clause(run: try compileCatch($0)) }
    return { frame in
      do {
        return try body(frame)
      } catch let thrown as ThrownError {
        for clause in clauses {
          if let flow = try clause.run(thrown, frame) { return flow }
        }
        throw thrown
      }
    }
  }

  /// catchClause -> 'catch' (pattern (',' pattern)*)? ('as' type)? ('where' expression)? block
  ///
  /// Returns the clause's flow when it matched the error, nil otherwise. A
  /// bare `catch` binds the error to `error`, as Swift's does.
  private func compileCatch(_ clause: CatchClause) throws -> (ThrownError, Frame) throws -> Flow? {
    let patterns = clause.patterns.isEmpty ? [Pattern.binding(Identifier("error", range: clause.keywordRange))] : clause.patterns
    let castType = try clause.castType.map(valueType)
    let makesClosures = resolved.needsFrame(.patterns(clause.range))
    let (matchers, caseScope, body, condition) = try inCaseScope(patterns, makesClosures: makesClosures) {
      () throws -> (Execution, ((Frame) throws -> Bool)?) in
      let condition = try clause.guardExpression.map { try compileCondition($0) }
      return (try compileBlock(clause.body), condition)
    }
    // A case pattern of another enum does not match the error: it is not
    // the mistake it would be in a `switch` over a value of one type.
    let applicable = patterns.map(Self.catchPatternApplies)
    return { thrown, frame in
      let value = thrown.value
      if let castType, !castType.isExactly(value) { return nil }
      let caseFrame = caseScope.enter(frame)
      var matched = false
      for (matcher, applies) in zip(matchers, applicable) where !matched && applies(value) {
        matched = try matcher(value, caseFrame)
      }
      if matched, let condition { matched = try condition(caseFrame) }
      guard matched else {
        caseScope.release(frame)
        return nil
      }
      defer { caseScope.release(frame) }
      return try body(caseFrame)
    }
  }

  /// Whether a `catch` pattern can be tried against a value: an enum case
  /// pattern only against a value of an enum with that case.
  private static func catchPatternApplies(_ pattern: Pattern) -> (Value) -> Bool {
    guard case .enumCase(let typeName, let name, let arguments, _) = pattern else { return { _ in true } }
    return { value in
      guard case .enumValue(let enumValue) = value, typeName == nil || typeName?.name == enumValue.type.name,
        let index = enumValue.type.index(ofCase: name.name)
      else { return false }
      return arguments == nil || arguments?.count == enumValue.type.cases[index].associatedValues.count
    }
  }

  /// `[before…, defer { … }, after…]`: runs `before`, then `after`, then
  /// the deferred block however `after` ends (falling through, `return`,
  /// `break`, `continue` or a thrown error). A later `defer` is part of
  /// `after`, so deferred blocks run in reverse order, as in Swift; one not
  /// reached does not run.
  ///
  /// A ``ScriptError`` (a bug in the script, Swift's trap) stops the
  /// statement without running deferred blocks, as a trap does: running
  /// them would also let `func f() { defer { f() }; f() }` recurse again at
  /// every level it unwinds after the call-depth error.
  func compileDeferring(_ statements: [Statement], at index: Int) throws -> Execution {
    guard case .deferStatement(let block, _) = statements[index] else { preconditionFailure("not a defer") }
    let before = try compileSequence(Array(statements[..<index]))
    let deferred = try compileDeferBody(block)
    let after = try compileSequence(Array(statements[(index + 1)...]))
    return { frame in
      let flow = try before(frame)
      guard case .next = flow else { return flow }
      let result: Flow
      do {
        result = try after(frame)
      } catch let thrown as ThrownError {
        _ = try deferred(frame)
        throw thrown
      }
      _ = try deferred(frame)
      return result
    }
  }

  /// A `defer` block: nothing may leave it early, neither `return`,
  /// `break` and `continue` (outside loops inside it) nor an error.
  private func compileDeferBody(_ block: Block) throws -> Execution {
    let saved = (errorHandling, loopDepth, switchDepth)
    errorHandling.isInDefer = true
    errorHandling.unhandledBecause = .insideDefer
    (loopDepth, switchDepth) = (0, 0)
    defer { (errorHandling, loopDepth, switchDepth) = saved }
    return try compileBlock(block)
  }

  /// `return`, `break` or `continue` that would leave a `defer` block.
  func checkNotLeavingDefer(_ keyword: String, at range: SourceRange) throws {
    guard errorHandling.isInDefer else { return }
    throw error(.statement(.leavesDefer(keyword: keyword)), at: range)
  }
}

extension Statement {
  /// Whether this is a `defer` statement.
  var isDefer: Bool {
    if case .deferStatement = self { return true }
    return false
  }
}

extension ValueType {
  /// Whether `value` is of this type itself, converting nothing: what
  /// `catch let e as LoginError` asks of an error.
  func isExactly(_ value: Value) -> Bool {
    switch (self, value) {
    case (.enumeration(let type), .enumValue(let enumValue)): return enumValue.type === type
    case (.structure(let type), .structValue(let structValue)): return structValue.type === type
    case (.enumeration, _), (.structure, _), (_, .null): return false
    default: return coerce(value)?.typeName == value.typeName
    }
  }
}
