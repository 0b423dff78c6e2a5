import XCTest
@testable import BindSyntax

final class SourceFileTests: XCTestCase {
  func testLocationsAndLines() {
    let file = SourceFile(path: "a.bind", text: "ab\r\ncé😀d\n\nlast")
    XCTAssertEqual(file.lineCount, 4)
    XCTAssertEqual(file.lineText(1), "ab")
    XCTAssertEqual(file.lineText(2), "cé😀d")
    XCTAssertEqual(file.lineText(3), "")
    XCTAssertEqual(file.lineText(4), "last")
    XCTAssertEqual(file.lineText(9), "")
    XCTAssertEqual(file.location(at: 0), SourceLocation(offset: 0, line: 1, column: 1))
    XCTAssertEqual(file.location(at: 4), SourceLocation(offset: 4, line: 2, column: 1))
    XCTAssertEqual(file.location(at: 11), SourceLocation(offset: 11, line: 2, column: 4))
    XCTAssertEqual(file.location(at: 999).line, 4)
    XCTAssertEqual(file.text(in: file.range(from: 4, to: 12)), "cé😀d")
  }

  func testValidUTF8BytesAreAccepted() throws {
    let file = try SourceFile(path: nil, bytes: Array("é 😀 \u{10FFFF}".utf8))
    XCTAssertEqual(file.text, "é 😀 \u{10FFFF}")
  }

  func testInvalidUTF8Sequences() {
    let cases: [([UInt8], Int)] = [
      ([0x41, 0x80], 1),              // stray continuation byte
      ([0xC0, 0xAF], 0),              // overlong
      ([0xED, 0xA0, 0x80], 0),        // surrogate
      ([0xF4, 0x90, 0x80, 0x80], 0),  // past U+10FFFF
      ([0x41, 0xE2, 0x82], 1),        // truncated at the end
      ([0xE2, 0x41, 0x41], 0),        // truncated by ASCII
      ([0xFE], 0),
    ]
    for (bytes, offset) in cases {
      XCTAssertEqual(SourceFile.firstInvalidUTF8Offset(in: bytes), offset, "\(bytes)")
      XCTAssertThrowsError(try SourceFile(path: nil, bytes: bytes))
    }
  }

  func testSuggestions() {
    XCTAssertEqual(suggestion(for: "titel", among: ["text", "title", "isHidden"]), "title")
    XCTAssertEqual(suggestion(for: "txet", among: ["text", "title"]), "text")
    XCTAssertEqual(suggestion(for: "x", among: ["y", "zz"]), "y")
    XCTAssertNil(suggestion(for: "count", among: ["isEnabled", "title"]))
    XCTAssertNil(suggestion(for: "title", among: ["title", "titles"]))
    XCTAssertEqual(suggestion(for: "usernme", among: ["username", "password"]), "username")
    XCTAssertEqual(suggestion(for: "ab", among: ["ba", "ac"]), "ac")
    XCTAssertEqual(editDistance("kitten", "sitting"), 3)
    XCTAssertEqual(editDistance("ca", "ac"), 1)
    XCTAssertEqual(editDistance("", "abc"), 3)
  }
}
