import BindLanguage
import BindPlatform
import BindSyntax

/// Completion, hover, go to definition and document symbols: answered from
/// the token-based ``SymbolIndex``, the host interpreter's types (an app's
/// own command registers them) and the language's keywords and builtins.
extension LanguageServer {
  /// What a builtin function does, for hover.
  static let builtinDocumentation: [String: String] = [
    "print": "print(values...)\n\nPrints the values, separated by spaces.",
    "assert": "assert(condition, message?)\n\nFails the script with the condition's parts and their values when it is false.",
    "min": "min(a, b, ...)\n\nThe smallest of two or more numbers.",
    "max": "max(a, b, ...)\n\nThe largest of two or more numbers.",
    "abs": "abs(number)\n\nThe absolute value of an Int or a Double.",
    "String": "String(value), String(format: \"%.2f\", values...), String(describing: value)\n\nThe value as text, as `print` shows it, or formatted as Foundation's `String(format:)` formats.",
    "Int": "Int(value)\n\nA Double (truncated) or a String as an Int; nil for a String that is not one.",
    "Double": "Double(value)\n\nAn Int or a String as a Double; nil for a String that is not one.",
    "Bool": "Bool(text)\n\ntrue or false from \"true\" or \"false\"; nil for any other String.",
    "Set": "Set(elements)\n\nThe set of an array's elements (String, Int or Bool), in the order they first appear.",
    "zip": "zip(a, b)\n\nThe pairs of elements at the same positions, as many as the shorter has.",
    "stride": "stride(from: start, to: end, by: step), stride(from: start, through: end, by: step)\n\nThe numbers from start by step, up to (to) or including (through) end.",
    "debounce": "debounce(source, interval)\n\nThe source's value once it has not changed for the interval.",
    "throttle": "throttle(source, interval)\n\nThe source's value at most once per interval.",
    "delay": "delay(source, interval)\n\nThe source's value, the interval later.",
  ]

  // MARK: Completion

  func completion(_ document: TextDocument, _ analysis: DocumentAnalysis, _ params: JSON) throws -> JSON {
    let position = try requestedPosition(params)
    let offset = document.offset(of: position)
    let index = analysis.index
    // Is the cursor after `chain.` (possibly with a partial name typed)?
    if let dot = dotBefore(offset, in: index) {
      guard let typeName = typeOfChain(endingBefore: dot, analysis: analysis, at: offset) else { return .array([]) }
      return .object(["isIncomplete": .bool(false), "items": .array(memberItems(of: typeName, analysis: analysis))])
    }
    var items: [JSON] = []
    var seen: Set<String> = []
    func add(_ label: String, kind: Int, detail: String? = nil, insert: String? = nil) {
      guard seen.insert(label).inserted else { return }
      items.append(.object([
        "label": .string(label), "kind": .int(kind), "detail": detail.map { .string($0) },
        "insertText": insert.map { .string($0) },
      ]))
    }
    for symbol in index.visible(at: offset) where symbol.kind != .enumCase {
      add(symbol.name, kind: Self.completionKind(symbol.kind), detail: symbol.signature)
    }
    for symbol in index.symbols where symbol.kind == .type { add(symbol.name, kind: 7, detail: symbol.signature) }
    if let host {
      for (name, value) in host.globals { add(name, kind: 6, detail: "\(name): \(value.typeName)") }
      for name in host.typesByName.keys.sorted() { add(name, kind: 7, detail: "type \(name)") }
    }
    for name in Interpreter.builtinFunctionNames { add(name, kind: 3, detail: Self.builtinDocumentation[name]?.firstLine) }
    for name in ["debounce", "throttle", "delay"] { add(name, kind: 3, detail: Self.builtinDocumentation[name]?.firstLine) }
    for keyword in Interpreter.keywordNames { add(keyword, kind: 14) }
    return .object(["isIncomplete": .bool(false), "items": .array(items)])
  }

  /// The `.` or `?.` token right before the word the cursor is in.
  private func dotBefore(_ offset: Int, in index: SymbolIndex) -> Int? {
    let tokens = index.tokens
    guard var position = lastToken(endingAtOrBefore: offset, in: tokens) else { return nil }
    if tokens[position].kind == .identifier || tokens[position].kind.isKeyword {
      guard tokens[position].range.end.offset == offset, position > 0 else { return nil }
      position -= 1
    }
    return tokens[position].kind == .dot || tokens[position].kind == .questionDot ? position : nil
  }

