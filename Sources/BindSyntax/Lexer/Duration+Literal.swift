extension Duration {
  /// The duration as a BindScript duration literal that reads back as the
  /// same duration: in the largest unit that shows it exactly with at most
  /// three decimals (`300ms`, `1.5s`, `2min`, `1.5h`, `61s`), else in
  /// milliseconds to the nanosecond (`0.000001ms`).
  public var literal: String {
    let (seconds, attoseconds) = components
    let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    let (total, overflow2) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
    guard !overflow, !overflow2 else { return "\(seconds)s" }
    if total == 0 { return "0ms" }
    let sign = total < 0 ? "-" : ""
    let magnitude = total.magnitude
    for (unit, length) in [("h", UInt64(3_600_000_000_000)), ("min", 60_000_000_000), ("s", 1_000_000_000), ("ms", 1_000_000)]
    where magnitude >= length && ((magnitude % length) * 1000) % length == 0 {
      return sign + Duration.decimal(magnitude, per: length, digits: 3) + unit
    }
    return sign + Duration.decimal(magnitude, per: 1_000_000, digits: 6) + "ms"
  }

  /// `value / unit` in decimal, with up to `digits` decimals and no
  /// trailing zeros.
  private static func decimal(_ value: UInt64, per unit: UInt64, digits: Int) -> String {
    var text = String(value / unit)
    var fraction = value % unit
    guard fraction != 0 else { return text }
    text += "."
    var places = 0
    while fraction != 0 && places < digits {
      fraction *= 10
      text += String(fraction / unit)
      fraction %= unit
      places += 1
    }
    return text
  }
}
