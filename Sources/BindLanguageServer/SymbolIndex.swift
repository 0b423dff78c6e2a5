import BindSyntax

/// A name a script declares: what, where, and where it can be used.
public struct Symbol: Equatable, Sendable {
  public enum Kind: String, Sendable {
    case variable, constant, function, type, property, event, parameter, connection, enumCase
  }

  public var name: String
  public var kind: Kind
  /// The byte range of the name where it is declared.
  public var nameRange: Range<Int>
  /// The byte range of the whole declaration (to its block's end for types
  /// and functions), for document symbols.
  public var declarationRange: Range<Int>
  /// Where the name can be used: from its declaration (or, for types,
  /// functions and members, the start of their block) to its block's end.
  public var scope: Range<Int>
  /// The declaring type's name, for members.
  public var container: String?
  /// The declaration's text as a reader would want it on hover:
  /// `var name: String = ""`, `func greet(person)`.
  public var signature: String
  /// The name of the type the symbol holds, when the source says it
  /// (`var user: User?`, `let vm = VM()`): what member completion follows.
  public var typeName: String?
}

/// The declarations of one script, found from its tokens.
///
/// Why tokens rather than the syntax tree: the index must work on a script
/// that does not parse (the user is typing), and with statements that other
/// branches add to the language. Declarations start with a keyword
/// (`let`, `var`, `func`, `type`, `event`, and `struct`, `enum`, `class`,
/// `case` spelled as names, since newer grammars make them keywords) and
/// scopes follow `{ }`, which every statement of the language keeps.
public struct SymbolIndex: Sendable {
  public private(set) var symbols: [Symbol] = []
  /// `import "path"` statements: the string's byte range and the path.
  public private(set) var imports: [(range: Range<Int>, path: String)] = []
  /// The tokens that are text (no `newline`/`eof`), for lookups by offset.
  public let tokens: [IndexToken]

  static let typeKeywords: Set<String> = ["type", "struct", "enum", "class", "protocol"]

  /// The index of `allTokens`, which it keeps, less the layout tokens, as
  /// ``IndexToken``s; the lexer's tokens are freed before the index is
  /// built when the caller passes its only reference.
  public init(tokens allTokens: consuming [Token], fileSize: Int) {
    var kept: [IndexToken] = []
    kept.reserveCapacity(allTokens.count)
    for token in allTokens where token.kind != .newline && token.kind != .eof && !token.isRecovery {
      // The path's decoded value, which an `IndexToken` does not keep.
      if token.kind == .string, kept.last?.kind == .import, let path = token.value {
        imports.append((token.range.start.offset..<token.range.end.offset, path))
      }
      kept.append(IndexToken(token))
    }
    allTokens = []
    tokens = kept
    var builder = Builder(tokens: tokens, fileSize: fileSize)
    builder.run()
    symbols = builder.symbols
  }

  /// The symbols usable at `offset`, innermost first (a name declared in
  /// an inner scope hides an outer one).
  public func visible(at offset: Int) -> [Symbol] {
    var seen: Set<String> = []
    var result: [Symbol] = []
    let candidates = symbols.filter { $0.scope.contains(offset) || $0.scope.upperBound == offset }
      .sorted { $0.scope.count < $1.scope.count }
    for symbol in candidates where symbol.container == nil || symbol.kind == .property || symbol.kind == .event {
      if seen.insert(symbol.name).inserted { result.append(symbol) }
    }
    return result
  }

  /// The members a script type declares.
  public func members(of typeName: String) -> [Symbol] {
    symbols.filter { $0.container == typeName }
  }

  /// The script type named `name`.
  public func type(named name: String) -> Symbol? {
    symbols.first { $0.kind == .type && $0.name == name }
  }

  /// The index in `tokens` of the token that covers `offset`, or that ends
  /// right at it (a cursor just after a name).
  public func tokenIndex(at offset: Int) -> Int? {
    var low = 0
    var high = tokens.count - 1
    var found: Int?
    while low <= high {
      let middle = (low + high) / 2
      let range = tokens[middle].range
      if range.start.offset <= offset {
        found = middle
        low = middle + 1
      } else {
        high = middle - 1
      }
    }
    guard let found, tokens[found].range.end.offset >= offset else { return nil }
    return found
  }
}

