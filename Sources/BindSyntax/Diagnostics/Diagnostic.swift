/// A problem found in a script, as data: what, where, and how to fix it.
///
/// Diagnostics never render themselves; `DiagnosticRenderer` turns them into
/// text. Messages are lowercase, quote tokens in 'single quotes', and read
/// "expected X after Y".
public struct Diagnostic: Error, Hashable, Sendable {
  /// How serious a diagnostic is.
  public enum Severity: String, Hashable, Sendable {
    /// The script cannot run (or a statement failed).
    case error
    /// Suspicious, but the script still runs.
    case warning
    /// Extra information attached to another diagnostic.
    case note
  }

  /// A secondary message, optionally pointing at its own range ("to match
  /// this '{'").
  public struct Note: Hashable, Sendable {
    /// The note's text.
    public var message: String
    /// Where the note points, if anywhere.
    public var range: SourceRange?

    /// Creates a note.
    public init(_ message: String, at range: SourceRange? = nil) {
      self.message = message
      self.range = range
    }
  }

  /// A suggested edit: replace the text in `range` with `replacement`.
  public struct FixIt: Hashable, Sendable {
    /// The text to replace.
    public var range: SourceRange
    /// What to put there instead.
    public var replacement: String

    /// Creates a fix-it.
    public init(range: SourceRange, replacement: String) {
      self.range = range
      self.replacement = replacement
    }
  }

  /// Error, warning or note.
  public var severity: Severity
  /// The one-line message, lowercase, without a trailing period.
  public var message: String
  /// The range the marker line underlines.
  public var range: SourceRange
  /// Further notes, printed after the main message.
  public var notes: [Note]
  /// An optional suggested replacement, printed under the marker.
  public var fixIt: FixIt?

  /// Creates a diagnostic.
  public init(
    severity: Severity, message: String, range: SourceRange,
    notes: [Note] = [], fixIt: FixIt? = nil
  ) {
    self.severity = severity
    self.message = message
    self.range = range
    self.notes = notes
    self.fixIt = fixIt
  }

  /// Creates an error diagnostic.
  public static func error(
    _ message: String, at range: SourceRange, notes: [Note] = [], fixIt: FixIt? = nil
  ) -> Diagnostic {
    Diagnostic(severity: .error, message: message, range: range, notes: notes, fixIt: fixIt)
  }

  /// Creates a warning diagnostic.
  public static func warning(
    _ message: String, at range: SourceRange, notes: [Note] = [], fixIt: FixIt? = nil
  ) -> Diagnostic {
    Diagnostic(severity: .warning, message: message, range: range, notes: notes, fixIt: fixIt)
  }

  /// The location the diagnostic points at.
  public var location: SourceLocation { range.start }
}
