// `effect`, `onCleanup` and `untracked` are contextual keywords: they start
// their construct only where a name could not be followed by what comes
// next (`effect {`, `effect as`, `onCleanup {`, `untracked {`), so scripts
// that use them as names keep working.
extension Parser {
  var startsEffectStatement: Bool {
    peek().text == "effect" && (peek(1).kind == .leftBrace || peek(1).kind == .as)
  }

  var startsCleanupStatement: Bool {
    peek().text == "onCleanup" && peek(1).kind == .leftBrace
  }

  var startsUntrackedExpression: Bool {
    peek().kind == .identifier && peek().text == "untracked" && peek(1).kind == .leftBrace
  }

  /// effectStatement → 'effect' ('as' IDENTIFIER)? block
  func effectStatement() throws -> Statement {
    .effect(try effect())
  }

  /// effectExpression → 'effect' ('as' IDENTIFIER)? block: the same as the
  /// statement, whose value is the effect (`let e = effect { … }`).
  func effect() throws -> EffectStatement {
    let keyword = advance()
    let name = try asName()
    let body = try block(after: "'effect'")
    return EffectStatement(name: name, body: body, range: keyword.range.union(body.range))
  }

  /// cleanupStatement → 'onCleanup' block
  func cleanupStatement() throws -> Statement {
    let keyword = advance()
    let body = try block(after: "'onCleanup'")
    return .onCleanup(body, keyword.range.union(body.range))
  }

  /// untrackedExpression → 'untracked' '{' separator* expression separator* '}'
  func untrackedExpression() throws -> Expression {
    let keyword = advance()
    return try nested {
      let open = advance()
      skipSeparators()
      let inner = try expression()
      skipSeparators()
      let close = try self.close(.rightBrace, opener: open)
      return .untracked(inner, keyword.range.union(close.range))
    }
  }
}
