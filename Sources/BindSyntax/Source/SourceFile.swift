/// The text of one script, with a table of line starts for turning byte
/// offsets into lines and columns.
///
/// A `SourceFile` made from a `String` is always valid UTF-8; use
/// `init(path:bytes:)` to read raw bytes from disk, which rejects input that
/// is not UTF-8 with a located diagnostic.
public struct SourceFile: Sendable {
  /// The path shown in diagnostics, or `nil` for REPL input.
  public let path: String?
  /// The whole text.
  public let text: String
  /// The text as UTF-8 bytes; offsets in `SourceLocation` index this.
  public let bytes: [UInt8]
  /// The byte offset where each line starts; `lineStarts[0] == 0`.
  public let lineStarts: [Int]

  /// Creates a source file from text; `path` is `nil` for REPL input.
  public init(path: String? = nil, text: String) {
    self.path = path
    self.text = text
    self.bytes = Array(text.utf8)
    var starts = [0]
    for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
      starts.append(index + 1)
    }
    self.lineStarts = starts
  }

  /// The number of lines (a final newline starts one more, empty line).
  public var lineCount: Int { lineStarts.count }

  /// The location of the byte at `offset` (clamped to the file).
  public func location(at offset: Int) -> SourceLocation {
    let offset = max(0, min(offset, bytes.count))
    let line = lineIndex(containing: offset)
    let column = characterCount(from: lineStarts[line], to: offset) + 1
    return SourceLocation(offset: offset, line: line + 1, column: column)
  }

  /// The range covering the bytes `start..<end`.
  public func range(from start: Int, to end: Int) -> SourceRange {
    SourceRange(start: location(at: start), end: location(at: end))
  }

  /// The text of 1-based `line`, without its line terminator; empty when
  /// the line does not exist.
  public func lineText(_ line: Int) -> String {
    guard line >= 1, line <= lineStarts.count else { return "" }
    let start = lineStarts[line - 1]
    var end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
    if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
    return String(decoding: bytes[start..<max(start, end)], as: UTF8.self)
  }

  /// The source text covered by `range`, exactly as written.
  ///
  /// The interpreter uses this to print `observe EXPR` output with the
  /// expression's own spelling.
  public func text(in range: SourceRange) -> String {
    let start = max(0, min(range.start.offset, bytes.count))
    let end = max(start, min(range.end.offset, bytes.count))
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }

  /// The 0-based index of the line containing `offset` (binary search).
  func lineIndex(containing offset: Int) -> Int {
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    return low
  }

  /// The number of characters in `bytes[start..<end]`, with a fast path for
  /// ASCII text.
  func characterCount(from start: Int, to end: Int) -> Int {
    guard end > start else { return 0 }
    var isPlainASCII = true
    for index in start..<end where bytes[index] >= 0x80 || bytes[index] == UInt8(ascii: "\r") {
      isPlainASCII = false
      break
    }
    if isPlainASCII { return end - start }
    return String(decoding: bytes[start..<end], as: UTF8.self).count
  }
}

/// Turns increasing byte offsets into locations in time proportional to the
/// distance moved, so lexing a long line stays linear.
struct LocationTracker {
  private let file: SourceFile
  private var lineIndex = 0
  private var offset = 0
  private var column = 1

  /// Starts tracking at the beginning of `file`.
  init(file: SourceFile) {
    self.file = file
  }

  /// The location of `target`; cheap when `target` is at or after the last
  /// location asked for.
  mutating func location(at target: Int) -> SourceLocation {
    let target = max(0, min(target, file.bytes.count))
    guard target >= offset else { return file.location(at: target) }
    while lineIndex + 1 < file.lineStarts.count, file.lineStarts[lineIndex + 1] <= target {
      lineIndex += 1
      offset = file.lineStarts[lineIndex]
      column = 1
    }
    column += file.characterCount(from: offset, to: target)
    offset = target
    return SourceLocation(offset: target, line: lineIndex + 1, column: column)
  }
}
