import BindSyntax

/// A position as the protocol has it: a 0-based line and a 0-based column
/// counted in UTF-16 code units (the protocol's default encoding, the only
/// one every client supports).
public struct LSPPosition: Equatable, Sendable {
  public var line: Int
  public var character: Int

  public init(line: Int, character: Int) {
    self.line = line
    self.character = character
  }

  init?(_ json: JSON?) {
    guard let line = json?["line"]?.intValue, let character = json?["character"]?.intValue else { return nil }
    self.init(line: line, character: character)
  }

  public var json: JSON { .object(["line": .int(line), "character": .int(character)]) }
}

/// An open document's text, kept as the `SourceFile` the parser reads (its
/// UTF-8 bytes and line starts), and the conversions between the protocol's
/// UTF-16 positions and the byte offsets `SourceLocation` uses.
///
/// One `SourceFile` per text, made when the text changes: the analysis of
/// that text and the declarations requests use while it runs share it
/// rather than each making its own (on a 10^6-line document, 18 MB each).
public struct TextDocument {
  public let uri: String
  /// The file path the URI names (`file://` URIs), for diagnostics and
  /// `import`; `nil` for other schemes.
  public let path: String?
  public private(set) var version: Int
  /// The text as a `SourceFile` for the parser.
  public private(set) var sourceFile: SourceFile

  public init(uri: String, version: Int, text: String) {
    self.uri = uri
    self.path = TextDocument.path(fromURI: uri)
    self.version = version
    self.sourceFile = SourceFile(path: path ?? uri, text: text)
  }

  /// The text as UTF-8 bytes.
  public var bytes: [UInt8] { sourceFile.bytes }

  private var lineStarts: [Int] { sourceFile.lineStarts }

  /// Replaces the text in `range` (or all of it, for a `nil` range) with
  /// `text`: one `contentChanges` entry of `didChange`.
  public mutating func apply(range: (start: LSPPosition, end: LSPPosition)?, text: String, version: Int) {
    self.version = version
    guard let range else {
      sourceFile = SourceFile(path: path ?? uri, text: text)
      return
    }
    var bytes = sourceFile.bytes
    bytes.replaceSubrange(offsets(from: range.start, to: range.end), with: text.utf8)
    sourceFile = SourceFile(path: path ?? uri, text: String(decoding: bytes, as: UTF8.self))
  }

  // MARK: Positions

  public var lineCount: Int { lineStarts.count }

  /// The byte offset of a protocol position. A line past the end means the
  /// end of the file; a character past the end of its line means the end of
  /// the line (the protocol says so); a position inside a character that
  /// takes two UTF-16 units moves to its start.
  public func offset(of position: LSPPosition) -> Int {
    guard position.line >= 0 else { return 0 }
    guard position.line < lineStarts.count else { return bytes.count }
    var offset = lineStarts[position.line]
    let lineEnd = position.line + 1 < lineStarts.count ? lineStarts[position.line + 1] - 1 : bytes.count
    var units = 0
    while offset < lineEnd {
      let width = TextDocument.utf16Width(leadByte: bytes[offset])
      if units + width > position.character { break }
      units += width
      offset += TextDocument.sequenceLength(leadByte: bytes[offset])
    }
    return min(offset, lineEnd)
  }

  /// The bytes between two protocol positions, whichever comes first. An
  /// inverted range is turned around, as editors' own text models do
  /// (VS Code's `Range`, vscode-languageserver-textdocument's
  /// `getWellformedRange`), so an edit leaves the same text here as in the
  /// client; positions past the end are clamped by `offset(of:)`.
  public func offsets(from start: LSPPosition, to end: LSPPosition) -> Range<Int> {
    let start = offset(of: start)
    let end = offset(of: end)
    return min(start, end)..<max(start, end)
  }

  /// The protocol position of a byte offset.
  public func position(of offset: Int) -> LSPPosition {
    let offset = max(0, min(offset, bytes.count))
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    var units = 0
    var index = lineStarts[low]
    while index < offset {
      units += TextDocument.utf16Width(leadByte: bytes[index])
      index += TextDocument.sequenceLength(leadByte: bytes[index])
    }
    return LSPPosition(line: low, character: units)
  }

  /// A source range as a protocol range.
  func lspRange(_ range: SourceRange) -> JSON {
    lspRange(from: range.start.offset, to: range.end.offset)
  }

  func lspRange(from start: Int, to end: Int) -> JSON {
    .object(["start": position(of: start).json, "end": position(of: max(start, end)).json])
  }

  /// The protocol range in `json` as byte offsets (see
  /// `offsets(from:to:)`), or `nil` when it is not a range.
  func offsets(of json: JSON?) -> Range<Int>? {
    guard let start = LSPPosition(json?["start"]), let end = LSPPosition(json?["end"]) else { return nil }
    return offsets(from: start, to: end)
  }

  // MARK: Helpers

  /// UTF-16 units of the character a UTF-8 sequence starting with this
  /// byte encodes (0 for a continuation byte).
  private static func utf16Width(leadByte byte: UInt8) -> Int {
    if byte & 0xC0 == 0x80 { return 0 }
    return byte >= 0xF0 ? 2 : 1
  }

  private static func sequenceLength(leadByte byte: UInt8) -> Int {
    switch byte {
    case 0xF0...: return 4
    case 0xE0...: return 3
    case 0xC0...: return 2
    default: return 1
    }
  }

  /// `/a/b.bind` for `file:///a/b.bind` (percent escapes decoded).
  static func path(fromURI uri: String) -> String? {
    guard uri.hasPrefix("file://") else { return nil }
    var path = Array(uri.dropFirst("file://".count).utf8)
    if let slash = path.firstIndex(of: UInt8(ascii: "/")) { path.removeSubrange(0..<slash) }
    var decoded: [UInt8] = []
    var index = 0
    while index < path.count {
      if path[index] == UInt8(ascii: "%"), index + 2 < path.count,
        let value = UInt8(String(decoding: path[index + 1...index + 2], as: UTF8.self), radix: 16)
      {
        decoded.append(value)
        index += 3
      } else {
        decoded.append(path[index])
        index += 1
      }
    }
    return String(decoding: decoded, as: UTF8.self)
  }

  /// `file:///a/b%20c.bind` for `/a/b c.bind`.
  static func uri(fromPath path: String) -> String {
    var uri = "file://"
    for byte in path.utf8 {
      let isPlain = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        || "/-._~".utf8.contains(byte)
      if isPlain {
        uri.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        let hex = String(byte, radix: 16, uppercase: true)
        uri += "%" + (hex.count == 1 ? "0" : "") + hex
      }
    }
    return uri
  }
}