  private func lastToken(endingAtOrBefore offset: Int, in tokens: [IndexToken]) -> Int? {
    var low = 0
    var high = tokens.count - 1
    var found: Int?
    while low <= high {
      let middle = (low + high) / 2
      if tokens[middle].range.end.offset <= offset {
        found = middle
        low = middle + 1
      } else {
        high = middle - 1
      }
    }
    return found
  }

  /// The type of `a.b.c` whose last token is just before `dot`.
  func typeOfChain(endingBefore dot: Int, analysis: DocumentAnalysis, at offset: Int) -> String? {
    let tokens = analysis.index.tokens
    var names: [String] = []
    var position = dot - 1
    while position >= 0 {
      let token = tokens[position]
      if token.kind == .rightParen {
        // A call: `VM().` is a VM; skip to the name called.
        var depth = 0
        while position >= 0 {
          if tokens[position].kind == .rightParen { depth += 1 }
          if tokens[position].kind == .leftParen { depth -= 1; if depth == 0 { break } }
          position -= 1
        }
        position -= 1
        continue
      }
      guard token.kind == .identifier || token.kind.isKeyword else { return nil }
      names.insert(token.text, at: 0)
      if position > 0, tokens[position - 1].kind == .dot || tokens[position - 1].kind == .questionDot {
        position -= 2
      } else {
        break
      }
    }
    guard let head = names.first else { return nil }
    var typeName = typeOfName(head, analysis: analysis, at: offset)
    for member in names.dropFirst() {
      guard let current = typeName else { return nil }
      typeName = typeOfMember(member, of: current, analysis: analysis)
    }
    return typeName
  }

  func typeOfName(_ name: String, analysis: DocumentAnalysis, at offset: Int) -> String? {
    if let symbol = analysis.index.visible(at: offset).first(where: { $0.name == name }) {
      return symbol.kind == .type ? symbol.name : symbol.typeName.map(Self.baseTypeName)
    }
    if analysis.index.type(named: name) != nil || host?.typesByName[name] != nil { return name }
    if let value = host?.globalValue(named: name), case .object(let object) = value { return object.type.name }
    return nil
  }

  func typeOfMember(_ member: String, of typeName: String, analysis: DocumentAnalysis) -> String? {
    if let element = TupleTypeName.element(member, of: typeName) { return Self.baseTypeName(element.type) }
    if let symbol = analysis.index.members(of: typeName).first(where: { $0.name == member }) {
      return symbol.typeName.map(Self.baseTypeName)
    }
    if let host, let type = host.typesByName[typeName] {
      return host.declaredObjectType(of: member, in: type)?.name
    }
    return nil
  }

  /// `User` for `User?`, `[User]` stays an array.
  static func baseTypeName(_ name: String) -> String {
    var name = name
    while name.hasSuffix("?") { name.removeLast() }
    if name.hasPrefix("Set<") { return "Set" }
    return name.hasPrefix("[") ? "Array" : name
  }

  private func memberItems(of typeName: String, analysis: DocumentAnalysis) -> [JSON] {
    var items: [JSON] = []
    var seen: Set<String> = []
    func add(_ label: String, kind: Int, detail: String?, insert: String? = nil) {
      guard seen.insert(label).inserted else { return }
      items.append(.object([
        "label": .string(label), "kind": .int(kind), "detail": detail.map { .string($0) },
        "insertText": insert.map { .string($0) },
      ]))
    }
    for symbol in analysis.index.members(of: typeName) {
      add(symbol.name, kind: Self.completionKind(symbol.kind), detail: symbol.signature)
    }
    for (position, element) in (TupleTypeName.elements(of: typeName) ?? []).enumerated() {
      add(element.label ?? String(position), kind: 5, detail: "\(element.label ?? String(position)): \(element.type)")
    }
    if let host, let type = host.typesByName[typeName] {
      for (name, summary) in zip(type.memberNames, type.memberSummaries) { add(name, kind: 10, detail: summary) }
      let methodSummaries = Array(type.memberSummaries.dropFirst(type.memberNames.count))
      for (offset, name) in type.methodNames.enumerated() {
        let insert = offset < type.methodCompletions.count ? type.methodCompletions[offset] : name
        add(name, kind: 2, detail: offset < methodSummaries.count ? methodSummaries[offset] : nil, insert: insert)
      }
    }
    if typeName == "String" {
      for name in Interpreter.memberNames(of: .string("")) { add(name, kind: 10, detail: nil) }
    }
    if typeName == "Array" {
      for name in Interpreter.memberNames(of: .array([])) { add(name, kind: 10, detail: nil) }
    }
    if typeName == "Set" {
      for name in Interpreter.memberNames(of: .set(ScriptSet())) { add(name, kind: 10, detail: nil) }
    }
    return items
  }

