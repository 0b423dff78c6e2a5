import BindLanguage
import BindSyntax

/// What the server knows about one version of a document: its diagnostics
/// (from the same parser and checker as `bindscript check`) and its
/// declarations. Made without running anything.
///
/// The declarations (``index``) are found only when a request needs them:
/// diagnostics after an edit, the hot path, only parse and check.
final class DocumentAnalysis {
  /// Documents larger than this are not analysed (diagnostics, completion
  /// of names): one diagnostic says so. A client may still open them.
  static let sizeLimit = 8 << 20

  /// The most diagnostics kept (and published) for one document; the rest
  /// are counted. An editor lists them all in one panel and a person reads
  /// the first few: a file with an error on each of its million lines must
  /// not cost a million (issue 33).
  static let diagnosticsLimit = 100

  let file: SourceFile
  /// The first ``diagnosticsLimit`` diagnostics.
  let diagnostics: [Diagnostic]
  /// How many diagnostics there were past the limit, and where the first
  /// of them is.
  let omitted: (count: Int, range: SourceRange)?
  /// The kind of each of ``diagnostics`` the checker found (nil for the
  /// parser's): quick fixes are chosen by kind, never by message text.
  private let kinds: [ScriptError.Kind?]
  /// The declarations, from the file's tokens.
  private(set) lazy var index = SymbolIndex(tokens: tokens, fileSize: file.bytes.count)
  /// The statements, parsed again only when hover asks (diagnostics keep
  /// none: the hot path after an edit); what a half-typed file recovers.
  private(set) lazy var statements: [Statement] =
    isTooLarge ? [] : Parser.parseOnCurrentThread(file, lexed: Lexer.tokenize(file)).statements
  /// The file's tokens, lexed once for the parser and the index.
  private let tokens: [Token]
  /// Whether the file was too large to analyse.
  let isTooLarge: Bool

  /// Analyses `document`; `makeInterpreter` gives a fresh interpreter with
  /// the app's types, for the checker.
  init(_ document: TextDocument, makeInterpreter: () throws -> Interpreter) {
    isTooLarge = document.bytes.count > Self.sizeLimit
    let all: [(diagnostic: Diagnostic, kind: ScriptError.Kind?)]
    if isTooLarge {
      file = SourceFile(path: document.path ?? document.uri, text: "")
      tokens = []
      all = [(Self.tooLarge(document), nil)]
    } else {
      file = document.sourceFile
      let lexed = Lexer.tokenize(file)
      tokens = lexed.tokens
      all = Self.diagnose(file, lexed: lexed, makeInterpreter: makeInterpreter)
    }
    let kept = all.prefix(Self.diagnosticsLimit)
    diagnostics = kept.map(\.diagnostic)
    kinds = kept.map(\.kind)
    omitted = all.count > Self.diagnosticsLimit ? (all.count - Self.diagnosticsLimit, all[Self.diagnosticsLimit].diagnostic.range) : nil
  }

  private static func tooLarge(_ document: TextDocument) -> Diagnostic {
    .warning(
      "file too large to analyse (\(document.bytes.count >> 20) MiB; the limit is \(sizeLimit >> 20) MiB)",
      at: SourceRange(at: SourceLocation(offset: 0, line: 1, column: 1)))
  }

  /// The parser's diagnostics, or when it parsed, the checker's, with the
  /// kind of each error the checker found.
  private static func diagnose(
    _ file: SourceFile, lexed: LexResult, makeInterpreter: () throws -> Interpreter
  ) -> [(diagnostic: Diagnostic, kind: ScriptError.Kind?)] {
    // The server runs on a thread with a large stack already (the command
    // line's), so the parser need not start one of its own.
    let parsed = Parser.parseOnCurrentThread(file, lexed: lexed)
    if parsed.hasErrors { return parsed.diagnostics.map { ($0, nil) } }
    do {
      let interpreter = try makeInterpreter()
      let errors = interpreter.check(parsed)
      interpreter.endSession()
      let path = file.path
      return errors.filter { $0.file == nil || $0.file?.path == path }.map { ($0.diagnostic, $0.kind) }
    } catch {
      return [(.error("cannot set up the interpreter: \(error)", at: SourceRange(at: SourceLocation(offset: 0, line: 1, column: 1))), nil)]
    }
  }

  /// The edit that fixes diagnostic number `index` of ``diagnostics``, if
  /// it suggests one: its fix-it, or, for an error whose kind names a
  /// likely meant name ("did you mean 'x'?"), that name in place of the
  /// one written.
  func fix(forDiagnosticAt index: Int) -> (range: Range<Int>, replacement: String)? {
    let diagnostic = diagnostics[index]
    if let fixIt = diagnostic.fixIt {
      return (fixIt.range.start.offset..<max(fixIt.range.start.offset, fixIt.range.end.offset), fixIt.replacement)
    }
    guard let suggested = kinds[index]?.suggestion, !suggested.replacement.isEmpty else { return nil }
    let start = diagnostic.range.start.offset
    let end = max(diagnostic.range.end.offset, start + 1)
    let written = self.index.tokens.first {
      $0.kind == .identifier && $0.text == suggested.written && $0.range.end.offset > start && $0.range.start.offset < end
    }
    guard let written else { return nil }
    return (written.range.start.offset..<written.range.end.offset, suggested.replacement)
  }
}
