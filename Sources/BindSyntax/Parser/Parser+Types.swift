// Type annotations: what follows ':' in a declaration, '->' in a
// signature, and the types inside other types.
extension Parser {
  /// typeAnnotation → ( IDENTIFIER ( '.' IDENTIFIER )* ( '<' typeAnnotation ( ',' typeAnnotation )* '>' )?
  ///                  | '[' typeAnnotation ( ':' typeAnnotation )? ']'
  ///                  | '(' ( tupleTypeElement ( ',' tupleTypeElement )* )? ')' ( 'throws'? '->' typeAnnotation )? )
  ///                  ( '?' | '??' )*
  /// tupleTypeElement → ( IDENTIFIER ':' )? typeAnnotation
  ///
  /// `(T)` without an arrow is `T` parenthesized (`((Int) -> Void)?`); two
  /// or more elements without an arrow are a tuple type (`(x: Int, y: Int)`).
  func typeAnnotation(after context: String) throws -> TypeAnnotation {
    try nested {
      try skipTypeAttributes()
      let type: TypeAnnotation
      if check(.leftBracket) {
        type = try collectionType()
      } else if check(.leftParen) {
        type = try parenthesizedType()
      } else {
        type = try namedType(after: context)
      }
      return try optionalMarks(after: type)
    }
  }

  /// '[' typeAnnotation ( ':' typeAnnotation )? ']': an array or a dictionary type.
  private func collectionType() throws -> TypeAnnotation {
    let open = advance()
    let element = try typeAnnotation(after: "'['")
    if match(.colon) != nil {
      let value = try typeAnnotation(after: "':'")
      let close = try self.close(.rightBracket, opener: open)
      return .dictionary(element, value, open.range.union(close.range))
    }
    let close = try self.close(.rightBracket, opener: open)
    return .array(element, open.range.union(close.range))
  }

  /// '(' … ')' ( 'throws'? '->' typeAnnotation )?: a function type, a
  /// tuple type, or one type parenthesized.
  private func parenthesizedType() throws -> TypeAnnotation {
    let open = advance()
    var elements: [TupleTypeElement] = []
    while !check(.rightParen), !check(.eof) {
      var label: Identifier?
      if check(.identifier), peek(1).kind == .colon {
        let name = advance()
        advance()  // ':'
        label = Identifier(name.text, range: name.range)
      }
      let type = try typeAnnotation(after: label != nil ? "':'" : elements.isEmpty ? "'('" : "','")
      elements.append(TupleTypeElement(label: label, type: type))
      if match(.comma) == nil { break }
    }
    let close = try self.close(.rightParen, opener: open)
    let range = open.range.union(close.range)
    // Any function value may throw (a closure does when its body
    // does), so `throws` in a function type restricts nothing.
    let throwsMark = match(.throws)
    if match(.arrow) != nil {
      let result = try typeAnnotation(after: "'->'")
      return .function(elements.map(\.type), result, open.range.union(result.range))
    } else if let throwsMark {
      throw error("expected '->' and a result type after 'throws'", at: throwsMark.range)
    } else if elements.count == 1, let label = elements[0].label {
      throw error(
        "a tuple type has two or more elements; write '\(elements[0].type)' without the label '\(label.name)'",
        at: label.range)
    } else if elements.count == 1 {
      return elements[0].type
    } else if elements.count > 1 {
      return .tuple(elements, range)
    }
    throw error("expected '->' and a result type after a function type's parameters", at: close.range)
  }

  /// A type by name: `Int`, `Screen.State`, `any Store`, `Set<Int>`.
  private func namedType(after context: String) throws -> TypeAnnotation {
    // `any Store`, `some Store`: a value of a type that conforms.
    if check(.identifier), ["any", "some"].contains(peek().text), peek(1).kind == .identifier { advance() }
    // `Screen.State`: a nested type, named through its outer ones.
    let first = try expect(.identifier, "expected type after \(context)")
    var name = first.text
    var range = first.range
    while check(.dot), peek(1).kind == .identifier {
      advance()
      let part = advance()
      name += "." + part.text
      range = range.union(part.range)
    }
    // `Set<Int>`: written, as in Swift, with '<' right after the name.
    guard check(.less), peek().range.start == range.end else { return .named(name, range) }
    let open = advance()
    var arguments: [TypeAnnotation] = []
    repeat {
      arguments.append(try typeAnnotation(after: arguments.isEmpty ? "'<'" : "','"))
    } while match(.comma) != nil
    let close = try self.close(.greater, opener: open)
    return .generic(name, arguments, range.union(close.range))
  }

  /// ( '?' | '??' )* after `type`: each an Optional around it.
  private func optionalMarks(after type: TypeAnnotation) throws -> TypeAnnotation {
    var type = type
    // Each mark wraps the type once more, and every later pass over it
    // (resolving, printing) recurses once per wrap: a level each.
    var marks = 0
    while let mark = match(.question, .questionQuestion) {
      marks += mark.kind == .questionQuestion ? 2 : 1
      guard depth + marks <= Parser.nestingLimit else {
        throw error("type nested too deeply (limit \(Parser.nestingLimit) levels, each '?' counts as one)", at: mark.range)
      }
      type = .optional(type, type.range.union(mark.range))
      if mark.kind == .questionQuestion { type = .optional(type, type.range) }
    }
    return type
  }

  /// Swift's attributes of a closure type (`@escaping`, `@Sendable`,
  /// `@MainActor`), so that a pasted Swift signature parses. They say how
  /// Swift stores or isolates a closure; a script closure may always
  /// escape and runs where the script runs, so they change nothing here.
  private func skipTypeAttributes() throws {
    while let at = match(.at) {
      guard check(.identifier), Parser.ignoredTypeAttributes.contains(peek().text) else {
        throw error(
          "unknown type attribute; a type may carry \(Parser.ignoredTypeAttributes.sorted().map { "'@\($0)'" }.joined(separator: ", ")), which scripts accept and ignore",
          at: check(.identifier) ? at.range.union(peek().range) : at.range)
      }
      advance()
    }
  }

  /// The closure-type attributes ``typeAnnotation(after:)`` accepts and ignores.
  public static let ignoredTypeAttributes: Set = ["escaping", "Sendable", "MainActor"]
}
