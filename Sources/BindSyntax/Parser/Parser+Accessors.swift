// Writable derived properties, in Swift's form:
// `var celsius: Double { get { (fahrenheit - 32) / 1.8 } set { fahrenheit = newValue * 1.8 + 32 } }`.
// `get` and `set` are contextual keywords, as in Swift.
extension Parser {
  /// Whether the next tokens are the accessor `name` followed by its block
  /// (or, for `set`, by `(`).
  func startsAccessor(_ name: String) -> Bool {
    peek().kind == .identifier && peek().text == name
      && (peek(1).kind == .leftBrace || (name == "set" && peek(1).kind == .leftParen))
  }

  /// accessors → 'get' '{' expression '}' separator* ('set' ('(' IDENTIFIER ')')? block)?
  func accessors(of property: Identifier) throws -> (getter: Expression, setter: PropertySetter?) {
    advance()
    let getter = try nested { () throws -> Expression in
      let open = advance()
      skipSeparators()
      let body = try expression()
      skipSeparators()
      _ = try close(.rightBrace, opener: open)
      return body
    }
    skipSeparators()
    guard startsAccessor("set") else {
      if check(.rightBrace) { return (getter, nil) }
      throw error("expected 'set { … }' or '}' after the getter of '\(property.name)'")
    }
    let keyword = advance()
    var parameter: Identifier?
    if let open = match(.leftParen) {
      parameter = try identifier(after: "'set('")
      _ = try close(.rightParen, opener: open)
    }
    let body = try block(after: "'set'")
    return (getter, PropertySetter(parameter: parameter, body: body, range: keyword.range.union(body.range)))
  }
}