/// A token as the index keeps it: the lexer's `Token` without its columns
/// and a string's decoded value, in 32 bytes rather than 64. A document's
/// index keeps one per word and symbol (a million for a 10^6-line file)
/// while the document is open, beside the parser's own tokens while its
/// analysis runs (issue 33: the peak resident set).
public struct IndexToken: Sendable {
  /// Where a token starts or ends: its byte offset and its 1-based line.
  public struct Location: Sendable {
    public var offset: Int
    public var line: Int
  }

  /// The token's exact source text.
  public let text: String
  private let startOffset: Int32
  private let endOffset: Int32
  private let line: Int32
  public let kind: TokenKind

  /// Offsets and lines are kept as 32-bit numbers, as `SourceLocation`
  /// keeps them (the server analyses files of up to 8 MiB).
  init(_ token: Token) {
    text = token.text
    startOffset = Int32(clamping: token.range.start.offset)
    endOffset = Int32(clamping: token.range.end.offset)
    line = Int32(clamping: token.range.start.line)
    kind = token.kind
  }

  /// Where the token starts and ends. Both ends are on one line: of the
  /// lexer's tokens only `newline` spans a line break (a string literal
  /// cannot), and the index keeps none.
  public var range: (start: Location, end: Location) {
    (Location(offset: Int(startOffset), line: Int(line)), Location(offset: Int(endOffset), line: Int(line)))
  }
}

/// One left-to-right pass over the tokens.
private struct Builder {
  let tokens: [IndexToken]
  let fileSize: Int
  var symbols: [Symbol] = []
  /// For each `{`, `(`, `[`, the index of its closer.
  var closer: [Int: Int] = [:]

  /// Each kind of bracket is matched on its own, so a stray `)` or `]` in a
  /// half-typed script never closes a `{`. `run` MUST see the same blocks
  /// as this matching (it pushes at `{`, pops at `}`): a block it still
  /// thinks open after its closer gives scopes that end before they start.
  init(tokens: [IndexToken], fileSize: Int) {
    self.tokens = tokens
    self.fileSize = fileSize
    var braces: [Int] = []
    var parens: [Int] = []
    var brackets: [Int] = []
    for (index, token) in tokens.enumerated() {
      switch token.kind {
      case .leftBrace: braces.append(index)
      case .leftParen: parens.append(index)
      case .leftBracket: brackets.append(index)
      case .rightBrace: if let open = braces.popLast() { closer[open] = index }
      case .rightParen: if let open = parens.popLast() { closer[open] = index }
      case .rightBracket: if let open = brackets.popLast() { closer[open] = index }
      default: break
      }
    }
  }

