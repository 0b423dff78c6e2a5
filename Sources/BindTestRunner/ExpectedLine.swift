import BindLanguage
import BindSyntax

/// One `#>` line of a test script: the output line a statement must print.
///
/// A line ending in ` (re)` is a regular expression that must match the
/// whole output line (cram's convention), for output that legitimately
/// varies; it also matches an output line equal to its own text.
public struct ExpectedLine: Hashable, Sendable {
  /// The 1-based line of the script this expectation is on.
  public var line: Int
  /// The expected text after `#> ` (or `#>` for an empty line), including
  /// any ` (re)` suffix.
  public var text: String

  /// The suffix that marks a regular-expression line.
  public static let regexSuffix = " (re)"

  /// Creates an expectation for `text` found on `line`.
  public init(line: Int, text: String) {
    self.line = line
    self.text = text
  }

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

  /// Whether `actual` is the output this line expects: equal text, or for
  /// a ` (re)` line a whole-line match of the pattern. A pattern that does
  /// not compile matches only its literal text.
  public func matches(_ actual: String) -> Bool {
    if text == actual { return true }
    guard let pattern, let regex = try? Regex(pattern) else { return false }
    return (try? regex.wholeMatch(in: actual)) != nil
  }
}
