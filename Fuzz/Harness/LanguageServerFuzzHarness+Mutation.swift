import BindLanguageServer

/// How the language server's fuzz target makes new inputs from old ones
/// (libFuzzer's custom mutator): as an editor and a broken client would.
extension LanguageServerFuzzHarness {
  /// A piece of an input: a well-formed frame (with its JSON, when the body
  /// is JSON) or bytes that are none.
  struct Piece {
    var bytes: [UInt8]
    var message: JSON?
  }

  /// What gets typed or pasted: the brackets and quotes that leave a script
  /// half-written, keywords, names, line breaks, wide characters.
  static let fragments = [
    "{", "}", "(", ")", "[", "]", "\"", "\\(", "\n", "\r\n", " ", "\t", ".", ",", ":", "=", "?.", "//", "#", "#>",
    "let ", "var ", "func ", "type ", "event ", "on ", "emit ", "bind ", "observe ", "import \"x.bind\"\n", "in ",
    "case ", "enum ", "struct ", "catch ", "for x in ", " as ", "a", "self", "x.y.z", "VM()", "é", "😀", "\u{301}",
    "0", "1.5", "\"text\"", "{ a, b in ", "func f(a, label b: Int) {", "}\n}\n}", "((((", "]]]]",
  ]

  /// Returns a mutation of `bytes` no longer than `maxSize`; `mutateBytes`
  /// is libFuzzer's own byte mutator (`LLVMFuzzerMutate`), for bodies and
  /// for inputs that are not frames at all.
  public static func mutate(
    _ bytes: [UInt8], maxSize: Int, seed: UInt32, mutateBytes: ([UInt8], Int) -> [UInt8]
  ) -> [UInt8] {
    var random = SplitMix(state: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(bytes.count))
    var pieces = self.pieces(of: bytes)
    guard pieces.contains(where: { $0.message != nil }) else { return mutateBytes(bytes, maxSize) }
    var document = openDocument(in: pieces)
    let at = Int.random(in: 0...pieces.count, using: &random)
    switch Int.random(in: 0..<12, using: &random) {
    case 0, 1, 2:
      pieces.append(change(&document, using: &random, malformed: nil))
    case 3:
      pieces.append(change(&document, using: &random, malformed: Bool.random(using: &random) ? .inverted : .outOfRange))
    case 4, 5:
      pieces.insert(request(on: document, using: &random), at: at)
    case 6:
      // A whole-text change: what restores a document gone astray.
      let text = String(decoding: document.bytes, as: UTF8.self)
      pieces.append(Piece(message: .object([
        "jsonrpc": .string("2.0"), "method": .string("textDocument/didChange"),
        "params": .object([
          "textDocument": .object(["uri": .string(document.uri), "version": .int(document.version + 1)]),
          "contentChanges": .array([.object(["text": .string(text)])]),
        ]),
      ])))
    case 7, 8:
      guard !pieces.isEmpty else { break }
      let index = Int.random(in: 0..<pieces.count, using: &random)
      pieces[index].bytes = brokenFrame(pieces[index], using: &random)
    case 9:
      // A garbled body behind a right Content-Length: invalid JSON, a
      // field of the wrong type.
      let framed = pieces.indices.filter { pieces[$0].message != nil }
      guard let index = framed.randomElement(using: &random), let message = pieces[index].message else { break }
      let body = Array(message.serialized.utf8)
      pieces[index].bytes = frame(mutateBytes(body, max(body.count * 2, 64)))
    case 10:
      guard !pieces.isEmpty else { break }
      let index = Int.random(in: 0..<pieces.count, using: &random)
      if Bool.random(using: &random) { pieces.remove(at: index) } else { pieces.insert(pieces[index], at: at) }
    default:
      return mutateBytes(bytes, maxSize)
    }
    let result = pieces.flatMap(\.bytes)
    return result.count <= maxSize ? result : mutateBytes(bytes, maxSize)
  }

  // MARK: Reading an input