  /// The blocks open at each token: (index of `{`, the type it is the body
  /// of, if any).
  mutating func run() {
    var blocks: [(open: Int, typeName: String?)] = []
    var pendingBodyType: String?
    var pendingBodyParameters: [Symbol] = []
    // The end of a `catch` pattern, whose names belong to the clause's body.
    var catchPatternEnd = -1
    for index in tokens.indices {
      let token = tokens[index]
      switch token.kind {
      case .leftBrace:
        blocks.append((index, pendingBodyType))
        let scope = scopeOfBlock(opening: index)
        for var parameter in pendingBodyParameters {
          parameter.scope = scope
          symbols.append(parameter)
        }
        pendingBodyType = nil
        pendingBodyParameters = []
        handlerParameters(after: index, scope: scope)
        continue
      case .rightBrace:
        _ = blocks.popLast()
        continue
      default: break
      }
      if isMemberName(index) { continue }
      let enclosing = blocks.last
      let blockScope = enclosing.map { scopeOfBlock(opening: $0.open) } ?? 0..<fileSize
      let container = enclosing?.typeName
      let text = token.text
      if token.kind == .catch {
        (pendingBodyParameters, catchPatternEnd) = catchBindings(after: index)
      } else if index < catchPatternEnd {
        continue
      } else if token.kind == .let || token.kind == .var {
        variable(at: index, container: container, blockScope: blockScope)
      } else if token.kind == .func {
        if let (symbol, parameters) = function(at: index, container: container, blockScope: blockScope) {
          symbols.append(symbol)
          pendingBodyParameters = parameters
        }
      } else if token.kind == .event {
        if let name = name(after: index) {
          symbols.append(symbol(
            name, kind: .event, from: index, container: container,
            scope: container == nil ? tokens[name].range.start.offset..<blockScope.upperBound : blockScope,
            typeName: typeAnnotation(after: name + 1)))
        }
      } else if token.kind == .type || token.kind == .struct || token.kind == .enum
        || (token.kind == .identifier && Builder.isTypeKeyword(text, at: index, in: tokens))
      {
        if let name = name(after: index) {
          symbols.append(symbol(name, kind: .type, from: index, container: nil, scope: blockScope, typeName: tokens[name].text))
          pendingBodyType = tokens[name].text
        }
      } else if token.kind == .identifier, text == "extension", let name = name(after: index) {
        // Its members are the extended type's.
        pendingBodyType = tokens[name].text
      } else if token.kind == .case || (token.kind == .identifier && text == "case"), let container {
        enumCases(after: index, container: container, scope: blockScope)
      } else if token.kind == .for, let name = name(after: index), name + 1 < tokens.count, tokens[name + 1].kind == .in {
        pendingBodyParameters = [symbol(name, kind: .constant, from: index, container: nil, scope: 0..<0, typeName: nil)]
      } else if token.kind == .as, let name = name(after: index), statementKeyword(before: index) {
        symbols.append(symbol(name, kind: .connection, from: index, container: nil, scope: 0..<fileSize, typeName: nil))
      }
    }
  }

  static func isTypeKeyword(_ text: String, at index: Int, in tokens: [IndexToken]) -> Bool {
    SymbolIndex.typeKeywords.contains(text) && index + 2 < tokens.count
      && tokens[index + 1].kind == .identifier
      && [.leftBrace, .colon].contains(tokens[index + 2].kind)
  }

  /// Whether the token follows `.` (a member name, not a declaration).
  func isMemberName(_ index: Int) -> Bool {
    index > 0 && (tokens[index - 1].kind == .dot || tokens[index - 1].kind == .questionDot)
      && tokens[index - 1].range.end.line == tokens[index].range.start.line
  }

  /// The index of a name (an identifier, or a keyword used as one) after
  /// `index`.
  func name(after index: Int) -> Int? {
    let next = index + 1
    guard next < tokens.count, tokens[next].kind == .identifier || tokens[next].kind.isKeyword else { return nil }
    guard tokens[next].kind != .in, tokens[next].kind != .leftBrace else { return nil }
    return next
  }

  /// From a `{` to the end of its `}` (or of the file).
  func scopeOfBlock(opening index: Int) -> Range<Int> {
    let start = tokens[index].range.start.offset
    let end = closer[index].map { tokens[$0].range.end.offset } ?? fileSize
    return start..<max(start, end)
  }

  /// The names a `catch` clause binds for its body (`catch let e as E`,
  /// `catch .failed(let reason)`; a bare `catch` binds `error`), and the
  /// index of the body's `{`.
  func catchBindings(after keyword: Int) -> ([Symbol], Int) {
    var position = keyword + 1
    var names: [Symbol] = []
    var hasPattern = false
    while position < tokens.count, tokens[position].kind != .leftBrace {
      hasPattern = true
      if tokens[position].kind == .let || tokens[position].kind == .var, let name = name(after: position) {
        names.append(symbol(name, kind: .constant, from: name, container: nil, scope: 0..<0, typeName: nil))
      }
      position += 1
    }
    if !hasPattern {
      let range = tokens[keyword].range
      names.append(Symbol(
        name: "error", kind: .constant, nameRange: range.start.offset..<range.end.offset,
        declarationRange: range.start.offset..<range.end.offset, scope: 0..<0, container: nil,
        signature: "catch", typeName: nil))
    }
    return (names, position)
  }

