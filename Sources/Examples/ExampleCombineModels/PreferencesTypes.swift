import BindLanguage
import BindScriptCombine

/// The `ObservableObject` example as a script type: registered through the
/// `BindScriptCombine` adapter, in a target of its own, so that only what
/// uses it builds OpenCombine (the `bindscript` executable does not).
public enum PreferencesTypes {
  /// Registers `Preferences`.
  public static func register(in interpreter: Interpreter) throws {
    try interpreter.register(Preferences.self, as: "Preferences") { type in
      type.published("fontSize", \.fontSize)
      type.published("useDarkMode", \.useDarkMode)
      type.published("recentSearches", \.recentSearches)
      type.published("summary", \.summary)
      type.method("remember(_:)") { (preferences: Preferences, query: String) in preferences.remember(query) }
      type.method("increaseFontSize()") { preferences in preferences.increaseFontSize() }
      type.constructor { Preferences() }
    }
  }

  /// Registers `Preferences` and injects `preferences`, a new one.
  public static func configure(_ interpreter: Interpreter) throws {
    try register(in: interpreter)
    try interpreter.inject(Preferences(), as: "preferences")
  }
}
