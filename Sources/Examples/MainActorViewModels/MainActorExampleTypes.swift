import BindLanguage

/// The main-actor example view-models as script types: what an app whose
/// models are `@MainActor` registers in its command and its tests alike.
@MainActor
public enum MainActorExampleTypes {
  /// Registers `QuickSearchModel`, `BannerModel` and `CartModel`; their
  /// script constructors put them on the interpreter's clock.
  public static func register(in interpreter: Interpreter) throws {
    try QuickSearchModel.register(in: interpreter)
    try BannerModel.register(in: interpreter)
    try CartModel.register(in: interpreter)
  }

  /// The folder of the main-actor example scripts, found from this file.
  nonisolated public static var scriptsFolder: String {
    var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(2)
    return parts.joined(separator: "/") + "/MainActorScripts"
  }
}
