import BindFormatter
import BindLanguage
import BindPlatform
import BindSyntax

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A Language Server Protocol 3.17 server for BindScript over two file
/// descriptors (standard input and output for `bindscript lsp`).
///
/// One thread reads and answers; another analyses (parses and checks, never
/// runs a script) and publishes diagnostics, so no request waits for an
/// analysis: hover, completion, definitions and symbols use the declarations
/// of the newest text (lexed for them when its analysis is not done yet),
/// and only code actions, which need the diagnostics, wait for it, and
/// can be cancelled (`$/cancelRequest`) meanwhile. An edit cancels the
/// running analysis of the text it replaces; edits that come while one runs
/// are analysed once. A document over ``DocumentAnalysis/sizeLimit`` is not
/// analysed.
public final class LanguageServer {
  /// JSON-RPC and LSP error codes.
  enum ErrorCode: Int {
    case parseError = -32700, invalidRequest = -32600, methodNotFound = -32601, invalidParams = -32602
    case internalError = -32603, serverNotInitialized = -32002, requestFailed = -32803, requestCancelled = -32800
  }

  struct ResponseError: Error {
    var code: ErrorCode
    var message: String
  }

  private let transport: MessageTransport
  private let makeInterpreter: () throws -> Interpreter
  /// Whether analyses run on a thread of their own; otherwise the reading
  /// thread analyses whenever no input waits.
  private let analysesOnOwnThread: Bool
  /// One interpreter, configured by the app and never run: the host types
  /// and injected objects that completion and hover show.
  private lazy var hostInterpreter: Interpreter? = try? makeInterpreter()
  /// Guards everything below, and the output: the reading thread holds it
  /// while it handles a message, the analysing thread while it takes a
  /// document and while it hands back (publishes) its analysis.
  private let lock = ServerLock()
  private var documents: [String: TextDocument] = [:]
  /// For each open document, the number of the edit that made its text:
  /// an analysis of an older text is never used or published.
  private var generations: [String: Int] = [:]
  private var edits = 0
  /// Each document's newest finished analysis, and the generation it is of.
  private var analyses: [String: (generation: Int, analysis: DocumentAnalysis)] = [:]
  /// The declarations of texts whose analysis is not done yet.
  private var declarations: [String: (generation: Int, analysis: DocumentAnalysis)] = [:]
  /// Documents whose newest text waits for analysis, oldest first.
  private var queue: [String] = []
  /// The analysis running on the analysing thread.
  private var running: (uri: String, cancellation: Cancellation)?
  /// Requests that wait for their document's analysis: code actions.
  private var waiting: [(id: JSON, method: String, params: JSON, uri: String)] = []
  /// Set when the client is done: the analysing thread ends once the
  /// queue is empty.
  private var stopping = false
  private var initialized = false
  private var shutdownRequested = false
  /// Where `log` writes (standard error): the protocol owns standard output.
  private let logDescriptor: Int32

  /// A server reading `input` and writing `output`; `makeInterpreter` makes
  /// an interpreter with the app's types (an app's own command passes its
  /// `configure`), used for checking and for host types' members. With
  /// `analysesOnOwnThread` false, `makeInterpreter` is only called on the
  /// thread that calls ``run()`` (an app whose types belong to the main
  /// actor), which then analyses between messages.
  public init(
    input: Int32 = 0, output: Int32 = 1, log: Int32 = 2, analysesOnOwnThread: Bool = true,
    makeInterpreter: @escaping () throws -> Interpreter
  ) {
    transport = MessageTransport(input: input, output: output)
    logDescriptor = log
    self.analysesOnOwnThread = analysesOnOwnThread
    self.makeInterpreter = makeInterpreter
  }

