/// Byte values the lexer compares against.
enum Ascii {
  static let newline = UInt8(ascii: "\n")
  static let carriageReturn = UInt8(ascii: "\r")
  static let tab = UInt8(ascii: "\t")
  static let space = UInt8(ascii: " ")
  static let hash = UInt8(ascii: "#")
  static let quote = UInt8(ascii: "\"")
  static let backslash = UInt8(ascii: "\\")
  static let zero = UInt8(ascii: "0")
  static let nine = UInt8(ascii: "9")
  static let underscore = UInt8(ascii: "_")
  static let dot = UInt8(ascii: ".")
  static let leftParen = UInt8(ascii: "(")
  static let rightParen = UInt8(ascii: ")")
  static let leftBracket = UInt8(ascii: "[")
  static let rightBracket = UInt8(ascii: "]")
  static let leftBrace = UInt8(ascii: "{")
  static let rightBrace = UInt8(ascii: "}")
}

extension Lexer {
  /// Whether `byte` can start an ASCII identifier.
  static func isIdentifierStart(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte == Ascii.underscore
  }

  /// Whether `byte` is an ASCII digit.
  static func isDigit(_ byte: UInt8) -> Bool { byte >= Ascii.zero && byte <= Ascii.nine }

  /// The byte at `offset`, or 0 past the end.
  func byte(at offset: Int) -> UInt8 { offset < bytes.count ? bytes[offset] : 0 }

  /// The Unicode scalar starting at `offset` and its length in bytes (the
  /// file is valid UTF-8, so the lead byte gives the length).
  func scalar(at offset: Int) -> (scalar: Unicode.Scalar, length: Int) {
    let lead = bytes[offset]
    let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    let end = min(bytes.count, offset + length)
    let text = String(decoding: bytes[offset..<end], as: UTF8.self)
    return (text.unicodeScalars.first ?? "\u{FFFD}", end - offset)
  }

  /// The length of the identifier character at `offset` (0 if there is none
  /// there): ASCII letters, digits and `_`, or a Unicode XID character.
  func identifierCharacterLength(at offset: Int, isStart: Bool) -> Int {
    guard offset < bytes.count else { return 0 }
    let byte = bytes[offset]
    if byte < 0x80 {
      return Lexer.isIdentifierStart(byte) || (!isStart && Lexer.isDigit(byte)) ? 1 : 0
    }
    let (scalar, length) = scalar(at: offset)
    let properties = scalar.properties
    return (isStart ? properties.isXIDStart : properties.isXIDContinue) ? length : 0
  }

  /// identifier → (letter | '_') (letter | digit | '_')*, or a keyword.
  mutating func identifierOrKeyword() {
    let start = position
    let first = identifierCharacterLength(at: position, isStart: true)
    guard first > 0 else {
      let (scalar, length) = scalar(at: position)
      position += length
      report("unexpected character \(Lexer.describe(String(scalar)))", from: start, to: position)
      return
    }
    position += first
    while case let length = identifierCharacterLength(at: position, isStart: false), length > 0 {
      position += length
    }
    let text = String(decoding: bytes[start..<position], as: UTF8.self)
    emit(TokenKind.keywords[text] ?? .identifier, from: start)
  }

