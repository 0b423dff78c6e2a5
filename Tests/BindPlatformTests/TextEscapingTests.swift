import XCTest
@testable import BindPlatform

/// Each output format's escaping, one row per character class it treats
/// specially, plus text it must leave alone.
final class TextEscapingTests: XCTestCase {
  private struct Row {
    let rule: TextEscaping
    let name: String
    let input: String
    let expected: String
  }

  private let rows: [Row] = [
    Row(rule: .stringLiteral, name: "literal", input: "say \"hi\"\\", expected: "say \\\"hi\\\"\\\\"),
    Row(rule: .stringLiteral, name: "literal", input: "a\nb\tc\rd\0e\u{1}f\u{7F}", expected: "a\\nb\\tc\\rd\\0e\\u{1}f\\u{7f}"),
    Row(rule: .stringLiteral, name: "literal", input: "café ☕ 👩‍💻", expected: "café ☕ 👩‍💻"),
    Row(rule: .singleLine, name: "single line", input: "a\\b\nc\r\n\td", expected: "a\\\\b\\nc\\r\\n\td"),
    Row(rule: .tabSeparatedField, name: "field", input: "a\tb\\c\nd", expected: "a\\tb\\\\c\\nd"),
    Row(rule: .dotString, name: "dot", input: "x = \"a\\b\"", expected: "x = \\\"a\\\\b\\\""),
    Row(rule: .dotString, name: "dot", input: "a\nb\r\n\tc & d\u{1}é", expected: "a\\nb\\n c &amp; d\u{FFFD}é"),
    Row(rule: .xmlAttribute, name: "xml attribute", input: "<a & 'b'> \"c\"", expected: "&lt;a &amp; &apos;b&apos;&gt; &quot;c&quot;"),
    Row(rule: .xmlAttribute, name: "xml attribute", input: "a\u{1}b\nc\td\re", expected: "a\u{FFFD}b&#10;c&#9;d&#13;e"),
    Row(rule: .xmlText, name: "xml text", input: "x < 1\nnext\u{FFFF}", expected: "x &lt; 1\nnext\u{FFFD}"),
    Row(rule: .tapDescription, name: "tap", input: "a # b\\c\nd\re", expected: "a \\# b\\\\c d e"),
    Row(rule: .yamlDoubleQuoted, name: "yaml", input: "\"a\\b\"\n\t\r\u{1B}\u{7F}", expected: "\\\"a\\\\b\\\"\\n\\t\\r\\x1b\\x7f"),
  ]

  func testEachFormatEscapesWhatItCannotHold() {
    for row in rows {
      XCTAssertEqual(row.rule.escape(row.input), row.expected, "\(row.name): \(String(reflecting: row.input))")
    }
  }

  func testEmptyAndPlainTextPassThrough() {
    for rule in [TextEscaping.stringLiteral, .singleLine, .tabSeparatedField, .dotString, .xmlText, .xmlAttribute, .tapDescription, .yamlDoubleQuoted] {
      XCTAssertEqual(rule.escape(""), "")
      XCTAssertEqual(rule.escape("plain text 123"), "plain text 123")
    }
  }
}
