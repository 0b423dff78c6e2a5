#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One message between `bindscript attach` and an app's attach point: a
/// JSON object whose `kind` says which, with the fields that kind uses.
///
/// Client to app: `hello` (first; `useColor`, `useErrorColor`), `evaluate`
/// (`text`: one complete REPL entry), `perform` (`text`: a meta command
/// line), `load` (`path`, `text`: a file the client read), `complete`
/// (`text`: the line before the cursor), `transcript`, `graph`,
/// `interrupt` (Ctrl-C: stops the running statement; no answer).
///
/// App to client: `welcome` (`text`: the app's name, `pid`, `names`: the
/// objects it exposes) or `refused` (`text`: why), `output` and
/// `errorOutput` (`text`: what the session printed, newlines included),
/// `done` (the request is finished), `completion`, `transcript` (`text`,
/// `count`), `graph` (`text`: DOT), `malformed` (`text`: what was wrong;
/// the app then closes the connection), `closing` (`text`: the attach
/// point stops).
///
/// Every request but `interrupt` is answered, in order; `output` arrives
/// also between requests, when the app's own changes fire an observer.
package struct AttachMessage: Codable, Equatable, Sendable {
  package enum Kind: String, Codable, Sendable {
    case hello, evaluate, perform, load, complete, transcript, graph, interrupt
    case welcome, refused, output, errorOutput, done, completion, malformed, closing
  }

  package var kind: Kind
  package var text: String?
  package var path: String?
  package var count: Int?
  package var pid: Int?
  package var names: [String]?
  package var useColor: Bool?
  package var useErrorColor: Bool?
  package var completion: WireCompletion?

  package init(_ kind: Kind, text: String? = nil) {
    self.kind = kind
    self.text = text
  }

  /// A Tab completion as it crosses the socket (the line editor's `Completion`).
  package struct WireCompletion: Codable, Equatable, Sendable {
    package var word: String
    package var candidates: [String]
    package var listedNames: [String]
    package var hint: [String]
  }
}

/// The framing: each message is its JSON text (UTF-8) after its length in
/// bytes as a 4-byte big-endian number, so a reader knows where a message
/// ends without scanning it, and a stream that is not this protocol (a
/// length over ``limit``, JSON that does not decode) is told apart at once.
package enum AttachFrame {
  /// The largest message either side accepts: far above any statement or
  /// transcript a person types, far below what would hurt the app.
  package static let limit = 16 << 20

  /// A message that is not one of this protocol's.
  package struct Malformed: Error, CustomStringConvertible {
    package var description: String
  }

  /// The bytes of `message` on the wire.
  package static func encode(_ message: AttachMessage) -> [UInt8] {
    let json = (try? JSONEncoder().encode(message)).map(Array.init) ?? Array(#"{"kind":"malformed"}"#.utf8)
    let length = UInt32(json.count)
    return [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)] + json
  }

  /// Takes the complete messages from the front of `buffer`, leaving a
  /// partial one there for more bytes.
  /// - Throws: ``Malformed`` for a length over ``limit`` or JSON that is
  ///   not a message; the connection cannot be read further.
  package static func decode(from buffer: inout [UInt8]) throws(Malformed) -> [AttachMessage] {
    var messages: [AttachMessage] = []
    var start = 0
    defer { buffer.removeFirst(start) }
    while buffer.count - start >= 4 {
      let length = buffer[start..<start + 4].reduce(0) { $0 << 8 | Int($1) }
      guard length <= limit else {
        throw Malformed(description: "a message of \(length) bytes is over the \(limit >> 20) MiB limit; the attach protocol is JSON messages, each after its length as 4 big-endian bytes")
      }
      guard buffer.count - start - 4 >= length else { break }
      let body = buffer[start + 4..<start + 4 + length]
      do {
        messages.append(try JSONDecoder().decode(AttachMessage.self, from: Data(body)))
      } catch {
        throw Malformed(description: "a message is not a JSON object with a known 'kind': \(String(decoding: body.prefix(80), as: UTF8.self))")
      }
      start += 4 + length
    }
    return messages
  }
}