  /// `{ a, b in`: a handler's or closure's parameters.
  mutating func handlerParameters(after open: Int, scope: Range<Int>) {
    var index = open + 1
    var names: [Int] = []
    while index < tokens.count, tokens[index].kind == .identifier {
      names.append(index)
      index += 1
      if index < tokens.count, tokens[index].kind == .comma { index += 1 }
    }
    guard !names.isEmpty, index < tokens.count, tokens[index].kind == .in else { return }
    for name in names {
      symbols.append(symbol(name, kind: .parameter, from: name, container: nil, scope: scope, typeName: nil))
    }
  }

  mutating func variable(at index: Int, container: String?, blockScope: Range<Int>) {
    if index + 1 < tokens.count, tokens[index + 1].kind == .leftParen, let close = closer[index + 1] {
      // `let (a, _) = pair`: each name of the tuple pattern.
      let kind: Symbol.Kind = tokens[index].kind == .var ? .variable : .constant
      let elementTypes = typeAnnotation(after: close + 1).flatMap(TupleTypeName.elements(of:))
      let names = ((index + 2)..<close).filter { tokens[$0].kind == .identifier }
      for (position, name) in names.enumerated() where tokens[name].text != "_" {
        symbols.append(symbol(
          name, kind: kind, from: index, container: nil, scope: tokens[name].range.start.offset..<blockScope.upperBound,
          typeName: elementTypes.flatMap { position < $0.count ? $0[position].type : nil }))
      }
      return
    }
    guard let name = name(after: index) else { return }
    let isMember = container != nil
    let mutable = tokens[index].kind == .var
    var typeName = typeAnnotation(after: name + 1)
    if typeName == nil, name + 2 < tokens.count, tokens[name + 1].kind == .equal {
      typeName = inferredType(at: name + 2)
    }
    let kind: Symbol.Kind = isMember ? .property : (mutable ? .variable : .constant)
    let scope = isMember ? blockScope : tokens[name].range.start.offset..<blockScope.upperBound
    symbols.append(symbol(name, kind: kind, from: index, container: container, scope: scope, typeName: typeName))
  }

  /// `func name(a, label b: T) { ... }`: the function, and its parameters
  /// (whose scope is the body, set when its `{` is reached).
  mutating func function(at index: Int, container: String?, blockScope: Range<Int>) -> (Symbol, [Symbol])? {
    guard let name = name(after: index) else { return nil }
    var parameters: [Symbol] = []
    if name + 1 < tokens.count, tokens[name + 1].kind == .leftParen, let close = closer[name + 1] {
      var depth = 0
      var last: Int?
      var inType = false
      for position in (name + 2)..<max(name + 2, close) {
        let kind = tokens[position].kind
        if inType && !(depth == 0 && kind == .comma) {
          if kind == .leftParen || kind == .leftBracket { depth += 1 }
          if kind == .rightParen || kind == .rightBracket { depth -= 1 }
          continue
        }
        inType = false
        switch kind {
        case .leftParen, .leftBracket: depth += 1
        case .rightParen, .rightBracket: depth -= 1
        case .comma, .colon:
          if kind == .colon && depth == 0 { inType = true }
          if depth == 0, let candidate = last {
            parameters.append(symbol(
              candidate, kind: .parameter, from: candidate, container: nil, scope: 0..<0,
              typeName: kind == .colon ? typeAnnotation(after: position) : nil))
            last = nil
          }
        case .identifier where depth == 0:
          // `label name`: the second one is the name.
          if last == nil || tokens[position - 1].kind == .identifier { last = position }
        default: break
        }
        if kind == .comma { last = nil }
      }
      if let candidate = last, !parameters.contains(where: { $0.nameRange.lowerBound == tokens[candidate].range.start.offset }) {
        parameters.append(symbol(candidate, kind: .parameter, from: candidate, container: nil, scope: 0..<0, typeName: nil))
      }
    }
    // Functions are visible in their whole block (declarations are hoisted).
    var function = symbol(name, kind: .function, from: index, container: container, scope: blockScope, typeName: nil)
    function.signature = "func \(tokens[name].text)(\(parameters.map(\.name).joined(separator: ", ")))"
    return (function, parameters)
  }

