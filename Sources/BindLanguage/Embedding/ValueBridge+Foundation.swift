// The Foundation value types that bridge without registration. Only
// FoundationEssentials where it exists (Linux), not the whole of Foundation.
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension ValueBridge {
  /// The bridge of `Date`, `Decimal`, `UUID`, `URL`, `Data` or the
  /// standard library's `Duration`; `nil` for any other type.
  /// (`TimeInterval` is `Double`, which bridges as itself.)
  static func foundationBridge(_ swiftType: Any.Type) -> ValueBridge? {
    switch swiftType {
    case is Duration.Type:
      // The script's own `Duration`: a Swift `.milliseconds(1500)` and the
      // literal `1.5s` are one value, which prints, compares and computes
      // as every script duration does.
      return ValueBridge(
        type: .duration, toScript: { .duration($0 as! Duration) },
        fromScript: { value in
          guard case .duration(let duration) = value else { return nil }
          return duration
        })
    case is Date.Type:
      // A ``DateValue`` in scripts, printed as Swift prints a `Date`.
      return ValueBridge(
        type: .date,
        toScript: { .date(DateValue(secondsSince1970: ($0 as! Date).timeIntervalSince1970)) },
        fromScript: { value in
          guard case .date(let date) = value else { return nil }
          return Date(timeIntervalSince1970: date.secondsSince1970)
        })
    case is Decimal.Type:
      return ValueBridge(
        type: .decimal,
        toScript: { .decimal(DecimalValue(bridging: $0 as! Decimal)) },
        fromScript: { value in value.decimalOperand?.foundationDecimal })
    case is UUID.Type: return foundation(.uuid, UUID.self, FoundationValue.init)
    case is URL.Type: return foundation(.url, URL.self, FoundationValue.init)
    case is Data.Type: return foundation(.data, Data.self, FoundationValue.init)
    default: return nil
    }
  }

  private static func foundation<T>(
    _ kind: FoundationKind, _: T.Type, _ box: @escaping (T) -> FoundationValue
  ) -> ValueBridge {
    ValueBridge(
      type: .foundation(kind),
      toScript: { .foundation(box($0 as! T)) },
      fromScript: { value in
        guard case .foundation(let foundation) = value, foundation.kind == kind else { return nil }
        return foundation.swiftValue.base as! T
      })
  }
}
