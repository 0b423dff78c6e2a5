import BindLanguage
import Foundation
import XCTest

@testable import BindLanguageServer

/// Whole sessions through the server's own loop: messages written to a file
/// as a client would send them, the answers read back from another file.
final class ServerSessionTests: XCTestCase {
  private func frame(_ json: String) -> [UInt8] {
    Array("Content-Length: \(json.utf8.count)\r\n\r\n".utf8) + Array(json.utf8)
  }

  /// Runs a server over `input`; returns its exit code and the messages it sent.
  private func session(_ input: [UInt8]) throws -> (Int32, [JSON]) {
    let folder = NSTemporaryDirectory() + "lsp-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    _ = FileManager.default.createFile(atPath: folder + "/in", contents: Data(input))
    _ = FileManager.default.createFile(atPath: folder + "/out", contents: nil)
    let inputDescriptor = open(folder + "/in", O_RDONLY)
    let outputDescriptor = open(folder + "/out", O_WRONLY)
    let logDescriptor = open("/dev/null", O_WRONLY)
    let server = LanguageServer(input: inputDescriptor, output: outputDescriptor, log: logDescriptor) { Interpreter() }
    let code = server.run()
    close(inputDescriptor)
    close(outputDescriptor)
    close(logDescriptor)
    var bytes = Array(FileManager.default.contents(atPath: folder + "/out") ?? Data())
    var messages: [JSON] = []
    while let headerEnd = bytes.firstRange(of: Array("\r\n\r\n".utf8)) {
      let header = String(decoding: bytes[..<headerEnd.lowerBound], as: UTF8.self)
      let length = Int(header.split(separator: " ").last ?? "") ?? 0
      let body = Array(bytes[headerEnd.upperBound..<headerEnd.upperBound + length])
      messages.append(try JSON.parse(body))
      bytes.removeFirst(headerEnd.upperBound + length)
    }
    return (code, messages)
  }

  private let initialize = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#
  private let shutdown = #"{"jsonrpc":"2.0","id":99,"method":"shutdown"}"#
  private let exit = #"{"jsonrpc":"2.0","method":"exit"}"#

  private func response(_ id: Int, in messages: [JSON]) -> JSON? {
    messages.first { $0["id"]?.intValue == id }
  }

