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
  /// The declarations, from the file's tokens, lexed again when a request
  /// first needs them: the parser's tokens (a 10^6-line file has millions)
  /// are gone before the checker runs.
  private(set) lazy var index = SymbolIndex(
    tokens: Lexer.tokenize(file, keepingLineBreaks: false).tokens, fileSize: file.bytes.count)
  /// The statements, parsed again only when hover asks (diagnostics keep
  /// none: the hot path after an edit); what a half-typed file recovers.
  private(set) lazy var statements: [Statement] =
    isTooLarge ? [] : Parser.parseOnCurrentThread(file).statements
  /// Whether the file was too large to analyse.
  let isTooLarge: Bool

  /// Analyses `document`; `makeInterpreter` gives a fresh interpreter with
  /// the app's types, for the checker. Without one, it only lexes, for the
  /// declarations: what requests use while the full analysis runs. It stops
  /// early, unfinished, once `isCancelled` says so (a newer text came).
  init(_ document: TextDocument, makeInterpreter: (() throws -> Interpreter)?, isCancelled: () -> Bool = { false }) {
    isTooLarge = document.bytes.count > Self.sizeLimit
    let found: Found
    if isTooLarge {
      file = SourceFile(path: document.path ?? document.uri, text: "")
      found = ([(Self.tooLarge(document), nil)], 1)
    } else {
      file = document.sourceFile
      if let makeInterpreter {
        found = Self.diagnose(file, makeInterpreter: makeInterpreter, isCancelled: isCancelled)
      } else {
        found = ([], 0)
      }
    }
    let kept = found.first.prefix(Self.diagnosticsLimit)
    diagnostics = kept.map(\.diagnostic)
    kinds = kept.map(\.kind)
    omitted = found.count > Self.diagnosticsLimit && found.first.count > Self.diagnosticsLimit
      ? (found.count - Self.diagnosticsLimit, found.first[Self.diagnosticsLimit].diagnostic.range) : nil
  }

  /// The first diagnostics found (at least one more than
  /// ``diagnosticsLimit`` when there are more), with the kind of each error
  /// the checker found, and how many there were in all.
  private typealias Found = (first: [(diagnostic: Diagnostic, kind: ScriptError.Kind?)], count: Int)

  private static func tooLarge(_ document: TextDocument) -> Diagnostic {
    .warning(
      "file too large to analyse (\(document.bytes.count >> 20) MiB; the limit is \(sizeLimit >> 20) MiB)",
      at: SourceRange(at: SourceLocation(offset: 0, line: 1, column: 1)))
  }

  /// The parser's diagnostics, or when it parsed, the checker's, with the
  /// kind of each error the checker found.
  private static func diagnose(
    _ file: SourceFile, makeInterpreter: () throws -> Interpreter, isCancelled: () -> Bool
  ) -> Found {
    // The server analyses on a thread with a large stack already, so the
    // parser need not start one of its own.
    let parsed = Parser.parseOnCurrentThread(file)
    if isCancelled() { return ([], 0) }
    if parsed.hasErrors {
      return (parsed.diagnostics.prefix(diagnosticsLimit + 1).map { ($0, nil) }, parsed.diagnostics.count)
    }
    do {
      let interpreter = try makeInterpreter()
      let checked = interpreter.check(parsed, keepingFirst: diagnosticsLimit + 1, until: isCancelled)
      interpreter.endSession()
      let path = file.path
      let inThisFile = checked.errors.filter { $0.file == nil || $0.file?.path == path }
      return (inThisFile.map { ($0.diagnostic, $0.kind) }, checked.count - (checked.errors.count - inThisFile.count))
    } catch {
      return ([(.error("cannot set up the interpreter: \(error)", at: SourceRange(at: SourceLocation(offset: 0, line: 1, column: 1))), nil)], 1)
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
