import BindRuntime
import BindSyntax

/// Turns resolved AST into closures ("closure compilation"): every name is
/// resolved to a slot once, so that running does no string lookups (local
/// variables where the resolver placed them, globals here by name).
final class Compiler {
  unowned let interpreter: Interpreter
  let file: SourceFile
  /// What the resolver decided about the syntax being compiled: which
  /// scopes need frames, where each local variable lives, what closures
  /// capture, closures' anonymous parameters, early uses. For
  /// one statement, resolved when first asked: most top-level statements
  /// (`x = x + 1`, `print(x)`) ask nothing, and a file may have 10⁵ of them.
  private(set) lazy var resolved: ResolvedSyntax = Resolver.resolve(
    statementToResolve.map { [$0] } ?? [], topLevelDeclarations: interpreter.session.topLevelDeclarations(in: file))
  private let statementToResolve: Statement?
  var scope: FunctionScope
  /// Set while compiling the expression of a `bind` or `observe`.
  var captureList: CaptureList?
  /// Loop nesting within the current function, for `break`/`continue`.
  var loopDepth = 0
  /// `switch` nesting within the current function: `break` ends a switch.
  var switchDepth = 0
  /// Set while compiling the setter of a writable derived property, whose
  /// block writes the type's members by their bare names.
  var writesSelfMembers = false
  /// The type whose static members are being compiled: there bare names
  /// reach its other static members, as in Swift.
  var staticContextType: String?
  /// The types whose declarations enclose the code being compiled,
  /// outermost first: there short names reach their nested types.
  var typeNamespaces: [String] = []
  /// The type whose declaration the code being compiled belongs to (its
  /// methods, derived properties, defaults, initializers, static members,
  /// extensions): the one writer its `private(set)` properties allow, and
  /// what `Self` names.
  var enclosingTypeName: String? { typeNamespaces.last }
  /// The protocol whose requirements are being compiled: there `Self` is
  /// the type that conforms.
  var protocolSelf: String?
  /// Set while compiling an `init`: there `let` properties may be assigned.
  var compilingInitializer = false
  /// Set while compiling a `bind`/`observe` source: there a nil link in a
  /// chain (`vm.user.name` while `vm.user` is nil) reads as nil, as a
  /// key-path chain does, instead of being an error.
  var chainsPropagateNil = false
  /// Set just before compiling the base of a postfix link, so that the base
  /// joins its optional chain instead of starting one (see `compileExpression`).
  var compilingChainBase = false
  /// Set by `compileFunctionBody(…implicitReturn: true)` when the body is
  /// one expression that is not a call: that expression, which a collection
  /// method may evaluate per element without a call (see `ClosureInvocation`).
  /// In a struct: an `Evaluation` kept directly in an Optional is called
  /// through two reabstraction thunks once taken out.
  var implicitReturnEvaluation: CompiledExpression?
  /// Set while compiling the operand of `await`: async host calls there run
  /// to completion.
  var isAwaiting = false
  /// Set where nothing may wait (a derived property, a `bind` or `observe`
  /// expression): names the place, for the error an async call there gets.
  var cannotAwait: String?
  /// Where errors thrown here go, and whether a call here is marked with
  /// `try` (see `Compiler+Errors.swift`).
  var errorHandling = ErrorHandling()

  /// Compiles `body` where nothing may wait (see ``cannotAwait``).
  func withoutAwaiting<T>(in context: String, _ body: () throws -> T) rethrows -> T {
    let saved = (cannotAwait, isAwaiting)
    (cannotAwait, isAwaiting) = (context, false)
    defer { (cannotAwait, isAwaiting) = saved }
    return try body()
  }

  /// A compiler for `statement`, which the resolver walks when the
  /// compiler first asks about it.
  init(interpreter: Interpreter, file: SourceFile, resolving statement: Statement, scope: FunctionScope) {
    self.interpreter = interpreter
    self.file = file
    self.statementToResolve = statement
    self.scope = scope
  }

