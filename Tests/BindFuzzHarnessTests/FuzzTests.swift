import BindSyntax
import XCTest
@testable import BindFuzzHarness

/// Random token soup must never crash or hang the front end, and its
/// results must be self-consistent.
final class FuzzTests: XCTestCase {
  private let fragments = [
    "(", ")", "[", "]", "{", "}", "\"", "\\(", "\\", "\n", ";", "bind", "->", "<->", "a", ".",
    "?.", "1", "1.5", "1e", "+", "-", "!", "?", ":", "??", "if", "else", "observe", "{ a, b in",
    "type", "var", "x:", "Int", "=", "+=", "#", "#>", "emit", "on", "as", ",", "...", "..<", "é",
    "\t", " ", "func", "f(", "return", "import", "\"s\"", "initial", "99999999999999999999", "@",
    "while", "for", "in", "\r\n", "😀", "\u{301}",
  ]

  func testRandomInputIsHandled() {
    // The harness's deterministic generator, so failures reproduce.
    var generator = LanguageServerFuzzHarness.SplitMix(state: 42)
    let renderer = DiagnosticRenderer(useColor: true)
    for _ in 0..<3_000 {
      let length = Int.random(in: 0...40, using: &generator)
      let source = (0..<length).map { _ in fragments.randomElement(using: &generator)! }.joined()
      let result = Parser.parse(source, path: "fuzz.bind")
      let byteCount = source.utf8.count
      for diagnostic in result.diagnostics {
        XCTAssertLessThanOrEqual(diagnostic.range.start.offset, byteCount, source)
        XCTAssertLessThanOrEqual(diagnostic.range.start.offset, diagnostic.range.end.offset, source)
      }
      if result.isIncomplete { XCTAssertTrue(result.hasErrors, source) }
      _ = renderer.render(result.diagnostics, in: result.file)
      _ = ASTDump.dump(result.statements)
      for statement in result.statements {
        _ = result.file.text(in: statement.range)
      }
    }
  }
}
