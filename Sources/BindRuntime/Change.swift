/// What an observer receives.
public enum Change<Value> {
  /// The current value, delivered at subscription time when ``ObserveOptions/initial`` is set.
  case initial(Value)
  /// A change from `old` to `new`; `old != new` for equatable values.
  case changed(old: Value, new: Value)
  /// The source is gone (its owner was deallocated); nothing more will arrive.
  case completed

  /// The value after the event, or `nil` for `.completed`.
  public var newValue: Value? {
    switch self {
    case .initial(let value): return value
    case .changed(_, let new): return new
    case .completed: return nil
    }
  }

  /// The value before the change, or `nil` for `.initial` and `.completed`.
  public var oldValue: Value? {
    if case .changed(let old, _) = self { return old }
    return nil
  }
}

extension Change: Equatable where Value: Equatable {}