  /// Serves until `exit` or the end of input, then publishes the diagnostics
  /// it still owes (an analysis is bounded by the size limit) and returns.
  /// - Returns: The process's exit code: 0 after `shutdown` then `exit`,
  ///   1 when the client left without `shutdown` (as the protocol says).
  public func run() -> Int32 {
    signal(SIGPIPE, SIG_IGN)
    // The checker recurses as deep as the command line's thread allows.
    let analyser = analysesOnOwnThread
      ? LargeStack.start(stackSize: LargeStack.interpreterSize) { [unowned self] in self.analyseQueued(untilEmpty: false) }
      : nil
    let code = serve(analysingBetweenMessages: analyser == nil)
    lock.withLock {
      stopping = true
      if transport.outputBroken {
        queue.removeAll()
        running?.cancellation.cancel()
      }
      lock.wakeAll()
    }
    if let analyser { analyser.join() } else { analyseQueued(untilEmpty: true) }
    return code
  }

  private func serve(analysingBetweenMessages: Bool) -> Int32 {
    while true {
      if analysingBetweenMessages && !transport.hasPendingInput { analyseQueued(untilEmpty: true) }
      let incoming = transport.next()
      let exitCode: Int32? = lock.withLock {
        switch incoming {
        case .closed:
          return shutdownRequested ? 0 : 1
        case .badFrame(let reason):
          log("bad message: \(reason)")
          respond(id: .null, error: ResponseError(code: .parseError, message: reason))
        case .skipped(let count):
          log("skipped \(count) bytes that were not a message, up to the next header")
        case .body(let body):
          if let exitCode = handle(body) { return exitCode }
        }
        return transport.outputBroken ? 1 : nil
      }
      if let exitCode { return exitCode }
    }
  }

  // MARK: - Dispatch

  /// Handles one message; returns an exit code for `exit`. Called with the
  /// lock held.
  func handle(_ body: [UInt8]) -> Int32? {
    let message: JSON
    do {
      message = try JSON.parse(body)
    } catch {
      respond(id: .null, error: ResponseError(code: .parseError, message: "invalid JSON: \(error)"))
      return nil
    }
    guard case .object = message, let method = message["method"]?.stringValue else {
      // A response to a request of ours (we send none) or garbage.
      if message["id"] == nil || message["method"] != nil {
        respond(id: message["id"] ?? .null, error: ResponseError(code: .invalidRequest, message: "not a request or notification"))
      }
      return nil
    }
    let params = message["params"] ?? .null
    guard let id = message["id"] else {
      return notification(method, params)
    }
    if let uri = analysisAwaited(by: method, params) {
      waiting.append((id, method, params, uri))
    } else {
      answer(id: id, method: method, params: params)
    }
    return nil
  }

  /// Answers a request; one that waited for its document's analysis was
  /// admitted when it came (it is answered even after a `shutdown` that
  /// came meanwhile), so it is only performed.
  private func answer(id: JSON, method: String, params: JSON, admitted: Bool = false) {
    do {
      let result = try admitted ? perform(method, params) : request(method, params)
      transport.send(.object(["jsonrpc": .string("2.0"), "id": id, "result": result]))
    } catch let error as ResponseError {
      respond(id: id, error: error)
    } catch {
      respond(id: id, error: ResponseError(code: .internalError, message: "\(error)"))
    }
  }

  /// The open document whose analysis a request must wait for: code
  /// actions, made from the diagnostics of the current text.
  private func analysisAwaited(by method: String, _ params: JSON) -> String? {
    guard method == "textDocument/codeAction", initialized, !shutdownRequested,
      let uri = params["textDocument"]?["uri"]?.stringValue, let generation = generations[uri]
    else { return nil }
    return analyses[uri]?.generation == generation ? nil : uri
  }

  /// Answers the requests that waited for `uri`'s analysis (or for it to
  /// close).
  private func answerWaiting(for uri: String) {
    let ready = waiting.filter { $0.uri == uri }
    waiting.removeAll { $0.uri == uri }
    for request in ready { answer(id: request.id, method: request.method, params: request.params, admitted: true) }
  }

