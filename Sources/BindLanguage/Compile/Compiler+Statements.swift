import BindRuntime
import BindSyntax

extension Compiler {
  /// statement -> expression | variableDeclaration | assignment | typeDeclaration
  ///            | functionDeclaration | bindStatement | observeStatement | onStatement
  ///            | emitStatement | disposeStatement | batchStatement | ifStatement
  ///            | forStatement | whileStatement | returnStatement | break | continue
  ///            | importStatement
  func compileStatement(_ statement: Statement) throws -> Execution {
    let run = try compileStatementItself(statement)
    // While the session records causes (`why`), a statement names itself
    // as the origin of its writes; declarations write nothing.
    switch statement {
    case .function, .typeDeclaration, .protocolDeclaration: return run
    case .expression, .variable, .assignment, .bind, .observe, .on, .emit, .dispose, .batch, .ifStatement, .forLoop,
      .whileLoop, .returnStatement, .breakStatement, .continueStatement, .importStatement, .wait, .timeline, .effect,
      .onCleanup, .notify, .why, .guardStatement, .switchStatement, .throwStatement, .doCatch, .deferStatement:
      guard interpreter.recordsCauses else { return run }
      let site = SourceSite(statement.range, in: file)
      let interpreter = self.interpreter
      return { frame in try interpreter.withWriteOrigin(site) { try run(frame) } }
    }
  }

  private func compileStatementItself(_ statement: Statement) throws -> Execution {
    switch statement {
    case .expression(let expression):
      let evaluate = try compileExpression(expression)
      return { frame in
        _ = try evaluate(frame)
        return .next
      }
    case .variable(let declaration): return try compileVariable(declaration)
    case .assignment(let assignment): return try compileAssignment(assignment)
    case .typeDeclaration(let declaration):
      guard scope.isGlobal && scope.isOutermostBlock else {
        throw error(.notAtTopLevel(what: "type"), at: declaration.name.range)
      }
      if declaration.isExtension { return try compileExtension(declaration) }
      return try compileTypeDeclarationTree(declaration)
    case .function(let declaration): return try compileFunction(declaration)
    case .protocolDeclaration(let declaration): return try compileProtocol(declaration)
    case .bind(let bind): return try compileBind(bind)
    case .observe(let observe): return try compileObserve(observe)
    case .on(let on): return try compileOn(on)
    case .emit(let emit): return try compileEmit(emit)
    case .dispose(let name, let range): return compileDispose(name, range: range)
    case .batch(let block, let range): return try compileBatch(block, range: range)
    case .wait(let duration, let range): return try compileWait(duration, range: range)
    case .timeline(let timeline): return try compileTimeline(timeline)
    case .effect(let effect): return try compileEffect(effect)
    case .onCleanup(let block, let range): return try compileCleanup(block, range: range)
    case .notify(let target, let range): return try compileNotify(target, range: range)
    case .why(let target, let range): return try compileWhy(target, range: range)
    case .guardStatement(let statement): return try compileGuard(statement)
    case .ifStatement(let statement): return try compileIf(statement)
    case .forLoop(let loop): return try compileFor(loop)
    case .whileLoop(let loop): return try compileWhile(loop)
    case .returnStatement(let value, let range):
      try checkNotLeavingDefer("return", at: range)
      guard !scope.isGlobal else { throw error(.outside(keyword: "return", place: "a function or handler"), at: range) }
      return try compileReturn(value, range: range)
    case .breakStatement(let range):
      if loopDepth == 0 && switchDepth == 0 { try checkNotLeavingDefer("break", at: range) }
      guard loopDepth > 0 || switchDepth > 0 else { throw error(.outside(keyword: "break", place: "a loop or 'switch'"), at: range) }
      return { _ in .breakLoop }
    case .switchStatement(let statement): return try compileSwitch(statement)
    case .continueStatement(let range):
      if loopDepth == 0 { try checkNotLeavingDefer("continue", at: range) }
      guard loopDepth > 0 else { throw error(.outside(keyword: "continue", place: "a loop"), at: range) }
      return { _ in .continueLoop }
    case .throwStatement(let value, let range): return try compileThrow(value, range: range)
    case .doCatch(let statement): return try compileDoCatch(statement)
    case .deferStatement(_, let range):
      // Blocks compile their `defer`s in `compileSequence`; only a
      // top-level statement gets here, which has no scope to leave.
      throw error(.statement(.topLevelDefer), at: range)
    case .importStatement("", _):
      return { _ in .next }  // `import Foundation` (see `Parser.importStatement`)
    case .importStatement(let path, let range):
      let interpreter = self.interpreter
      let file = self.file
      return { _ in
        try interpreter.importFile(path, from: file, at: range)
        return .next
      }
    }
  }

