import Foundation

// The two Foundation ways a switch would take: each converts between its
// own representation and the server's `JSON` enum, which the server's
// callers use, so that only the reader and the writer would change.

/// The same `JSON` values through Foundation's JSONSerialization.
enum SerializationJSON {
  static func parse(_ bytes: [UInt8]) throws -> JSON {
    let object = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
    return convert(object)
  }

  static func convert(_ object: Any) -> JSON {
    switch object {
    case let string as String: return .string(string)
    case let number as NSNumber:
      // true and false are NSNumbers of the C type 'c' (BOOL).
      if number.objCType.pointee == 0x63 { return .bool(number.boolValue) }
      return .number(number.doubleValue)
    case let array as [Any]: return .array(array.map(convert))
    case let dictionary as [String: Any]: return .object(dictionary.mapValues(convert))
    default: return .null
    }
  }

  static func any(_ value: JSON) -> Any {
    switch value {
    case .null: return NSNull()
    case .bool(let value): return value
    case .number(let value):
      if value.rounded() == value, abs(value) < 9.0e15 { return Int(value) }
      return value
    case .string(let value): return value
    case .array(let values): return values.map(any)
    case .object(let members): return members.mapValues(any)
    }
  }

  static func serialize(_ value: JSON) -> String {
    let data = try! JSONSerialization.data(withJSONObject: any(value), options: [.fragmentsAllowed, .sortedKeys, .withoutEscapingSlashes])
    return String(decoding: data, as: UTF8.self)
  }
}

/// The same values through Codable (JSONDecoder/JSONEncoder).
extension JSON: Codable {
  public init(from decoder: Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() { self = .null }
    else if let b = try? container.decode(Bool.self) { self = .bool(b) }
    else if let n = try? container.decode(Double.self) { self = .number(n) }
    else if let s = try? container.decode(String.self) { self = .string(s) }
    else if let a = try? container.decode([JSON].self) { self = .array(a) }
    else { self = .object(try container.decode([String: JSON].self)) }
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let b): try container.encode(b)
    case .number(let n):
      if n.rounded() == n, abs(n) < 9.0e15 { try container.encode(Int(n)) } else { try container.encode(n) }
    case .string(let s): try container.encode(s)
    case .array(let a): try container.encode(a)
    case .object(let o): try container.encode(o)
    }
  }
}

enum CodableJSON {
  static func parse(_ bytes: [UInt8]) throws -> JSON { try JSONDecoder().decode(JSON.self, from: Data(bytes)) }
  static func serialize(_ value: JSON) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try! encoder.encode(value), as: UTF8.self)
  }
}
