/// Reads the source of a ` (re)` pattern into a ``PatternNode`` tree (the
/// syntax ``LinePattern`` describes), with a ``LinePattern/SyntaxError``
/// that points at the part to fix.
struct PatternParser {
  typealias SyntaxError = LinePattern.SyntaxError

  private let scalars: [Unicode.Scalar]
  private var index = 0

  init(_ source: String) {
    scalars = Array(source.unicodeScalars)
  }

  /// pattern -> alternation, the whole source
  mutating func parse() throws(SyntaxError) -> PatternNode {
    let node = try alternation(depth: 0)
    if index < scalars.count {
      // Only an unmatched ')' stops an alternation before the end.
      throw SyntaxError(message: "unbalanced ')'; write '\\)' to match a ')'", offset: index)
    }
    return node
  }

  private var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

  private func peek(_ ahead: Int) -> Unicode.Scalar? {
    index + ahead < scalars.count ? scalars[index + ahead] : nil
  }

  private mutating func match(_ scalar: Unicode.Scalar) -> Bool {
    guard peek == scalar else { return false }
    index += 1
    return true
  }

  /// The text of `scalars[start..<end]`, for messages.
  private func text(_ start: Int, _ end: Int) -> String {
    var text = ""
    text.unicodeScalars.append(contentsOf: scalars[start..<min(end, scalars.count)])
    return text
  }

  // MARK: Structure

  /// alternation -> sequence ('|' sequence)*
  private mutating func alternation(depth: Int) throws(SyntaxError) -> PatternNode {
    var branches = [try sequence(depth: depth)]
    while match("|") { branches.append(try sequence(depth: depth)) }
    return branches.count == 1 ? branches[0] : .alternation(branches)
  }

  /// sequence -> (atom repetition?)*
  private mutating func sequence(depth: Int) throws(SyntaxError) -> PatternNode {
    var nodes: [PatternNode] = []
    while let scalar = peek, scalar != "|", scalar != ")" {
      let start = index
      let node = try atom(depth: depth)
      nodes.append(try repetition(of: node, startingAt: start))
    }
    return nodes.count == 1 ? nodes[0] : (nodes.isEmpty ? .empty : .sequence(nodes))
  }

  /// repetition -> ('*' | '+' | '?' | '{' counts '}') '?'?
  private mutating func repetition(of node: PatternNode, startingAt start: Int) throws(SyntaxError) -> PatternNode {
    let quantifierStart = index
    guard let (minimum, maximum) = try quantifier() else { return node }
    if case .assertion = node {
      throw SyntaxError(
        message: "nothing to repeat before '\(text(quantifierStart, index))': '\(text(start, quantifierStart))' matches a position, not text",
        offset: quantifierStart)
    }
    _ = match("?")  // lazy: the same lines match
    let extraStart = index
    if try quantifier() != nil {
      throw SyntaxError(
        message: "'\(text(extraStart, index))' after the repetition '\(text(quantifierStart, extraStart))' is not supported; "
          + "put the repeated part in a group, as in '(a*)+'",
        offset: extraStart)
    }
    return .repetition(node, minimum: minimum, maximum: maximum)
  }

  /// The counts of a quantifier at the current position, consumed; `nil`
  /// when there is none (a `{` that does not start `{m,n}` is a literal,
  /// as in Python).
  private mutating func quantifier() throws(SyntaxError) -> (Int, Int?)? {
    let start = index
    switch peek {
    case "*": index += 1; return (0, nil)
    case "+": index += 1; return (1, nil)
    case "?": index += 1; return (0, 1)
    case "{":
      index += 1
      let minimum = count()
      let hasComma = match(",")
      let maximum = hasComma ? count() : minimum
      guard match("}"), minimum != nil || hasComma else {
        index = start
        return nil
      }
      let lower = minimum ?? 0
      if let maximum, maximum < lower {
        throw SyntaxError(
          message: "the repetition '\(text(start, index))' has its minimum above its maximum; write '{\(maximum),\(lower)}'",
          offset: start)
      }
      return (lower, maximum)
    default: return nil
    }
  }

  /// A decimal count, or `nil` when there are no digits; it saturates far
  /// above any count that can compile.
  private mutating func count() -> Int? {
    var value: Int?
    while let scalar = peek, ("0"..."9").contains(scalar) {
      value = min((value ?? 0) * 10 + Int(scalar.value - 48), 1 << 40)
      index += 1
    }
    return value
  }

