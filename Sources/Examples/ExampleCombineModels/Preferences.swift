import BindScriptCombine
import BindScriptable

#if canImport(Combine)
  import Combine
#else
  import OpenCombine
#endif

/// Reading preferences on `ObservableObject`/`@Published`, as an app
/// written before `@Observable` has them (Combine on Apple platforms,
/// OpenCombine elsewhere).
@Scriptable
public final class Preferences: ObservableObject {
  /// 10 to 32 points.
  @Published public var fontSize = 14
  @Published public var useDarkMode = false
  /// The latest queries ``remember(_:)`` kept, newest first, at most three.
  @Published public private(set) var recentSearches: [String] = []
  /// One line for a settings screen, over the `@Published` properties.
  public var summary: String { "\(fontSize)pt, \(useDarkMode ? "dark" : "light")" }

  public init() {}

  /// Keeps `query` at the top of ``recentSearches``.
  public func remember(_ query: String) {
    recentSearches = Array(([query] + recentSearches.filter { $0 != query }).prefix(3))
  }

  /// Two points larger, up to 32.
  public func increaseFontSize() {
    fontSize = min(fontSize + 2, 32)
  }
}