  private func request(_ method: String, _ params: JSON) throws -> JSON {
    if method == "initialize" {
      initialized = true
      return capabilities
    }
    guard initialized else { throw ResponseError(code: .serverNotInitialized, message: "the server is not initialized") }
    guard !shutdownRequested else { throw ResponseError(code: .invalidRequest, message: "the server is shutting down") }
    if method == "shutdown" {
      shutdownRequested = true
      return .null
    }
    return try perform(method, params)
  }

  /// The answer to a request of the server's features.
  private func perform(_ method: String, _ params: JSON) throws -> JSON {
    switch method {
    case "textDocument/completion": return try withDocument(params) { try completion($0, $1, params) }
    case "textDocument/hover": return try withDocument(params) { try hover($0, $1, params) }
    case "textDocument/definition": return try withDocument(params) { try definition($0, $1, params) }
    case "textDocument/documentSymbol": return try withDocument(params) { documentSymbols($0, $1) }
    case "textDocument/codeAction": return try withDocument(params) { codeActions($0, $1, params) }
    case "textDocument/formatting": return try formatting(params)
    default:
      throw ResponseError(code: .methodNotFound, message: "unknown method '\(method)'")
    }
  }

  private func notification(_ method: String, _ params: JSON) -> Int32? {
    switch method {
    case "exit":
      return shutdownRequested ? 0 : 1
    case "textDocument/didOpen":
      guard let item = params["textDocument"], let uri = item["uri"]?.stringValue,
        let text = item["text"]?.stringValue
      else { return log("didOpen without a text document") }
      documents[uri] = TextDocument(uri: uri, version: item["version"]?.intValue ?? 0, text: text)
      textChanged(uri)
    case "textDocument/didChange":
      guard let uri = params["textDocument"]?["uri"]?.stringValue, var document = documents[uri] else {
        return log("didChange for a document that is not open")
      }
      let version = params["textDocument"]?["version"]?.intValue ?? document.version + 1
      for change in params["contentChanges"]?.arrayValue ?? [] {
        guard let text = change["text"]?.stringValue else { continue }
        var range: (LSPPosition, LSPPosition)?
        if let json = change["range"], json != .null {
          // Not a whole-text change either: applying it as one would lose
          // the document. The client's next full-text change restores it.
          guard let start = LSPPosition(json["start"]), let end = LSPPosition(json["end"]) else {
            log("didChange with a malformed range, not applied: \(json.serialized.prefix(200))")
            continue
          }
          range = (start, end)
        }
        document.apply(range: range, text: text, version: version)
      }
      documents[uri] = document
      textChanged(uri)
    case "textDocument/didClose":
      guard let uri = params["textDocument"]?["uri"]?.stringValue else { return nil }
      documents[uri] = nil
      generations[uri] = nil
      analyses[uri] = nil
      declarations[uri] = nil
      queue.removeAll { $0 == uri }
      if running?.uri == uri { running?.cancellation.cancel() }
      publish(uri: uri, version: nil, diagnostics: [])
      answerWaiting(for: uri)
    case "$/cancelRequest":
      // Only a request still waiting can be cancelled: the others were
      // answered before this was read.
      guard let id = params["id"], let index = waiting.firstIndex(where: { $0.id == id }) else { return nil }
      let request = waiting.remove(at: index)
      respond(id: request.id, error: ResponseError(code: .requestCancelled, message: "the request was cancelled"))
    default:
      break  // `initialized`, `didSave`, …: nothing to do.
    }
    return nil
  }

  /// A document's text is new: its analysis, if one runs, is of an older
  /// text and stops; the new one is queued.
  private func textChanged(_ uri: String) {
    edits += 1
    generations[uri] = edits
    if running?.uri == uri { running?.cancellation.cancel() }
    if !queue.contains(uri) { queue.append(uri) }
    lock.wakeAll()
  }

  // MARK: - Analysis

