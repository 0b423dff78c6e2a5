import BindLanguage
import BindLanguageServer
import BindPlatform

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the language server's fuzz target does with one input, for the
/// libFuzzer target (`Fuzz/`, `make fuzz`) and for the regression corpus
/// that `swift test` replays (`Tests/FuzzCorpus/LanguageServer`).
///
/// An input is what an editor writes to `bindscript lsp`: framed messages,
/// as the server reads them (bad frames included). The server serves it in
/// process, then two well-formed requests; it must not crash or hang, and
/// it must answer one of them whatever came before (issue 33: one bad frame
/// cost every message after it). Two, because the input may end inside a
/// frame whose body swallows the start of the first.
///
/// `mutate` makes new inputs the way an editor would: valid edits of the
/// open document (inserting and deleting brackets, pasting its own lines),
/// requests at its positions, and the malformed variants: inverted and
/// out-of-range edit ranges, broken headers, garbled bodies.
public enum LanguageServerFuzzHarness {
  /// The result of one input.
  public struct Outcome: Sendable {
    /// Whether a well-formed request after the input was answered; `nil`
    /// when the input itself ends the session (`exit`).
    public var answeredAfterInput: Bool?

    public var problems: [String] {
      answeredAfterInput == false ? ["no answer to a well-formed request after the input: the stream never resynchronised"] : []
    }
  }

  private static let finalMarker = Array("fuzz-final-".utf8)

  /// Serves `bytes`, then the two final requests, and reports what came back.
  public static func run(bytes: [UInt8]) -> Outcome {
    var input = bytes
    // Blank lines end a header the input may leave open.
    input += Array("\r\n\r\n".utf8)
    for number in 1...2 {
      input += frame(#"{"jsonrpc":"2.0","id":"fuzz-final-\#(number)","method":"shutdown"}"#)
    }
    guard let inputFile = temporaryFile(holding: input), let outputFile = temporaryFile(holding: []) else {
      return Outcome(answeredAfterInput: nil)
    }
    let log = open("/dev/null", O_WRONLY)
    defer {
      close(inputFile)
      close(outputFile)
      close(log)
    }
    let server = LanguageServer(input: inputFile, output: outputFile, log: log) {
      let interpreter = Interpreter()
      interpreter.output = { _ in }
      // No file system: an input may import any path (`/dev/zero`).
      interpreter.readFile = { path in throw FileSystem.FileError(path: path, reason: "no files in the fuzzer") }
      return interpreter
    }
    _ = server.run()
    let mayEndSession = contains(bytes, Array("exit".utf8)) || contains(bytes, finalMarker)
    if mayEndSession { return Outcome(answeredAfterInput: nil) }
    let output = contents(of: outputFile)
    return Outcome(answeredAfterInput: contains(output, finalMarker))
  }

  /// `body` with its header.
  public static func frame(_ body: String) -> [UInt8] {
    frame(Array(body.utf8))
  }

  static func frame(_ body: [UInt8]) -> [UInt8] {
    Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
  }

  /// A session that opens `text` and asks what an editor asks on opening:
  /// the seeds `make fuzz` makes from the conformance scripts.
  public static func openingSession(uri: String, text: String) -> [UInt8] {
    let document = #"{"uri":\#(JSON.string(uri).serialized)}"#
    return [
      #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#,
      #"{"jsonrpc":"2.0","method":"initialized","params":{}}"#,
      #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":\#(JSON.string(uri).serialized),"languageId":"bindscript","version":1,"text":\#(JSON.string(text).serialized)}}}"#,
      #"{"jsonrpc":"2.0","id":2,"method":"textDocument/documentSymbol","params":{"textDocument":\#(document)}}"#,
    ].flatMap(frame)
  }

  // MARK: Files

  private static func temporaryFile(holding bytes: [UInt8]) -> Int32? {
    var template = Array("/tmp/bindscript-lsp-fuzz-XXXXXX".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { return nil }
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    var written = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      guard count > 0 else {
        close(descriptor)
        return nil
      }
      written += count
    }
    lseek(descriptor, 0, SEEK_SET)
    return descriptor
  }

  private static func contents(of descriptor: Int32) -> [UInt8] {
    lseek(descriptor, 0, SEEK_SET)
    var result: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count <= 0 { return result }
      result += chunk[0..<count]
    }
  }

  static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
    bytes.firstRange(of: needle) != nil
  }
}
