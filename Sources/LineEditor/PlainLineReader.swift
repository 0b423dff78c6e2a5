#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LineReading

/// Reads lines from a file descriptor with no prompts and no editing.
///
/// Used when standard input or output is not a terminal (a script piped
/// into `bindscript`), and in tests. Prompts are ignored; history is not
/// kept. Invalid UTF-8 becomes U+FFFD; a final line without a newline is
/// still returned; `\r\n` line ends lose their `\r`.
public final class PlainLineReader: LineReader {
  private let fileDescriptor: Int32
  private var buffer: [UInt8] = []
  private var reachedEnd = false

  /// What the last `.interrupted` discarded.
  public private(set) var discardedText = ""

  /// Creates a reader on `fileDescriptor`, which it reads but never closes.
  /// - Parameter fileDescriptor: Standard input by default.
  public init(fileDescriptor: Int32 = STDIN_FILENO) {
    self.fileDescriptor = fileDescriptor
  }

  /// Reads the next line; `prompt` is ignored.
  ///
  /// If `SignalInterrupts` is installed and a SIGINT interrupts the wait,
  /// the partial line is discarded and the result is `.interrupted`.
  public func readLine(prompt: String) -> LineInput {
    while true {
      if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
        var line = buffer[..<newline]
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        let text = String(decoding: line, as: UTF8.self)
        buffer.removeSubrange(...newline)
        return .line(text)
      }
      if reachedEnd {
        guard !buffer.isEmpty else { return .endOfFile }
        defer { buffer.removeAll() }
        return .line(String(decoding: buffer, as: UTF8.self))
      }
      if case .interrupted = fill() {
        discardedText = String(decoding: buffer, as: UTF8.self)
        buffer.removeAll()
        return .interrupted
      }
    }
  }

  /// Plain input keeps no history.
  public func addHistory(_ entry: String) {}

  /// Stops reading: later reads return `.endOfFile`. The descriptor stays
  /// open, as the reader does not own it.
  public func close() {
    reachedEnd = true
    buffer.removeAll()
  }

  /// Reads what is available into `buffer`; `.interrupted` when a SIGINT
  /// cut the wait short.
  private func fill() -> LineInput? {
    var chunk = [UInt8](repeating: 0, count: 4096)
    let count = chunk.withUnsafeMutableBytes {
      posixRead(fileDescriptor, $0.baseAddress, $0.count)
    }
    if count > 0 {
      buffer.append(contentsOf: chunk[0..<count])
    } else if count == 0 {
      reachedEnd = true
    } else if errno == EINTR {
      if SignalInterrupts.consumePending() { return .interrupted }
    } else {
      reachedEnd = true  // EIO, EBADF…: nothing more will come.
    }
    return nil
  }
}
