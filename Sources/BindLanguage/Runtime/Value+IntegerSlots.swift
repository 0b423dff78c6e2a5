extension Value {
  /// Sets the value to `.int(number)` in place (a loop counter's slot).
  ///
  /// A plain `slot = .int(number)` destroys the old value through the
  /// outlined switch over every case (~10 instructions a write); when the
  /// old value is an Int already, as at every iteration after the first,
  /// there is nothing to destroy and this branch knows it.
  @inline(__always) mutating func setInt(_ number: Int) {
    if case .int = self {
      self = .int(number)
    } else {
      self = .int(number)
    }
  }

  /// Adds `step` in place if the value is an Int and the sum does not
  /// overflow (`count += 1`); false, and the value unchanged, otherwise.
  @inline(__always) mutating func addToInt(_ step: Int) -> Bool {
    guard case .int(let current) = self else { return false }
    let (sum, overflow) = current.addingReportingOverflow(step)
    if overflow { return false }
    self = .int(sum)
    return true
  }
}
