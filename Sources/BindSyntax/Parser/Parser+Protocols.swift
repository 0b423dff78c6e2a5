extension Parser {
  /// protocolDeclaration → 'protocol' IDENTIFIER (':' IDENTIFIER (',' IDENTIFIER)*)?
  ///                       '{' separator* (requirement (separator+ requirement)*)? separator* '}'
  /// requirement → 'static'? 'mutating'? 'func' IDENTIFIER '(' parameters ')' 'throws'? ('->' typeAnnotation)?
  ///             | 'static'? 'var' memberName ':' typeAnnotation '{' 'get' 'set'? '}'
  func protocolDeclaration() throws -> ProtocolDeclaration {
    let keyword = advance()  // 'protocol'
    let name = try identifier(after: "'protocol'")
    var inherited: [Identifier] = []
    if match(.colon) != nil {
      repeat {
        inherited.append(try identifier(after: inherited.isEmpty ? "':'" : "','"))
      } while match(.comma) != nil
    }
    guard check(.leftBrace) else { throw error("expected '{' after protocol name '\(name.name)'") }
    let open = advance()
    var methods: [FunctionDeclaration] = []
    var staticMethods = Set<String>()
    var properties: [ProtocolDeclaration.PropertyRequirement] = []
    skipSeparators()
    while !check(.rightBrace), !check(.eof) {
      let isStatic = check(.identifier) && peek().text == "static"
      if isStatic { advance() }
      let isMutating = check(.identifier) && peek().text == "mutating"
      if isMutating { advance() }
      switch peek().kind {
      case .func:
        let funcKeyword = advance()
        let methodName = try identifier(after: "'func'")
        let method = try functionRest(keyword: funcKeyword, name: methodName, isMutating: isMutating, hasBody: false)
        if check(.leftBrace) {
          throw error("a protocol requirement has no body; give it in the conforming type (or an extension of it)")
        }
        if isStatic { staticMethods.insert(methodName.name) }
        methods.append(method)
      case .var:
        let varKeyword = advance()
        let propertyName = try memberName(after: "'var'")
        try expect(.colon, "expected ':' and a type after property requirement '\(propertyName.name)'")
        let type = try typeAnnotation(after: "':'")
        let brace = try expect(.leftBrace, "expected '{ get }' or '{ get set }' after the requirement's type")
        guard check(.identifier), peek().text == "get" else {
          throw error("expected 'get' in a property requirement, as in '{ get }' or '{ get set }'")
        }
        advance()
        let isSettable = check(.identifier) && peek().text == "set"
        if isSettable { advance() }
        let close = try self.close(.rightBrace, opener: brace)
        properties.append(.init(
          name: propertyName, type: type, isSettable: isSettable, isStatic: isStatic,
          range: varKeyword.range.union(close.range)))
      case .let:
        throw error("a protocol requires properties with 'var', as in 'var name: String { get }'")
      default:
        throw error("expected 'func' or 'var' in a protocol: its requirements")
      }
      try endOfStatement("requirement")
      skipSeparators()
    }
    let close = try self.close(.rightBrace, opener: open)
    return ProtocolDeclaration(
      name: name, inherited: inherited, methods: methods, staticMethods: staticMethods, properties: properties,
      range: keyword.range.union(close.range))
  }
}