  /// atom -> group | class | '.' | '^' | '$' | escape | literal
  private mutating func atom(depth: Int) throws(SyntaxError) -> PatternNode {
    let start = index
    let scalar = scalars[index]
    index += 1
    switch scalar {
    case "(": return try group(openedAt: start, depth: depth + 1)
    case "[": return .inClass(try classBody(openedAt: start))
    case ".": return .anyButNewline
    case "^": return .assertion(.lineStart)
    case "$": return .assertion(.lineEnd)
    case "\\": return try escape(at: start)
    case "*", "+", "?":
      throw SyntaxError(message: "nothing to repeat before '\(scalar)'; write '\\\(scalar)' to match a '\(scalar)'", offset: start)
    case "{":
      index = start
      if try quantifier() != nil {
        throw SyntaxError(message: "nothing to repeat before '\(text(start, index))'; write '\\{' to match a '{'", offset: start)
      }
      index = start + 1
      return .scalar(scalar)
    default: return .scalar(scalar)
    }
  }

  /// group -> '(' ('?:' | '?P<' name '>')? alternation ')'
  private mutating func group(openedAt start: Int, depth: Int) throws(SyntaxError) -> PatternNode {
    guard depth <= LinePattern.maxDepth else {
      throw SyntaxError(message: "groups nest more than \(LinePattern.maxDepth) deep; write the pattern with fewer groups", offset: start)
    }
    if peek == "?" { try groupExtension(openedAt: start) }
    let node = try alternation(depth: depth)
    guard match(")") else {
      throw SyntaxError(message: "'(' is never closed; add ')', or write '\\(' to match a '('", offset: start)
    }
    return node
  }

