extension Value {
  /// Whether writing `new` over `old` is no change: script equality (`==`),
  /// except that NaN is the same as NaN (as JavaScript's `Object.is`, and the
  /// runtime's floating-point properties), in arrays and structs too. `==`
  /// itself keeps Swift's rule (`Double.nan == Double.nan` is false); only
  /// change detection uses this, so that NaN written over NaN notifies no one
  /// and a two-way link holding NaN settles.
  static func isSameForChange(_ old: Value, _ new: Value) -> Bool {
    switch (old, new) {
    case (.double(let a), .double(let b)): return a == b || (a.isNaN && b.isNaN)
    case (.array(let a), .array(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { isSameForChange($0, $1) }
    case (.structValue(let a), .structValue(let b)):
      return a.type === b.type && a.fields.count == b.fields.count
        && zip(a.fields, b.fields).allSatisfy { isSameForChange($0, $1) }
    default: return old == new
    }
  }
}
