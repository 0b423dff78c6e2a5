import BindFormatter
import BindLanguage
import BindSyntax

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A Language Server Protocol 3.17 server for BindScript over two file
/// descriptors (standard input and output for `bindscript lsp`).
///
/// One thread reads, answers and analyses: the edits already waiting are
/// applied before any analysis, so a burst of edits is analysed once;
/// diagnostics are published when no input is waiting or before the next
/// request, and requests always see the newest text. Analysis parses
/// and checks (never runs a script), and a document over
/// ``DocumentAnalysis/sizeLimit`` is not analysed, so no request waits long.
public final class LanguageServer {
  /// JSON-RPC and LSP error codes.
  enum ErrorCode: Int {
    case parseError = -32700, invalidRequest = -32600, methodNotFound = -32601, invalidParams = -32602
    case internalError = -32603, serverNotInitialized = -32002, requestFailed = -32803
  }

  struct ResponseError: Error {
    var code: ErrorCode
    var message: String
  }

  private let transport: MessageTransport
  private let makeInterpreter: () throws -> Interpreter
  /// One interpreter, configured by the app and never run: the host types
  /// and injected objects that completion and hover show.
  private lazy var hostInterpreter: Interpreter? = try? makeInterpreter()
  private var documents: [String: TextDocument] = [:]
  private var analyses: [String: DocumentAnalysis] = [:]
  /// Documents changed since their diagnostics were last published.
  private var stale: Set<String> = []
  private var initialized = false
  private var shutdownRequested = false
  /// Where `log` writes (standard error): the protocol owns standard output.
  private let logDescriptor: Int32

  /// A server reading `input` and writing `output`; `makeInterpreter` makes
  /// an interpreter with the app's types (an app's own command passes its
  /// `configure`), used for checking and for host types' members.
  public init(input: Int32 = 0, output: Int32 = 1, log: Int32 = 2, makeInterpreter: @escaping () throws -> Interpreter) {
    transport = MessageTransport(input: input, output: output)
    logDescriptor = log
    self.makeInterpreter = makeInterpreter
  }

  /// Serves until `exit` or the end of input.
  /// - Returns: The process's exit code: 0 after `shutdown` then `exit`,
  ///   1 when the client left without `shutdown` (as the protocol says).
  public func run() -> Int32 {
    signal(SIGPIPE, SIG_IGN)
    while true {
      if !transport.hasPendingInput { publishStaleDiagnostics() }
      switch transport.next() {
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
      if transport.outputBroken { return 1 }
    }
  }

  // MARK: - Dispatch

  /// Handles one message; returns an exit code for `exit`.
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
    // A client waiting for an answer may be waiting for diagnostics too:
    // edits queued before a request are analysed (once) before it.
    publishStaleDiagnostics()
    do {
      let result = try request(method, params)
      transport.send(.object(["jsonrpc": .string("2.0"), "id": id, "result": result]))
    } catch let error as ResponseError {
      respond(id: id, error: error)
    } catch {
      respond(id: id, error: ResponseError(code: .internalError, message: "\(error)"))
    }
    return nil
  }

  private func request(_ method: String, _ params: JSON) throws -> JSON {
    if method == "initialize" {
      initialized = true
      return capabilities
    }
    guard initialized else { throw ResponseError(code: .serverNotInitialized, message: "the server is not initialized") }
    guard !shutdownRequested else { throw ResponseError(code: .invalidRequest, message: "the server is shutting down") }
    switch method {
    case "shutdown":
      shutdownRequested = true
      return .null
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
      analyses[uri] = nil
      stale.insert(uri)
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
      analyses[uri] = nil
      stale.insert(uri)
    case "textDocument/didClose":
      guard let uri = params["textDocument"]?["uri"]?.stringValue else { return nil }
      documents[uri] = nil
      analyses[uri] = nil
      stale.remove(uri)
      publish(uri: uri, version: nil, diagnostics: [])
    default:
      break  // `initialized`, `$/cancelRequest`, `didSave`, …: nothing to do.
    }
    return nil
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

  /// The open document a request names, with its current analysis.
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
    if let analysis = analyses[uri] { return analysis }
    let analysis = DocumentAnalysis(document, makeInterpreter: makeInterpreter)
    analyses[uri] = analysis
    return analysis
  }

  private func publishStaleDiagnostics() {
    for uri in stale.sorted() {
      guard let document = documents[uri] else { continue }
      let analysis = analysis(of: uri, document)
      publish(uri: uri, version: document.version, diagnostics: publishedDiagnostics(of: analysis, in: document))
    }
    stale.removeAll()
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
