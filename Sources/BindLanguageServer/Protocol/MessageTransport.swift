#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What reading the next message gave.
enum IncomingMessage {
  /// A message's body (its JSON is not checked yet).
  case body([UInt8])
  /// A message whose framing was wrong (a bad header, a body too large or
  /// shorter than its `Content-Length`): the server answers with a parse
  /// error, and the stream reads on from the next header.
  case badFrame(String)
  /// Bytes that were no message (what followed a bad header), skipped up to
  /// the next header: only logged, since no client waits for them.
  case skipped(Int)
  /// The input is closed: the client went away.
  case closed
}

/// The base protocol over two file descriptors: `Content-Length` headers, a
/// blank line, then that many bytes of JSON.
///
/// A stream that goes wrong resynchronises, as sourcekit-lsp's and
/// rust-analyzer's do: after a bad header the bytes up to the next
/// `Content-Length` are skipped, and a body that holds the next message's
/// header (its `Content-Length` was too long) ends there. So one bad frame
/// costs that message, never the ones after it.
final class MessageTransport {
  /// The largest body accepted: a bigger one is skipped, not buffered.
  static let maximumBodySize = 256 << 20
  /// The largest header block: a longer one is not a header.
  static let maximumHeaderSize = 65_536

  private let input: Int32
  private let output: Int32
  private var buffer: [UInt8] = []
  private var start = 0
  private var inputClosed = false
  /// Set after a bad header whose end was not found: what follows it, up
  /// to the next `Content-Length`, is not a message.
  private var skippingToHeader = false
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
    while true {
      guard buffer.count > start || fill() else { return .closed }
      if skippingToHeader || !startsHeaderLine() {
        skippingToHeader = false
        guard let skipped = skipToHeader() else { return .closed }
        if skipped > 0 { return .skipped(skipped) }
        continue
      }
      switch readHeader() {
      case nil:
        return .closed
      case .failure(let error):
        resynchronize(after: error)
        return .badFrame(error.reason)
      case .success(let length):
        return readBody(length: length)
      }
    }
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

  private struct FrameError: Error {
    var reason: String
    /// Where the bad header's blank line ends, when it has one.
    var headerEnd: Int?
  }

  /// Where to read on after a bad header: at a `Content-Length` inside it
  /// (past its first byte: the header of a message whose start was lost),
  /// else after it (the next header, or its body, skipped as no message).
  private func resynchronize(after error: FrameError) {
    guard let end = error.headerEnd,
      let inner = (start + 1..<end).first(where: { Self.matchesName(buffer, at: $0) })
    else {
      if let end = error.headerEnd { start = end } else { skippingToHeader = true }
      return
    }
    start = inner
  }

  private static let contentLength = Array("content-length".utf8)
  private static let newline = UInt8(ascii: "\n")
  private static let carriageReturn = UInt8(ascii: "\r")

  /// Whether the bytes at `start` begin a header line (`Name:`), or line
  /// breaks between messages; waits for enough bytes to tell.
  private func startsHeaderLine() -> Bool {
    var index = start
    while true {
      while index < buffer.count {
        let byte = buffer[index]
        if index == start, byte == Self.newline || byte == Self.carriageReturn { return true }
        if byte == UInt8(ascii: ":") { return index > start }
        guard Self.isTokenByte(byte) else { return false }
        index += 1
      }
      guard index - start < Self.maximumHeaderSize, fill() else { return false }
    }
  }

  /// Drops the bytes before the next `Content-Length` (any case), leaving
  /// the first byte out of the search so that a bad header is never read
  /// again. Returns how many were dropped, `nil` at the end of input.
  private func skipToHeader() -> Int? {
    var skipped = 0
    var index = start + 1
    while true {
      while index + Self.contentLength.count <= buffer.count {
        if Self.matchesName(buffer, at: index) {
          skipped += index - start
          start = index
          compact()
          return skipped
        }
        index += 1
      }
      // What was searched goes; the bytes from `index` on may begin the name.
      skipped += index - start
      start = index
      compact()
      index = start
      guard fill() else {
        skipped += buffer.count - start
        start = buffer.count
        compact()
        return skipped > 0 ? skipped : nil
      }
    }
  }

