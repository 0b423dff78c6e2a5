#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What reading the next message gave.
enum IncomingMessage {
  /// A message's body (its JSON is not checked yet).
  case body([UInt8])
  /// A framing error the stream recovered from (bad header, body too large):
  /// the server answers with a parse error and reads on.
  case badFrame(String)
  /// The input is closed: the client went away.
  case closed
}

/// The base protocol over two file descriptors: `Content-Length` headers, a
/// blank line, then that many bytes of JSON.
final class MessageTransport {
  /// The largest body accepted: a bigger one is skipped, not buffered.
  static let maximumBodySize = 256 << 20

  private let input: Int32
  private let output: Int32
  private var buffer: [UInt8] = []
  private var start = 0
  private var inputClosed = false
  /// Set once a write failed (the client is gone): later writes are dropped.
  private(set) var outputBroken = false

  init(input: Int32, output: Int32) {
    self.input = input
    self.output = output
  }

  /// Whether a whole message or more input is ready without waiting.
  var hasPendingInput: Bool {
    if buffer.count > start { return true }
    var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
    return poll(&descriptor, 1, 0) > 0
  }

  /// Reads the next message, waiting for it.
  func next() -> IncomingMessage {
    var contentLength: Int?
    var sawHeader = false
    while true {
      guard let line = readHeaderLine() else { return .closed }
      if line.isEmpty {
        if !sawHeader { continue }
        break
      }
      sawHeader = true
      let parts = line.split(separator: ":", maxSplits: 1)
      if parts.count == 2, parts[0].lowercased() == "content-length" {
        contentLength = Int(parts[1].trimmingBlanks)
      }
    }
    guard let length = contentLength, length >= 0 else {
      return .badFrame("a message without a valid Content-Length header")
    }
    if length > Self.maximumBodySize {
      guard skip(length) else { return .closed }
      return .badFrame("a message of \(length) bytes, over the limit of \(Self.maximumBodySize)")
    }
    guard let body = read(length) else { return .closed }
    return .body(body)
  }

  /// Writes one message; a closed or broken output is remembered, not fatal.
  func send(_ message: JSON) {
    guard !outputBroken else { return }
    let body = Array(message.serialized.utf8)
    let frame = Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    var written = 0
    while written < frame.count {
      let count = frame[written...].withUnsafeBytes { write(output, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 {
        outputBroken = true
        return
      }
      written += count
    }
  }

  // MARK: Reading

  /// One header line without its `\r\n`, or `nil` at the end of input. A
  /// line longer than 8 KiB is cut (headers are short).
  private func readHeaderLine() -> String? {
    while true {
      if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
        var end = newline
        if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        let line = String(decoding: buffer[start..<min(end, start + 8192)], as: UTF8.self)
        start = newline + 1
        compact()
        return line
      }
      if buffer.count - start > 65_536 {
        // Not a header: drop it and look for the next one.
        start = buffer.count
        compact()
      }
      guard fill() else { return nil }
    }
  }

  private func read(_ count: Int) -> [UInt8]? {
    buffer.reserveCapacity(start + count)
    while buffer.count - start < count {
      guard fill() else { return nil }
    }
    let body = Array(buffer[start..<start + count])
    start += count
    compact()
    return body
  }

  private func skip(_ count: Int) -> Bool {
    var remaining = count
    while remaining > 0 {
      if buffer.count == start, !fill() { return false }
      let taken = min(remaining, buffer.count - start)
      start += taken
      remaining -= taken
      compact()
    }
    return true
  }

  private func compact() {
    if start == buffer.count {
      buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 20)
      start = 0
    } else if start > 1 << 20 {
      buffer.removeFirst(start)
      start = 0
    }
  }

  /// Reads what is available (blocking until something is) into the
  /// buffer, through a fixed scratch area; `false` at the end of input or
  /// on an error.
  private func fill() -> Bool {
    guard !inputClosed else { return false }
    while true {
      let count = scratch.withUnsafeMutableBytes { systemRead(input, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 {
        inputClosed = true
        return false
      }
      buffer.append(contentsOf: scratch[0..<count])
      return true
    }
  }

  private var scratch = [UInt8](repeating: 0, count: 1 << 20)
}

extension Substring {
  var trimmingBlanks: Substring {
    var text = self
    while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
    while let last = text.last, last == " " || last == "\t" || last == "\r" { text.removeLast() }
    return text
  }
}

private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  #if canImport(Glibc)
    Glibc.read(descriptor, buffer, count)
  #else
    Darwin.read(descriptor, buffer, count)
  #endif
}
