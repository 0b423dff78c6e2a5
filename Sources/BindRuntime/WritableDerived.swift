extension Derived {
  /// A writable derived value, Swift's computed property with a `get` and a
  /// `set`: reads compute `get` (tracked like any derived value), and a write
  /// runs `set` as one transaction, which writes the values `get` reads.
  ///
  /// ```swift
  /// let celsius = Derived(
  ///   isSame: ==, get: { (fahrenheit.value - 32) / 1.8 },
  ///   set: { fahrenheit.value = $0 * 1.8 + 32 })
  /// try celsius.set(100)   // fahrenheit becomes 212
  /// ```
  ///
  /// A write equal to the current value still runs `set` (the setter
  /// decides), as Swift's computed properties do.
  public convenience init(
    label: String? = nil, lifetime: GraphNode? = nil, isSame: @escaping (Value, Value) -> Bool,
    get: @escaping () throws -> Value, set: @escaping (Value) throws -> Void
  ) rethrows {
    try self.init(label: label, lifetime: lifetime, lifetimes: [], isSame: isSame, compute: get, writeBack: set)
  }

  /// Whether the value has a setter (``init(label:lifetime:isSame:get:set:)``).
  public var isWritable: Bool { writeBack != nil }

  /// Writes through the setter, as one transaction: observers and bindings
  /// run once, at its end. Throws ``ReactiveError/readOnly(_:)`` for a
  /// derived value without a setter, and what the setter throws.
  public func set(_ newValue: Value) throws {
    guard let writeBack else { throw ReactiveError.readOnly(ReactiveGraph.shared.withLock { displayName }) }
    try ReactiveGraph.shared.transaction { try writeBack(newValue) }
  }
}
