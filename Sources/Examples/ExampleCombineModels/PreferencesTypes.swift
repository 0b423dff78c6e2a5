import BindLanguage
import BindScriptable

/// The `ObservableObject` example as a script type: `@Scriptable` registers
/// it through the `BindScriptCombine` adapter, in a target of its own, so
/// that only what uses it builds OpenCombine (the `bindscript` executable
/// does not).
public enum PreferencesTypes {
  /// Registers `Preferences` (its registration is `@Scriptable`'s).
  public static func register(in interpreter: Interpreter) throws {
    try interpreter.register(Preferences.self)
  }

  /// Registers `Preferences` and injects `preferences`, a new one.
  public static func configure(_ interpreter: Interpreter) throws {
    try register(in: interpreter)
    try interpreter.inject(Preferences(), as: "preferences")
  }
}
