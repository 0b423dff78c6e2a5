// Property attributes: how a property decides that a write is a change.
//
//   @equal(by: \.id) var selected: Item?     // a change when the id differs
//   @equal(never) var tick: Int = 0          // every write is a change
//
// Written as Swift attributes with a key path, so that they read like
// Swift; the key path is the only place `\.` is allowed for now.
extension Parser {
  /// attributedProperty → attribute+ propertyDeclaration
  /// attribute → '@' 'equal' '(' ( 'by' ':' keyPath | 'never' ) ')'
  func attributedPropertyDeclaration() throws -> PropertyDeclaration {
    var attributes: [PropertyAttribute] = []
    while check(.at) {
      attributes.append(try propertyAttribute())
      skipNewline()
    }
    guard check(.var) || check(.let) else {
      throw error("expected 'var' or 'let' after the attribute; attributes apply to properties")
    }
    var declaration = try propertyDeclaration()
    declaration.attributes = attributes
    return declaration
  }

  private func propertyAttribute() throws -> PropertyAttribute {
    let at = advance()
    guard check(.identifier), peek().text == "equal" else {
      throw error("unknown attribute; the property attribute is '@equal(by: \\.key)' or '@equal(never)'")
    }
    advance()
    let open = try expect(.leftParen, "expected '(' after '@equal': '@equal(by: \\.key)' or '@equal(never)'")
    let attribute: PropertyAttribute
    if check(.identifier), peek().text == "never" {
      advance()
      let close = try self.close(.rightParen, opener: open)
      attribute = .equalNever(at.range.union(close.range))
    } else if check(.identifier), peek().text == "by", peek(1).kind == .colon {
      advance()
      advance()
      let path = try keyPath()
      let close = try self.close(.rightParen, opener: open)
      attribute = .equalBy(path: path, at.range.union(close.range))
    } else {
      throw error("expected 'by: \\.key' or 'never' in '@equal(…)'")
    }
    return attribute
  }

  /// keyPath → '\' ( '.' memberName )+
  private func keyPath() throws -> [Identifier] {
    try expect(.backslash, "expected a key path such as '\\.id' after 'by:'")
    var path: [Identifier] = []
    while match(.dot) != nil {
      path.append(try memberName(after: "'.' in the key path"))
    }
    guard !path.isEmpty else { throw error("expected '.' and a member name in the key path, as in '\\.id'") }
    return path
  }
}

extension Parser {
  /// `notify` followed by a name on the same line: two names in a row mean
  /// nothing else, so `notify` stays usable as a name.
  var startsNotifyStatement: Bool {
    peek().text == "notify" && peek(1).kind == .identifier
  }

  /// notifyStatement → 'notify' postfixExpression
  func notifyStatement() throws -> Statement {
    let keyword = advance()
    let target = try postfixExpression()
    return .notify(target, keyword.range.union(target.range))
  }

  /// `why` followed by a name, as `notify` is: `why` stays usable as a name.
  var startsWhyStatement: Bool {
    peek().text == "why" && peek(1).kind == .identifier
  }

  /// whyStatement → 'why' postfixExpression
  func whyStatement() throws -> Statement {
    let keyword = advance()
    let target = try postfixExpression()
    return .why(target, keyword.range.union(target.range))
  }
}
