import BindSyntax
import XCTest
@testable import BindFuzzHarness

/// Random token soup must never crash or hang the front end, and its
/// results must be self-consistent.
final class FuzzTests: XCTestCase {
  /// A small deterministic generator (SplitMix64), so failures reproduce.
  private struct Generator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  private let fragments = [
    "(", ")", "[", "]", "{", "}", "\"", "\\(", "\\", "\n", ";", "bind", "->", "<->", "a", ".",
    "?.", "1", "1.5", "1e", "+", "-", "!", "?", ":", "??", "if", "else", "observe", "{ a, b in",
    "type", "var", "x:", "Int", "=", "+=", "#", "#>", "emit", "on", "as", ",", "...", "..<", "é",
    "\t", " ", "func", "f(", "return", "import", "\"s\"", "initial", "99999999999999999999", "@",
    "while", "for", "in", "\r\n", "😀", "\u{301}",
  ]

  func testRandomInputIsHandled() {
    var generator = Generator(state: 42)
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
