/// Operators that build derived values from one observable value. Each holds
/// its source weakly and completes when the source does, so a mapped value
/// never keeps its source's object alive.
extension ObservableValue {
  /// A derived value: `transform` applied to this value.
  public func map<T: Equatable>(_ transform: @escaping (Value) -> T) -> Derived<T> {
    Derived(lifetime: self, isSame: Sameness.equatable, mapping(transform))
  }

  /// A derived value of a type that cannot be compared: every change of this
  /// value is a change of the result.
  public func map<T>(_ transform: @escaping (Value) -> T) -> Derived<T> {
    Derived(lifetime: self, isSame: Sameness.never, mapping(transform))
  }

  /// Follows a key-path chain: `vm.$user.flatMap { $0?.$name }` is the live
  /// value of `vm.user.name`. When `vm.user` is replaced the derived value
  /// moves to the new user's `name`; while it is `nil` the value is `nil`.
  public func flatMap<T: Equatable>(_ next: @escaping (Value) -> ObservableValue<T>?) -> Derived<T?> {
    Derived(lifetime: self, isSame: Sameness.equatable, chaining(next))
  }

  /// Follows a key-path chain to a value that cannot be compared.
  public func flatMap<T>(_ next: @escaping (Value) -> ObservableValue<T>?) -> Derived<T?> {
    Derived(lifetime: self, isSame: Sameness.never, chaining(next))
  }

  /// Follows a key-path chain whose last link is itself optional.
  public func flatMap<T: Equatable>(_ next: @escaping (Value) -> ObservableValue<T?>?) -> Derived<T?> {
    Derived(lifetime: self, isSame: Sameness.equatable, chaining { next($0) }) { $0 ?? nil }
  }

  private func mapping<T>(_ transform: @escaping (Value) -> T) -> () -> T {
    // After the source is gone nothing re-evaluates this closure except a
    // fresh read inside a transaction, which then sees the last result. The
    // result is kept, not the source's value: an unobserved (lazy) derived
    // value is not re-evaluated by writes, and keeping the value it last
    // read would keep that object alive until the next read.
    var last: T?
    return { [weak self] in
      if let self { last = transform(self.value) }
      return last!
    }
  }

  private func chaining<T>(_ next: @escaping (Value) -> ObservableValue<T>?) -> () -> T? {
    var last: T?
    return { [weak self] in
      if let self { last = next(self.value)?.value }
      return last
    }
  }
}

extension Derived {
  /// A derived value that maps a chained result once more.
  fileprivate convenience init<Inner>(
    lifetime: GraphNode, isSame: @escaping (Value, Value) -> Bool,
    _ compute: @escaping () -> Inner, then flatten: @escaping (Inner) -> Value
  ) {
    self.init(lifetime: lifetime, isSame: isSame) { flatten(compute()) }
  }
}