  /// Analyses the queued documents, each at its newest text, and publishes
  /// their diagnostics; waits for more unless `untilEmpty` (or stopping).
  private func analyseQueued(untilEmpty: Bool) {
    lock.withLock {
      while true {
        while queue.isEmpty && !untilEmpty && !stopping { lock.wait() }
        guard !queue.isEmpty else { return }
        let uri = queue.removeFirst()
        guard let document = documents[uri], let generation = generations[uri] else { continue }
        let cancellation = Cancellation()
        running = (uri, cancellation)
        let analysis = lock.withoutLock {
          DocumentAnalysis(document, makeInterpreter: makeInterpreter, isCancelled: { cancellation.isCancelled })
        }
        running = nil
        // A newer text is queued (or the document closed): this one is moot.
        guard generations[uri] == generation, !cancellation.isCancelled else { continue }
        analyses[uri] = (generation, analysis)
        declarations[uri] = nil
        publish(uri: uri, version: document.version, diagnostics: publishedDiagnostics(of: analysis, in: document))
        answerWaiting(for: uri)
      }
    }
  }

  private var capabilities: JSON {
    .object([
      "capabilities": .object([
        "positionEncoding": .string("utf-16"),
        "textDocumentSync": .object(["openClose": .bool(true), "change": .int(2)]),
        "completionProvider": .object(["triggerCharacters": .array([.string(".")])]),
        "hoverProvider": .bool(true),
        "definitionProvider": .bool(true),
        "documentSymbolProvider": .bool(true),
        "documentFormattingProvider": .bool(true),
        "codeActionProvider": .object(["codeActionKinds": .array([.string("quickfix")])]),
      ]),
      "serverInfo": .object(["name": .string("bindscript"), "version": .string("0.1.0")]),
    ])
  }

  // MARK: - Documents and diagnostics

  /// The open document a request names, with its analysis: the finished
  /// one of its current text, else that text's declarations.
  private func withDocument(_ params: JSON, _ body: (TextDocument, DocumentAnalysis) throws -> JSON) throws -> JSON {
    guard let uri = params["textDocument"]?["uri"]?.stringValue else {
      throw ResponseError(code: .invalidParams, message: "missing textDocument.uri")
    }
    guard let document = documents[uri] else {
      throw ResponseError(code: .invalidParams, message: "the document '\(uri)' is not open")
    }
    return try body(document, analysis(of: uri, document))
  }

  func analysis(of uri: String, _ document: TextDocument) -> DocumentAnalysis {
    let generation = generations[uri]
    if let finished = analyses[uri], finished.generation == generation { return finished.analysis }
    if let lexed = declarations[uri], lexed.generation == generation { return lexed.analysis }
    let lexed = DocumentAnalysis(document, makeInterpreter: nil)
    if let generation { declarations[uri] = (generation, lexed) }
    return lexed
  }

  /// The analysis's diagnostics (the first ``DocumentAnalysis/diagnosticsLimit``),
  /// then one note, at the first one left out, that says how many more
  /// there are.
  func publishedDiagnostics(of analysis: DocumentAnalysis, in document: TextDocument) -> [JSON] {
    var published = analysis.diagnostics.map { lspDiagnostic($0, in: document) }
    if let omitted = analysis.omitted {
      published.append(.object([
        "range": document.lspRange(omitted.range),
        "severity": .int(3),
        "source": .string("bindscript"),
        "message": .string(
          "\(omitted.count) more problem\(omitted.count == 1 ? "" : "s") in this file, not listed (only the first "
            + "\(DocumentAnalysis.diagnosticsLimit) are); fixing those shows the rest"),
      ]))
    }
    return published
  }

  private func publish(uri: String, version: Int?, diagnostics: [JSON]) {
    transport.send(.object([
      "jsonrpc": .string("2.0"),
      "method": .string("textDocument/publishDiagnostics"),
      "params": .object(["uri": .string(uri), "version": version.map { .int($0) }, "diagnostics": .array(diagnostics)]),
    ]))
  }

