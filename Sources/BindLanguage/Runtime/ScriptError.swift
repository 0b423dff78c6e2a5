import BindRuntime
import BindSyntax

/// A runtime or compile error in a script: what went wrong (a ``Kind`` with
/// its operands), where, and further notes.
///
/// Errors are data; ``Kind/message`` renders them to text in one place, as
/// `DiagnosticRenderer` does for syntax errors (after argument-parser's
/// `ParserError` + `ErrorMessageGenerator`). Raised without a location deep
/// inside value operations, then given the range of the node to blame by
/// the evaluator (jlox's `RuntimeError(token)`).
public struct ScriptError: Error, CustomStringConvertible {
  /// What went wrong, with the names and types it is about.
  public var kind: Kind
  /// Where it happened; `nil` until the evaluator attaches it.
  public var range: SourceRange?
  /// The file the range belongs to.
  public var file: SourceFile?
  /// Further lines, such as an assertion's sub-expression values.
  public var notes: [String]
  /// For a write a value did not fit: the type the place wanted, so that a
  /// float literal can be tried again as that Decimal (`vm.price = 19.99`).
  var expectedType: ValueType?

  init(_ kind: Kind, at range: SourceRange? = nil, in file: SourceFile? = nil, notes: [String] = []) {
    self.kind = kind
    self.range = range
    self.file = file
    self.notes = notes
  }

  /// The message, lowercase, tokens in 'quotes' (rendered from ``kind``).
  public var message: String { kind.message }

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

  /// The same error at another place (the call that failed, not the
  /// operation inside it).
  func moved(to range: SourceRange?, in file: SourceFile?) -> ScriptError {
    var copy = self
    copy.range = range
    copy.file = file
    return copy
  }

  /// The error of writing `value` where `expected` is wanted; `what` names
  /// the place ("property 'count'", "'self'").
  static func typeMismatch(value: Value, expected: ValueType, what: String) -> ScriptError {
    var error: ScriptError
    if let problem = expected.crossingProblem(value) {
      error = ScriptError(.cannotAssign(to: what, because: problem))
    } else if let specific = contextualMismatch(value: value, expected: expected) {
      error = ScriptError(specific)
    } else {
      error = ScriptError(.assignMismatch(valueType: value.typeName, to: what, expected: "\(expected)"))
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
    if let error = self as? ReactiveError { return ScriptError(.reactive(error), at: range, in: file) }
    return ScriptError(.swiftError("\(self)"), at: range, in: file)
  }
}
