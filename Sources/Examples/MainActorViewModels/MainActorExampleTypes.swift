import BindLanguage

/// The main-actor example view-models as script types: what an app whose
/// models are `@MainActor` registers in its command and its tests alike.
@MainActor
public enum MainActorExampleTypes {
  /// Registers `QuickSearchModel`, `BannerModel`, `CartModel` and
  /// `LoginModel`; their script constructors put them on the interpreter's
  /// clock. `AuthService` first: scripts implement it (a fake), and
  /// `LoginModel(auth:)` takes it; `AuthError`, so that a fake throws the
  /// app's own errors.
  public static func register(in interpreter: Interpreter) throws {
    try QuickSearchModel.register(in: interpreter)
    try BannerModel.register(in: interpreter)
    try CartModel.register(in: interpreter)
    try AuthError.register(in: interpreter, as: AuthError.scriptTypeName)
    try ScriptedAuthService.register(in: interpreter)
    try LoginModel.register(in: interpreter)
  }

  /// The folder of the main-actor example scripts, found from this file.
  nonisolated public static var scriptsFolder: String {
    var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(2)
    return parts.joined(separator: "/") + "/MainActorScripts"
  }
}
