import BindSyntax

/// The resolver pass between the parser and the compiler (Crafting
/// Interpreters' `Resolver`): one walk over the syntax tree that decides,
/// once, what the compiler and `check` ask about it (see ``ResolvedSyntax``):
/// which scopes need a frame of their own, the frame slot of every local
/// variable and the depth and slot of every use of one, what each closure
/// captures, what each closure's anonymous parameters are, which handler
/// blocks may write, which names are used before their declaration, and,
/// for `check`, how each name is bound and where members are used.
///
/// The switches over statements and expressions are exhaustive, without
/// `default:`, on purpose: a new form must say here which scopes it opens,
/// which names it binds and whether it makes closures, or the compiler
/// would share a frame a closure needs.
///
/// The walk of conditions, patterns, `if`, `switch` and `catch` is in
/// `Resolver+Branches.swift`, which is why the state and the walk's
/// functions it calls are not private (the initializer is: only
/// ``resolve(_:collectingBindings:topLevelDeclarations:)`` makes a resolver).
package struct Resolver {
  var result = ResolvedSyntax()
  /// Whether to collect ``NameBindings`` (only `check` needs them).
  private let collectsBindings: Bool
  /// Off inside the parts of a type `check` does not look at (see `typeDeclaration`).
  private var recordsMembers: Bool
  /// The local scopes open at this point of the walk.
  var scopes = LexicalScopes()
  /// How many function-like bodies (functions, closures, handlers, …) enclose this point.
  private var functionDepth = 0
  /// How many blocks enclose this point (0: a top-level statement).
  var blockDepth = 0
  /// The anonymous parameters of the closures enclosing this point, innermost last.
  private var closureParameters: [ResolvedSyntax.AnonymousParameters] = []
  private var statementIndex = 0
  private var selfTypeName: String?
  /// The file's top-level variables, by name, each at its first
  /// declaration (see ``topLevelDeclarations(of:)``).
  private let topLevelDeclarations: [String: Identifier]
  /// How many bodies that run only when called (functions, methods, a
  /// type's members) enclose this point: there, as in Swift, a top-level
  /// variable declared further down may be named. Anywhere else at the top
  /// level (a statement, a closure, a handler, a timer, an effect), code may
  /// run before the declaration has, and could only read `nil`.
  private var calledBodyDepth = 0

  private init(collectsBindings: Bool, topLevelDeclarations: [String: Identifier]) {
    self.collectsBindings = collectsBindings
    self.topLevelDeclarations = topLevelDeclarations
    recordsMembers = collectsBindings
  }

  /// Resolves `statements`, the top-level statements of a file (or the
  /// one a REPL line or a run is about to compile). `collectingBindings`
  /// also collects how names are bound and where members are used;
  /// `topLevelDeclarations` are those of the whole file the statements are
  /// in, which names used before them are checked against.
  package static func resolve(
    _ statements: [Statement], collectingBindings: Bool = false, topLevelDeclarations: [String: Identifier] = [:]
  ) -> ResolvedSyntax {
    var resolver = Resolver(collectsBindings: collectingBindings, topLevelDeclarations: topLevelDeclarations)
    for (index, statement) in statements.enumerated() {
      resolver.statementIndex = index
      _ = resolver.statement(statement)
    }
    resolver.scopes.layout.finish(into: resolver.result)
    return resolver.result
  }

  /// The top-level variables `statements` declare, by name, each at its
  /// first declaration (a later one redeclares it).
  package static func topLevelDeclarations(of statements: [Statement]) -> [String: Identifier] {
    var declarations: [String: Identifier] = [:]
    for case .variable(let declaration) in statements {
      for name in declaration.boundNames where declarations[name.name] == nil { declarations[name.name] = name }
    }
    return declarations
  }

  // MARK: Names

  mutating func openScope(_ framing: SlotLayout.Framing) {
    scopes.open(framing, functionDepth: functionDepth)
  }

  mutating func closeScope() { scopes.close() }

  /// Declares `name`, a variable unless it names a connection (`observe …
  /// as name`).
  mutating func declare(_ name: Identifier, _ binding: NameBindings.Binding, isVariable: Bool = true) {
    if recordsMembers { result.bindings.names[name.name, default: []].append(binding) }
    scopes.declare(name, isVariable: isVariable, earlyUses: &result.earlyUses)
  }

  mutating func reference(_ name: String, at range: SourceRange) {
    var anonymous: Int?
    if name.hasPrefix("$"), !closureParameters.isEmpty {
      let last = closureParameters.count - 1
      if closureParameters[last].first == nil { closureParameters[last].first = Identifier(name, range: range) }
      if let index = Int(name.dropFirst()) {
        closureParameters[last].count = max(closureParameters[last].count, min(index, 255) + 1)
        // The compiler declares no more than `$0` to `$255`.
        anonymous = index <= 255 ? index : nil
      }
    }
    let isLocal = scopes.use(name, at: range, functionDepth: functionDepth, anonymous: anonymous)
    guard !isLocal, let declaration = topLevelDeclarations[name], declaration.range.start.offset > range.start.offset
    else { return }
    if calledBodyDepth > 0 {
      result.topLevelUsesInCalledBodies[range] = declaration
    } else {
      let early = ResolvedSyntax.EarlyUse(declaration: declaration, isCapture: functionDepth > 0, isLocal: false)
      result.earlyTopLevelUses.append((range, early))
    }
  }

  private mutating func record(_ use: NameBindings.MemberUse) {
    guard recordsMembers else { return }
    result.bindings.memberUses.append(.init(use: use, statement: statementIndex, selfTypeName: selfTypeName))
  }

  // MARK: Scopes

  /// A block, in a scope of its own where `names` are declared first
  /// (after `self`, with `declaringSelf`). `framing` says whether the
  /// compiler may give it a frame of its own; by default when it needs one.
  mutating func block(
    _ block: Block, declaring names: [(Identifier, NameBindings.Binding)] = [], declaringSelf: Bool = false,
    framing: SlotLayout.Framing? = nil
  ) -> ResolvedSyntax.Facts {
    blockDepth += 1
    openScope(framing ?? .whenNeeded(.block(block.range)))
    if declaringSelf { scopes.declareSelf() }
    for (name, binding) in names { declare(name, binding) }
    let facts = statements(block.statements)
    closeScope()
    blockDepth -= 1
    result.scopes[.block(block.range)] = facts
    return facts
  }

  mutating func statements(_ statements: [Statement]) -> ResolvedSyntax.Facts {
    var facts = ResolvedSyntax.Facts()
    for statement in statements { facts = facts | self.statement(statement) }
    return facts
  }

  /// The body of something that runs later, in a frame of its own (a
  /// function, closure, handler, timer, effect, accessor); a method's
  /// (`declaringSelf`) has `self` first.
  private mutating func body(
    _ body: Block, parameters: [(Identifier, NameBindings.Binding)] = [], declaringSelf: Bool = false
  ) {
    functionDepth += 1
    _ = block(body, declaring: parameters, declaringSelf: declaringSelf, framing: .function(body: body.range))
    functionDepth -= 1
  }

  private mutating func function(_ function: FunctionDeclaration, declaringSelf: Bool = false) {
    calledBodyDepth += 1
    defer { calledBodyDepth -= 1 }
    var parameters: [(Identifier, NameBindings.Binding)] = []
    for parameter in function.signature {
      parameters.append((parameter.name, .typed(parameter.type)))
      if let defaultValue = parameter.defaultValue { _ = expression(defaultValue) }
    }
    body(function.body, parameters: parameters, declaringSelf: declaringSelf)
  }

  private mutating func handler(_ handler: HandlerBlock) {
    body(handler.body, parameters: handler.parameters.map { ($0, .other) })
  }

  /// A type's members. `check` looks at its properties, methods and cases
  /// only (a member named in its static members, initializers or nested
  /// types is not trusted or reported: their names would need their own
  /// rules), so bindings and member uses are not collected there.
  private mutating func typeDeclaration(_ declaration: TypeDeclaration) {
    let name = declaration.name.name
    // An extension adds to the type declared elsewhere; it declares none.
    if recordsMembers, !declaration.isExtension {
      result.bindings.typeDeclarations[name, default: 0] += 1
      result.bindings.typeDeclarationOffsets[name] = declaration.range.start.offset
    }
    let saved = (selfTypeName, recordsMembers)
    calledBodyDepth += 1
    defer {
      (selfTypeName, recordsMembers) = saved
      calledBodyDepth -= 1
    }
    let ownSelf = declaration.kind == .enumeration ? nil : name
    for member in declaration.members {
      selfTypeName = ownSelf
      switch member {
      case .property(let property):
        if recordsMembers { result.bindings.memberNames.insert(property.name.name) }
        switch property.value {
        case .stored(let defaultValue?):
          // Defaults are evaluated without an object.
          selfTypeName = nil
          _ = expression(defaultValue)
        case .stored(nil): break
        case .derived(let getter):
          // A struct's or enum's computed property is a method: `self` first.
          body(getter, declaringSelf: declaration.kind != .object)
        }
        if let setter = property.setter {
          body(setter.body, parameters: [(setter.parameter ?? Identifier("newValue", range: setter.range), .other)])
        }
      case .event(let event):
        if recordsMembers { result.bindings.memberNames.insert(event.name.name) }
      case .method(let method):
        if recordsMembers { result.bindings.memberNames.insert(method.name.name) }
        function(method, declaringSelf: true)
      case .enumCase(let enumCase):
        if recordsMembers { result.bindings.memberNames.insert(enumCase.name.name) }
        if let rawValue = enumCase.rawValue { _ = expression(rawValue) }
      }
    }
    recordsMembers = false
    selfTypeName = nil
    _ = statements(declaration.staticMembers)
    for initializer in declaration.initializers { function(initializer, declaringSelf: true) }
    for nested in declaration.nestedTypes { typeDeclaration(nested) }
  }

  // MARK: Statements

  private mutating func statement(_ statement: Statement) -> ResolvedSyntax.Facts {
    switch statement {
    case .expression(let value): return expression(value)
    case .variable(let declaration): return variable(declaration)
    case .assignment(let assignment): return self.assignment(assignment)
    case .typeDeclaration(let declaration):
      typeDeclaration(declaration)
      return .write
    case .protocolDeclaration: return .write  // requirements hold no code
    case .function(let declaration): return functionDeclaration(declaration)
    case .bind(let statement): return bind(statement)
    case .observe(let statement): return observe(statement)
    case .on(let statement): return on(statement)
    case .emit(let statement):
      let payload = statement.payload.map { expression($0) } ?? .init()
      return expression(statement.event, use: .reactive) | payload | .write
    case .dispose(let name, _):
      // A handle in a variable, or else a connection's name.
      scopes.locate(name.name, at: name.range)
      return .write
    case .breakStatement, .continueStatement: return .init()
    case .importStatement:
      if recordsMembers { result.bindings.hasImports = true }
      return .write
    case .batch(let batch, _): return block(batch) | .write
    case .ifStatement(let statement): return ifStatement(statement)
    case .forLoop(let loop):
      let sequence = expression(loop.sequence)
      let variables = [loop.variable] + (loop.secondVariable.map { [$0] } ?? [])
      return sequence | block(loop.body, declaring: variables.map { ($0, .other) })
    case .whileLoop(let loop): return expression(loop.condition) | block(loop.body)
    case .returnStatement(let value, _): return value.map { expression($0) } ?? .init()
    case .wait(let value, _): return (value.map { expression($0) } ?? .init()) | .write
    case .timeline(let statement):
      let frame = statement.frame.map { expression($0) } ?? .init()
      return expression(statement.source, use: .reactive) | expression(statement.duration) | frame | .write
    case .effect(let statement):
      if let name = statement.name { declare(name, .other, isVariable: false) }
      body(statement.body)
      return .closure
    case .onCleanup(let cleanup, _):
      body(cleanup)
      return .closure
    case .notify(let value, _): return expression(value, use: .reactive) | .write
    case .why(let value, _): return expression(value, use: .reactive)
    case .guardStatement(let statement):
      return conditions(statement.conditions) | block(statement.elseBlock) | .write
    case .switchStatement(let statement): return switchStatement(statement) | .write
    case .throwStatement(let value, _): return expression(value) | .write
    case .deferStatement(let deferred, _): return block(deferred) | .write
    case .doCatch(let statement): return doCatch(statement)
    }
  }

  private mutating func variable(_ declaration: VariableDeclaration) -> ResolvedSyntax.Facts {
    let facts = expression(declaration.initializer)
    if let names = declaration.tupleNames {
      for name in names where name.name != "_" { declare(name, .other) }
    } else {
      declare(declaration.name, .variable(declaration, isTopLevel: blockDepth == 0))
    }
    return facts
  }

  /// A function declared by a statement: a value of its scope, whose body
  /// has no `self` even inside a method.
  private mutating func functionDeclaration(_ declaration: FunctionDeclaration) -> ResolvedSyntax.Facts {
    declare(declaration.name, .function(declaration, isTopLevel: blockDepth == 0))
    let saved = selfTypeName
    selfTypeName = nil
    function(declaration)
    selfTypeName = saved
    return .closure
  }

  private mutating func bind(_ statement: BindStatement) -> ResolvedSyntax.Facts {
    if statement.direction == .twoWay { record(.place(statement.source, method: nil)) }
    record(.place(statement.target, method: nil))
    let facts = expression(statement.source, use: .reactive) | expression(statement.target, use: .reactive)
    if let name = statement.name { declare(name, .other, isVariable: false) }
    return facts | .write
  }

  private mutating func observe(_ statement: ObserveStatement) -> ResolvedSyntax.Facts {
    var facts = expression(statement.expression, use: .reactive) | .write
    if let name = statement.name { declare(name, .other, isVariable: false) }
    if let handler = statement.handler {
      self.handler(handler)
      facts = facts | .closure
    }
    return facts
  }

  private mutating func on(_ statement: OnStatement) -> ResolvedSyntax.Facts {
    _ = expression(statement.event, use: .reactive)
    if let name = statement.name { declare(name, .other, isVariable: false) }
    handler(statement.handler)
    return .closure
  }

  private mutating func assignment(_ assignment: Assignment) -> ResolvedSyntax.Facts {
    let isName: Bool
    if case .name(let name, _) = assignment.target.unparenthesized {
      if recordsMembers { result.bindings.assigned.insert(name) }
      isName = true
    } else {
      isName = false
    }
    record(.place(assignment.target, method: nil))
    let facts = expression(assignment.target, use: .write) | expression(assignment.value)
    return isName ? facts : facts | .write
  }

  // MARK: Expressions

  /// Walks `value`; `use` is how its outermost member is used (its bases
  /// and everything inside are read).
  mutating func expression(_ value: Expression, use: NameBindings.Use = .read) -> ResolvedSyntax.Facts {
    switch value {
    case .integer, .double, .string, .boolean, .nilLiteral, .duration: return .init()
    case .implicitMember: return .write
    case .name(let name, let range):
      reference(name, at: range)
      return .init()
    case .interpolatedString(let segments, _):
      var facts = ResolvedSyntax.Facts()
      for case .expression(let inner) in segments { facts = facts | expression(inner) }
      return facts
    case .array(let elements, _):
      var facts = ResolvedSyntax.Facts()
      for element in elements { facts = facts | expression(element) }
      return facts
    case .tuple(let elements, _):
      var facts = ResolvedSyntax.Facts()
      for element in elements { facts = facts | expression(element.value) }
      return facts
    case .dictionary(let entries, _):
      var facts = ResolvedSyntax.Facts.write
      for entry in entries { facts = facts | expression(entry.key) | expression(entry.value) }
      return facts
    case .parenthesized(let inner, _): return expression(inner, use: use)
    case .unary(_, let inner, _), .untracked(let inner, _): return expression(inner)
    case .await(let inner, _), .tryExpression(_, let inner, _): return expression(inner) | .write
    case .binary(_, let lhs, let rhs, _), .index(let lhs, let rhs, _): return expression(lhs) | expression(rhs)
    case .ternary(let condition, let then, let otherwise, _):
      return expression(condition) | expression(then) | expression(otherwise)
    case .member(let base, let name, _):
      let facts = expression(base)
      // `String.init`, `User.init(name:)`: an initializer as a value, no member.
      if name.initializerLabels != nil { return facts }
      if use == .read { record(.enumCase(base: base, name: name)) }
      record(.property(base: base, name: name, optional: false, use: use))
      return facts
    case .optionalMember(let base, let name, _):
      let facts = expression(base)
      record(.property(base: base, name: name, optional: true, use: use))
      return facts
    case .call(let callee, let arguments, _): return call(callee, arguments)
    case .timer(let timer):
      _ = expression(timer.interval)
      if let name = timer.name { declare(name, .other, isVariable: false) }
      body(timer.body)
      return .closure
    case .effect(let effect):
      if let name = effect.name { declare(name, .other, isVariable: false) }
      body(effect.body)
      return .closure
    case .closure(let closure):
      closureParameters.append(.init())
      scopes.enterClosure()
      body(closure.body, parameters: (closure.parameters ?? []).map { ($0.name, .typed($0.type)) })
      scopes.leaveClosure()
      result.anonymousParameters[closure.range] = closureParameters.removeLast()
      return .closure
    case .ifExpression(let statement): return ifStatement(statement, isExpression: true)
    case .switchExpression(let statement): return switchStatement(statement) | .write
    }
  }

  private mutating func call(_ callee: Expression, _ arguments: [Argument]) -> ResolvedSyntax.Facts {
    var facts: ResolvedSyntax.Facts
    switch callee {
    case .member(let base, let name, _) where name.initializerLabels != nil:
      facts = expression(base)  // `String.init(3)`: a call of the type.
    case .member(let base, let name, _):
      facts = expression(base)
      record(.place(base, method: name))
      record(.enumCase(base: base, name: name))
      record(.method(base: base, name: name, arguments: arguments, optional: false))
    case .optionalMember(let base, let name, _):
      facts = expression(base)
      record(.method(base: base, name: name, arguments: arguments, optional: true))
    case .integer, .double, .string, .interpolatedString, .boolean, .nilLiteral, .name, .array, .parenthesized,
      .unary, .binary, .ternary, .call, .index, .duration, .timer, .effect, .await, .untracked, .closure,
      .dictionary, .implicitMember, .tryExpression, .ifExpression, .switchExpression, .tuple:
      facts = expression(callee)
    }
    for argument in arguments { facts = facts | expression(argument.value) }
    // Printing writes nothing observable; any other call may.
    if case .name("print", _) = callee { return facts }
    return facts | .write
  }
}

extension Resolver {
  /// The anonymous parameters of a closure the compiler made itself (none
  /// should exist; parsed closures are resolved with their statement).
  package static func anonymousParameters(of closure: ClosureExpression) -> ResolvedSyntax.AnonymousParameters {
    resolve([.expression(.closure(closure))]).anonymousParameters[closure.range] ?? .init()
  }
}
