import BindSyntax

/// An error on its way to a `catch`: a value a script threw (`throw
/// LoginError.invalid`), or a Swift error a host method threw, as the
/// value `catch` binds.
///
/// Only these reach a script's `catch`, `try?` and `try!`. A
/// ``ScriptError`` (a type mismatch, the step limit, a bad index) is a bug
/// in the script, not an error it can handle: it passes every `catch` and
/// stops the statement, as a Swift runtime trap would.
struct ThrownError: Error, CustomStringConvertible {
  /// What `catch` binds to `error` (or to its pattern).
  let value: Value
  /// The statement's error when nothing catches it, located where the
  /// error was thrown: the `throw`, or the host call.
  let uncaught: ScriptError

  /// A value a script's `throw` threw.
  init(thrownByScript value: Value, at range: SourceRange, in file: SourceFile) {
    self.value = value
    uncaught = ScriptError(
      .uncaught(description: value.errorDescription), at: range, in: file)
  }

  /// A Swift error a host function threw, with the message a call that
  /// does not catch it has always given.
  init(thrownByHost value: Value, uncaught: ScriptError) {
    self.value = value
    self.uncaught = uncaught
  }

  var description: String { uncaught.message }
}

extension Value {
  /// Whether a script may throw this value: a struct or enum whose type
  /// conforms to `Error` (`enum LoginError: Error`).
  var conformsToError: Bool {
    switch self {
    case .enumValue(let value): return value.type.conformsToError
    case .structValue(let value): return value.type.conformsToError
    default: return false
    }
  }

  /// How messages name a thrown value: `LoginError.invalid`,
  /// `LoginError.network("down")`, `ValidationError(field: "name")`, or the
  /// text of a host error whose type scripts do not know.
  var errorDescription: String {
    switch self {
    case .enumValue(let value): return value.type.name + value.literal
    default: return printed
    }
  }
}
