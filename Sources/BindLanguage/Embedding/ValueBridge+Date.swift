// The one file of BindLanguage that imports Foundation's value types: only
// FoundationEssentials where it exists (Linux), not the whole of Foundation.
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension ValueBridge {
  /// The bridge of Swift's `Date`: a ``DateValue`` in scripts, printed as
  /// Swift prints a `Date`. `nil` for any other type.
  static func dateBridge(_ swiftType: Any.Type) -> ValueBridge? {
    guard swiftType == Date.self else { return nil }
    return ValueBridge(
      type: .date,
      toScript: { .date(DateValue(secondsSince1970: ($0 as! Date).timeIntervalSince1970)) },
      fromScript: { value in
        guard case .date(let date) = value else { return nil }
        return Date(timeIntervalSince1970: date.secondsSince1970)
      })
  }
}
