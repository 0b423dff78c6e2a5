/// A JSON value, as the Language Server Protocol's messages carry them.
///
/// The server has its own small JSON reader and writer rather than
/// Foundation's, although `bindscript` links Foundation anyway: on an
/// editing session's traffic (a 1,000-line script opened, then 50 edits
/// with completions of 200 items, diagnostics and hovers) `Codable` takes
/// 3.3 times its instructions and `JSONSerialization` 7.0 times, for the
/// same `JSON` values, and a process's first `initialize` costs 8% and 65%
/// more instructions with them (`Benchmarks/LanguageServer/JSONFoundation`).
/// And a reader that never traps is what bad input from a client needs:
/// any byte sequence gives a value or a `JSONError` with the offset it
/// stopped at.
public enum JSON: Equatable, Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSON])
  case object([String: JSON])

  /// The member `key` of an object (`nil` for other values or a missing key).
  public subscript(key: String) -> JSON? {
    if case .object(let members) = self { return members[key] }
    return nil
  }

  public var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// A number that is a whole `Int`.
  public var intValue: Int? {
    if case .number(let value) = self, value.rounded() == value, abs(value) < 9.0e15 { return Int(value) }
    return nil
  }

  public var boolValue: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  public var arrayValue: [JSON]? {
    if case .array(let value) = self { return value }
    return nil
  }

  /// Creates an object from key-value pairs; `nil` values are left out.
  public static func object(_ pairs: KeyValuePairs<String, JSON?>) -> JSON {
    var members: [String: JSON] = [:]
    for (key, value) in pairs { if let value { members[key] = value } }
    return .object(members)
  }

  public static func int(_ value: Int) -> JSON { .number(Double(value)) }
}

/// Input that is not JSON: what was wrong and where.
public struct JSONError: Error, CustomStringConvertible {
  public var message: String
  public var offset: Int
  public var description: String { "\(message) at byte \(offset)" }
}

extension JSON {
  /// The deepest nesting the reader accepts (no input overflows the stack).
  static let nestingLimit = 512

  /// Reads one JSON value from UTF-8 bytes (surrounding blanks allowed).
  public static func parse(_ bytes: [UInt8]) throws(JSONError) -> JSON {
    var reader = JSONReader(bytes: bytes)
    reader.skipBlanks()
    let value = try reader.value(depth: 0)
    reader.skipBlanks()
    guard reader.position == bytes.count else { throw reader.error("unexpected text after the value") }
    return value
  }

  /// The value as compact JSON text.
  public var serialized: String {
    var output = ""
    write(to: &output)
    return output
  }

  private func write(to output: inout String) {
    switch self {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .number(let value):
      if value.rounded() == value, abs(value) < 9.0e15 {
        output += String(Int(value))
      } else if value.isFinite {
        output += "\(value)"
      } else {
        output += "null"
      }
    case .string(let value): JSON.writeString(value, to: &output)
    case .array(let values):
      output += "["
      for (index, value) in values.enumerated() {
        if index > 0 { output += "," }
        value.write(to: &output)
      }
      output += "]"
    case .object(let members):
      output += "{"
      for (index, key) in members.keys.sorted().enumerated() {
        if index > 0 { output += "," }
        JSON.writeString(key, to: &output)
        output += ":"
        members[key]!.write(to: &output)
      }
      output += "}"
    }
  }

  private static func writeString(_ value: String, to output: inout String) {
    output += "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          output.unicodeScalars.append(scalar)
        }
      }
    }
    output += "\""
  }
}

/// A recursive-descent reader over UTF-8 bytes.
private struct JSONReader {
  let bytes: [UInt8]
  var position = 0

  init(bytes: [UInt8]) { self.bytes = bytes }

  func error(_ message: String) -> JSONError { JSONError(message: message, offset: position) }

  mutating func skipBlanks() {
    while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
  }

