import XCTest
@testable import BindSyntax

final class DiagnosticRendererTests: XCTestCase {
  private func render(_ source: String, path: String? = "script.bind", color: Bool = false) -> String {
    let result = Parser.parse(source, path: path)
    return DiagnosticRenderer(useColor: color).render(result.diagnostics, in: result.file)
  }

  func testCaretAndTildesUnderTheRange() {
    XCTAssertEqual(render("x = 99999999999999999999"), """
      script.bind:1:5: error: integer literal '99999999999999999999' overflows Int
      x = 99999999999999999999
          ^~~~~~~~~~~~~~~~~~~~

      """)
  }

  func testTabsAreKeptSoTheCaretAligns() {
    XCTAssertEqual(render("if a {\n\t\tb = 1 2\n}"), """
      script.bind:2:9: error: expected newline or ';' after statement
      \t\tb = 1 2
      \t\t      ^

      """)
  }

  func testColumnsCountCharactersNotBytes() {
    XCTAssertEqual(render("let café = \"é😀\" @"), """
      script.bind:1:17: error: unexpected character '@'
      let café = "é😀" @
                      ^

      """)
  }

  /// A generated line of 100,000 characters shows 120 of them around the
  /// error, cut with '…', the caret still under the error.
  func testALongLineShowsTheWindowAroundTheError() throws {
    let source = "let x = [" + String(repeating: "1, ", count: 30_000) + "@" + String(repeating: ", 2", count: 3_000) + "]"
    let lines = render(source).split(separator: "\n", omittingEmptySubsequences: false)
    XCTAssertEqual(lines[0], "script.bind:1:90010: error: unexpected character '@'")
    XCTAssertTrue(lines[1].hasPrefix("…") && lines[1].hasSuffix("…"), String(lines[1]))
    XCTAssertEqual(lines[1].count, 122, "120 characters of the line and an ellipsis at each end")
    let caret = try XCTUnwrap(Array(lines[2]).firstIndex(of: "^"))
    XCTAssertEqual(Array(lines[1])[caret], "@")
    XCTAssertEqual(lines[2].trimmingCharacters(in: .whitespaces), "^")
  }

  func testALongLineCutOnlyWhereItGoesOn() {
    let source = String(repeating: "a", count: 200) + " @"
    let lines = render(source).split(separator: "\n")
    XCTAssertTrue(lines[1].hasPrefix("…") && !lines[1].hasSuffix("…"), String(lines[1]))
    XCTAssertTrue(lines[1].hasSuffix(" @"))
    XCTAssertEqual(lines[2].count, lines[1].count)
  }

  func testNotesShowTheirOwnLocation() {
    XCTAssertEqual(render("foo(1,\n  2\n"), """
      script.bind:2:4: error: expected ')' to close '(' at line 1
        2
         ^
      script.bind:1:4: note: to match this '('
      foo(1,
         ^

      """)
  }

  func testReplInputHasNoLocationPrefix() {
    XCTAssertEqual(render("bind a", path: nil), """
      error: expected '->' or '<->' after bind source
      bind a
            ^

      """)
    let result = Parser.parse("bind a", path: "x.bind")
    XCTAssertEqual(
      DiagnosticRenderer().render(result.diagnostics[0], in: result.file, includeLocation: false),
      "error: expected '->' or '<->' after bind source\nbind a\n      ^\n")
  }

  func testColorOnlyWhenAsked() {
    let colored = render("x = @", color: true)
    XCTAssertEqual(colored, """
      \u{1B}[1mscript.bind:1:5: \u{1B}[0m\u{1B}[1;31merror:\u{1B}[0m\u{1B}[1m unexpected character '@'\u{1B}[0m
      x = @
          \u{1B}[1;32m^\u{1B}[0m

      """)
    XCTAssertFalse(render("x = @").contains("\u{1B}"))
  }

  func testFixItIsPrintedUnderTheRange() {
    let file = SourceFile(path: "s.bind", text: "bind vm.titel -> label.text")
    let range = file.range(from: 8, to: 13)
    let diagnostic = Diagnostic.error(
      "no property 'titel' on ViewModel; did you mean 'title'?", at: range,
      fixIt: .init(range: range, replacement: "title"))
    XCTAssertEqual(DiagnosticRenderer().render(diagnostic, in: file), """
      s.bind:1:9: error: no property 'titel' on ViewModel; did you mean 'title'?
      bind vm.titel -> label.text
              ^~~~~
              title

      """)
  }

  func testWarningsNotesWithoutRangeAndMultiLineRanges() {
    let file = SourceFile(path: "s.bind", text: "bind (a +\n  b) -> c")
    let diagnostic = Diagnostic.warning(
      "binding never changes", at: file.range(from: 5, to: 15),
      notes: [Diagnostic.Note("constant expressions bind once")])
    XCTAssertEqual(DiagnosticRenderer().render(diagnostic, in: file), """
      s.bind:1:6: warning: binding never changes
      bind (a +
           ^~~~
      s.bind: note: constant expressions bind once

      """)
  }

  func testErrorAtTheEndOfInput() {
    XCTAssertEqual(render("x = "), """
      script.bind:1:4: error: expected expression after '='
      x = 
         ^

      """)
  }

  func testMarkerLine() {
    let file = SourceFile(text: "\tab")
    XCTAssertEqual(DiagnosticRenderer.markerLine(for: file.range(from: 1, to: 3), lineText: "\tab"), "\t^~")
    XCTAssertEqual(DiagnosticRenderer.markerLine(for: file.range(from: 3, to: 3), lineText: "\tab"), "\t  ^")
  }

  func testInvalidUTF8IsReportedWithItsLocation() {
    let bytes = Array("x = 1\ny = \"a".utf8) + [0xFF] + Array("\"\n".utf8)
    XCTAssertThrowsError(try SourceFile(path: "bad.bind", bytes: bytes)) { error in
      guard let invalid = error as? InvalidUTF8Error else { return XCTFail("\(error)") }
      XCTAssertEqual(DiagnosticRenderer().render(invalid.diagnostic, in: invalid.file), """
        bad.bind:2:7: error: file is not valid UTF-8: invalid byte 0xFF at offset 12
        y = "a\u{FFFD}"
              ^

        """)
    }
  }
}