  /// variableDeclaration -> ('let' | 'var') NAME (':' type)? '=' expression
  ///
  /// With a type, the initial value and every later write must convert to
  /// it (`T` to `T?`, `Int` to `Double`); an empty literal takes the type.
  private func compileVariable(_ declaration: VariableDeclaration) throws -> Execution {
    if declaration.type == nil, declaration.initializer.isImplicitMember {
      // Swift: "cannot infer contextual base"; a variable has no type to give it.
      throw error(
        .statement(.implicitMemberUnknownEnum(written: file.text(in: declaration.initializer.range))),
        at: declaration.initializer.range)
    }
    // `var names = [String]()` declares the type as Swift infers it.
    let inferred: ValueType?
    if declaration.type == nil, case .call(let callee, [], _) = declaration.initializer {
      inferred = collectionTypeCalled(callee)
    } else {
      inferred = nil
    }
    let type = try declaration.type.map(valueType) ?? inferred
    try checkTupleArity(of: declaration.initializer, against: type)
    var initializer = try compileValue(declaration.initializer, expecting: type)
    if let type {
      let (name, range, file) = (declaration.name.name, declaration.initializer.range, self.file)
      let uncheckedInitializer = initializer
      initializer = { frame in
        let value = try uncheckedInitializer(frame)
        guard let converted = type.coerce(value) else {
          throw ScriptError(
            ScriptError.contextualMismatch(value: value, expected: type)
              ?? .initializerMismatch(name: name, expected: "\(type)", valueType: value.typeName),
            at: range, in: file)
        }
        return converted
      }
    }
    if let names = declaration.tupleNames {
      return try compileTupleDestructuring(declaration, names: names, type: type, initializer: initializer)
    }
    let slot = declare(declaration.name, isMutable: declaration.isMutable, type: type)
    if scope.isGlobal {
      interpreter.session.ensureGlobalCapacity()
      let session = interpreter.session
      let run = scope.declarationRun(ofSlot: slot)
      return { frame in
        session.bindGlobal(slot, to: try initializer(frame))
        run.hasRun = true
        return .next
      }
    }
    return { frame in
      frame.slots[slot] = try initializer(frame)
      return .next
    }
  }

  /// functionDeclaration -> 'func' NAME '(' parameters? ')' ('->' type)? block
  private func compileFunction(_ declaration: FunctionDeclaration) throws -> Execution {
    let name = declaration.name.name
    if declaration.isAsync {
      throw error(
        .declaration(.asyncNotMethod),
        at: declaration.name.range)
    }
    let slot = declare(declaration.name, isMutable: false, isThrowingFunction: declaration.isThrowing)
    let isGlobal = scope.isGlobal
    if isGlobal { interpreter.session.ensureGlobalCapacity() }
    let signature = declaration.hasSwiftSignature ? try functionSignature(declaration) : nil
    let (body, slotCount, keepsParent) = try compileFunctionBody(
      parameters: declaration.parameters, body: declaration.body,
      signature: signature.map { ($0, declaration.body.range) },
      cannotThrow: declaration.isThrowing ? nil : .functionCannotThrow)
    let interpreter = self.interpreter
    let arity = declaration.parameters.count
    let globals = interpreter.session.globalFrame
    let argumentPlanKey = signature == nil ? nil : ArgumentPlanCache.Key()
    // The declaring frame only for defaults to evaluate in: a nested
    // function's value is in that frame, so keeping the frame for nothing
    // made `func outer() { func inner(x: Int) {} }` a cycle.
    let hasDefaults = signature?.parameters.contains { $0.defaultValue != nil } ?? false
    let code = FunctionCode(
      body: body, slotCount: slotCount(), arity: arity, signature: signature, isThrowing: declaration.isThrowing,
      reusesFrame: !resolved.needsFrame(.block(declaration.body.range)))
    let makeFunction = { (frame: Frame) -> Value in
      let defining: Frame? = keepsParent || isGlobal ? frame : nil
      return .function(
        Callable(
          name: name, arity: arity, signature: signature, argumentPlanKey: argumentPlanKey,
          defaultFrame: hasDefaults ? frame : nil, isThrowing: declaration.isThrowing, code: code, frameParent: defining
        ) { arguments, context in
          try interpreter.call(body: body, slotCount: slotCount(), arguments: arguments, parent: defining, at: context)
        })
    }
    if isGlobal {
      // Top-level functions exist from the moment they are compiled, so a
      // function can call one declared later in the file.
      interpreter.session.bindGlobal(slot, to: makeFunction(globals))
      return { _ in .next }
    }
    return { frame in
      frame.slots[slot] = makeFunction(frame)
      return .next
    }
  }