  /// A compiler for statements of a file the resolver has walked (`check`).
  init(interpreter: Interpreter, file: SourceFile, resolved: ResolvedSyntax, scope: FunctionScope) {
    self.interpreter = interpreter
    self.file = file
    self.statementToResolve = nil
    self.scope = scope
    self.resolved = resolved
  }

  func error(_ kind: ScriptError.Kind, at range: SourceRange, notes: [String] = []) -> ScriptError {
    ScriptError(kind, at: range, in: file, notes: notes)
  }

  /// Wraps an evaluation so that errors raised without a location get `range`.
  func locating(_ range: SourceRange, _ evaluation: @escaping Evaluation) -> Evaluation {
    let file = self.file
    return { frame in
      do { return try evaluation(frame) } catch { throw Compiler.located(error, at: range, in: file) }
    }
  }

  /// What ``locating(_:_:)`` throws for `error`: a script error without a
  /// location gets `range`, a reactive error becomes a script error there.
  static func located(_ error: any Error, at range: SourceRange, in file: SourceFile) -> any Error {
    if let error = error as? ScriptError, error.range == nil { return error.located(at: range, in: file) }
    if let error = error as? ReactiveError { return ScriptError(.reactive(error), at: range, in: file) }
    return error
  }

  // MARK: Names

  /// Resolves the name used at `range`. Inside a `bind`/`observe`
  /// expression every variable becomes a capture, read once.
  func resolve(_ name: String, at range: SourceRange) -> Resolution? {
    guard let found = resolveInScopes(name, at: range) else { return nil }
    if let captureList, !isSelfMember(found) {
      return .captured(index: captureList.index(of: name, resolvedAs: found))
    }
    return found
  }

  private func isSelfMember(_ resolution: Resolution) -> Bool {
    if case .selfMember = resolution { return true }
    return false
  }

  /// Resolves the name used at `range` without making it a capture: a
  /// local variable where the resolver placed it; otherwise, by name, a
  /// member of the `self` of a derived property, a global, or a static
  /// member of the type being compiled.
  func resolveInScopes(_ name: String, at range: SourceRange) -> Resolution? {
    if let (local, variable) = localVariable(name, at: range) {
      if local.depth == 0 { return .local(slot: local.slot, isMutable: variable.isMutable) }
      return .outer(hops: local.depth, slot: local.slot, isMutable: variable.isMutable)
    }
    var current: FunctionScope? = scope
    while let candidate = current {
      if let type = candidate.selfType, let member = type.members[name] {
        return .selfMember(member, name: name)
      }
      if candidate.isGlobal, let variable = candidate.lookup(name) {
        return .global(slot: variable.slot, isMutable: variable.isMutable)
      }
      current = candidate.parent
    }
    return staticMemberInContext(name)
  }

  /// The local variable the resolver found the name used at `range` to
  /// be (`self` there may be the implicit one of a bare member name), and
  /// what its declaration said.
  func localVariable(_ name: String, at range: SourceRange) -> (ResolvedSyntax.LocalSlot, FunctionScope.Variable)? {
    guard !scope.isGlobal, let local = resolved.localNames[.init(name: name, range: range)],
      let variable = scope.variable(atDepth: local.depth, slot: local.slot)
    else { return nil }
    return (local, variable)
  }

  /// The variable the name used at `range` resolves to, as declared: a
  /// local one, or else the global of that name.
  func declaredVariable(_ name: String, at range: SourceRange) -> FunctionScope.Variable? {
    if let (_, variable) = localVariable(name, at: range) { return variable }
    return interpreter.session.globalScope.lookup(name)
  }

  /// The declared type of the variable the name used at `range` resolves to, if it has one.
  func declaredType(of name: String, at range: SourceRange) -> ValueType? {
    declaredVariable(name, at: range)?.type
  }

  /// Declares the variable `name` names in the scope being compiled: in the
  /// global frame by name (the REPL declares again, the hoisting declares
  /// first), in a local frame at the slot the resolver gave it.
  @discardableResult
  func declare(_ name: Identifier, isMutable: Bool, type: ValueType? = nil, isThrowingFunction: Bool = false) -> Int {
    let slot = scope.isGlobal ? nil : resolved.declarationSlots[name.range]
    return scope.declare(name.name, at: slot, isMutable: isMutable, type: type, isThrowingFunction: isThrowingFunction)
  }