  mutating func enumCases(after index: Int, container: String, scope: Range<Int>) {
    var position = index + 1
    while position < tokens.count, tokens[position].kind == .identifier {
      symbols.append(symbol(position, kind: .enumCase, from: index, container: container, scope: scope, typeName: container))
      position += 1
      // Skip an associated value list or a raw value.
      if position < tokens.count, tokens[position].kind == .leftParen, let close = closer[position] { position = close + 1 }
      if position < tokens.count, tokens[position].kind == .equal { position += 2 }
      guard position < tokens.count, tokens[position].kind == .comma else { break }
      position += 1
    }
  }

  /// `: Name`, `: Name?`, `: [Name]`: the name of the type after a colon.
  func typeAnnotation(after index: Int) -> String? {
    guard index < tokens.count, tokens[index].kind == .colon, index + 1 < tokens.count else { return nil }
    let next = tokens[index + 1]
    if next.kind == .identifier { return next.text }
    if next.kind == .leftBracket, index + 2 < tokens.count, tokens[index + 2].kind == .identifier {
      return "[\(tokens[index + 2].text)]"
    }
    if next.kind == .leftParen, let close = closer[index + 1], !(close + 1 < tokens.count && tokens[close + 1].kind == .arrow) {
      // `(x: Int, y: Int)`, spaced as written canonically.
      return tokens[(index + 1)...close].map { token in
        token.kind == .comma || token.kind == .colon ? token.text + " " : token.text
      }.joined()
    }
    return nil
  }

  /// The type of a simple initializer: a literal, or a call of a
  /// capitalised name (`VM()`).
  func inferredType(at index: Int) -> String? {
    let token = tokens[index]
    switch token.kind {
    case .integer: return "Int"
    case .double: return "Double"
    case .string, .stringHead: return "String"
    case .true, .false: return "Bool"
    case .duration: return "Duration"
    case .leftBracket: return "Array"
    case .identifier:
      if let first = token.text.first, first.isUppercase, index + 1 < tokens.count, tokens[index + 1].kind == .leftParen {
        return token.text
      }
      return nil
    default: return nil
    }
  }

  /// Whether the statement holding the token at `index` starts with
  /// `bind`, `observe` or `on` (whose `as NAME` names a connection).
  func statementKeyword(before index: Int) -> Bool {
    var position = index - 1
    while position >= 0 {
      let kind = tokens[position].kind
      if kind == .bind || kind == .observe || kind == .on { return true }
      if tokens[position].range.start.line != tokens[index].range.start.line { return false }
      position -= 1
    }
    return false
  }

  func symbol(
    _ name: Int, kind: Symbol.Kind, from start: Int, container: String?, scope: Range<Int>, typeName: String?
  ) -> Symbol {
    let nameToken = tokens[name]
    let end = declarationEnd(from: start)
    return Symbol(
      name: nameToken.text, kind: kind,
      nameRange: nameToken.range.start.offset..<nameToken.range.end.offset,
      declarationRange: tokens[start].range.start.offset..<max(tokens[start].range.start.offset, end),
      scope: scope, container: container, signature: signature(from: start, kind: kind),
      typeName: typeName)
  }

  /// The end of a declaration: its block's `}` when it has one on its first
  /// line, else the end of that line.
  func declarationEnd(from start: Int) -> Int {
    let line = tokens[start].range.start.line
    var index = start
    var end = tokens[start].range.end.offset
    while index < tokens.count, tokens[index].range.start.line == line {
      if tokens[index].kind == .leftBrace, let close = closer[index] { return tokens[close].range.end.offset }
      end = tokens[index].range.end.offset
      index += 1
    }
    return end
  }

  /// The declaration's first line, up to its body's `{`, as a reader sees it.
  func signature(from start: Int, kind: Symbol.Kind) -> String {
    let line = tokens[start].range.start.line
    var parts: [String] = []
    var index = start
    var previousEnd = -1
    var depth = 0
    while index < tokens.count, tokens[index].range.start.line == line {
      let token = tokens[index]
      if token.kind == .leftBrace && depth == 0 && kind != .property { break }
      if token.kind == .leftBrace { depth += 1 }
      if token.kind == .rightBrace { depth -= 1 }
      if previousEnd >= 0, token.range.start.offset > previousEnd { parts.append(" ") }
      parts.append(token.text)
      previousEnd = token.range.end.offset
      index += 1
    }
    return parts.joined()
  }
}