  /// Reads the header block at `start` (lines up to a blank one) and
  /// returns its `Content-Length`; `nil` at the end of input.
  private func readHeader() -> Result<Int, FrameError>? {
    var length: Int?
    var problem: String?
    var lineStart = start
    while true {
      guard let newline = buffer[lineStart...].firstIndex(of: Self.newline) else {
        if buffer.count - start > Self.maximumHeaderSize {
          return .failure(FrameError(reason: "a header longer than \(Self.maximumHeaderSize) bytes"))
        }
        guard fill() else { return nil }
        continue
      }
      var lineEnd = newline
      if lineEnd > lineStart, buffer[lineEnd - 1] == Self.carriageReturn { lineEnd -= 1 }
      let line = buffer[lineStart..<lineEnd]
      lineStart = newline + 1
      if line.isEmpty {
        if line.startIndex == start {
          // A line break between messages, not a header's end.
          start = lineStart
          continue
        }
        break
      }
      guard problem == nil else { continue }
      problem = headerProblem(line, length: &length)
    }
    let end = lineStart
    if let problem { return .failure(FrameError(reason: problem, headerEnd: end)) }
    guard let length else { return .failure(FrameError(reason: "a message without a Content-Length header", headerEnd: end)) }
    start = end
    return .success(length)
  }

  /// What is wrong with a header line, if anything; sets `length` from a
  /// `Content-Length` line.
  private func headerProblem(_ line: ArraySlice<UInt8>, length: inout Int?) -> String? {
    guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex,
      line[..<colon].allSatisfy(Self.isTokenByte),
      line[colon...].allSatisfy({ $0 >= 0x20 || $0 == UInt8(ascii: "\t") })
    else {
      return "a header line that is not 'Name: value' (no colon, or a NUL or control byte)"
    }
    guard line[..<colon].count == Self.contentLength.count, Self.matchesName(buffer, at: line.startIndex) else { return nil }
    guard length == nil else { return "a message with two Content-Length headers" }
    let value = String(decoding: line[(colon + 1)...], as: UTF8.self)[...].trimmingBlanks
    guard !value.isEmpty, value.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
      let parsed = Int(value)
    else {
      return "a Content-Length that is not a byte count: '\(value.prefix(40))'"
    }
    length = parsed
    return nil
  }

  /// Reads a body of `length` bytes (skips it when it is over the limit).
  /// A body that holds a `Content-Length: N` line, which JSON cannot hold,
  /// was declared longer than it is: it ends there, and the message after
  /// it is read next.
  private func readBody(length: Int) -> IncomingMessage {
    let keeps = length <= Self.maximumBodySize
    if keeps { buffer.reserveCapacity(start + length) }
    var remaining = length
    var scanned = start
    while true {
      let available = min(buffer.count, start + remaining)
      if let header = embeddedHeader(in: scanned..<available, notBefore: start) {
        start = header
        compact()
        return .badFrame("a Content-Length of \(length) bytes, longer than the message: the next header comes first")
      }
      if available == start + remaining {
        let body = keeps ? Array(buffer[start..<available]) : []
        start = available
        compact()
        return keeps ? .body(body) : .badFrame("a message of \(length) bytes, over the limit of \(Self.maximumBodySize)")
      }
      scanned = available
      if !keeps, available - start > 1 << 20 {
        // Skipped bytes go, but for a tail that a header may end in.
        let dropped = available - start - 64
        buffer.removeSubrange(start..<start + dropped)
        remaining -= dropped
        scanned -= dropped
      }
      guard fill() else { return .closed }
    }
  }

  /// The offset of a `Content-Length: N` line whose line break is in
  /// `range` and which starts at or after `lower`.
  private func embeddedHeader(in range: Range<Int>, notBefore lower: Int) -> Int? {
    var index = range.lowerBound
    while let newline = buffer[index..<range.upperBound].firstIndex(of: Self.newline) {
      index = newline + 1
      var position = newline
      if position > lower, buffer[position - 1] == Self.carriageReturn { position -= 1 }
      let digitsEnd = position
      while position > lower, buffer[position - 1] >= UInt8(ascii: "0"), buffer[position - 1] <= UInt8(ascii: "9") {
        position -= 1
      }
      guard position < digitsEnd else { continue }
      while position > lower, buffer[position - 1] == UInt8(ascii: " ") || buffer[position - 1] == UInt8(ascii: "\t") {
        position -= 1
      }
      let nameStart = position - 1 - Self.contentLength.count
      guard nameStart >= lower, buffer[position - 1] == UInt8(ascii: ":"), Self.matchesName(buffer, at: nameStart)
      else { continue }
      return nameStart
    }
    return nil
  }

  /// Whether `content-length` (any case) is at `index`.
  private static func matchesName(_ bytes: [UInt8], at index: Int) -> Bool {
    guard index >= 0, index + contentLength.count <= bytes.count else { return false }
    for (offset, expected) in contentLength.enumerated() {
      let byte = bytes[index + offset]
      let lowercased = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 0x20 : byte
      if lowercased != expected { return false }
    }
    return true
  }

  /// A byte a header's name may hold (HTTP's `tchar`).
  private static func isTokenByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    default:
      return "!#$%&'*+-.^_`|~".utf8.contains(byte)
    }
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
