import XCTest
@testable import BindSyntax

final class LexerTests: XCTestCase {
  private func tokens(_ source: String) -> [Token] {
    Array(Lexer.tokenize(SourceFile(text: source)).tokens.dropLast())
  }

  private func lexErrors(_ source: String) -> [String] {
    Lexer.tokenize(SourceFile(text: source)).diagnostics.map { "\($0.range.start): \($0.message)" }
  }

  func testKeywordsAndIdentifiers() {
    XCTAssertEqual(kinds("let var type event bind observe initial as on emit dispose batch"),
                   [.let, .var, .type, .event, .bind, .observe, .initial, .as, .on, .emit, .dispose, .batch])
    XCTAssertEqual(kinds("if else for in while func return break continue import true false nil"),
                   [.if, .else, .for, .in, .while, .func, .return, .break, .continue, .import,
                    .true, .false, .nil])
    XCTAssertEqual(tokens("_x vm2 café naïve").map(\.text), ["_x", "vm2", "café", "naïve"])
    XCTAssertEqual(kinds("print assert self"), [.identifier, .identifier, .identifier])
  }

  func testNumbers() {
    let numbers = tokens("42 1_000 3.25 1e-3 1.5E+2 2e10")
    XCTAssertEqual(numbers.map(\.kind), [.integer, .integer, .double, .double, .double, .double])
    XCTAssertEqual(numbers.map(\.text), ["42", "1_000", "3.25", "1e-3", "1.5E+2", "2e10"])
    XCTAssertEqual(kinds("1...5 0..<n"), [.integer, .dotDotDot, .integer, .integer, .dotDotLess, .identifier])
    XCTAssertEqual(kinds("1.description"), [.integer, .dot, .identifier])
    // After a member's '.', only digits: tuple elements, not a fraction.
    XCTAssertEqual(tokens("t.0.1 0...1.5").map(\.text), ["t", ".", "0", ".", "1", "0", "...", "1.5"])
    XCTAssertEqual(lexErrors("x = 12abc"), ["1:7: invalid suffix 'abc' on numeric literal; a duration takes 'ms', 's', 'min' or 'h'"])
  }

  func testOperatorsTakeTheLongestMatch() {
    XCTAssertEqual(
      kinds("+ - * / % == != < <= > >= && || ! ? : ?? ?. . , -> <-> = += -= ... ..< ( ) [ ] { } ;"),
      [.plus, .minus, .star, .slash, .percent, .equalEqual, .bangEqual, .less, .lessEqual, .greater,
       .greaterEqual, .ampAmp, .pipePipe, .bang, .question, .colon, .questionQuestion, .questionDot,
       .dot, .comma, .arrow, .twoWayArrow, .equal, .plusEqual, .minusEqual, .dotDotDot, .dotDotLess,
       .leftParen, .rightParen, .leftBracket, .rightBracket, .leftBrace, .rightBrace, .semicolon])
    XCTAssertEqual(kinds("a<-b"), [.identifier, .less, .minus, .identifier])
    XCTAssertEqual(kinds("a?.b??c"), [.identifier, .questionDot, .identifier, .questionQuestion, .identifier])
  }

