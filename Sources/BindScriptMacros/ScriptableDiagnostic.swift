import SwiftDiagnostics

/// What `@Scriptable` says about a class or a member it cannot register.
/// Members are left out with a warning, so that one odd method does not stop
/// the rest of a view-model from registering; the class itself is an error.
struct ScriptableDiagnostic: DiagnosticMessage {
  let message: String
  let id: String
  let severity: DiagnosticSeverity

  var diagnosticID: MessageID { MessageID(domain: "BindScriptMacros", id: id) }

  static func skipped(_ what: String, _ reason: String) -> Self {
    Self(message: "\(what) is not registered for scripts: \(reason); mark it @ScriptIgnored to silence this", id: "skipped", severity: .warning)
  }

  static let notAClass = Self(
    message: "@Scriptable applies to a class; register other types by hand", id: "notAClass", severity: .error)
  static let genericClass = Self(
    message: "@Scriptable cannot register a generic class; register each specialization by hand", id: "genericClass", severity: .error)
  static let badName = Self(
    message: "expected a string literal naming it for scripts", id: "badName", severity: .error)
}
