/// Change detection for floating-point values: an equal write is no change,
/// and NaN written over NaN is equal there (JavaScript's `Object.is`), though
/// `==` says otherwise. Without it every NaN write notifies, and a two-way
/// link holding NaN echoes until it is declared a cycle. `0.0` and `-0.0`
/// stay the same value, as `==` has them. (An optional `Double?` property
/// compares with `==`, the overload Swift prefers there: pass an `isSame`
/// of your own if NaN matters.)
extension Sameness {
  @inlinable static func floatingPoint<T: FloatingPoint>(_ a: T, _ b: T) -> Bool {
    a == b || (a.isNaN && b.isNaN)
  }
}

extension Property {
  /// Creates a floating-point property: `==`, except that NaN written over
  /// NaN is no change.
  @inlinable
  public convenience init(_ value: Value, label: String? = nil) where Value: FloatingPoint {
    self.init(value, label: label, isSame: Sameness.floatingPoint)
  }
}

extension Derived {
  /// A floating-point derived value: it notifies when the result differs,
  /// and NaN after NaN is no change.
  @inlinable
  public convenience init(label: String? = nil, lifetime: GraphNode? = nil, _ compute: @escaping () throws -> Value)
    rethrows where Value: FloatingPoint
  {
    try self.init(label: label, lifetime: lifetime, isSame: Sameness.floatingPoint, compute)
  }
}

extension Observed {
  /// A floating-point value: NaN written over NaN is no change.
  @inlinable public init(wrappedValue: Value) where Value: FloatingPoint {
    self.init(property: Property(wrappedValue))
  }
}