  func testStringEscapes() {
    let string = tokens(#""q\"b\\n\n\t\0\r\u{1F600}\u{E9}'\'""#)[0]
    XCTAssertEqual(string.kind, .string)
    XCTAssertEqual(string.value, "q\"b\\n\n\t\0\r😀é''")
    XCTAssertEqual(lexErrors(#"x = "a\qb""#), [#"1:7: invalid escape sequence '\q' in string literal"#])
    XCTAssertEqual(lexErrors(#""\u{110000}""#), [#"1:2: '\u{110000}' is not a valid Unicode scalar"#])
    XCTAssertEqual(lexErrors(#""\u{}""#), [#"1:2: expected 1 to 8 hexadecimal digits and '}' in '\u{...}' escape"#])
    XCTAssertEqual(lexErrors(#""\u41""#), [#"1:2: expected '{' after '\u' in string literal"#])
  }

  func testInterpolationSegments() {
    let parts = tokens(#""a \(b) c \(d("x)")) e""#)
    XCTAssertEqual(parts.map(\.kind), [
      .stringHead, .identifier, .stringMiddle, .identifier, .leftParen, .string, .rightParen,
      .stringTail,
    ])
    XCTAssertEqual(parts.map { $0.value ?? $0.text }, ["a ", "b", " c ", "d", "(", "x)", ")", " e"])
    XCTAssertEqual(parts[0].text, #""a \("#)
    XCTAssertEqual(parts[2].text, #") c \("#)
    XCTAssertEqual(parts[7].text, #") e""#)
  }

  func testNestedInterpolation() {
    let parts = tokens(#""x\("y\((1 + (2)))")z""#)
    XCTAssertEqual(parts.map(\.kind), [
      .stringHead, .stringHead, .leftParen, .integer, .plus, .leftParen, .integer, .rightParen,
      .rightParen, .stringTail, .stringTail,
    ])
    XCTAssertEqual(parts.last?.value, "z")
  }

  func testUnterminatedStrings() {
    XCTAssertEqual(lexErrors("x = \"abc\ny = 1"), ["1:5: unterminated string literal"])
    XCTAssertEqual(kinds("x = \"abc\ny"), [.identifier, .equal, .string, .newline, .identifier])
    XCTAssertEqual(lexErrors("x = \"a \\(b\ny = 1"), ["1:5: unterminated string literal"])
    XCTAssertEqual(kinds("\"a \\(b\ny"), [.stringHead, .identifier, .stringTail, .newline, .identifier])
    XCTAssertTrue(tokens("\"a \\(b\ny")[2].isRecovery)
    XCTAssertEqual(lexErrors("\"a \\(\"b \\(c"), ["1:1: unterminated string literal"])
    XCTAssertEqual(lexErrors("\"abc"), ["1:1: unterminated string literal"])
  }

  func testCommentsShebangAndExpectationLinesMakeNoTokens() {
    let source = """
      #!/usr/bin/env bindscript
      x = 1 # set x
        #> x: 1
      # done
      """
    XCTAssertEqual(kinds(source), [.identifier, .equal, .integer, .newline])
  }

  func testNewlinesEndStatementsOutsideParenthesesAndBrackets() {
    XCTAssertEqual(kinds("a\n\n\nb"), [.identifier, .newline, .identifier])
    XCTAssertEqual(kinds("f(a,\n b\n)"), [.identifier, .leftParen, .identifier, .comma, .identifier, .rightParen])
    XCTAssertEqual(kinds("[1\n,2]"), [.leftBracket, .integer, .comma, .integer, .rightBracket])
    XCTAssertEqual(kinds("{\na\nb\n}"), [.leftBrace, .newline, .identifier, .newline, .identifier, .newline, .rightBrace])
    XCTAssertEqual(kinds("f(\n{\na\n})"),
                   [.identifier, .leftParen, .leftBrace, .newline, .identifier, .newline, .rightBrace, .rightParen])
    XCTAssertEqual(kinds("a; b"), [.identifier, .semicolon, .identifier])
  }

  func testTrailingOperatorsContinueTheLine() {
    for op in ["+", "-", "*", "/", "%", "==", "!=", "<", "<=", ">", ">=", "&&", "||", "??", "...",
               "..<", "->", "<->", ",", "=", "+=", "-="] {
      XCTAssertEqual(kinds("a \(op)\n  # comment\n\n b").count, 3, op)
    }
    XCTAssertEqual(kinds("var x: String?\nb"), [.var, .identifier, .colon, .identifier, .question, .newline, .identifier])
  }

  func testEndsInsideStatement() {
    for source in ["f(", "[1,", "if x {", "a +", "bind a ->", "a <->", "x =", "f(a,\n", "{ a\n b"] {
      XCTAssertTrue(Lexer.tokenize(SourceFile(text: source)).endsInsideStatement, source)
    }
    for source in ["f()", "a + b", "x = 1\n", "\"abc", "a?", ""] {
      XCTAssertFalse(Lexer.tokenize(SourceFile(text: source)).endsInsideStatement, source)
    }
  }

  func testUnexpectedCharacters() {
    XCTAssertEqual(lexErrors("a @ b"), ["1:3: unexpected character '@'"])
    XCTAssertEqual(lexErrors("a & b"), ["1:3: unexpected character '&'; did you mean '&&'?"])
    XCTAssertEqual(lexErrors("x = 😀"), ["1:5: unexpected character '😀'"])
    XCTAssertEqual(lexErrors("x\u{7}"), ["1:2: unexpected character U+0007"])
  }

  func testLocationsCountCharactersAndLines() {
    let parts = tokens("é = \"ü😀\"\n\tb -> c\r\nd")
    XCTAssertEqual(parts.map { "\($0.range.start)" }, ["1:1", "1:3", "1:5", "1:9", "2:2", "2:4", "2:7", "2:9", "3:1"])
    XCTAssertEqual(parts[2].range.end.column, 9)
    XCTAssertEqual(parts[0].range.start.offset, 0)
    XCTAssertEqual(parts[1].range.start.offset, 3)
  }

  func testByteOrderMarkIsSkipped() {
    XCTAssertEqual(kinds("\u{FEFF}x"), [.identifier])
  }
}
