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
      return
    }
    do {
      let interpreter = try makeInterpreter()
      let errors = interpreter.check(parsed)
      interpreter.endSession()
      let path = file.path
      diagnostics = errors.filter { $0.file == nil || $0.file?.path == path }.map(\.diagnostic)
    } catch {
      diagnostics = [
        .error("cannot set up the interpreter: \(error)", at: SourceRange(at: SourceLocation(offset: 0, line: 1, column: 1)))
      ]
    }
  }

  /// The edit that fixes `diagnostic`, if it suggests one: its fix-it, or
  /// the name in its "did you mean 'x'?".
  func fix(for diagnostic: Diagnostic) -> (range: Range<Int>, replacement: String)? {
    if let fixIt = diagnostic.fixIt {
      return (fixIt.range.start.offset..<max(fixIt.range.start.offset, fixIt.range.end.offset), fixIt.replacement)
    }
    guard let marker = diagnostic.message.firstRange(of: "did you mean '") else { return nil }
    let rest = diagnostic.message[marker.upperBound...]
    guard let close = rest.firstIndex(of: "'") else { return nil }
    // A registered method is suggested by its Swift name (`select(index:)`):
    // the name written in the call is its base name.
    let guess = String(rest[..<close].prefix { $0 != "(" })
    guard !guess.isEmpty else { return nil }
    let candidates = index.tokens.filter {
      $0.kind == .identifier && $0.range.end.offset > diagnostic.range.start.offset
        && $0.range.start.offset < max(diagnostic.range.end.offset, diagnostic.range.start.offset + 1)
    }
    guard let best = candidates.min(by: { editDistance($0.text, guess) < editDistance($1.text, guess) }) else { return nil }
    return (best.range.start.offset..<best.range.end.offset, guess)
  }
}
