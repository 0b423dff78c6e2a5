import BindSyntax

/// A point in time, as Swift's `Date` is one: seconds since
/// 1970-01-01 00:00:00 UTC. Host `Date`s cross into scripts as this (see
/// `ValueBridge+Date.swift`, the one file that imports FoundationEssentials),
/// so the interpreter's values need no Foundation.
///
/// Scripts print it as Swift prints a `Date` (`2026-11-25 08:41:04 +0000`),
/// compare two with `==` and `<`, add or subtract a `Duration`, and subtract
/// two to get the `Duration` between them.
public struct DateValue: Hashable, Comparable, Sendable {
  /// Seconds since 1970-01-01 00:00:00 UTC (Swift's `timeIntervalSince1970`).
  public var secondsSince1970: Double

  /// Creates a date `secondsSince1970` seconds after the Unix epoch.
  public init(secondsSince1970: Double) {
    self.secondsSince1970 = secondsSince1970
  }

  public static func < (lhs: DateValue, rhs: DateValue) -> Bool { lhs.secondsSince1970 < rhs.secondsSince1970 }

  /// `2026-11-25 08:41:04 +0000`: `Date`'s description, in UTC, whole seconds.
  public var literal: String {
    guard secondsSince1970.isFinite, abs(secondsSince1970) < 1e14 else { return "Date(\(secondsSince1970))" }
    let whole = Int(secondsSince1970.rounded(.down))
    let (days, secondOfDay) = whole.floorDividing(by: 86_400)
    let (year, month, day) = DateValue.civil(fromDays: days)
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let yearText = year >= 0 && year < 1000 ? String(repeating: "0", count: 4 - String(year).count) + "\(year)" : "\(year)"
    return "\(yearText)-\(two(month))-\(two(day)) \(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60)) +0000"
  }

  /// Year, month and day of the proleptic Gregorian calendar for a count of
  /// days since 1970-01-01 (Howard Hinnant's `civil_from_days`).
  static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}

extension Int {
  /// Quotient and remainder rounded toward negative infinity, so the time of
  /// day of a date before 1970 is still between 0 and 86,399.
  fileprivate func floorDividing(by divisor: Int) -> (quotient: Int, remainder: Int) {
    let remainder = self % divisor
    return remainder < 0 ? (self / divisor - 1, remainder + divisor) : (self / divisor, remainder)
  }
}

extension Operators {
  /// `date + duration`, `date - duration`, `duration + date`, and
  /// `date - date` (a `Duration`); `nil` when neither side is a date.
  static func dateArithmetic(_ op: BinaryOperator, _ lhs: Value, _ rhs: Value) throws -> Value? {
    func seconds(_ duration: Duration) throws -> Double { Double(try nanoseconds(duration)) / 1e9 }
    switch (lhs, rhs, op) {
    case (.date(let date), .duration(let duration), .add), (.duration(let duration), .date(let date), .add):
      return .date(DateValue(secondsSince1970: date.secondsSince1970 + (try seconds(duration))))
    case (.date(let date), .duration(let duration), .subtract):
      return .date(DateValue(secondsSince1970: date.secondsSince1970 - (try seconds(duration))))
    case (.date(let a), .date(let b), .subtract):
      let difference = ((a.secondsSince1970 - b.secondsSince1970) * 1e9).rounded()
      guard difference.isFinite, abs(difference) < 9.2e18 else {
        throw ScriptError(.library(.dateDifferenceTooLong(from: a.literal, to: b.literal)))
      }
      return .duration(.nanoseconds(Int64(difference)))
    case (.date, _, _), (_, .date, _):
      throw ScriptError(
        .operands(op: op.rawValue, lhs: lhs.typeName, rhs: rhs.typeName, hints: [.dateArithmetic]))
    default:
      return nil
    }
  }
}