  func testDiagnosticsCompletionAndACleanExit() throws {
    let open = #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///tmp/a.bind","languageId":"bindscript","version":1,"text":"type VM { var title: String = \"\" }\nlet vm = VM()\nprint(vn.title)\nvm."}}}"#
    let complete = #"{"jsonrpc":"2.0","id":2,"method":"textDocument/completion","params":{"textDocument":{"uri":"file:///tmp/a.bind"},"position":{"line":3,"character":3}}}"#
    let (code, messages) = try session(
      frame(initialize) + frame(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#) + frame(open) + frame(complete)
        + frame(shutdown) + frame(exit))
    XCTAssertEqual(code, 0)
    XCTAssertNotNil(response(1, in: messages)?["result"]?["capabilities"])
    let labels = response(2, in: messages)?["result"]?["items"]?.arrayValue?.compactMap { $0["label"]?.stringValue }
    XCTAssertEqual(labels, ["title"])
    let diagnostics = messages.first { $0["method"]?.stringValue == "textDocument/publishDiagnostics" }
    XCTAssertNotNil(diagnostics?["params"]?["diagnostics"]?.arrayValue?.first)
    XCTAssertEqual(response(99, in: messages)?["result"], .null)
  }

  func testAMisspelledMemberIsADiagnosticWithAQuickFix() throws {
    let open = #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///tmp/m.bind","languageId":"bindscript","version":1,"text":"type C { var count: Int = 0 }\nlet c = C()\nc.cuont = 1\n"}}}"#
    let action = #"{"jsonrpc":"2.0","id":2,"method":"textDocument/codeAction","params":{"textDocument":{"uri":"file:///tmp/m.bind"},"range":{"start":{"line":2,"character":0},"end":{"line":2,"character":11}},"context":{"diagnostics":[]}}}"#
    let (code, messages) = try session(
      frame(initialize) + frame(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#) + frame(open) + frame(action)
        + frame(shutdown) + frame(exit))
    XCTAssertEqual(code, 0)
    let published = messages.first { $0["method"]?.stringValue == "textDocument/publishDiagnostics" }
    let diagnostic = try XCTUnwrap(published?["params"]?["diagnostics"]?.arrayValue?.first)
    XCTAssertEqual(
      diagnostic["message"]?.stringValue?.split(separator: "\n").first,
      "no property 'cuont' on C; did you mean 'count'?")
    XCTAssertEqual(diagnostic["range"]?["start"]?["line"]?.intValue, 2)
    XCTAssertEqual(diagnostic["range"]?["start"]?["character"]?.intValue, 2)
    let fix = try XCTUnwrap(response(2, in: messages)?["result"]?.arrayValue?.first)
    XCTAssertEqual(fix["kind"]?.stringValue, "quickfix")
    let edit = try XCTUnwrap(fix["edit"]?["changes"]?["file:///tmp/m.bind"]?.arrayValue?.first)
    XCTAssertEqual(edit["newText"]?.stringValue, "count")
    XCTAssertEqual(edit["range"]?["start"]?["character"]?.intValue, 2)
    XCTAssertEqual(edit["range"]?["end"]?["character"]?.intValue, 7)
  }

  func testBadInputGetsProtocolErrors() throws {
    let (code, messages) = try session(
      frame("{not json") + frame(initialize) + frame(#"{"jsonrpc":"2.0","id":5,"method":"no/such"}"#)
        + Array("Content-Length: nonsense\r\n\r\n".utf8)
        + frame(#"{"jsonrpc":"2.0","id":6,"method":"textDocument/hover","params":{}}"#))
    XCTAssertEqual(code, 1, "input closed without shutdown")
    XCTAssertEqual(messages.first?["error"]?["code"]?.intValue, -32700)
    XCTAssertEqual(response(5, in: messages)?["error"]?["code"]?.intValue, -32601)
    XCTAssertEqual(response(6, in: messages)?["error"]?["code"]?.intValue, -32602)
  }

  /// Issue 33's crash, which valid edits reach as well as inverted ones: a
  /// `)` where a comment was, then a `{` after `=`; hover then indexed a
  /// `{` closed by the `)` and trapped.
  func testHalfTypedBracketsKeepTheServerAnswering() throws {
    let uri = "file:///tmp/e.bind"
    let open = #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///tmp/e.bind","languageId":"bindscript","version":1,"text":"var a = 0\nprint(a)\n# note\nlet b = 1\n"}}}"#
    func change(_ version: Int, _ range: (Int, Int, Int, Int), _ text: String) -> String {
      #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","version":\#(version)},"contentChanges":[{"range":{"start":{"line":\#(range.0),"character":\#(range.1)},"end":{"line":\#(range.2),"character":\#(range.3)}},"text":"\#(text)"}]}}"#
    }
    let hover = #"{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///tmp/e.bind"},"position":{"line":3,"character":4}}}"#
    let symbols = #"{"jsonrpc":"2.0","id":3,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"file:///tmp/e.bind"}}}"#
    let (code, messages) = try session(
      frame(initialize) + frame(open) + frame(change(2, (2, 0, 2, 6), ")")) + frame(change(3, (0, 8, 0, 8), "{"))
        + frame(hover) + frame(symbols) + frame(shutdown) + frame(exit))
    XCTAssertEqual(code, 0)
    XCTAssertEqual(response(2, in: messages)?["result"]?["contents"]?["value"]?.stringValue?.contains("let b = 1"), true)
    XCTAssertNotNil(response(3, in: messages)?["result"]?.arrayValue)
  }

  /// After each kind of bad frame, the next well-formed requests are
  /// answered: the stream resynchronises on the next header.
  func testEachBadFrameCostsOnlyItself() throws {
    let body = #"{"jsonrpc":"2.0","id":7,"method":"textDocument/hover","params":{}}"#
    let length = body.utf8.count
    let badFrames = [
      "no Content-Length": "Content-Type: application/json\r\n\r\n" + body,
      "two Content-Lengths": "Content-Length: \(length)\r\nContent-Length: 3\r\n\r\n" + body,
      "a NUL in the header": "Content-Length: \(length)\u{0}\r\n\r\n" + body,
      "a Content-Length shorter than the body": "Content-Length: \(length - 10)\r\n\r\n" + body,
      "a Content-Length longer than the body": "Content-Length: \(length + 40)\r\n\r\n" + body,
      "a Content-Length over the limit": "Content-Length: 999999999999\r\n\r\n" + body,
      "bytes that are no header": "\u{1}\u{0}hello\r\n\r\n",
    ]
    for (name, bad) in badFrames {
      let (code, messages) = try session(Array(bad.utf8) + frame(initialize) + frame(shutdown) + frame(exit))
      XCTAssertNotNil(response(1, in: messages)?["result"]?["capabilities"], name)
      XCTAssertEqual(response(99, in: messages)?["result"], .null, name)
      XCTAssertEqual(code, 0, name)
    }
  }

  /// Code actions wait for their document's analysis (their quick fixes
  /// come from its diagnostics): one cancelled meanwhile is answered with
  /// RequestCancelled, the other after the diagnostics; a newer text
  /// replaces the one being analysed, whose diagnostics are never published.
  func testAWaitingRequestCanBeCancelledAndANewerTextReplacesTheAnalysedOne() throws {
    let uri = "file:///tmp/large.bind"
    let text = String(repeating: #"nope\n"#, count: 50_000)
    let open = #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(uri)","languageId":"bindscript","version":1,"text":"\#(text)"}}}"#
    func action(_ id: Int) -> String {
      #"{"jsonrpc":"2.0","id":\#(id),"method":"textDocument/codeAction","params":{"textDocument":{"uri":"\#(uri)"},"range":{"start":{"line":0,"character":0},"end":{"line":1,"character":0}},"context":{"diagnostics":[]}}}"#
    }
    let cancel = #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":2}}"#
    let change = #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","version":2},"contentChanges":[{"text":"print(oops)\n"}]}}"#
    let (code, messages) = try session(
      frame(initialize) + frame(open) + frame(action(2)) + frame(action(3)) + frame(cancel) + frame(change)
        + frame(shutdown) + frame(exit))
    XCTAssertEqual(code, 0)
    XCTAssertEqual(response(2, in: messages)?["error"]?["code"]?.intValue, -32800)
    let published = messages.enumerated().filter { $0.element["method"]?.stringValue == "textDocument/publishDiagnostics" }
    XCTAssertEqual(published.map { $0.element["params"]?["version"]?.intValue }, [2])
    let diagnostics = published.first?.element["params"]?["diagnostics"]?.arrayValue ?? []
    XCTAssertEqual(diagnostics.map { $0["message"]?.stringValue?.split(separator: "\n").first }, ["cannot find 'oops' in scope"])
    let answer = try XCTUnwrap(messages.firstIndex { $0["id"]?.intValue == 3 })
    XCTAssertNotNil(messages[answer]["result"]?.arrayValue)
    XCTAssertLessThan(try XCTUnwrap(published.first?.offset), answer, "answered once the diagnostics are out")
  }

  func testRequestsBeforeInitializeAreRefused() throws {
    let (_, messages) = try session(frame(#"{"jsonrpc":"2.0","id":3,"method":"textDocument/hover","params":{}}"#))
    XCTAssertEqual(response(3, in: messages)?["error"]?["code"]?.intValue, -32002)
  }

  /// A tuple's elements complete after its `.` (labels, or positions) and
  /// show their type on hover; a destructured name is a declaration.
  func testTupleElementsCompleteAndHover() throws {
    let text = #"let p: (x: Int, name: String) = (1, \"a\")\nlet (first, _): (Int, String) = (2, \"b\")\np.name\np."#
    let open = #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///tmp/t.bind","languageId":"bindscript","version":1,"text":""# + text + #""}}}"#
    let complete = #"{"jsonrpc":"2.0","id":2,"method":"textDocument/completion","params":{"textDocument":{"uri":"file:///tmp/t.bind"},"position":{"line":3,"character":2}}}"#
    let hover = #"{"jsonrpc":"2.0","id":3,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///tmp/t.bind"},"position":{"line":2,"character":3}}}"#
    let hoverFirst = #"{"jsonrpc":"2.0","id":4,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///tmp/t.bind"},"position":{"line":1,"character":6}}}"#
    let (code, messages) = try session(
      frame(initialize) + frame(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#) + frame(open) + frame(complete)
        + frame(hover) + frame(hoverFirst) + frame(shutdown) + frame(exit))
    XCTAssertEqual(code, 0)
    let items = response(2, in: messages)?["result"]?["items"]?.arrayValue ?? []
    XCTAssertEqual(items.compactMap { $0["label"]?.stringValue }, ["x", "name"])
    XCTAssertEqual(items.last?["detail"]?.stringValue, "name: String")
    let hovered = response(3, in: messages)?["result"]?["contents"]?["value"]?.stringValue ?? ""
    XCTAssertTrue(hovered.contains("name: String"), hovered)
    let hoveredFirst = response(4, in: messages)?["result"]?["contents"]?["value"]?.stringValue ?? ""
    XCTAssertTrue(hoveredFirst.contains("first"), hoveredFirst)
  }
}