  /// Consumes the `?:` or `?P<name>` after a group's `(`; every other `(?`
  /// form is an error naming it.
  private mutating func groupExtension(openedAt start: Int) throws(SyntaxError) {
    index += 1
    if match(":") { return }
    if peek == "P", peek(1) == "<" {
      index += 2
      let nameStart = index
      while let scalar = peek, scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) { index += 1 }
      guard index > nameStart, match(">") else {
        throw SyntaxError(message: "a named group needs a name and '>', as in '(?P<year>\\d+)'", offset: start)
      }
      return
    }
    let isTwoLetters = peek == "P" || (peek == "<" && (peek(1) == "=" || peek(1) == "!"))
    let construct = text(start, index + (isTwoLetters ? 2 : 1))
    switch (peek, peek(1)) {
    case ("P", "="):
      throw Self.needsBacktracking("the backreference '\(construct)'", "write out the text it repeats", at: start)
    case ("=", _), ("!", _), ("<", "="), ("<", "!"):
      throw Self.needsBacktracking("the lookaround '\(construct)'", "match the text itself instead", at: start)
    case ("(", _):
      throw Self.needsBacktracking("the conditional group '\(construct)'", "write both cases with '|'", at: start)
    case ("#", _):
      throw SyntaxError(message: "comments '\(construct)…)' are not supported in ' (re)' patterns; remove it", offset: start)
    default:
      throw SyntaxError(
        message: "'\(construct)' is not supported in ' (re)' patterns (inline flags included); "
          + "use '(…)' or '(?:…)', and for letters of either case a class such as '[Aa]'",
        offset: start)
    }
  }

  /// The error for `construct`, which only a backtracking engine matches.
  private static func needsBacktracking(_ construct: String, _ fix: String, at offset: Int) -> SyntaxError {
    SyntaxError(
      message: "\(construct) is not supported: ' (re)' patterns are matched without backtracking, "
        + "in time proportional to the line; \(fix)",
      offset: offset)
  }

  // MARK: Escapes and classes

  /// One escaped scalar, class or assertion after a `\` at `start`.
  private mutating func escape(at start: Int) throws(SyntaxError) -> PatternNode {
    guard let scalar = peek else {
      throw SyntaxError(message: "the pattern ends in a lone '\\'; write '\\\\' to match a backslash", offset: start)
    }
    switch scalar {
    case "b": index += 1; return .assertion(.wordBoundary)
    case "B": index += 1; return .assertion(.notWordBoundary)
    case "A": index += 1; return .assertion(.lineStart)
    case "Z": index += 1; return .assertion(.lineEnd)
    default:
      switch try escapedItem(at: start, inClass: false) {
      case .scalar(let scalar): return .scalar(scalar)
      case .category(let category, let isNegated): return .inClass(ScalarClass(categories: [(category, isNegated)]))
      }
    }
  }

  /// What an escape stands for, in a class or outside one.
  private enum EscapedItem {
    case scalar(Unicode.Scalar)
    case category(ScalarClass.Category, isNegated: Bool)
  }

  /// The scalar or class of the escape whose `\` is at `start`; the
  /// current position is just after the `\`.
  private mutating func escapedItem(at start: Int, inClass: Bool) throws(SyntaxError) -> EscapedItem {
    guard let scalar = peek else {
      throw SyntaxError(message: "the pattern ends in a lone '\\'; write '\\\\' to match a backslash", offset: start)
    }
    index += 1
    switch scalar {
    case "d", "D": return .category(.digit, isNegated: scalar == "D")
    case "w", "W": return .category(.word, isNegated: scalar == "W")
    case "s", "S": return .category(.space, isNegated: scalar == "S")
    case "n": return .scalar("\n")
    case "t": return .scalar("\t")
    case "r": return .scalar("\r")
    case "f": return .scalar("\u{0C}")
    case "v": return .scalar("\u{0B}")
    case "a": return .scalar("\u{07}")
    case "b" where inClass: return .scalar("\u{08}")
    case "x": return .scalar(try hexScalar(digits: 2, example: "41", escapeAt: start))
    case "u": return .scalar(try hexScalar(digits: 4, example: "00e9", escapeAt: start))
    case "U": return .scalar(try hexScalar(digits: 8, example: "0001f600", escapeAt: start))
    case "0"..."9": return .scalar(try octalScalar(first: scalar, inClass: inClass, escapeAt: start))
    case "N":
      throw SyntaxError(message: "named characters '\\N{…}' are not supported in ' (re)' patterns; write the character itself", offset: start)
    default:
      guard scalar.isASCII, scalar.properties.isAlphabetic else { return .scalar(scalar) }
      throw SyntaxError(
        message: "unknown escape '\\\(scalar)'; write '\(scalar)' alone, or '\\\\' to match a backslash", offset: start)
    }
  }

  /// The scalar of `\xhh`, `\uhhhh` or `\Uhhhhhhhh`.
  private mutating func hexScalar(digits: Int, example: String, escapeAt start: Int) throws(SyntaxError) -> Unicode.Scalar {
    var value: UInt32 = 0
    for _ in 0..<digits {
      guard let digit = peek, let digitValue = Int(String(digit), radix: 16) else {
        let name = text(start, start + 2)
        throw SyntaxError(message: "the escape '\(name)' needs \(digits) hex digits, as in '\(name)\(example)'", offset: start)
      }
      value = value * 16 + UInt32(digitValue)
      index += 1
    }
    guard let scalar = Unicode.Scalar(value) else {
      throw SyntaxError(message: "the escape '\(text(start, index))' is not a Unicode scalar", offset: start)
    }
    return scalar
  }

  /// The scalar of an octal escape: `\0`, `\0oo`, three octal digits, or
  /// in a class any octal digits. Any other `\N` is a backreference, which
  /// needs backtracking.
  private mutating func octalScalar(first: Unicode.Scalar, inClass: Bool, escapeAt start: Int) throws(SyntaxError) -> Unicode.Scalar {
    func isOctal(_ scalar: Unicode.Scalar?) -> Bool { scalar.map { ("0"..."7").contains($0) } ?? false }
    let isThreeDigitOctal = isOctal(first) && isOctal(peek) && isOctal(peek(1))
    guard first == "0" || isThreeDigitOctal || (inClass && isOctal(first)) else {
      var end = index
      while end < scalars.count, ("0"..."9").contains(scalars[end]) { end += 1 }
      throw Self.needsBacktracking("the backreference '\(text(start, end))'", "write out the text it repeats", at: start)
    }
    var value = first.value - 48
    for _ in 0..<2 where isOctal(peek) {
      value = value * 8 + (peek!.value - 48)
      index += 1
    }
    return Unicode.Scalar(value)!
  }

  /// class -> '[' '^'? ']'? item* ']', where item -> single ('-' single)? | '\d' …
  private mutating func classBody(openedAt start: Int) throws(SyntaxError) -> ScalarClass {
    var result = ScalarClass()
    result.isNegated = match("^")
    var isFirst = true
    while true {
      guard let scalar = peek else {
        throw SyntaxError(message: "'[' is never closed; add ']', or write '\\[' to match a '['", offset: start)
      }
      if scalar == "]", !isFirst {
        index += 1
        return result
      }
      isFirst = false
      let itemStart = index
      switch try classItem() {
      case .category(let category, let isNegated):
        result.categories.append((category, isNegated))
        if peek == "-", let after = peek(1), after != "]" {
          throw SyntaxError(message: "bad character range '\(text(itemStart, index + 2))': a range needs one character at each end", offset: itemStart)
        }
      case .scalar(let low):
        guard peek == "-", let after = peek(1), after != "]" else {
          result.ranges.append(low...low)
          continue
        }
        index += 1
        guard case .scalar(let high) = try classItem() else {
          throw SyntaxError(message: "bad character range '\(text(itemStart, index))': a range needs one character at each end", offset: itemStart)
        }
        guard low <= high else {
          throw SyntaxError(
            message: "the character range '\(text(itemStart, index))' is out of order; write '\(Character(high))-\(Character(low))'",
            offset: itemStart)
        }
        result.ranges.append(low...high)
      }
    }
  }

  /// One scalar or escape inside a class.
  private mutating func classItem() throws(SyntaxError) -> EscapedItem {
    let start = index
    let scalar = scalars[index]
    index += 1
    return scalar == "\\" ? try escapedItem(at: start, inClass: true) : .scalar(scalar)
  }
}