  /// Whether a body whose resolved captures are `captures`, compiled in
  /// `scope`, uses its enclosing frames: a variable of theirs, or the
  /// `self` of an implicit `self.name` that does name a member. Only then
  /// must its frames keep the frame they are made in: a handler that holds
  /// a frame it never uses would hold the objects in it too, and an object
  /// holding its own handler is a leak.
  func usesEnclosingFrames(_ captures: [ResolvedSyntax.Capture]?) -> Bool {
    captures?.contains { capture in capture.implicitMember.map(implicitSelfMemberOutside) ?? true } ?? false
  }

  /// Every name visible here, for "did you mean" suggestions.
  var visibleNames: [String] {
    var names: [String] = []
    var current: FunctionScope? = scope
    while let candidate = current {
      names += candidate.visibleNames
      current = candidate.parent
    }
    return names + interpreter.registry.typeNamesForSuggestions + Builtins.functionNames
  }

  func unknownName(_ name: String, at range: SourceRange) -> ScriptError {
    if let op = TimeOperator(rawValue: name) {
      return error(
        .statement(.timedSourceOutside(op: op.rawValue)),
        at: range)
    }
    if let ambiguous = ambiguousTypeName(name, at: range) { return ambiguous }
    if let early = resolved.earlyUses[range] { return usedBeforeDeclaration(name, early, at: range) }
    let suggested = interpreter.suggestsNames ? suggestion(for: name, among: visibleNames) : nil
    return error(.unknownName(name, suggestion: suggested), at: range)
  }

  /// The error for a short name that several registered nested Swift
  /// types have (`State` of `LoginViewModel` and of `ProfileViewModel`).
  func ambiguousTypeName(_ name: String, at range: SourceRange) -> ScriptError? {
    guard let candidates = interpreter.registry.hostValueTypes.ambiguousShortNames[name] else { return nil }
    return error(.statement(.ambiguousTypeName(name: name, candidates: candidates)), at: range)
  }

  /// The error of a name used before its declaration in an enclosing
  /// block, which Swift rejects too: a closure made before the variable
  /// exists could only read nothing.
  private func usedBeforeDeclaration(_ name: String, _ early: ResolvedSyntax.EarlyUse, at range: SourceRange) -> ScriptError {
    let line = early.declaration.range.start.line
    let kind = ScriptError.StatementProblem.usedBeforeDeclaration(
      name: name, line: line, inClosure: early.isCapture, isLocal: early.isLocal)
    return error(.statement(kind), at: range)
  }

  /// Rejects a top-level statement that names a top-level variable before
  /// its declaration outside any function (`let f = { print(later) }`,
  /// `on b.tap { count += 1 }` above `var count = 0`): the name resolves,
  /// hoisted, but what runs there could read only `nil`.
  func rejectEarlyTopLevelUses(in statement: Statement) throws {
    let statementRange = statement.range
    guard
      let (range, early) = resolved.earlyTopLevelUses.first(where: {
        $0.range.start.offset >= statementRange.start.offset && $0.range.end.offset <= statementRange.end.offset
      })
    else { return }
    // A local declaration further down is the one the name was meant to refer to.
    throw usedBeforeDeclaration(early.declaration.name, resolved.earlyUses[range] ?? early, at: range)
  }

  /// A closure that reads a resolved variable.
  func reader(for resolution: Resolution, name: String, range: SourceRange) -> Evaluation {
    let globals = interpreter.session.globalFrame
    switch resolution {
    case .local(let slot, _): return { frame in frame.slots[slot] }
    case .outer(let hops, let slot, _): return { frame in frame.ancestor(hops).slots[slot] }
    case .global(let slot, _):
      if let declaration = resolved.topLevelUsesInCalledBodies[range] {
        return readerBeforeDeclaration(slot, name: name, declaration: declaration, range: range)
      }
      return { _ in globals.slots[slot] }
    case .captured(let index): return { frame in frame.captures[index].value }
    case .selfMember(let member, let name):
      let interpreter = self.interpreter
      return locating(range) { frame in
        guard let object = frame.selfObject else { throw ScriptError(.statement(.memberWithoutObject(name: name))) }
        return try interpreter.read(member, of: object, name: name)
      }
    }
  }