  /// The Swift signature of a function or method: its parameters' labels,
  /// types and defaults (compiled in the declaring scope) and return type.
  func functionSignature(_ declaration: FunctionDeclaration) throws -> FunctionSignature {
    var seen = Set<String>()
    let parameters = try declaration.signature.map { parameter -> FunctionSignature.Parameter in
      guard seen.insert(parameter.name.name).inserted else {
        throw error(.redeclaration(name: parameter.name.name, container: nil, parameter: true), at: parameter.name.range)
      }
      let type = try parameter.type.map(valueType)
      return FunctionSignature.Parameter(
        label: parameter.label?.name, name: parameter.name.name, type: type,
        defaultValue: try parameter.defaultValue.map { try compileDefaultValue($0, expecting: type) })
    }
    return FunctionSignature(
      name: declaration.name.name, parameters: parameters, returnType: try declaration.returnType.map(valueType),
      isThrowing: declaration.isThrowing, isAsync: declaration.isAsync)
  }

  /// A parameter's or a stored property's default value, evaluated at each
  /// call or construction, as Swift does. The evaluation counts as a call,
  /// so a default that calls back into what it defaults (`func f(_ x: Int =
  /// f())`, `var x: Int = T().x`) meets the call-depth limit and the stack
  /// check, a located error, instead of overflowing the stack.
  func compileDefaultValue(_ expression: Expression, expecting type: ValueType? = nil) throws -> Evaluation {
    let evaluate = try compileValue(expression, expecting: type)
    let (range, file) = (expression.range, self.file)
    // Unowned: the code of a type's defaults lives as long as the type,
    // which the interpreter owns.
    return { [unowned interpreter] frame in
      try interpreter.enterCalls(
        at: CallContext(interpreter: interpreter, range: range, file: file, argumentRanges: []), callee: "a default value")
      defer { interpreter.leaveCalls() }
      return try evaluate(frame)
    }
  }

  /// ifStatement -> 'if' (conditionList | 'case' pattern '=' expression) block ('else' (ifStatement | block))?
  ///
  /// For an `if` expression, `valueBranch` compiles each branch (see ``BranchValue``).
  func compileIf(_ statement: IfStatement, valueBranch: BranchValue? = nil) throws -> Execution {
    if let pattern = statement.casePattern {
      return try compileIfCase(statement, pattern: pattern, valueBranch: valueBranch)
    }
    guard let plainCondition = statement.condition else {
      return try compileIfWithClauses(statement, valueBranch: valueBranch)
    }
    let condition = try compileCondition(plainCondition)
    let thenBlock = try valueBranch?(statement.thenBlock) ?? compileBlock(statement.thenBlock)
    let elseBlock: Execution
    switch statement.elseBranch {
    case .none: elseBlock = { _ in .next }
    case .block(let block): elseBlock = try valueBranch?(block) ?? compileBlock(block)
    case .elseIf(let nested): elseBlock = try compileIf(nested, valueBranch: valueBranch)
    }
    return { frame in try condition(frame) ? thenBlock(frame) : elseBlock(frame) }
  }

  /// A condition: must be a Bool, as in Swift.
  func compileCondition(_ expression: Expression) throws -> (Frame) throws -> Bool {
    let evaluate = try compileExpression(expression)
    let file = self.file
    return { frame in
      let value = try evaluate(frame)
      guard case .bool(let result) = value else {
        throw ScriptError(.conditionNotBool(valueType: value.typeName), at: expression.range, in: file)
      }
      return result
    }
  }

