import BindRuntime
import BindSyntax

/// A runtime or compile error in a script: a message, where, and how to fix it.
///
/// Raised without a location deep inside value operations, then given the
/// range of the node to blame by the evaluator (jlox's `RuntimeError(token)`).
public struct ScriptError: Error, CustomStringConvertible {
  /// The message, lowercase, tokens in 'quotes'.
  public var message: String
  /// Where it happened; `nil` until the evaluator attaches it.
  public var range: SourceRange?
  /// The file the range belongs to.
  public var file: SourceFile?
  /// Further lines, such as an assertion's sub-expression values.
  public var notes: [String]
  /// For a write a value did not fit: the type the place wanted, so that a
  /// float literal can be tried again as that Decimal (`vm.price = 19.99`).
  var expectedType: ValueType?

  init(_ message: String, at range: SourceRange? = nil, in file: SourceFile? = nil, notes: [String] = []) {
    self.message = message
    self.range = range
    self.file = file
    self.notes = notes
  }

  public var description: String { message }

  /// This error as a diagnostic, for the renderer.
  public var diagnostic: Diagnostic {
    let fallback = SourceRange(at: SourceLocation(offset: 0, line: 1, column: 1))
    return .error(message, at: range ?? fallback, notes: notes.map { Diagnostic.Note($0) })
  }

  /// Attaches a location if none is set yet.
  func located(at range: SourceRange, in file: SourceFile) -> ScriptError {
    guard self.range == nil else { return self }
    var copy = self
    copy.range = range
    copy.file = file
    return copy
  }

  /// Swift's error for a write to a `private(set)` (or `private`) property
  /// from outside its type's own code.
  static func inaccessibleSetter(_ property: String, of typeName: String) -> ScriptError {
    ScriptError(
      "cannot assign to property: '\(property)' setter is inaccessible; \(typeName) declares it private, so only its own methods write it")
  }

  static func typeMismatch(value: Value, expected: ValueType, what: String) -> ScriptError {
    var error: ScriptError
    if let problem = expected.crossingProblem(value) {
      error = ScriptError("cannot assign to \(what): \(problem)")
    } else if let specific = contextualMismatch(value: value, expected: expected) {
      error = ScriptError(specific)
    } else {
      error = ScriptError("cannot assign value of type '\(value.typeName)' to \(what) of type '\(expected)'")
    }
    error.expectedType = expected
    return error
  }
}

extension Error {
  /// Any error as a located script error; runtime errors keep their text.
  func asScriptError(at range: SourceRange, in file: SourceFile) -> ScriptError {
    if let error = self as? ScriptError { return error.located(at: range, in: file) }
    if let error = self as? ThrownError { return error.uncaught }
    if let error = self as? ReactiveError { return ScriptError(error.description, at: range, in: file) }
    return ScriptError("\(self)", at: range, in: file)
  }
}
