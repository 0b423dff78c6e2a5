import Foundation
import Logging
import MCP

/// Standard input and output, as the SDK's `StdioTransport` reads and
/// writes them (one JSON-RPC message a line), with two things the SDK's
/// server does not do:
///
/// - A line that is not a JSON-RPC message is answered here with the error
///   JSON-RPC 2.0 prescribes: -32700 for text that is not JSON, -32600 for
///   JSON that is no request, notification or response, with the message's
///   `id` or `null`. (The SDK would answer with an id it makes up, which
///   no client waits for.)
/// - `tools/call` requests reach the server one at a time, in the order
///   they came: the next once the previous one is answered or cancelled.
///   The SDK handles each request in a task of its own, in no set order,
///   and a client that sends `run` calls without waiting for each answer
///   MUST see them run in its order, since each builds on the last.
actor StandardStreams: Transport {
  private let lines = StdioTransport()
  private let messages: AsyncThrowingStream<Data, Error>
  private let continuation: AsyncThrowingStream<Data, Error>.Continuation
  /// The id of the `tools/call` the server has and has not yet answered.
  private var callInProgress: RequestKey?
  /// The calls that came meanwhile, oldest first.
  private var heldCalls: [(key: RequestKey, line: Data)] = []

  nonisolated var logger: Logger { lines.logger }

  init() {
    (messages, continuation) = AsyncThrowingStream.makeStream()
  }

  func connect() async throws {
    try await lines.connect()
    let received = await lines.receive()
    Task {
      do {
        for try await line in received { await pass(line) }
        continuation.finish()
      } catch {
        continuation.finish(throwing: error)
      }
    }
  }

  func disconnect() async {
    await lines.disconnect()
    continuation.finish()
  }

  func send(_ data: Data) async throws {
    try await lines.send(data)
    if let callInProgress, RequestKey(answeredBy: data) == callInProgress { startNextCall() }
  }

  func receive() -> AsyncThrowingStream<Data, Error> { messages }

  /// Hands `line` to the server, holds it back, or answers it here.
  private func pass(_ line: Data) async {
    guard let json = try? JSONSerialization.jsonObject(with: line, options: .fragmentsAllowed) else {
      return await answer(-32700, "parse error: a line that is not JSON; send one JSON-RPC message per line", id: nil)
    }
    if let batch = json as? [Any], !batch.isEmpty { return deliver(line) }
    guard let message = json as? [String: Any], message["method"] is String || message["result"] != nil || message["error"] != nil
    else {
      let id = (json as? [String: Any])?["id"]
      return await answer(-32600, "invalid request: a JSON-RPC message is an object with a 'method' (or a 'result' or an 'error')", id: id)
    }
    switch message["method"] as? String {
    case "tools/call":
      guard let key = RequestKey(message["id"]) else { break }
      guard callInProgress != nil else {
        callInProgress = key
        break
      }
      return heldCalls.append((key, line))
    case "notifications/cancelled":
      let cancelled = RequestKey((message["params"] as? [String: Any])?["requestId"])
      // A held call never starts; the spec asks for no answer to it.
      heldCalls.removeAll { $0.key == cancelled }
      if let cancelled, cancelled == callInProgress {
        deliver(line)
        return startNextCall()
      }
    default:
      break
    }
    deliver(line)
  }

  private func deliver(_ line: Data) { continuation.yield(line) }

  private func startNextCall() {
    callInProgress = nil
    guard !heldCalls.isEmpty else { return }
    let next = heldCalls.removeFirst()
    callInProgress = next.key
    deliver(next.line)
  }

  /// Answers a message the server never sees with a JSON-RPC error.
  private func answer(_ code: Int, _ message: String, id: Any?) async {
    let id = id.flatMap { $0 is String || $0 is NSNumber ? $0 : nil } ?? NSNull()
    let error: [String: Any] = ["jsonrpc": "2.0", "id": id, "error": ["code": code, "message": message]]
    guard let data = try? JSONSerialization.data(withJSONObject: error, options: .sortedKeys) else { return }
    try? await lines.send(data)
  }
}

/// A request's id, as the key that matches its answer: JSON-RPC ids are
/// strings or numbers, and `1` and `"1"` are different ids.
struct RequestKey: Equatable {
  private let text: String

  init?(_ id: Any?) {
    switch id {
    case let string as String: text = "s" + string
    case let number as NSNumber: text = "n" + number.stringValue
    default: return nil
    }
  }

  /// The id `response` answers, if it is a response.
  init?(answeredBy response: Data) {
    guard let message = try? JSONSerialization.jsonObject(with: response) as? [String: Any],
      message["result"] != nil || message["error"] != nil
    else { return nil }
    self.init(message["id"])
  }
}