  func lspDiagnostic(_ diagnostic: Diagnostic, in document: TextDocument) -> JSON {
    let severity = switch diagnostic.severity {
    case .error: 1
    case .warning: 2
    case .note: 3
    }
    var message = diagnostic.message
    for note in diagnostic.notes where note.range == nil { message += "\n" + note.message }
    let related: [JSON] = diagnostic.notes.compactMap { note in
      guard let range = note.range else { return nil }
      return .object([
        "location": .object(["uri": .string(document.uri), "range": document.lspRange(range)]),
        "message": .string(note.message),
      ])
    }
    return .object([
      "range": document.lspRange(diagnostic.range),
      "severity": .int(severity),
      "source": .string("bindscript"),
      "message": .string(message),
      "relatedInformation": related.isEmpty ? nil : .array(related),
    ])
  }

  // MARK: - Requests

  private func codeActions(_ document: TextDocument, _ analysis: DocumentAnalysis, _ params: JSON) -> JSON {
    let wanted = document.offsets(of: params["range"]) ?? 0..<document.bytes.count
    var actions: [JSON] = []
    for (index, diagnostic) in analysis.diagnostics.enumerated() {
      let start = diagnostic.range.start.offset
      let end = max(start, diagnostic.range.end.offset)
      guard start <= wanted.upperBound, end >= wanted.lowerBound, let fix = analysis.fix(forDiagnosticAt: index) else { continue }
      let edit = JSON.object([
        "range": document.lspRange(from: fix.range.lowerBound, to: fix.range.upperBound),
        "newText": .string(fix.replacement),
      ])
      actions.append(.object([
        "title": .string(fix.replacement.isEmpty ? "Remove" : "Change to '\(fix.replacement)'"),
        "kind": .string("quickfix"),
        "isPreferred": .bool(true),
        "diagnostics": .array([lspDiagnostic(diagnostic, in: document)]),
        "edit": .object(["changes": .object([document.uri: .array([edit])])]),
      ]))
    }
    return .array(actions)
  }

  private func formatting(_ params: JSON) throws -> JSON {
    guard let uri = params["textDocument"]?["uri"]?.stringValue, let document = documents[uri] else {
      throw ResponseError(code: .invalidParams, message: "the document is not open")
    }
    guard document.bytes.count <= DocumentAnalysis.sizeLimit else {
      throw ResponseError(code: .requestFailed, message: "file too large to format")
    }
    let file = document.sourceFile
    do {
      let formatted = try Formatter.format(file)
      if formatted == file.text { return .array([]) }
      return .array([.object([
        "range": document.lspRange(from: 0, to: document.bytes.count),
        "newText": .string(formatted),
      ])])
    } catch {
      throw ResponseError(code: .requestFailed, message: "\(error)")
    }
  }

  // MARK: - Helpers

  /// The `position` a request names. Positions past the end are clamped
  /// (`TextDocument.offset(of:)`); one that is missing or not two whole
  /// numbers is refused.
  func requestedPosition(_ params: JSON) throws -> LSPPosition {
    guard let position = LSPPosition(params["position"]) else {
      throw ResponseError(
        code: .invalidParams, message: "expected \"position\": {\"line\": N, \"character\": N} (whole numbers)")
    }
    return position
  }

  private func respond(id: JSON, error: ResponseError) {
    transport.send(.object([
      "jsonrpc": .string("2.0"), "id": id,
      "error": .object(["code": .int(error.code.rawValue), "message": .string(error.message)]),
    ]))
  }

  @discardableResult
  private func log(_ message: String) -> Int32? {
    let line = Array("bindscript lsp: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(logDescriptor, $0.baseAddress, $0.count) }
    return nil
  }

  /// The host interpreter, for the features in other files.
  var host: Interpreter? { hostInterpreter }

  /// Every open document (for imported files' symbols).
  func openDocument(path: String) -> TextDocument? {
    documents.values.first { $0.path == path }
  }
}
