import BindSyntax

/// Why a file could not be formatted.
public enum FormatError: Error, CustomStringConvertible {
  /// The file does not parse: formatting a broken file could change what it
  /// means once fixed, so it is left alone. The diagnostics say why.
  case syntaxErrors([Diagnostic])
  /// The layout pass produced text whose tokens or syntax tree differ from
  /// the input's (a bug in the formatter): the file is left as it was.
  case wouldChangeProgram(String)

  /// One line, for the command line.
  public var description: String {
    switch self {
    case .syntaxErrors(let diagnostics):
      "cannot format a file with syntax errors (\(diagnostics.count) error\(diagnostics.count == 1 ? "" : "s"))"
    case .wouldChangeProgram(let detail):
      "formatting would change the program (\(detail)); the file is left as it is, please report this"
    }
  }
}

/// BindScript's one canonical layout, computed from the token stream and the
/// comments between tokens, never from the syntax tree.
///
/// Why tokens and not a pretty-printer over the AST: the language grows on
/// several branches at once, and a layout pass that knows brackets,
/// operators and line breaks formats new statements and expressions without
/// a change here. The syntax tree is used for one thing only, as a safety
/// net: the formatted text must lex to the same tokens (kinds, spellings and
/// significant newlines) and parse to the same program (`ASTDump`) as the
/// input, or ``format(_:)`` throws and the caller keeps the original.
///
/// The layout (Grammar.md §1 says where line breaks matter; they are never
/// added or removed, only blank lines):
/// - each line is indented by two spaces per open `(`, `[` or `{` (several
///   opened on one line count once), plus one level for a line that
///   continues a statement after a trailing operator, `=`, `->` or `:`;
///   a line starting with a closer goes back to its opener's line; in a
///   `switch`, the `case` and `default` lines stay at the `switch`'s level
///   and their statements go one deeper, as Swift lays them out;
/// - one space around binary operators, arrows and `=`, after `,`, `;` and
///   `:`, inside `{ }`; none inside `( )` and `[ ]`, before `,` and `:`,
///   around `.` and range operators, after a prefix `-` or `!`, before a
///   call's `(` or a subscript's `[`; a postfix `?` or `!` stays attached;
/// - no trailing blanks; at most one blank line in a row, none at the start
///   of the file, after an opening or before a closing bracket; the file
///   ends with one newline;
/// - comments (and so `#>` expectation lines and a `#!` line) are kept byte
///   for byte, re-indented with the code around them; a comment after code
///   stays on its line with the blanks before it (aligned comments stay
///   aligned);
/// - a line that closes a bracket opened on an earlier line opens the next
///   ones from that earlier line's level (`func f(a,\n  b) {` indents its
///   body once);
/// - the text the interpreter prints (a `bind`, `observe`, `on`, `emit` or
///   `timeline` statement's expressions, and the arguments of `assert`,
///   `debounce`, `throttle` and `delay`, whose source text becomes labels
///   and messages) keeps its original spacing within the line, so
///   formatting never changes a script's output.
public enum Formatter {
  /// Spaces per indentation level.
  public static let indentWidth = 2

  /// The file in canonical layout.
  /// - Throws: ``FormatError/syntaxErrors(_:)`` when the file does not
  ///   parse, ``FormatError/wouldChangeProgram(_:)`` when the result would
  ///   not be the same program (which the layout rules are meant to make
  ///   impossible).
  public static func format(_ file: SourceFile) throws(FormatError) -> String {
    let parsed = Parser.parse(file)
    if parsed.hasErrors { throw .syntaxErrors(parsed.diagnostics) }
    let lexed = Lexer.tokenize(file)
    var layout = LayoutPass(bytes: file.bytes, tokens: lexed.tokens)
    let formatted = layout.run()
    try verify(formatted, sameAs: file, lexed: lexed, parsed: parsed)
    return formatted
  }

  /// Formats `text` (see ``format(_:)``).
  public static func format(_ text: String, path: String? = nil) throws(FormatError) -> String {
    try format(SourceFile(path: path, text: text))
  }

  /// Whether `file` is already in canonical layout (a file with syntax
  /// errors counts as formatted: there is nothing `fmt` would do to it).
  public static func isFormatted(_ file: SourceFile) throws(FormatError) -> Bool {
    try format(file) == file.text
  }

  /// The safety net: same tokens, same program.
  private static func verify(
    _ formatted: String, sameAs file: SourceFile, lexed: LexResult, parsed: ParseResult
  ) throws(FormatError) {
    let output = SourceFile(path: file.path, text: formatted)
    let relexed = Lexer.tokenize(output)
    // The final line break the layout adds may add a `newline` token.
    func significant(_ tokens: [Token]) -> [(TokenKind, String)] {
      var tokens = tokens
      while tokens.count >= 2, tokens[tokens.count - 2].kind == .newline { tokens.remove(at: tokens.count - 2) }
      return tokens.map { ($0.kind, $0.text) }
    }
    let before = significant(lexed.tokens)
    let after = significant(relexed.tokens)
    guard before.elementsEqual(after, by: { $0 == $1 }) else {
      let index = zip(before, after).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(before.count, after.count)
      throw .wouldChangeProgram("the tokens differ at token \(index + 1)")
    }
    let reparsed = Parser.parse(output)
    if let error = reparsed.diagnostics.first(where: { $0.severity == .error }) {
      throw .wouldChangeProgram("the formatted text does not parse: line \(error.range.start.line): \(error.message)")
    }
    for (old, new) in zip(parsed.statements, reparsed.statements) where ASTDump.dump(old) != ASTDump.dump(new) {
      throw .wouldChangeProgram("the statement at line \(old.range.start.line) would parse as \(ASTDump.dump(new)), not \(ASTDump.dump(old))")
    }
    guard parsed.statements.count == reparsed.statements.count else {
      throw .wouldChangeProgram("the number of statements differs")
    }
  }
}
