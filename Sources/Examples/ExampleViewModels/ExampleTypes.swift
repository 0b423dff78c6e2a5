import BindLanguage
import BindRuntime

/// The example view-models as script types: everything an app writes to
/// let scripts drive its own Swift classes.
public enum ExampleTypes {
  /// Registers `User`, `LoginViewModel` and `SearchViewModel` with `interpreter`.
  public static func register(in interpreter: Interpreter) throws {
    try interpreter.register(User.self, as: "User") { type in
      type.property("name", \.$name)
    }
    try interpreter.register(LoginViewModel.self, as: "LoginViewModel") { type in
      type.property("username", \.$username)
      type.property("password", \.$password)
      type.property("user", \.$user)
      type.property("errorMessage", \.$errorMessage)
      type.property("canSubmit", \.canSubmit)
      type.event("submit", \.submit)
      type.constructor { LoginViewModel() }
    }
    try interpreter.register(SearchViewModel.self, as: "SearchViewModel") { type in
      type.property("query", \.$query)
      type.property("results", readOnly: \.$results)
      type.property("selection", \.$selection)
      type.property("resultCount", \.resultCount)
      type.event("picked", \.picked)
      type.constructor { SearchViewModel() }
    }
  }

  /// The folder of the example scripts, found from this source file.
  public static var scriptsFolder: String {
    var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(2)
    return parts.joined(separator: "/") + "/Scripts"
  }
}