  /// A read of the global at `slot` in a function above its `declaration`:
  /// a call made before the declaration has run fails there, as Swift's
  /// "used before being initialized", rather than reading `nil`.
  private func readerBeforeDeclaration(
    _ slot: Int, name: String, declaration: Identifier, range: SourceRange
  ) -> Evaluation {
    let run = interpreter.session.globalScope.declarationRun(ofSlot: slot)
    let globals = interpreter.session.globalFrame
    let (line, file) = (declaration.range.start.line, self.file)
    return { _ in
      guard run.hasRun else {
        throw ScriptError(.statement(.usedBeforeInitialized(name: name, line: line)), at: range, in: file)
      }
      return globals.slots[slot]
    }
  }

  /// A closure that writes a resolved variable, or an error if it cannot be written.
  func writer(for resolution: Resolution, name: String, range: SourceRange) throws -> (Frame, Value) -> Void {
    guard resolution.isMutable else {
      if case .selfMember = resolution {
        throw error(.assignInsideDerived(name: name), at: range)
      }
      if case .captured = resolution {
        throw error(.statement(.assignInReactiveExpression(name: name)), at: range)
      }
      throw error(.assignToLet(name: name, owner: nil), at: range)
    }
    let globals = interpreter.session.globalFrame
    switch resolution {
    case .local(let slot, _): return { frame, value in frame.slots[slot] = value }
    case .outer(let hops, let slot, _): return { frame, value in frame.ancestor(hops).slots[slot] = value }
    case .global(let slot, _): return { _, value in globals.slots[slot] = value }
    case .captured, .selfMember: fatalError("not mutable")
    }
  }

  /// Compiles a function-like body (a `func`, a handler block) in a scope of
  /// its own; returns the body and the frame size it needs.
  ///
  /// `keepsParent` says whether the body reaches into the enclosing frame;
  /// when it does not, the body's frames need no parent at all.
  ///
  /// With `implicitReturn`, a body that is one expression returns its value
  /// (a closure's `{ $0 + 1 }`); a call that returns nothing still returns
  /// nothing, as does an `if` or `switch` expression whose branch is one.
  /// (An `if` or `switch` that can be a value is one expression here: see
  /// `Block.implicitReturnValue`.)
  ///
  /// A function with a Swift `signature` has `let` parameters, as in Swift,
  /// its `return` values checked against the return type, and a call that
  /// ends without `return` in a function that returns a value is an error
  /// (located at the body's closing brace; `kind` names the function there,
  /// by default a global function or an instance method). A method's
  /// `methodSelf` is declared first, as slot 0.
  ///
  /// `cannotThrow` says why an error may not leave the body (see
  /// ``ErrorHandling/unhandledBecause``); nil for a `throws` function or
  /// a closure.
  ///
  /// An `async` method's `suspendable` body receives the statements cut at
  /// their `wait`s (``compileSuspendable(_:into:)``).
  func compileFunctionBody(
    parameters: [Identifier], body: Block, selfType: ObjectType? = nil, implicitReturn: Bool = false,
    signature: (FunctionSignature, bodyRange: SourceRange)? = nil, methodSelf: MethodSelf? = nil, kind: String? = nil,
    cannotThrow: ScriptError.UnhandledReason? = .blockCannotThrow, suspendable: SuspendableBody? = nil
  ) throws
    -> (body: Execution, slotCount: () -> Int, keepsParent: Bool)
  {
    let inner = try functionScope(parameters: parameters, selfType: selfType, signature: signature?.0, methodSelf: methodSelf)
    let saved = (scope, captureList, loopDepth, isAwaiting, cannotAwait, switchDepth)
    scope = inner
    captureList = nil
    loopDepth = 0
    switchDepth = 0
    (isAwaiting, cannotAwait) = (false, nil)
    defer { (scope, captureList, loopDepth, isAwaiting, cannotAwait, switchDepth) = saved }
    let savedErrorHandling = errorHandling
    errorHandling = ErrorHandling(unhandledBecause: cannotThrow)
    defer { errorHandling = savedErrorHandling }
    let keepsParent = { self.usesEnclosingFrames(self.resolved.captures[body.range]) }
    if implicitReturn, let expression = body.implicitReturnValue {
      return (try compileImplicitReturn(expression), { inner.slotCount }, keepsParent())
    }
    if signature?.0.returnType != nil, let expression = body.implicitReturnValue {
      // Swift's implicit return: a body of one expression in a function
      // that returns a value returns it (checked like `return`).
      return (try compileReturn(expression, range: expression.range), { inner.slotCount }, keepsParent())
    }
    // Not `suspendable.map { … } ?? …`: a closure that passes through a
    // generic (`??`) is called through two reabstraction thunks ever after.
    var compiled: Execution
    if let suspendable {
      compiled = try compileSuspendable(body.statements, into: suspendable)
    } else {
      compiled = try compileSequence(body.statements)
    }
    if let (signature, bodyRange) = signature, let returnType = signature.returnType {
      let statements = compiled
      let missing = missingReturn(
        returnType, in: kind ?? (methodSelf == nil ? "global function" : "instance method"), closingAt: bodyRange)
      suspendable?.missingReturn = missing
      compiled = { frame in
        let flow = try statements(frame)
        if case .returned(.some) = flow { return flow }
        throw missing
      }
    }
    return (compiled, { inner.slotCount }, keepsParent())
  }

