import BindSyntax

/// An exact decimal number, as Swift's `Decimal` is one: money in scripts
/// (`vm.price = 19.99` is exactly 19.99, never the nearest binary Double).
///
/// Most values an app computes with fit a 64-bit significand and a small
/// exponent (`19.99` is 1999 × 10⁻²); those are held inline and added,
/// subtracted, multiplied and compared with integer arithmetic, so Decimal
/// arithmetic costs about what Double arithmetic does. Anything else (a
/// quotient that does not come out exact, a result past 18 digits, an
/// exponent past Foundation's range) goes through Foundation's `Decimal`
/// (`DecimalValue+Foundation.swift`, which holds the only imports), whose
/// results are then the script's: the inline form is a faster spelling of
/// the same number, never a different answer (`DecimalFastPathTests`),
/// except that a quotient that comes out whole is exact, where Foundation's
/// long division may miss in its last digits.
public struct DecimalValue: Sendable {
  enum Storage: Sendable {
    /// `significand × 10^exponent`, the exponent within ``exponentRange``.
    case small(significand: Int64, exponent: Int16)
    /// A value only Foundation's 38-digit `Decimal` holds.
    case large(LargeDecimal)
  }

  var storage: Storage

  init(significand: Int64, exponent: Int16) {
    storage = .small(significand: significand, exponent: exponent)
  }

  init(_ int: Int) {
    self.init(significand: Int64(int), exponent: 0)
  }

  init(large: LargeDecimal) {
    storage = .large(large)
  }

  static let zero = DecimalValue(0)

  /// The exponents of inline values: well inside Foundation's (-128...127),
  /// whose edges it cannot always build a value at (-250 × 10¹²⁷ is NaN to
  /// it), so that every inline value is one Foundation holds as well.
  static let exponentRange: ClosedRange<Int> = -64...64

  /// 10⁰ … 10¹⁸: the powers an Int64 holds.
  private static let powersOfTen: [Int64] = (0...18).map { power in
    (0..<power).reduce(Int64(1)) { value, _ in value * 10 }
  }

  /// Both significands at the smaller exponent, or `nil` when scaling one up
  /// overflows.
  @inline(__always)
  private static func aligned(_ a: Int64, _ ea: Int16, _ b: Int64, _ eb: Int16) -> (Int64, Int64, Int16)? {
    if ea == eb { return (a, b, ea) }
    let difference = Int(ea) - Int(eb)
    guard abs(difference) <= 18 else { return nil }
    if difference > 0 {
      let (scaled, overflow) = a.multipliedReportingOverflow(by: powersOfTen[difference])
      return overflow ? nil : (scaled, b, eb)
    }
    let (scaled, overflow) = b.multipliedReportingOverflow(by: powersOfTen[-difference])
    return overflow ? nil : (a, scaled, ea)
  }

  /// `self op other` for `+`, `-` and `*` when both are inline and the
  /// result is exact in an inline value; `nil` sends the operation to
  /// Foundation.
  @inline(__always)
  func fastArithmetic(_ op: DecimalOperation, _ other: DecimalValue) -> DecimalValue? {
    guard case .small(let a, let ea) = storage, case .small(let b, let eb) = other.storage else { return nil }
    switch op {
    case .add, .subtract:
      guard let (x, y, exponent) = Self.aligned(a, ea, b, eb) else { return nil }
      let (result, overflow) = op == .add ? x.addingReportingOverflow(y) : x.subtractingReportingOverflow(y)
      return overflow ? nil : DecimalValue(significand: result, exponent: exponent)
    case .multiply:
      let (result, overflow) = a.multipliedReportingOverflow(by: b)
      let exponent = Int(ea) + Int(eb)
      guard !overflow, Self.exponentRange.contains(exponent) else { return nil }
      return DecimalValue(significand: result, exponent: Int16(exponent))
    case .divide:
      // Only a quotient that comes out whole: anything else has Foundation's
      // 38 digits of rounding.
      guard b != 0, !(a == .min && b == -1), a % b == 0 else { return nil }
      let exponent = Int(ea) - Int(eb)
      guard Self.exponentRange.contains(exponent) else { return nil }
      return DecimalValue(significand: a / b, exponent: Int16(exponent))
    }
  }

  /// -1, 0 or 1 when both are inline and comparable without overflow.
  @inline(__always)
  func fastOrder(_ other: DecimalValue) -> Int? {
    guard case .small(let a, let ea) = storage, case .small(let b, let eb) = other.storage,
      let (x, y, _) = Self.aligned(a, ea, b, eb)
    else { return nil }
    return x < y ? -1 : (x == y ? 0 : 1)
  }

  /// -1, 0 or 1.
  func order(_ other: DecimalValue) -> Int {
    fastOrder(other) ?? foundationOrder(other)
  }

  /// `self op other`; throws for a result no Decimal holds (an overflow,
  /// a division by zero), as Swift's `Decimal` gives NaN for it.
  func applying(_ op: DecimalOperation, _ other: DecimalValue) throws -> DecimalValue {
    if let result = fastArithmetic(op, other) { return result }
    return try foundationArithmetic(op, other)
  }

  func negated() throws -> DecimalValue {
    if case .small(let significand, let exponent) = storage, significand != .min {
      return DecimalValue(significand: -significand, exponent: exponent)
    }
    return try DecimalValue.zero.foundationArithmetic(.subtract, self)
  }
}

/// The arithmetic operators of `Decimal`.
enum DecimalOperation {
  case add, subtract, multiply, divide

  init?(_ op: BinaryOperator) {
    switch op {
    case .add: self = .add
    case .subtract: self = .subtract
    case .multiply: self = .multiply
    case .divide: self = .divide
    default: return nil
    }
  }
}

extension DecimalValue: Equatable {
  /// Equal numbers are equal whatever their spelling: `1.50 == 1.5`.
  public static func == (lhs: DecimalValue, rhs: DecimalValue) -> Bool { lhs.order(rhs) == 0 }
}

extension Value {
  /// A Decimal, or an Int as one: what Decimal arithmetic takes.
  @inline(__always)
  var decimalOperand: DecimalValue? {
    switch self {
    case .decimal(let decimal): return decimal
    case .int(let int): return DecimalValue(int)
    default: return nil
    }
  }
}