  static func completionKind(_ kind: Symbol.Kind) -> Int {
    switch kind {
    case .variable: 6
    case .constant: 21
    case .function: 3
    case .type: 7
    case .property: 10
    case .event: 23
    case .parameter: 6
    case .connection: 18
    case .enumCase: 20
    }
  }

  // MARK: Hover

  func hover(_ document: TextDocument, _ analysis: DocumentAnalysis, _ params: JSON) throws -> JSON {
    let position = try requestedPosition(params)
    let offset = document.offset(of: position)
    let index = analysis.index
    guard let tokenIndex = index.tokenIndex(at: offset) else { return .null }
    let token = index.tokens[tokenIndex]
    let isTupleElement = token.kind == .integer && tokenIndex > 0 && index.tokens[tokenIndex - 1].kind == .dot
    guard token.kind == .identifier || token.kind.isKeyword || isTupleElement else { return .null }
    var text: String?
    if tokenIndex > 0, index.tokens[tokenIndex - 1].kind == .dot || index.tokens[tokenIndex - 1].kind == .questionDot {
      let owner = typeOfChain(endingBefore: tokenIndex - 1, analysis: analysis, at: offset)
      if let owner { text = memberHover(token.text, of: owner, analysis: analysis) }
      text = withDependencies(text, ofMember: tokenIndex, owner: owner, analysis: analysis)
    } else if let symbol = index.visible(at: offset).first(where: { $0.name == token.text })
      ?? index.symbols.first(where: { $0.nameRange.contains(offset) || $0.nameRange.upperBound == offset })
    {
      text = symbolHover(symbol)
    } else if let type = index.type(named: token.text) {
      text = symbolHover(type)
    } else if let value = host?.globalValue(named: token.text) {
      text = "let \(token.text): \(value.typeName)"
    } else if let type = host?.typesByName[token.text] {
      text = "type \(type.name) {\n" + type.memberSummaries.map { "  " + $0 }.joined(separator: "\n") + "\n}"
    } else if let documentation = Self.builtinDocumentation[token.text] {
      text = documentation
    }
    guard let text else { return .null }
    return .object([
      "contents": .object(["kind": .string("markdown"), "value": .string(Self.markdown(text))]),
      "range": document.lspRange(from: token.range.start.offset, to: token.range.end.offset),
    ])
  }

  /// `hover` with what the value depends on, from the syntax
  /// (``StaticDependencies``): the bindings into it, what a derived
  /// property reads.
  private func withDependencies(
    _ hover: String?, ofMember tokenIndex: Int, owner: String?, analysis: DocumentAnalysis
  ) -> String? {
    let tokens = analysis.index.tokens
    var start = tokenIndex
    while start >= 2, tokens[start - 1].kind == .dot, tokens[start - 2].kind == .identifier || tokens[start - 2].kind.isKeyword {
      start -= 2
    }
    let value = tokens[start...tokenIndex].map(\.text).joined()
    let dependencies = StaticDependencies(statements: analysis.statements, file: analysis.file)
    var notes = dependencies.bindings(into: value)
    if let owner, let reads = dependencies.reads(ofDerived: tokens[tokenIndex].text, in: owner) { notes.insert(reads, at: 0) }
    guard !notes.isEmpty else { return hover }
    return (hover ?? value) + "\n\n" + notes.joined(separator: "\n\n")
  }

  private func memberHover(_ member: String, of typeName: String, analysis: DocumentAnalysis) -> String? {
    if let element = TupleTypeName.element(member, of: typeName) { return "\(typeName).\(member)\n\(element.name): \(element.type)" }
    if let symbol = analysis.index.members(of: typeName).first(where: { $0.name == member }) {
      return "\(typeName).\(member)\n" + symbolHover(symbol)
    }
    if let host, let type = host.typesByName[typeName] {
      let summaries = type.memberSummaries
      if let line = summaries.first(where: { Self.declaredName(in: $0) == member }) {
        return "\(typeName)\n" + line
      }
    }
    return nil
  }

  /// `name` in `var name: T`, `event name`, `func name(…)`.
  private static func declaredName(in summary: String) -> String? {
    let words = summary.split(whereSeparator: { " :(".contains($0) })
    return words.count >= 2 ? String(words[1]) : nil
  }

  private func symbolHover(_ symbol: Symbol) -> String {
    var text = symbol.signature
    if symbol.kind == .parameter || symbol.kind == .connection { text = "(\(symbol.kind.rawValue)) \(symbol.name)" }
    if let typeName = symbol.typeName, !text.contains(":"), symbol.kind != .type {
      text += "\n\ntype: \(typeName)"
    }
    return text
  }

