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
    try self.init(
      label: label, lifetime: lifetime, lifetimes: [], isSame: isSame, compute: get, writeBack: set,
      evaluate: Self.makeEvaluation())
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

extension Derived {
  /// Links this writable derived value and `other` both ways, as
  /// a property's `bindTwoWayChecked(with:label:)` links two properties: at
  /// bind time `other` takes this value (`takesOthersValue` reverses that);
  /// afterwards a change of either side reaches the other once. A write
  /// into this side runs its setter, unless the value is already the same
  /// (which ends the echo).
  ///
  /// - Throws: ``ReactiveError/readOnly(_:)`` without a setter; a cycle.
  public func bindTwoWayChecked(
    with other: Property<Value>, label: String? = nil, takesOthersValue: Bool = false
  ) throws -> Disposable {
    guard writeBack != nil else { throw ReactiveError.readOnly(ReactiveGraph.shared.withLock { displayName }) }
    let intoSelf = Sink<Value>(applying: { [weak self] value in
      guard let self else { return false }
      if self.isSame(self.peek(), value) { return true }
      try self.set(value)
      return true
    })
    let forward: Disposable, backward: Disposable
    if takesOthersValue {
      backward = try other.bindChecked(to: intoSelf, label: label)
      forward = try bindChecked(to: other, label: label)
    } else {
      forward = try bindChecked(to: other, label: label)
      backward = try other.bindChecked(to: intoSelf, label: label)
    }
    return ActionDisposable {
      forward.dispose()
      backward.dispose()
    }
  }
}

extension Sink {
  /// A sink whose `apply` may throw (a setter that fails) and reports when
  /// its target is gone by returning false.
  init(applying apply: @escaping (Value) throws -> Bool) {
    self.apply = apply
  }
}