  /// The scope of a function-like body: a method's `self` first, then the
  /// parameters (`let`s with a Swift `signature`).
  private func functionScope(
    parameters: [Identifier], selfType: ObjectType?, signature: FunctionSignature?, methodSelf: MethodSelf?
  ) throws -> FunctionScope {
    let inner = FunctionScope(parent: scope, selfType: selfType)
    if let methodSelf {
      inner.declare("self", isMutable: methodSelf.isMutable)
      inner.implicitSelfMembers = methodSelf.members
      inner.selfValueType = methodSelf.type
    }
    inner.returnContract = signature.map { .init(type: $0.returnType) }
    var seen = Set<String>()
    for parameter in parameters {
      guard seen.insert(parameter.name).inserted else {
        throw error(.duplicateParameter(parameter.name), at: parameter.range)
      }
      inner.declare(parameter.name, isMutable: signature == nil)
    }
    return inner
  }

  /// A body of one expression that returns its value (a closure's
  /// `{ $0 + 1 }`); a call that returns nothing still returns nothing, as
  /// does an `if` or `switch` expression whose branch is one.
  private func compileImplicitReturn(_ expression: Expression) throws -> Execution {
    let evaluate = try compileValue(expression, expecting: nil)
    let interpreter = self.interpreter
    if expression.isCall || expression.isBranchExpression {
      return { frame in
        interpreter.lastCallProducedValue = true
        let value = try evaluate(frame)
        return value.isNull && !interpreter.lastCallProducedValue ? .returned(nil) : .returned(value)
      }
    }
    implicitReturnEvaluation = CompiledExpression(evaluate: evaluate)
    return { frame in .returned(try evaluate(frame)) }
  }

  /// The error of a body that should return a `returnType` value and ran
  /// past its end: at the closing brace of `body` (its last byte).
  func missingReturn(_ returnType: ValueType, in kind: String, closingAt body: SourceRange) -> ScriptError {
    let end = body.end
    let brace = SourceLocation(offset: end.offset - 1, line: end.line, column: max(1, end.column - 1))
    return error(.statement(.missingReturn(kind: kind, returnType: "\(returnType)")), at: SourceRange(start: brace, end: end))
  }
}
