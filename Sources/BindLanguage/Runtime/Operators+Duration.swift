import BindSyntax

/// Arithmetic on durations, in whole nanoseconds and overflow-checked like
/// integers: `a + b`, `a - b`, `a * n`, `n * a`, `a / n`, `a / b` (a Double),
/// `a % b`, `-a`, and comparisons.
extension Operators {
  /// The result of `op` when either side is a duration, or `nil` when
  /// neither is.
  static func durationArithmetic(_ op: BinaryOperator, _ lhs: Value, _ rhs: Value) throws -> Value? {
    switch (lhs, rhs) {
    case (.duration(let a), .duration(let b)):
      let (x, y) = (try nanoseconds(a), try nanoseconds(b))
      switch op {
      case .add: return .duration(.nanoseconds(try checked(x.addingReportingOverflow(y), op, lhs, rhs)))
      case .subtract: return .duration(.nanoseconds(try checked(x.subtractingReportingOverflow(y), op, lhs, rhs)))
      case .divide:
        guard y != 0 else { throw ScriptError(.divisionByZero(remainder: false)) }
        return .double(Double(x) / Double(y))
      case .remainder:
        guard y != 0 else { throw ScriptError(.divisionByZero(remainder: false)) }
        return .duration(.nanoseconds(x % y))
      default: throw unsupported(op, lhs, rhs)
      }
    case (.duration(let a), _):
      guard let factor = rhs.number, op == .multiply || op == .divide else { throw unsupported(op, lhs, rhs) }
      if op == .divide && factor == 0 { throw ScriptError(.divisionByZero(remainder: false)) }
      return .duration(try scaled(a, by: op == .multiply ? factor : 1 / factor, op, lhs, rhs))
    case (_, .duration(let b)):
      guard let factor = lhs.number, op == .multiply else { throw unsupported(op, lhs, rhs) }
      return .duration(try scaled(b, by: factor, op, lhs, rhs))
    default:
      return nil
    }
  }

  /// `-duration`.
  static func negate(_ duration: Duration) throws -> Value {
    let (result, overflow) = Int64(0).subtractingReportingOverflow(try nanoseconds(duration))
    if overflow { throw ScriptError(.library(.negatedDurationOverflow(literal: duration.literal))) }
    return .duration(.nanoseconds(result))
  }

  /// The order of two durations, or `nil` when they are not both durations.
  static func durationOrder(_ lhs: Value, _ rhs: Value) -> Int? {
    guard case .duration(let a) = lhs, case .duration(let b) = rhs else { return nil }
    return a < b ? -1 : (a == b ? 0 : 1)
  }

  /// A duration in nanoseconds; durations longer than about 292 years are an error.
  static func nanoseconds(_ duration: Duration) throws -> Int64 {
    let (seconds, attoseconds) = duration.components
    let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    let (total, overflow2) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
    guard !overflow, !overflow2 else { throw ScriptError(.library(.durationTooLong(seconds: "\(seconds)"))) }
    return total
  }

  private static func scaled(_ duration: Duration, by factor: Double, _ op: BinaryOperator, _ lhs: Value, _ rhs: Value) throws -> Duration {
    let product = (Double(try nanoseconds(duration)) * factor).rounded()
    guard product.isFinite, abs(product) < 9.2e18 else {
      throw ScriptError(.durationOverflow(expression: "\(lhs.literal) \(op.rawValue) \(rhs.literal)"))
    }
    return .nanoseconds(Int64(product))
  }

  private static func checked(
    _ result: (partialValue: Int64, overflow: Bool), _ op: BinaryOperator, _ lhs: Value, _ rhs: Value
  ) throws -> Int64 {
    if result.overflow {
      throw ScriptError(.durationOverflow(expression: "\(lhs.literal) \(op.rawValue) \(rhs.literal)"))
    }
    return result.partialValue
  }

  private static func unsupported(_ op: BinaryOperator, _ lhs: Value, _ rhs: Value) -> ScriptError {
    ScriptError(
      .operands(op: op.rawValue, lhs: lhs.typeName, rhs: rhs.typeName, hints: [.durationArithmetic]))
  }
}
