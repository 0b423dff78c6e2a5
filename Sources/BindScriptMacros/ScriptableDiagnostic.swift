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

  static func unbridged(_ what: String, _ type: String) -> Self {
    Self(
      message: "\(what) uses type '\(type)', which scripts cannot use; it is left out, and a script that names it gets an error; mark it @ScriptIgnored",
      id: "unbridged", severity: .warning)
  }

  static func indistinguishableOverload(_ what: String, _ types: String, _ earlier: String, _ scriptTypes: String) -> Self {
    Self(
      message: "\(what) taking (\(types)) cannot be told apart from the one taking (\(earlier)) in scripts, which see both as (\(scriptTypes)); a script's call of it is ambiguous; mark one @ScriptIgnored or give it another @ScriptName",
      id: "indistinguishableOverload", severity: .warning)
  }

  static let notAClass = Self(
    message: "@Scriptable applies to a class; register other types by hand", id: "notAClass", severity: .error)
  static let genericClass = Self(
    message: "@Scriptable cannot register a generic class; register each specialization by hand", id: "genericClass", severity: .error)
  static let notAValue = Self(
    message: "@ScriptableValue applies to a struct or an enum; use @Scriptable for a class", id: "notAValue", severity: .error)
  static let genericValue = Self(
    message: "@ScriptableValue cannot register a generic type; register each specialization by hand", id: "genericValue",
    severity: .error)
  static let ignoredCase = Self(
    message: "an enum case cannot be left out: scripts could not represent a value of it; remove @ScriptIgnored",
    id: "ignoredCase", severity: .error)

  static func privateField(_ name: String) -> Self {
    Self(
      message: "private stored property '\(name)' makes the memberwise initializer private; mark it @ScriptIgnored and give it a default value",
      id: "privateField", severity: .error)
  }

  static func ignoredFieldWithoutDefault(_ name: String) -> Self {
    Self(
      message: "@ScriptIgnored field '\(name)' needs a default value, so that a script's value can be turned back into the struct",
      id: "ignoredFieldWithoutDefault", severity: .error)
  }

  static func noFieldInitializer(_ type: String, _ fields: [String]) -> Self {
    Self(
      message: "'\(type)' declares no 'init(\(fields.map { "\($0):" }.joined()))', so values from scripts cannot be turned back into it; add one, or scripts can only read its values",
      id: "noFieldInitializer", severity: .warning)
  }

  static let notAProtocol = Self(
    message: "@ScriptImplementable applies to a protocol", id: "notAProtocol", severity: .error)
  static let unimplementableMember = Self(
    message: "@ScriptImplementable implements method requirements only; make this a method ('func value() -> T')",
    id: "unimplementableMember", severity: .error)

  static func unimplementable(_ what: String, _ reason: String) -> Self {
    Self(message: "scripts cannot implement \(what): \(reason)", id: "unimplementable", severity: .error)
  }

  static let badName = Self(
    message: "expected a string literal naming it for scripts", id: "badName", severity: .error)
}