  /// number → digits ('.' digits)? (('e' | 'E') ('+' | '-')? digits)?, where
  /// digits may contain `_` after the first. Values are checked by the parser.
  ///
  /// Right after a member's `.` (`pair.0.1`, not `0...1.5`) only the digits
  /// are taken: a tuple element's position, never a fraction.
  mutating func number() {
    let start = position
    var isDouble = false
    skipDigits()
    let isTupleIndex = start >= 2 && byte(at: start - 1) == Ascii.dot && byte(at: start - 2) != Ascii.dot
    if isTupleIndex { return emit(.integer, from: start) }
    if byte(at: position) == Ascii.dot, Lexer.isDigit(byte(at: position + 1)) {
      isDouble = true
      position += 1
      skipDigits()
    }
    let e = byte(at: position)
    if e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
      var next = position + 1
      if byte(at: next) == UInt8(ascii: "+") || byte(at: next) == UInt8(ascii: "-") { next += 1 }
      if Lexer.isDigit(byte(at: next)) {
        isDouble = true
        position = next
        skipDigits()
      }
    }
    let suffixStart = position
    while case let length = identifierCharacterLength(at: position, isStart: false), length > 0 {
      position += length
    }
    if position > suffixStart {
      let suffix = String(decoding: bytes[suffixStart..<position], as: UTF8.self)
      if Lexer.durationUnits[suffix] != nil { return emit(.duration, from: start) }
      report(
        "invalid suffix '\(suffix)' on numeric literal; a duration takes 'ms', 's', 'min' or 'h'",
        from: suffixStart, to: position)
    }
    emit(isDouble ? .double : .integer, from: start)
  }

  /// The units a duration literal may take, with their length in nanoseconds.
  package static let durationUnits: [String: Int64] = [
    "ms": 1_000_000, "s": 1_000_000_000, "min": 60_000_000_000, "h": 3_600_000_000_000,
  ]

  /// Skips digits and underscores.
  private mutating func skipDigits() {
    while position < bytes.count, Lexer.isDigit(bytes[position]) || bytes[position] == Ascii.underscore {
      position += 1
    }
  }

  /// Lexes string text from `position` up to a closing `"` (a `string` or
  /// `stringTail` token) or up to a `\(` (a `stringHead` or `stringMiddle`
  /// token, after which the interpolation is lexed as ordinary tokens).
  /// `start` is where the token starts (its `"` or the `)` that closed the
  /// previous interpolation); `stringStart` is the string's opening `"`.
  mutating func stringSegment(from start: Int, stringStart: Int, isFirst: Bool) {
    var value: [UInt8] = []
    while true {
      guard position < bytes.count, bytes[position] != Ascii.newline else {
        var end = position
        if end > stringStart, byte(at: end - 1) == Ascii.carriageReturn { end -= 1 }
        report("unterminated string literal", from: stringStart, to: end)
        emit(isFirst ? .string : .stringTail, from: start, value: decode(value))
        return
      }
      let current = bytes[position]
      if current == Ascii.quote {
        position += 1
        emit(isFirst ? .string : .stringTail, from: start, value: decode(value))
        return
      }
      if current == Ascii.backslash, byte(at: position + 1) == Ascii.leftParen {
        position += 2
        emit(isFirst ? .stringHead : .stringMiddle, from: start, value: decode(value))
        openers.append(.interpolation(stringStart: stringStart))
        openInterpolations += 1
        return
      }
      if current == Ascii.backslash {
        escape(into: &value)
      } else {
        value.append(current)
        position += 1
      }
    }
  }

  /// Decodes collected UTF-8 bytes.
  private func decode(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  /// escape → '\' ( 'n' | 't' | 'r' | '0' | '\' | '"' | "'" | 'u{' hex{1,8} '}' )
  private mutating func escape(into value: inout [UInt8]) {
    let start = position
    position += 1
    guard position < bytes.count, bytes[position] != Ascii.newline else { return }
    let simple: [UInt8: String] = [
      UInt8(ascii: "n"): "\n", UInt8(ascii: "t"): "\t", UInt8(ascii: "r"): "\r",
      UInt8(ascii: "0"): "\0", Ascii.backslash: "\\", Ascii.quote: "\"", UInt8(ascii: "'"): "'",
    ]
    if let replacement = simple[bytes[position]] {
      value += Array(replacement.utf8)
      position += 1
    } else if bytes[position] == UInt8(ascii: "u") {
      position += 1
      unicodeEscape(from: start, into: &value)
    } else {
      let (scalar, length) = scalar(at: position)
      position += length
      report("invalid escape sequence '\\\(scalar)' in string literal", from: start, to: position)
    }
  }

  /// The `{hex}` part of a `\u{…}` escape starting at `start`.
  private mutating func unicodeEscape(from start: Int, into value: inout [UInt8]) {
    guard byte(at: position) == Ascii.leftBrace else {
      report("expected '{' after '\\u' in string literal", from: start, to: position)
      return
    }
    position += 1
    var digits = ""
    while position < bytes.count, Character(Unicode.Scalar(bytes[position])).isHexDigit {
      digits.append(Character(Unicode.Scalar(bytes[position])))
      position += 1
    }
    guard byte(at: position) == Ascii.rightBrace, (1...8).contains(digits.count) else {
      report("expected 1 to 8 hexadecimal digits and '}' in '\\u{...}' escape",
             from: start, to: position)
      return
    }
    position += 1
    guard let number = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(number) else {
      report("'\\u{\(digits)}' is not a valid Unicode scalar", from: start, to: position)
      return
    }
    value += Array(String(scalar).utf8)
  }
}