  /// A signature in a fenced block, prose after a blank line as is.
  static func markdown(_ text: String) -> String {
    let parts = text.split(separator: "\n\n", maxSplits: 1, omittingEmptySubsequences: false)
    var result = "```bindscript\n\(parts[0])\n```"
    if parts.count > 1 { result += "\n\n" + parts[1] }
    return result
  }

  // MARK: Definition

  func definition(_ document: TextDocument, _ analysis: DocumentAnalysis, _ params: JSON) throws -> JSON {
    let position = try requestedPosition(params)
    let offset = document.offset(of: position)
    let index = analysis.index
    if let link = index.imports.first(where: { $0.range.contains(offset) }) {
      let path = FileSystem.resolve(link.path, relativeTo: document.path)
      let start = JSON.object(["line": .int(0), "character": .int(0)])
      return .object(["uri": .string(TextDocument.uri(fromPath: path)), "range": .object(["start": start, "end": start])])
    }
    guard let tokenIndex = index.tokenIndex(at: offset) else { return .null }
    let token = index.tokens[tokenIndex]
    guard token.kind == .identifier || token.kind.isKeyword else { return .null }
    var target: Symbol?
    if tokenIndex > 0, index.tokens[tokenIndex - 1].kind == .dot || index.tokens[tokenIndex - 1].kind == .questionDot {
      if let owner = typeOfChain(endingBefore: tokenIndex - 1, analysis: analysis, at: offset) {
        target = index.members(of: owner).first { $0.name == token.text }
      }
    } else {
      target = index.visible(at: offset).first { $0.name == token.text } ?? index.type(named: token.text)
    }
    if let target {
      return .object(["uri": .string(document.uri), "range": document.lspRange(from: target.nameRange.lowerBound, to: target.nameRange.upperBound)])
    }
    return importedDefinition(of: token.text, from: document, index: index)
  }

  /// A top-level name declared in a file this one imports.
  private func importedDefinition(of name: String, from document: TextDocument, index: SymbolIndex) -> JSON {
    for link in index.imports {
      let path = FileSystem.resolve(link.path, relativeTo: document.path)
      let imported: TextDocument
      if let open = openDocument(path: path) {
        imported = open
      } else if let file = try? SourceFile.load(path: path), file.bytes.count <= DocumentAnalysis.sizeLimit {
        imported = TextDocument(uri: TextDocument.uri(fromPath: path), version: 0, text: file.text)
      } else {
        continue
      }
      let file = imported.sourceFile
      let importedIndex = SymbolIndex(tokens: Lexer.tokenize(file).tokens, fileSize: file.bytes.count)
      if let symbol = importedIndex.symbols.first(where: {
        $0.name == name && $0.container == nil && $0.scope.upperBound == file.bytes.count && $0.kind != .parameter
      }) {
        return .object(["uri": .string(imported.uri), "range": imported.lspRange(from: symbol.nameRange.lowerBound, to: symbol.nameRange.upperBound)])
      }
    }
    return .null
  }

  // MARK: Document symbols

  func documentSymbols(_ document: TextDocument, _ analysis: DocumentAnalysis) -> JSON {
    let symbols = analysis.index.symbols
    let fileSize = document.bytes.count
    func json(_ symbol: Symbol, children: [JSON]) -> JSON {
      .object([
        "name": .string(symbol.name),
        "detail": .string(symbol.signature),
        "kind": .int(Self.symbolKind(symbol.kind)),
        "range": document.lspRange(from: symbol.declarationRange.lowerBound, to: symbol.declarationRange.upperBound),
        "selectionRange": document.lspRange(from: symbol.nameRange.lowerBound, to: symbol.nameRange.upperBound),
        "children": children.isEmpty ? nil : .array(children),
      ])
    }
    var result: [JSON] = []
    for symbol in symbols where symbol.container == nil {
      switch symbol.kind {
      case .type:
        let members = symbols.filter { $0.container == symbol.name }.map { json($0, children: []) }
        result.append(json(symbol, children: members))
      case .function:
        result.append(json(symbol, children: []))
      case .variable, .constant, .connection, .event:
        if symbol.scope.upperBound == fileSize { result.append(json(symbol, children: [])) }
      default: break
      }
    }
    return .array(result)
  }

  static func symbolKind(_ kind: Symbol.Kind) -> Int {
    switch kind {
    case .variable: 13
    case .constant: 14
    case .function: 12
    case .type: 5
    case .property: 7
    case .event: 24
    case .parameter: 13
    case .connection: 13
    case .enumCase: 22
    }
  }
}

extension String {
  var firstLine: String { String(split(separator: "\n", maxSplits: 1).first ?? "") }
}
