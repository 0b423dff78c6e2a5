import BindLanguage
import BindSyntax

/// One `#>` line of a test script: the output line a statement must print.
///
/// A line ending in ` (re)` is a regular expression that must match the
/// whole output line, and one ending in ` (glob)` a glob (`*` any run of
/// characters, `?` any one), as cram's are, for output that legitimately
/// varies; either also matches an output line equal to its own text. The
/// pattern is compiled once, when the line is made, by ``LinePattern``:
/// Python's `re` syntax without what needs backtracking, matched in time
/// proportional to the output line.
public struct ExpectedLine: Hashable, Sendable {
  /// The 1-based line of the script this expectation is on.
  public var line: Int
  /// The expected text after `#> ` (or `#>` for an empty line), including
  /// any ` (re)` or ` (glob)` suffix.
  public var text: String {
    didSet { compiled = Self.compile(text) }
  }
  /// The compiled pattern of a ` (re)` or ` (glob)` line, or why it does not compile;
  /// `nil` for a plain line.
  private var compiled: Result<LinePattern, LinePattern.SyntaxError>?

  /// Creates an expectation for `text` found on `line`.
  public init(line: Int, text: String) {
    self.line = line
    self.text = text
    self.compiled = Self.compile(text)
  }

  private static func compile(_ text: String) -> Result<LinePattern, LinePattern.SyntaxError>? {
    if text.hasSuffix(regexSuffix) {
      return Result { () throws(LinePattern.SyntaxError) in try LinePattern(String(text.dropLast(regexSuffix.count))) }
    }
    if text.hasSuffix(globSuffix) {
      return Result { () throws(LinePattern.SyntaxError) in try LinePattern(glob: String(text.dropLast(globSuffix.count))) }
    }
    return nil
  }

  public static func == (left: ExpectedLine, right: ExpectedLine) -> Bool {
    left.line == right.line && left.text == right.text
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(line)
    hasher.combine(text)
  }

  /// The suffix that marks a regular-expression line.
  public static let regexSuffix = " (re)"
  /// The suffix that marks a glob line.
  public static let globSuffix = " (glob)"

  /// The expected text of a `#>` source line, or `nil` when `sourceLine`
  /// is not an expectation line. Leading blanks are allowed; one space after
  /// `#>` separates the marker from the text; a final `\r` is dropped.
  public static func text(ofSourceLine sourceLine: Substring) -> String? {
    var rest = sourceLine.drop { $0 == " " || $0 == "\t" }
    guard rest.hasPrefix("#>") else { return nil }
    rest = rest.dropFirst(2)
    if rest.last == "\r" { rest = rest.dropLast() }
    if rest.first == " " { rest = rest.dropFirst() }
    return String(rest)
  }

  /// Whether this is a ` (re)` line.
  public var isRegex: Bool { text.hasSuffix(Self.regexSuffix) }

  /// The regular expression's source, for a ` (re)` line.
  public var pattern: String? {
    isRegex ? String(text.dropLast(Self.regexSuffix.count)) : nil
  }

  /// The suffix of a pattern line, ` (re)` or ` (glob)`; `nil` for a plain line.
  package var patternSuffix: String? {
    compiled == nil ? nil : (isRegex ? Self.regexSuffix : Self.globSuffix)
  }

  /// Why the pattern of a ` (re)` or ` (glob)` line does not compile;
  /// `nil` for a plain line or a valid pattern.
  package var patternError: LinePattern.SyntaxError? {
    guard case .failure(let error) = compiled else { return nil }
    return error
  }

  /// The instructions of its pattern (0 for a plain line): what matching
  /// one output character against it costs, at most.
  package var patternSize: Int {
    guard case .success(let pattern) = compiled else { return 0 }
    return pattern.program.count
  }

  /// Whether `actual` is the output this line expects: equal text, or for
  /// a ` (re)` or ` (glob)` line a whole-line match of the pattern. A pattern that does
  /// not compile matches only its literal text (and fails its file with
  /// its ``patternError``).
  public func matches(_ actual: String) -> Bool {
    if text == actual { return true }
    guard case .success(let pattern) = compiled else { return false }
    return pattern.matches(actual)
  }
}