  /// An expression that must produce an Int (range bounds).
  func compileInteger(_ expression: Expression) throws -> (Frame) throws -> Int {
    let evaluate = try compileExpression(expression)
    let file = self.file
    return { frame in
      let value = try evaluate(frame)
      guard case .int(let result) = value else {
        throw ScriptError(.rangeBoundsNotInt(lhs: value.typeName, rhs: nil), at: expression.range, in: file)
      }
      return result
    }
  }

  /// batchStatement -> 'batch' block
  private func compileBatch(_ block: Block, range: SourceRange) throws -> Execution {
    let body = try compileBlock(block)
    let interpreter = self.interpreter
    let file = self.file
    return { frame in
      var flow = Flow.next
      do {
        try ReactiveGraph.shared.transaction { flow = try body(frame) }
      } catch {
        throw error.asScriptError(at: range, in: file)
      }
      try interpreter.throwPendingError()
      return flow
    }
  }
}

extension Flow {
  /// How a loop goes on after its body ran: nil for the next iteration,
  /// else how the loop itself ends (`break` ends only the loop, `return`
  /// the function around it too).
  @inline(__always) var loopExit: Flow? {
    switch self {
    case .next, .continueLoop: return nil
    case .breakLoop: return .next
    case .returned(let value): return .returned(value)
    }
  }
}

// Tuples: `let (a, _) = pair`, and the arity checks that can be made
// before anything runs.
extension Compiler {
  /// Compile-time form of the run-time conversion's arity check, for what
  /// `check` and the editor see: a tuple literal written where a tuple type
  /// of another size is declared.
  func checkTupleArity(of initializer: Expression, against type: ValueType?) throws {
    var expected = type
    while case .optional(let wrapped)? = expected { expected = wrapped }
    guard case .tuple(_, let types)? = expected, case .tuple(let elements, let range) = initializer.unparenthesized,
      elements.count != types.count
    else { return }
    throw error(
      .statement(.tupleArity(count: elements.count, expected: "\(expected!)", expectedCount: types.count)),
      at: range)
  }

  /// variableDeclaration -> ('let' | 'var') '(' NAME (',' NAME)+ ')' (':' type)? '=' expression
  ///
  /// Binds each element of the tuple to its name (none for `_`). The
  /// pattern and the tuple must have as many elements: checked here when
  /// the type or a literal says, and when the value arrives otherwise.
  private func compileTupleDestructuring(
    _ declaration: VariableDeclaration, names: [Identifier], type: ValueType?, initializer: @escaping Evaluation
  ) throws -> Execution {
    let pattern = declaration.name.name
    var elementTypes: [ValueType]?
    if let type {
      guard case .tuple(_, let types) = type else {
        throw error(.statement(.notTupleType(pattern: pattern, type: "\(type)")), at: declaration.type!.range)
      }
      guard types.count == names.count else {
        throw error(
          .statement(.patternNamesVersusType(pattern: pattern, names: names.count, type: "\(type)", elements: types.count)),
          at: declaration.type!.range)
      }
      elementTypes = types
    }
    if case .tuple(let elements, let range) = declaration.initializer.unparenthesized, elements.count != names.count {
      throw error(
        .statement(.patternNamesVersusTuple(pattern: pattern, names: names.count, elements: elements.count)),
        at: range)
    }
    let slots = names.enumerated().map { index, name in
      name.name == "_" ? nil : declare(name, isMutable: declaration.isMutable, type: elementTypes?[index])
    }
    if scope.isGlobal { interpreter.session.ensureGlobalCapacity() }
    let (session, isGlobal, file, range) = (interpreter.session, scope.isGlobal, self.file, declaration.initializer.range)
    let count = names.count
    let runs = isGlobal ? slots.compactMap { $0.map(scope.declarationRun(ofSlot:)) } : []
    return { frame in
      let value = try initializer(frame)
      guard case .tuple(let tuple) = value, tuple.elements.count == count else {
        let found = if case .tuple(let tuple) = value { "'\(value.typeName)', which has \(tuple.elements.count) elements" } else { "a value of type '\(value.typeName)'" }
        throw ScriptError(
          .statement(.patternNamesVersusValue(pattern: pattern, count: count, found: found)),
          at: range, in: file)
      }
      for (slot, element) in zip(slots, tuple.elements) {
        guard let slot else { continue }
        if isGlobal { session.bindGlobal(slot, to: element) } else { frame.slots[slot] = element }
      }
      for run in runs { run.hasRun = true }
      return .next
    }
  }
}