  /// The input as frames and the bytes between them.
  static func pieces(of bytes: [UInt8]) -> [Piece] {
    var pieces: [Piece] = []
    var rawStart = 0
    var index = 0
    while index < bytes.count {
      guard let (bodyStart, length) = wellFormedHeader(at: index, in: bytes), bodyStart + length <= bytes.count else {
        index += 1
        continue
      }
      if rawStart < index { pieces.append(Piece(bytes: Array(bytes[rawStart..<index]))) }
      let end = bodyStart + length
      pieces.append(Piece(bytes: Array(bytes[index..<end]), message: try? JSON.parse(Array(bytes[bodyStart..<end]))))
      index = end
      rawStart = end
    }
    if rawStart < bytes.count { pieces.append(Piece(bytes: Array(bytes[rawStart...]))) }
    return pieces
  }

  /// `Content-Length: N\r\n\r\n` at `index`: where the body starts, and N.
  private static func wellFormedHeader(at index: Int, in bytes: [UInt8]) -> (Int, Int)? {
    let name = Array("Content-Length: ".utf8)
    guard bytes.count - index > name.count + 4, bytes[index..<index + name.count].elementsEqual(name) else { return nil }
    var position = index + name.count
    var length = 0
    while position < bytes.count, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9"), length < 1 << 24 {
      length = length * 10 + Int(bytes[position] - UInt8(ascii: "0"))
      position += 1
    }
    guard position + 4 <= bytes.count, bytes[position..<position + 4].elementsEqual("\r\n\r\n".utf8) else { return nil }
    return (position + 4, length)
  }

  /// The last document the input opens, with the changes to it applied as
  /// the server applies them: what the mutations' positions are in.
  static func openDocument(in pieces: [Piece]) -> TextDocument {
    var document = TextDocument(uri: "file:///fuzz.bind", version: 1, text: "let a = 1\n")
    for message in pieces.compactMap(\.message) {
      let params = message["params"]
      switch message["method"]?.stringValue {
      case "textDocument/didOpen":
        if let uri = params?["textDocument"]?["uri"]?.stringValue, let text = params?["textDocument"]?["text"]?.stringValue {
          document = TextDocument(uri: uri, version: params?["textDocument"]?["version"]?.intValue ?? 1, text: text)
        }
      case "textDocument/didChange":
        guard params?["textDocument"]?["uri"]?.stringValue == document.uri else { continue }
        for change in params?["contentChanges"]?.arrayValue ?? [] {
          guard let text = change["text"]?.stringValue else { continue }
          let start = change["range"]?["start"].flatMap(position)
          let end = change["range"]?["end"].flatMap(position)
          let range = start.flatMap { start in end.map { (start, $0) } }
          if change["range"] != nil && range == nil { continue }
          document.apply(range: range, text: text, version: document.version + 1)
        }
      default: continue
      }
    }
    return document
  }

  private static func position(_ json: JSON) -> LSPPosition? {
    guard let line = json["line"]?.intValue, let character = json["character"]?.intValue else { return nil }
    return LSPPosition(line: line, character: character)
  }

  // MARK: New messages

  enum MalformedRange {
    case inverted, outOfRange
  }

  /// A `didChange` of `document` at a random place: typing a fragment,
  /// deleting a span, or pasting a span of its own text; with a range that
  /// ends before it starts or lies past the end when `malformed` says so.
  static func change(_ document: inout TextDocument, using random: inout SplitMix, malformed: MalformedRange?) -> Piece {
    let bytes = document.bytes
    var start = Int.random(in: 0...bytes.count, using: &random)
    var end = min(bytes.count, start + Int.random(in: 0...40, using: &random))
    // Whole characters only: a valid edit never splits one.
    while start > 0, start < bytes.count, bytes[start] & 0xC0 == 0x80 { start -= 1 }
    while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
    let text: String
    switch Int.random(in: 0..<4, using: &random) {
    case 0: text = ""
    case 1:
      let from = Int.random(in: 0...bytes.count, using: &random)
      text = String(decoding: bytes[from..<min(bytes.count, from + Int.random(in: 0...80, using: &random))], as: UTF8.self)
    default: text = fragments.randomElement(using: &random)!
    }
    var startPosition = document.position(of: start)
    var endPosition = document.position(of: end)
    switch malformed {
    case .inverted: swap(&startPosition, &endPosition)
    case .outOfRange:
      if Bool.random(using: &random) {
        endPosition = LSPPosition(line: document.lineCount + Int.random(in: 0...3, using: &random), character: 0)
      } else {
        startPosition.character += 1000
        endPosition = LSPPosition(line: endPosition.line, character: Int.random(in: -2...1_000_000, using: &random))
      }
    case nil: break
    }
    document.apply(range: (startPosition, endPosition), text: text, version: document.version + 1)
    return Piece(message: .object([
      "jsonrpc": .string("2.0"), "method": .string("textDocument/didChange"),
      "params": .object([
        "textDocument": .object(["uri": .string(document.uri), "version": .int(document.version)]),
        "contentChanges": .array([.object([
          "range": .object(["start": startPosition.json, "end": endPosition.json]), "text": .string(text),
        ])]),
      ]),
    ]))
  }

  static let requestMethods = [
    "textDocument/hover", "textDocument/completion", "textDocument/definition", "textDocument/documentSymbol",
    "textDocument/codeAction", "textDocument/formatting",
  ]

  /// A request an editor sends about `document`, at a random position
  /// (sometimes past the end, or a range turned around).
  static func request(on document: TextDocument, using random: inout SplitMix) -> Piece {
    func anyPosition() -> JSON {
      let offset = Int.random(in: 0...document.bytes.count, using: &random)
      var position = document.position(of: offset)
      if Int.random(in: 0..<8, using: &random) == 0 { position.character += Int.random(in: -5...500, using: &random) }
      return position.json
    }
    let method = requestMethods.randomElement(using: &random)!
    return Piece(message: .object([
      "jsonrpc": .string("2.0"), "id": .int(Int.random(in: 1000...9999, using: &random)), "method": .string(method),
      "params": .object([
        "textDocument": .object(["uri": .string(document.uri)]), "position": anyPosition(),
        "range": .object(["start": anyPosition(), "end": anyPosition()]),
        "context": .object(["diagnostics": .array([])]),
        "options": .object(["tabSize": .int(2), "insertSpaces": .bool(true)]),
      ]),
    ]))
  }

  /// The frame with its header broken as issue 33 lists: no
  /// `Content-Length`, two, a NUL, one shorter or longer than the body;
  /// or its body cut off.
  static func brokenFrame(_ piece: Piece, using random: inout SplitMix) -> [UInt8] {
    let body = piece.message.map { Array($0.serialized.utf8) } ?? piece.bytes
    let length = body.count
    let header: String
    switch Int.random(in: 0..<7, using: &random) {
    case 0: header = "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n"
    case 1: header = "Content-Length: \(length)\r\nContent-Length: \(length / 2)\r\n\r\n"
    case 2: header = "Content-Length: \(length)\u{0}\r\n\r\n"
    case 3: header = "Content-Length: \(max(0, length - Int.random(in: 1...20, using: &random)))\r\n\r\n"
    case 4: header = "Content-Length: \(length + Int.random(in: 1...200, using: &random))\r\n\r\n"
    case 5: header = "content-length:\(length)\n\n"
    default: return Array(frame(body).prefix(Int.random(in: 0...length, using: &random)))
    }
    return Array(header.utf8) + body
  }

  /// A small deterministic generator (SplitMix64), so a seed gives the same
  /// mutation again.
  struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }
}

extension LanguageServerFuzzHarness.Piece {
  init(bytes: [UInt8]) {
    self.init(bytes: bytes, message: nil)
  }

  init(message: JSON) {
    self.init(bytes: LanguageServerFuzzHarness.frame(Array(message.serialized.utf8)), message: message)
  }
}
