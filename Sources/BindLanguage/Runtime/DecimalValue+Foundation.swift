// Foundation's `Decimal` for what the inline form of ``DecimalValue`` cannot
// do exactly. Only FoundationEssentials where it exists (Linux), as in
// `ValueBridge+Foundation.swift`, not the whole of Foundation.
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A `Decimal` past the inline range, boxed so that a ``Value`` stays small.
final class LargeDecimal: Sendable {
  let decimal: Decimal
  init(_ decimal: Decimal) { self.decimal = decimal }
}

extension DecimalValue {
  /// The value as Swift's `Decimal`.
  var foundationDecimal: Decimal {
    switch storage {
    case .small(let significand, let exponent):
      return Decimal(
        sign: significand < 0 ? .minus : .plus, exponent: Int(exponent), significand: Decimal(significand.magnitude))
    case .large(let large):
      return large.decimal
    }
  }

  /// `decimal` as a script value: inline when its digits fit, so that the
  /// fast paths take it next time. Throws for NaN, which is how Swift's
  /// `Decimal` reports an overflow or a division by zero.
  init(_ decimal: Decimal, operation: @autoclosure () -> String = "the result") throws {
    guard !decimal.isNaN else { throw ScriptError(.library(.decimalOverflow(operation: operation()))) }
    if let small = DecimalValue(inlineDigitsOf: decimal.description) {
      self = small
    } else {
      self.init(large: LargeDecimal(decimal))
    }
  }

  /// A Swift app's `Decimal` as it is, NaN included (Swift's mark of an
  /// overflow, which a script then prints as `NaN`).
  init(bridging decimal: Decimal) {
    self = (try? DecimalValue(decimal)) ?? DecimalValue(large: LargeDecimal(decimal))
  }

  /// `-123.45` as 12345 × 10⁻², when it has at most 18 digits; `nil` otherwise.
  private init?(inlineDigitsOf text: String) {
    var significand: Int64 = 0
    var digits = 0
    var fractionDigits = 0
    var seenPoint = false
    var negative = false
    for character in text.utf8 {
      switch character {
      case UInt8(ascii: "-") where digits == 0 && !negative: negative = true
      case UInt8(ascii: "."): seenPoint = true
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        digits += 1
        guard digits <= 18 else { return nil }
        significand = significand * 10 + Int64(character - UInt8(ascii: "0"))
        if seenPoint { fractionDigits += 1 }
      default: return nil
      }
    }
    guard digits > 0 else { return nil }
    self.init(significand: negative ? -significand : significand, exponent: Int16(-fractionDigits))
  }

  /// What Swift's `Decimal.description` prints: `59.97`, `3`, `0.5`.
  var literal: String { foundationDecimal.description }

  /// `Decimal(string: "19.99")`: `nil` when the text is not a number.
  init?(parsing text: String) {
    guard let decimal = Decimal(string: text), let value = try? DecimalValue(decimal) else { return nil }
    self = value
  }

  /// The decimal number a Double prints as: `Decimal(19.99)` is exactly
  /// 19.99, the digits a script wrote and sees, not the binary fraction
  /// nearest to them (19.989999999999998…). Throws for NaN and infinity.
  init(double: Double) throws {
    guard double.isFinite, let value = DecimalValue(parsing: "\(double)") else {
      throw ScriptError(.library(.notADecimal(literal: Value.format(double))))
    }
    self = value
  }

  /// `Double(d)`: the Double nearest to it.
  var doubleValue: Double { Double(literal) ?? .nan }

  /// `Int(d)`: rounded toward zero, as `Int(Double(d))`; `nil` past Int.
  var truncatedInt: Int? {
    if case .small(let significand, let exponent) = storage, exponent <= 0, exponent >= -18 {
      var divisor: Int64 = 1
      for _ in 0 ..< -Int(exponent) { divisor *= 10 }
      return Int(significand / divisor)
    }
    let double = doubleValue.rounded(.towardZero)
    return double.isFinite ? Int(exactly: double) : nil
  }

  func foundationOrder(_ other: DecimalValue) -> Int {
    let (a, b) = (foundationDecimal, other.foundationDecimal)
    return a < b ? -1 : (a == b ? 0 : 1)
  }

  func foundationArithmetic(_ op: DecimalOperation, _ other: DecimalValue) throws -> DecimalValue {
    let (a, b) = (foundationDecimal, other.foundationDecimal)
    let result: Decimal
    switch op {
    case .add: result = a + b
    case .subtract: result = a - b
    case .multiply: result = a * b
    case .divide:
      if b.isZero { throw ScriptError(.divisionByZero(remainder: false)) }
      result = a / b
    }
    return try DecimalValue(result, operation: "\(literal) \(op.symbol) \(other.literal)")
  }
}

extension DecimalOperation {
  var symbol: String {
    switch self {
    case .add: return "+"
    case .subtract: return "-"
    case .multiply: return "*"
    case .divide: return "/"
    }
  }
}
