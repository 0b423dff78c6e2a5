import XCTest
@testable import BindSyntax

/// Parses `source` and returns its AST dump, failing the test on any
/// diagnostic.
func dump(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> String {
  let result = Parser.parse(source)
  if !result.diagnostics.isEmpty {
    let rendered = DiagnosticRenderer().render(result.diagnostics, in: result.file)
    XCTFail("unexpected diagnostics:\n\(rendered)", file: file, line: line)
  }
  return ASTDump.dump(result.statements)
}

/// The diagnostics of `source` as `line:column: message` strings.
func diagnostics(_ source: String) -> [String] {
  Parser.parse(source).diagnostics.map { "\($0.range.start): \($0.message)" }
}

/// The token kinds of `source`, without the final `eof`.
func kinds(_ source: String) -> [TokenKind] {
  Lexer.tokenize(SourceFile(text: source)).tokens.map(\.kind).dropLast()
}
