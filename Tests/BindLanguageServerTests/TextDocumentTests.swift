import XCTest

@testable import BindLanguageServer

/// UTF-16 positions against UTF-8 offsets, and incremental edits.
final class TextDocumentTests: XCTestCase {
  func testPositionsCountUTF16Units() {
    // "é" is 2 UTF-8 bytes and 1 UTF-16 unit; "😀" is 4 bytes and 2 units.
    let document = TextDocument(uri: "file:///t.bind", version: 1, text: "let é = \"😀x\"\nb")
    let x = Array(document.bytes).firstIndex(of: UInt8(ascii: "x"))!
    XCTAssertEqual(document.position(of: x), LSPPosition(line: 0, character: 11))
    XCTAssertEqual(document.offset(of: LSPPosition(line: 0, character: 11)), x)
    XCTAssertEqual(document.offset(of: LSPPosition(line: 1, character: 0)), document.bytes.count - 1)
    // Inside the surrogate pair: the start of the emoji.
    XCTAssertEqual(document.offset(of: LSPPosition(line: 0, character: 10)), x - 4)
    // Past the end of a line: its end; past the last line: the file's end.
    XCTAssertEqual(document.offset(of: LSPPosition(line: 0, character: 999)), x + 2)
    XCTAssertEqual(document.offset(of: LSPPosition(line: 9, character: 0)), document.bytes.count)
  }

  func testIncrementalEdits() {
    var document = TextDocument(uri: "file:///t.bind", version: 1, text: "let café = 1\nprint(café)\n")
    document.apply(range: (LSPPosition(line: 1, character: 6), LSPPosition(line: 1, character: 10)), text: "naïve", version: 2)
    XCTAssertEqual(String(decoding: document.bytes, as: UTF8.self), "let café = 1\nprint(naïve)\n")
    document.apply(range: (LSPPosition(line: 0, character: 0), LSPPosition(line: 1, character: 0)), text: "", version: 3)
    XCTAssertEqual(String(decoding: document.bytes, as: UTF8.self), "print(naïve)\n")
    document.apply(range: nil, text: "x", version: 4)
    XCTAssertEqual(String(decoding: document.bytes, as: UTF8.self), "x")
    XCTAssertEqual(document.version, 4)
  }

  func testInvertedAndOutOfRangeEditsAreClampedAsEditorsDo() {
    var document = TextDocument(uri: "file:///t.bind", version: 1, text: "let a = 1\nlet b = 2\n")
    // End before start: the range turned around, as an editor's model has it.
    document.apply(range: (LSPPosition(line: 1, character: 5), LSPPosition(line: 0, character: 4)), text: "x", version: 2)
    XCTAssertEqual(String(decoding: document.bytes, as: UTF8.self), "let x = 2\n")
    // Past the end of a line, past the last line, negative: clamped.
    document.apply(range: (LSPPosition(line: 0, character: 99), LSPPosition(line: 50, character: 3)), text: "!", version: 3)
    XCTAssertEqual(String(decoding: document.bytes, as: UTF8.self), "let x = 2!")
    document.apply(range: (LSPPosition(line: -4, character: -1), LSPPosition(line: 0, character: 3)), text: "var", version: 4)
    XCTAssertEqual(String(decoding: document.bytes, as: UTF8.self), "var x = 2!")
  }

  func testURIsAndPaths() {
    XCTAssertEqual(TextDocument.path(fromURI: "file:///a/b%20c.bind"), "/a/b c.bind")
    XCTAssertNil(TextDocument.path(fromURI: "untitled:1"))
    XCTAssertEqual(TextDocument.uri(fromPath: "/a/b c.bind"), "file:///a/b%20c.bind")
  }
}

final class JSONTests: XCTestCase {
  func testRoundTrip() throws {
    let text = #"{"a":[1,2.5,"x\n\u00e9\ud83d\ude00"],"b":{"c":null,"d":true}}"#
    let value = try JSON.parse(Array(text.utf8))
    XCTAssertEqual(value["a"]?.arrayValue?[2].stringValue, "x\né😀")
    XCTAssertEqual(try JSON.parse(Array(value.serialized.utf8)), value)
    XCTAssertEqual(JSON.int(3).serialized, "3")
  }

  func testBadInputIsAnErrorNeverACrash() {
    let inputs: [[UInt8]] = [
      Array("{".utf8), Array("[1,".utf8), Array("{\"a\" 1}".utf8), Array("\"\\x\"".utf8), Array("nul".utf8),
      Array("\"\u{01}\"".utf8), [0x22, 0xFF, 0xFE, 0x22], Array(repeating: UInt8(ascii: "["), count: 100_000), [],
      Array("1 2".utf8), Array("\"\\u12\"".utf8),
    ]
    for input in inputs {
      XCTAssertThrowsError(try JSON.parse(input), "\(input.prefix(10))")
    }
  }
}
