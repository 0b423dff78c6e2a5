/// The error thrown when a file's bytes are not valid UTF-8.
public struct InvalidUTF8Error: Error, Sendable {
  /// The located diagnostic to show ("file is not valid UTF-8 ...").
  public let diagnostic: Diagnostic
  /// The file decoded with replacement characters, for rendering the
  /// diagnostic's source line.
  public let file: SourceFile
}

extension SourceFile {
  /// Creates a source file from raw bytes, which MUST be UTF-8.
  ///
  /// Throws `InvalidUTF8Error` locating the first byte that is not part of a
  /// well-formed UTF-8 sequence (overlong forms, surrogates and values past
  /// U+10FFFF are rejected, as RFC 3629 requires). A leading byte-order mark
  /// is kept and skipped by the lexer.
  public init(path: String?, bytes: [UInt8]) throws {
    if let bad = SourceFile.firstInvalidUTF8Offset(in: bytes) {
      let lossy = SourceFile(path: path, text: String(decoding: bytes, as: UTF8.self))
      var line = 1
      var lineStart = 0
      for index in 0..<bad where bytes[index] == UInt8(ascii: "\n") {
        line += 1
        lineStart = index + 1
      }
      let column = String(decoding: bytes[lineStart..<bad], as: UTF8.self).count + 1
      let start = SourceLocation(offset: bad, line: line, column: column)
      let end = SourceLocation(offset: bad + 1, line: line, column: column + 1)
      let hex = String(bytes[bad], radix: 16, uppercase: true)
      let diagnostic = Diagnostic.error(
        "file is not valid UTF-8: invalid byte 0x\(hex.count == 1 ? "0" + hex : hex) at offset \(bad)",
        at: SourceRange(start: start, end: end))
      throw InvalidUTF8Error(diagnostic: diagnostic, file: lossy)
    }
    self.init(path: path, text: String(decoding: bytes, as: UTF8.self))
  }

  /// The offset of the first byte that does not start a well-formed UTF-8
  /// sequence (a stray byte, or the lead byte of a truncated or malformed
  /// sequence), or `nil` when all of `bytes` is valid.
  static func firstInvalidUTF8Offset(in bytes: [UInt8]) -> Int? {
    var index = 0
    while index < bytes.count {
      let lead = bytes[index]
      let length: Int
      var low: UInt8 = 0x80
      var high: UInt8 = 0xBF
      switch lead {
      case 0x00...0x7F: index += 1; continue
      case 0xC2...0xDF: length = 2
      case 0xE0: length = 3; low = 0xA0
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED: length = 3; high = 0x9F
      case 0xF0: length = 4; low = 0x90
      case 0xF1...0xF3: length = 4
      case 0xF4: length = 4; high = 0x8F
      default: return index
      }
      for continuation in 1..<length {
        let position = index + continuation
        guard position < bytes.count else { return index }
        let byte = bytes[position]
        let (min, max) = continuation == 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
        if byte < min || byte > max { return index }
      }
      index += length
    }
    return nil
  }
}
