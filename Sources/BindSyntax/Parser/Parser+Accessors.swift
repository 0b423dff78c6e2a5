// Writable derived properties, in Swift's form:
// `var celsius: Double { get { (fahrenheit - 32) / 1.8 } set { fahrenheit = newValue * 1.8 + 32 } }`.
// `get` and `set` are contextual keywords, as in Swift.
extension Parser {
  /// Whether the next tokens (from `ahead` places on) are the accessor
  /// `name` followed by its block (or, for `set`, by `(`).
  func startsAccessor(_ name: String, at ahead: Int = 0) -> Bool {
    peek(ahead).kind == .identifier && peek(ahead).text == name
      && (peek(ahead + 1).kind == .leftBrace || (name == "set" && peek(ahead + 1).kind == .leftParen))
  }

  /// Whether the `{` here opens accessors (`{ get { … } … }`) rather than
  /// a getter's body.
  func startsAccessorBlock() -> Bool {
    var ahead = 1
    while peek(ahead).kind == .newline || peek(ahead).kind == .semicolon { ahead += 1 }
    return startsAccessor("get", at: ahead)
  }

  /// accessors → 'get' block separator* ('set' ('(' IDENTIFIER ')')? block)?
  ///
  /// The getter's block is its body, as a derived property's block is.
  func accessors(of property: Identifier) throws -> (getter: Block, setter: PropertySetter?) {
    advance()
    let getter = try block(after: "'get'")
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