  mutating func value(depth: Int) throws(JSONError) -> JSON {
    guard depth < JSON.nestingLimit else { throw error("nesting deeper than \(JSON.nestingLimit) levels") }
    guard position < bytes.count else { throw error("unexpected end of input") }
    switch bytes[position] {
    case UInt8(ascii: "{"): return try object(depth: depth)
    case UInt8(ascii: "["): return try array(depth: depth)
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): try literal("true"); return .bool(true)
    case UInt8(ascii: "f"): try literal("false"); return .bool(false)
    case UInt8(ascii: "n"): try literal("null"); return .null
    default: return .number(try number())
    }
  }

  mutating func literal(_ word: String) throws(JSONError) {
    let spelling = Array(word.utf8)
    guard bytes.count - position >= spelling.count, Array(bytes[position..<position + spelling.count]) == spelling else {
      throw error("unexpected character")
    }
    position += spelling.count
  }

  mutating func object(depth: Int) throws(JSONError) -> JSON {
    position += 1
    var members: [String: JSON] = [:]
    skipBlanks()
    if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
      position += 1
      return .object(members)
    }
    while true {
      skipBlanks()
      guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw error("expected a string key") }
      let key = try string()
      skipBlanks()
      guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw error("expected ':'") }
      position += 1
      skipBlanks()
      members[key] = try value(depth: depth + 1)
      skipBlanks()
      guard position < bytes.count else { throw error("unexpected end of input") }
      if bytes[position] == UInt8(ascii: ",") {
        position += 1
        continue
      }
      guard bytes[position] == UInt8(ascii: "}") else { throw error("expected ',' or '}'") }
      position += 1
      return .object(members)
    }
  }

  mutating func array(depth: Int) throws(JSONError) -> JSON {
    position += 1
    var values: [JSON] = []
    skipBlanks()
    if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
      position += 1
      return .array(values)
    }
    while true {
      skipBlanks()
      values.append(try value(depth: depth + 1))
      skipBlanks()
      guard position < bytes.count else { throw error("unexpected end of input") }
      if bytes[position] == UInt8(ascii: ",") {
        position += 1
        continue
      }
      guard bytes[position] == UInt8(ascii: "]") else { throw error("expected ',' or ']'") }
      position += 1
      return .array(values)
    }
  }

  mutating func number() throws(JSONError) -> Double {
    let start = position
    while position < bytes.count, "+-0123456789.eE".utf8.contains(bytes[position]) { position += 1 }
    guard position > start, let value = Double(String(decoding: bytes[start..<position], as: UTF8.self)) else {
      position = start
      throw error("unexpected character")
    }
    return value
  }

  /// A string: the text between quotes, escapes decoded. Raw bytes must be
  /// valid UTF-8 (checked once per string, on the stretch without escapes).
  mutating func string() throws(JSONError) -> String {
    position += 1
    var result = ""
    var runStart = position
    while true {
      guard position < bytes.count else { throw error("unterminated string") }
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        try appendRun(from: runStart, to: position, into: &result)
        position += 1
        return result
      }
      if byte < 0x20 { throw error("control character in a string") }
      if byte == UInt8(ascii: "\\") {
        try appendRun(from: runStart, to: position, into: &result)
        position += 1
        try escape(into: &result)
        runStart = position
        continue
      }
      position += 1
    }
  }

  func appendRun(from start: Int, to end: Int, into result: inout String) throws(JSONError) {
    guard end > start else { return }
    guard let text = String(validating: bytes[start..<end], as: UTF8.self) else {
      throw JSONError(message: "invalid UTF-8 in a string", offset: start)
    }
    result += text
  }

  mutating func escape(into result: inout String) throws(JSONError) {
    guard position < bytes.count else { throw error("unterminated string") }
    let byte = bytes[position]
    position += 1
    switch byte {
    case UInt8(ascii: "\""): result += "\""
    case UInt8(ascii: "\\"): result += "\\"
    case UInt8(ascii: "/"): result += "/"
    case UInt8(ascii: "b"): result += "\u{08}"
    case UInt8(ascii: "f"): result += "\u{0C}"
    case UInt8(ascii: "n"): result += "\n"
    case UInt8(ascii: "r"): result += "\r"
    case UInt8(ascii: "t"): result += "\t"
    case UInt8(ascii: "u"):
      var code = try hex4()
      if (0xD800..<0xDC00).contains(code), position + 1 < bytes.count,
        bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u")
      {
        position += 2
        let low = try hex4()
        if (0xDC00..<0xE000).contains(low) {
          code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        }
      }
      // A lone surrogate becomes U+FFFD, as a decoder would show it.
      result.unicodeScalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
    default:
      position -= 1
      throw error("invalid escape")
    }
  }

  mutating func hex4() throws(JSONError) -> UInt32 {
    guard bytes.count - position >= 4,
      let value = UInt32(String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16)
    else { throw error("invalid \\u escape") }
    position += 4
    return value
  }
}
