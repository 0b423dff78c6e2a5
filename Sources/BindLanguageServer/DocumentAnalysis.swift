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

  let file: SourceFile
  let diagnostics: [Diagnostic]
  /// The kind of each of ``diagnostics`` the checker found (nil for the
  /// parser's): quick fixes are chosen by kind, never by message text.
  private let kinds: [ScriptError.Kind?]
  /// The declarations, from the file's tokens.
  private(set) lazy var index = SymbolIndex(tokens: tokens, fileSize: file.bytes.count)
  /// The file's tokens, lexed once for the parser and the index.
  private let tokens: [Token]
  /// Whether the file was too large to analyse.
  let isTooLarge: Bool

  /// Analyses `document`; `makeInterpreter` gives a fresh interpreter with
  /// the app's types, for the checker.
  init(_ document: TextDocument, makeInterpreter: () throws -> Interpreter) {
    if document.bytes.count > Self.sizeLimit {
      file = SourceFile(path: document.path ?? document.uri, text: "")
      tokens = []
      isTooLarge = true
      kinds = [nil]
      let start = SourceLocation(offset: 0, line: 1, column: 1)
      diagnostics = [
        .warning(
          "file too large to analyse (\(document.bytes.count >> 20) MiB; the limit is \(Self.sizeLimit >> 20) MiB)",
          at: SourceRange(at: start))
      ]
      return
    }
    isTooLarge = false
    file = document.sourceFile
    // The server runs on a thread with a large stack already (the command
    // line's), so the parser need not start one of its own.
    let lexed = Lexer.tokenize(file)
    tokens = lexed.tokens
    let parsed = Parser.parseOnCurrentThread(file, lexed: lexed)
    if parsed.hasErrors {
      diagnostics = parsed.diagnostics
      kinds = diagnostics.map { _ in nil }
      return
    }
    do {
      let interpreter = try makeInterpreter()
      let errors = interpreter.check(parsed)
      interpreter.endSession()
      let path = file.path
      let inThisFile = errors.filter { $0.file == nil || $0.file?.path == path }
      diagnostics = inThisFile.map(\.diagnostic)
      kinds = inThisFile.map(\.kind)
    } catch {
      diagnostics = [
        .error("cannot set up the interpreter: \(error)", at: SourceRange(at: SourceLocation(offset: 0, line: 1, column: 1)))
      ]
      kinds = [nil]
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
