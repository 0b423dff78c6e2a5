extension Parser {
  /// typeDeclaration → ('type' | 'class' | 'struct' | 'enum') IDENTIFIER (':' typeAnnotation (',' typeAnnotation)*)?
  ///                   '{' separator* (typeMember (separator+ typeMember)*)? separator* '}'
  func typeDeclaration(isExtension: Bool = false) throws -> Statement {
    let keyword = advance()
    let kind = TypeDeclaration.Kind(rawValue: keyword.text) ?? .object
    var name = try identifier(after: "'\(keyword.text)'")
    while isExtension, check(.dot), peek(1).kind == .identifier {
      advance()
      let part = advance()
      name = Identifier("\(name.name).\(part.text)", range: name.range.union(part.range))
    }
    if isExtension, check(.colon) {
      throw error("an extension cannot add conformances yet; declare them on the type itself")
    }
    let (rawType, conformances) = try inheritanceClause(kind: kind, name: name)
    guard check(.leftBrace) else { throw error("expected '{' after type name '\(name.name)'") }
    let open = advance()
    var members: [TypeDeclaration.Member] = []
    var staticMembers: [Statement] = []
    var initializers: [FunctionDeclaration] = []
    var nestedTypes: [TypeDeclaration] = []
    skipSeparators()
    while !check(.rightBrace), !check(.eof) {
      let start = current
      do {
        if check(.case) {
          members += try enumCaseMembers(kind: kind)
        } else if startsStaticMember {
          staticMembers.append(try staticMember())
        } else if startsInitializer {
          initializers.append(try initializerDeclaration())
        } else if startsNestedType {
          _ = try declarationModifiers()
          guard case .typeDeclaration(let nested) = try typeDeclaration() else { preconditionFailure("a type declaration") }
          nestedTypes.append(nested)
        } else {
          members.append(try typeMember())
        }
        try endOfStatement("declaration")
      } catch {
        report(error as? ParseError ?? ParseError(diagnostic: nil, isAtEnd: false))
        synchronize()
        if current == start, !check(.rightBrace) { advance() }
      }
      skipSeparators()
    }
    let close = try self.close(.rightBrace, opener: open)
    var declaration = TypeDeclaration(
      name: name, members: members, range: keyword.range.union(close.range), kind: kind, rawType: rawType,
      staticMembers: staticMembers, initializers: initializers, nestedTypes: nestedTypes)
    declaration.isExtension = isExtension
    declaration.conformances = conformances
    return .typeDeclaration(declaration)
  }

  /// `statements` with each `extension` of a type declared among them
  /// merged into that declaration (an extension in the file that declares
  /// its type is part of the type, wherever it stands) and left empty in
  /// its place. Stored properties and enum cases stay in the extension,
  /// whose compilation refuses them as Swift does.
  static func mergingExtensions(_ statements: [Statement]) -> [Statement] {
    var declarationIndex: [String: Int] = [:]
    for (index, statement) in statements.enumerated() {
      if case .typeDeclaration(let declaration) = statement, !declaration.isExtension {
        declarationIndex[declaration.name.name] = index
      }
    }
    var merged = statements
    for (index, statement) in statements.enumerated() {
      guard case .typeDeclaration(var extensionDeclaration) = statement, extensionDeclaration.isExtension,
        let target = declarationIndex[extensionDeclaration.name.name],
        case .typeDeclaration(var declaration) = merged[target]
      else { continue }
      func isMovable(_ member: TypeDeclaration.Member) -> Bool {
        switch member {
        case .property(let property): if case .derived = property.value { return true } else { return false }
        case .method: return true
        case .event, .enumCase: return false
        }
      }
      let kept = extensionDeclaration.members.filter { !isMovable($0) }
      declaration.members += extensionDeclaration.members.filter(isMovable)
      declaration.staticMembers += extensionDeclaration.staticMembers
      declaration.initializers += extensionDeclaration.initializers
      declaration.nestedTypes += extensionDeclaration.nestedTypes
      merged[target] = .typeDeclaration(declaration)
      extensionDeclaration.members = kept
      extensionDeclaration.staticMembers = []
      extensionDeclaration.initializers = []
      extensionDeclaration.nestedTypes = []
      merged[index] = .typeDeclaration(extensionDeclaration)
    }
    return merged
  }

  /// Whether the next member, after any modifiers, starts with `static`.
  private var startsStaticMember: Bool { memberKeywordAfterModifiers == "static" }

  /// Whether the next member, after any modifiers, declares a type.
  private var startsNestedType: Bool {
    let offset = offsetAfterModifiers
    switch peek(offset).kind {
    case .type, .struct, .enum: return true
    case .identifier: return peek(offset).text == "class" && peek(offset + 1).kind == .identifier
    default: return false
    }
  }

  /// Whether the next member, after any modifiers, is an `init`.
  private var startsInitializer: Bool { memberKeywordAfterModifiers == "init" }

  /// The contextual word (`static`, `init`) after the modifiers that start
  /// the next member, if it is one.
  private var memberKeywordAfterModifiers: String? {
    let offset = offsetAfterModifiers
    return peek(offset).kind == .identifier ? peek(offset).text : nil
  }

  /// How many tokens the modifiers that start the next member take
  /// (`private(set)` is four).
  private var offsetAfterModifiers: Int {
    var offset = 0
    while peek(offset).kind == .identifier, DeclarationModifiers.words.contains(peek(offset).text) {
      offset += peek(offset + 1).kind == .leftParen ? 4 : 1
    }
    return offset
  }

  /// initializerDeclaration → declarationModifiers 'init' '(' parameters ')' block
  ///
  /// Swift's `init`, with typed parameters; in a `struct` it may assign
  /// `self`'s fields and `let` fields, as a `mutating` method would.
  private func initializerDeclaration() throws -> FunctionDeclaration {
    _ = try declarationModifiers()
    let keyword = advance()  // 'init'
    guard check(.leftParen) else { throw error("expected '(' after 'init'") }
    let declaration = try functionRest(keyword: keyword, name: Identifier("init", range: keyword.range), isMutating: true)
    if let result = declaration.returnType {
      throw error("an initializer returns nothing; remove '-> \(result)'", at: result.range)
    }
    if !declaration.parameters.isEmpty, !declaration.hasSwiftSignature {
      throw error("an initializer's parameters need types, as in 'init(name: String)'", at: declaration.parameters[0].range)
    }
    return declaration
  }

  /// staticMember → declarationModifiers 'static' ( variableDeclaration | functionDeclaration )
  private func staticMember() throws -> Statement {
    _ = try declarationModifiers()
    advance()  // 'static'
    switch peek().kind {
    case .let, .var: return try variableDeclaration()
    case .func: return try functionDeclaration()
    default: throw error("expected 'let', 'var' or 'func' after 'static'")
    }
  }

  /// typeMember → declarationModifiers ( propertyDeclaration | eventDeclaration | methodDeclaration )
  ///            | enumCaseDeclaration
  func typeMember() throws -> TypeDeclaration.Member {
    let modifiers = try declarationModifiers()
    if modifiers.setterAccess != nil || modifiers.access != nil {
      guard check(.var) || check(.let) || check(.at) || check(.func) || check(.event)
        || (check(.identifier) && peek().text == "mutating")
      else {
        throw error("expected 'var', 'let', 'func' or 'event' after '\(modifiers.text)'")
      }
    }
    if modifiers.setterAccess != nil, !(check(.var) || check(.at)) {
      throw error("'\(modifiers.text)' applies to a 'var' property only", at: modifiers.range)
    }
    switch peek().kind {
    case .var, .let:
      var property = try propertyDeclaration()
      property.setterAccess = modifiers.effectiveSetterAccess
      return .property(property)
    case .at:
      var property = try attributedPropertyDeclaration()
      property.setterAccess = modifiers.effectiveSetterAccess
      return .property(property)
    case .event: return .event(try eventDeclaration())
    case .func: return .method(try methodDeclaration())
    case .identifier where peek().text == "mutating" && peek(1).kind == .func: return .method(try methodDeclaration())
    default: throw error("expected 'var', 'let', 'func', 'case' or 'event' in type body")
    }
  }

  /// Whether the next tokens are an access level or `final` before a
  /// declaration (not a variable that happens to be called `open`).
  var startsDeclarationModifiers: Bool {
    guard check(.identifier), DeclarationModifiers.words.contains(peek().text) else { return false }
    let next = peek(1)
    if next.kind == .leftParen { return peek(2).text == "set" && peek(3).kind == .rightParen }
    return [.let, .var, .func, .type, .struct, .enum, .event, .at].contains(next.kind)
      || (next.kind == .identifier && (DeclarationModifiers.words.contains(next.text) || ["mutating", "static", "init", "class"].contains(next.text)))
  }

  /// declarationModifiers → ( accessLevel ( '(' 'set' ')' )? | 'final' )*
  /// accessLevel → 'private' | 'fileprivate' | 'internal' | 'public' | 'open'
  func declarationModifiers() throws -> DeclarationModifiers {
    var modifiers = DeclarationModifiers(range: peek().range)
    while startsDeclarationModifiers {
      let word = advance()
      modifiers.range = modifiers.range.union(word.range)
      if match(.leftParen) != nil {
        advance()  // 'set'
        let close = advance()
        modifiers.range = modifiers.range.union(close.range)
        guard modifiers.setterAccess == nil else { throw error("the setter's access is given twice", at: modifiers.range) }
        guard let level = AccessLevel(rawValue: word.text) else {
          throw error("'\(word.text)(set)' is not an access level; write 'private(set)'", at: word.range)
        }
        modifiers.setterAccess = level
      } else if word.text == "final" {
        modifiers.isFinal = true
      } else {
        guard modifiers.access == nil else {
          throw error("more than one access level ('\(modifiers.access!.rawValue)' and '\(word.text)'); keep one", at: word.range)
        }
        modifiers.access = AccessLevel(rawValue: word.text)
      }
    }
    return modifiers
  }

  /// propertyDeclaration → ('var' | 'let') memberName ':' typeAnnotation
  ///                       ('=' valueExpression | '{' separator* accessors separator* '}' | block)?
  ///
  /// The block of a derived property is its getter's body.
  func propertyDeclaration() throws -> PropertyDeclaration {
    let keyword = advance()
    let name = try memberName(after: "'\(keyword.text)'")
    // `var count = 0`: the default gives the type, as in Swift.
    let type = check(.equal) ? nil : try annotation(of: name)
    var value = PropertyDeclaration.Value.stored(default: nil)
    var end = type?.range ?? name.range
    if match(.equal) != nil {
      let initial = try valueExpression()
      value = .stored(default: initial)
      end = initial.range
    }
    if startsPropertyObservers {
      throw error(
        "property observers ('didSet', 'willSet') are not supported yet; call what the observer would do from the code that writes '\(name.name)', or use 'observe' on it",
        at: peek(1).kind == .newline ? peek().range : peek(1).range)
    }
    if case .stored(default: nil) = value, check(.leftBrace) {
      var setter: PropertySetter?
      let getter: Block
      let close: SourceRange
      if startsAccessorBlock() {
        let open = advance()
        skipSeparators()
        (getter, setter) = try accessors(of: name)
        skipSeparators()
        close = try self.close(.rightBrace, opener: open).range
      } else {
        getter = try block(after: "the property's type")
        close = getter.range
      }
      return PropertyDeclaration(
        isConstant: keyword.kind == .let, name: name, type: type, value: .derived(getter), setter: setter,
        range: keyword.range.union(close))
    }
    return PropertyDeclaration(
      isConstant: keyword.kind == .let, name: name, type: type, value: value,
      range: keyword.range.union(end))
  }

  /// Whether a `{` here opens Swift's property observers (`{ didSet { … } }`),
  /// which is no trailing closure of a property's default.
  var startsPropertyObservers: Bool {
    guard check(.leftBrace) else { return false }
    var offset = 1
    while peek(offset).kind == .newline { offset += 1 }
    return peek(offset).kind == .identifier && ["didSet", "willSet"].contains(peek(offset).text)
      && (peek(offset + 1).kind == .leftBrace || peek(offset + 1).kind == .leftParen)
  }

  /// ':' typeAnnotation after a property's name.
  private func annotation(of name: Identifier) throws -> TypeAnnotation {
    try expect(.colon, "expected ':' and a type after property name '\(name.name)', or '=' and a default that gives its type")
    return try typeAnnotation(after: "':'")
  }

  /// eventDeclaration → 'event' memberName (':' typeAnnotation)?
  func eventDeclaration() throws -> EventDeclaration {
    let keyword = advance()
    let name = try memberName(after: "'event'")
    var payload: TypeAnnotation?
    if match(.colon) != nil { payload = try typeAnnotation(after: "':'") }
    return EventDeclaration(
      name: name, payloadType: payload, range: keyword.range.union(payload?.range ?? name.range))
  }

  /// functionDeclaration → 'func' IDENTIFIER '(' (functionParameter (',' functionParameter)* ','?)? ')'
  ///                       'async'? 'throws'? ('->' typeAnnotation)? block
  func functionDeclaration() throws -> Statement {
    .function(try functionDeclaration(isMutating: false))
  }

  /// The function after its optional `mutating`.
  func functionDeclaration(isMutating: Bool) throws -> FunctionDeclaration {
    let keyword = advance()
    let name = try identifier(after: "'func'")
    return try functionRest(keyword: keyword, name: name, isMutating: isMutating)
  }

  /// The parameters, result and body of a function or an initializer.
  func functionRest(keyword: Token, name: Identifier, isMutating: Bool, hasBody: Bool = true) throws
    -> FunctionDeclaration
  {
    let open = try expect(.leftParen, "expected '(' after function name '\(name.name)'")
    var parameters: [FunctionParameter] = []
    while !check(.rightParen) {
      parameters.append(try functionParameter(after: parameters.isEmpty ? "'('" : "','"))
      if match(.comma) == nil { break }
    }
    if !check(.rightParen), !check(.eof) {
      throw error("expected ',' or ')' after parameter", notes: matchingNote(open))
    }
    try close(.rightParen, opener: open)
    // `async` is contextual, as in Swift: a name everywhere else.
    let asyncMark = check(.identifier) && peek().text == "async" ? advance() : nil
    let throwsMark = match(.throws)
    if throwsMark != nil, check(.identifier), peek().text == "async" {
      throw error("'async' must precede 'throws'; write 'async throws'")
    }
    var returnType: TypeAnnotation?
    if match(.arrow) != nil { returnType = try typeAnnotation(after: "'->'") }
    try checkParameterForms(parameters, hasReturnType: returnType != nil)
    let body: Block
    if hasBody {
      let after = returnType != nil ? "return type" : throwsMark != nil ? "'throws'" : asyncMark != nil ? "'async'" : "parameter list"
      body = try block(after: after)
    } else {
      // A protocol requirement: the signature only.
      body = Block(statements: [], range: SourceRange(at: previous.range.end))
    }
    var declaration = FunctionDeclaration(
      name: name, parameters: parameters.map(\.name), body: body, range: keyword.range.union(body.range),
      signature: parameters, returnType: returnType, isMutating: isMutating)
    declaration.isThrowing = throwsMark != nil
    declaration.isAsync = asyncMark != nil
    return declaration
  }

  /// block → '{' separator* (statement (separator+ statement)*)? separator* '}'
  func block(after context: String) throws -> Block {
    guard check(.leftBrace) else { throw error("expected '{' after \(context)") }
    return try nested {
      let open = advance()
      let statements = blockStatements()
      let close = try self.close(.rightBrace, opener: open)
      return Block(statements: statements, range: open.range.union(close.range))
    }
  }

  /// handlerBlock → '{' NEWLINE? (IDENTIFIER (',' IDENTIFIER)* 'in')? separator*
  ///                (statement (separator+ statement)*)? separator* '}'
  func handlerBlock() throws -> HandlerBlock {
    try nested {
      let open = try expect(.leftBrace, "expected '{'")
      var parameters: [Identifier] = []
      if check(.newline), startsParameterList(at: 1) { advance() }
      if startsParameterList(at: 0) {
        repeat {
          let token = advance()
          parameters.append(Identifier(token.text, range: token.range))
        } while match(.comma) != nil
        advance()  // 'in', checked by startsParameterList
      }
      let statements = blockStatements()
      let close = try self.close(.rightBrace, opener: open)
      return HandlerBlock(
        parameters: parameters, body: Block(statements: statements, range: open.range.union(close.range)))
    }
  }

  /// Whether the tokens from `start` places ahead are `name (, name)* in`.
  func startsParameterList(at start: Int) -> Bool {
    var ahead = start
    while peek(ahead).kind == .identifier {
      switch peek(ahead + 1).kind {
      case .in: return true
      case .comma: ahead += 2
      default: return false
      }
    }
    return false
  }

  /// The statements of a block, up to (not including) its `}`.
  func blockStatements() -> [Statement] {
    var statements: [Statement] = []
    skipSeparators()
    while !check(.rightBrace), !check(.eof) {
      if let statement = statementWithRecovery() { statements.append(statement) }
      skipSeparators()
    }
    return statements
  }

  /// memberName → IDENTIFIER | keyword (keywords are allowed after '.', as
  /// property and event names and as argument labels)
  func memberName(after context: String) throws -> Identifier {
    guard check(.identifier) || peek().kind.isKeyword else {
      throw error("expected member name after \(context)")
    }
    let token = advance()
    return Identifier(token.text, range: token.range)
  }
}
