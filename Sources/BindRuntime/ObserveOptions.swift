/// Options for ``ObservableValue/observe(options:_:)``.
public struct ObserveOptions: OptionSet, Sendable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Deliver the current value at once, as `.initial`, before any change.
  public static let initial = ObserveOptions(rawValue: 1)
}
