import BindSyntax
import XCTest
@testable import BindTestRunner

/// ` (re)` patterns (issue 34): Python's `re` syntax without backtracking,
/// so no pattern can make a line take more than time proportional to it.
final class LinePatternTests: XCTestCase {
  private func pattern(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> LinePattern? {
    do {
      return try LinePattern(source)
    } catch {
      XCTFail("'\(source)' should compile: \(error.message)", file: file, line: line)
      return nil
    }
  }

  func testWholeLineMatches() {
    let rows: [(pattern: String, line: String, matches: Bool)] = [
      ("took \\d+ ms", "took 12 ms", true),
      ("took \\d+ ms", "took 12 ms!", false),
      ("took \\d+ ms", "it took 12 ms", false),
      ("Label#[0-9]+", "Label#12", true),
      ("a|b", "ab", false),
      ("a|bc", "bc", true),
      ("(ab)*", "", true),
      ("(ab)*", "abab", true),
      ("(ab)*", "aba", false),
      ("(?:ab)+c?", "ababc", true),
      ("(?P<word>\\w+) \\W", "héllo_1 !", true),
      ("x{3}", "xxx", true),
      ("x{3}", "xx", false),
      ("x{2,}", "xxxxx", true),
      ("x{,2}", "xxx", false),
      ("x{1,2}?y", "xxy", true),
      ("a{b}", "a{b}", true),
      ("a{,}", "aaa", true),
      ("[^,]+, [a-c\\d-]+", "x, b-3", true),
      ("[]x]+", "]x]", true),
      ("[a-]", "-", true),
      ("\\[\\.\\]", "[.]", true),
      ("\\x41\\u00e9\\t\\0", "Aé\t\u{0}", true),
      ("\\101", "A", true),
      (".", "\n", false),
      ("\\s\\S\\D", " x_", true),
      ("^ab$", "ab", true),
      ("a^b", "ab", false),
      ("\\bcat\\b.*", "cat s", true),
      ("\\Bat.*", "at", false),
      ("(a*)*", "aaa", true),
      ("()*x", "x", true),
      ("error: .*(cycle|loop).*", "error: binding cycle: a -> b", true),
    ]
    for row in rows {
      XCTAssertEqual(pattern(row.pattern)?.matches(row.line), row.matches, "'\(row.pattern)' against '\(row.line)'")
    }
  }

  /// Patterns a backtracking engine takes exponential time on get the
  /// right answer; only the answer is asserted, not how long it took.
  func testPatternsThatMakeBacktrackingExplode() {
    let twentyFourAs = String(repeating: "a", count: 24)
    XCTAssertEqual(pattern("(a+)+b")?.matches(twentyFourAs), false)
    XCTAssertEqual(pattern("(a+)+b")?.matches(twentyFourAs + "b"), true)
    XCTAssertEqual(pattern("(a|aa)*c")?.matches(String(repeating: "a", count: 60)), false)
    XCTAssertEqual(pattern("(.*a){25}")?.matches(String(repeating: "a", count: 30)), true)
    XCTAssertEqual(pattern("(.*a){25}")?.matches(String(repeating: "a", count: 24)), false)
    // Russ Cox's a?ⁿaⁿ, slow for backtracking even where it matches.
    XCTAssertEqual(pattern("(a?){30}a{30}")?.matches(String(repeating: "a", count: 30)), true)
    XCTAssertEqual(pattern("(x+x+)+y")?.matches(String(repeating: "x", count: 5_000)), false)
  }

  /// Table of errors: the message names the construct and the fix, the
  /// offset points at it.
  func testUnsupportedAndInvalidPatternsAreLocatedErrors() {
    let rows: [(pattern: String, message: String, offset: Int)] = [
      ("(ab)\\1", "the backreference '\\1' is not supported: ' (re)' patterns are matched without backtracking", 4),
      ("(?P<x>a)(?P=x)", "the backreference '(?P=' is not supported", 8),
      ("a(?=b)b", "the lookaround '(?=' is not supported", 1),
      ("(?<!a)b", "the lookaround '(?<!' is not supported", 0),
      ("(?(1)a|b)", "the conditional group '(?(' is not supported", 0),
      ("(?i)abc", "'(?i' is not supported in ' (re)' patterns (inline flags included)", 0),
      ("(?P<>a)", "a named group needs a name and '>'", 0),
      ("x(ab", "'(' is never closed; add ')', or write '\\(' to match a '('", 1),
      ("ab)", "unbalanced ')'; write '\\)' to match a ')'", 2),
      ("a[bc", "'[' is never closed", 1),
      ("[z-a]", "the character range 'z-a' is out of order; write 'a-z'", 1),
      ("[\\d-z]", "bad character range '\\d-z'", 1),
      ("*a", "nothing to repeat before '*'; write '\\*' to match a '*'", 0),
      ("{2}", "nothing to repeat before '{2}'", 0),
      ("^*", "nothing to repeat before '*': '^' matches a position, not text", 1),
      ("a**", "'*' after the repetition '*' is not supported; put the repeated part in a group", 2),
      ("a{3,2}", "the repetition '{3,2}' has its minimum above its maximum; write '{2,3}'", 1),
      ("a\\q", "unknown escape '\\q'", 1),
      ("a\\", "the pattern ends in a lone '\\'", 1),
      ("\\x4", "the escape '\\x' needs 2 hex digits, as in '\\x41'", 0),
      ("\\N{DASH}", "named characters '\\N{…}' are not supported", 0),
      ("((a{100}){100}){100}", "the pattern expands to more than 100000 steps", 0),
      ("a{99999999999999999999}", "the pattern expands to more than 100000 steps", 0),
      (String(repeating: "(", count: 101) + String(repeating: ")", count: 101), "groups nest more than 100 deep", 100),
      (String(repeating: "(", count: 100_000), "groups nest more than 100 deep", 100),
    ]
    for row in rows {
      do {
        _ = try LinePattern(row.pattern)
        XCTFail("'\(row.pattern)' should not compile")
      } catch {
        XCTAssertTrue(error.message.hasPrefix(row.message), "'\(row.pattern)': \(error.message)")
        XCTAssertEqual(error.offset, row.offset, "'\(row.pattern)': \(error.message)")
      }
    }
  }

  func testExpectedLineCompilesItsPatternOnce() {
    var line = ExpectedLine(line: 3, text: "(a+)+b (re)")
    XCTAssertNil(line.patternError)
    XCTAssertFalse(line.matches(String(repeating: "a", count: 24)))
    line.text = "(a)\\1 (re)"
    XCTAssertEqual(line.patternError?.offset, 3, "changing the text compiles the new pattern")
    XCTAssertFalse(line.matches("aa"))
    XCTAssertTrue(line.matches("(a)\\1 (re)"), "a broken pattern still matches its own text")
    XCTAssertEqual(line, ExpectedLine(line: 3, text: "(a)\\1 (re)"))
    XCTAssertNil(ExpectedLine(line: 1, text: "(a)\\1").patternError, "a plain line is no pattern")
  }

  // MARK: In a test script

  func testPathologicalPatternFailsOnlyAsOutputDiffers() {
    let result = ScriptTestRunner().run(TestScript(text: """
      print("\(String(repeating: "a", count: 24))")
      #> (a+)+b (re)
      print("\(String(repeating: "a", count: 30))")
      #> (a?){30}a{30} (re)
      """, path: "t.bind"))
    XCTAssertEqual(result.failures.map(\.kind), [.output])
    XCTAssertEqual(result.failures.map(\.line), [1])
    XCTAssertEqual(result.steps.map(\.passed), [false, true])
  }

  func testUnsupportedPatternFailsItsFileAtItsLine() {
    let result = ScriptTestRunner().run(TestScript(text: """
      print("abab")
        #> (ab)\\1 (re)
      print("ab")
      #> ab (re)
      """, path: "t.bind"))
    XCTAssertEqual(result.status, .failed)
    let failure = result.failures.last
    XCTAssertEqual(failure?.kind, .pattern)
    XCTAssertEqual(failure?.line, 2)
    XCTAssertEqual(
      failure?.message,
      "bad ' (re)' pattern: the backreference '\\1' is not supported: ' (re)' patterns are matched without backtracking, "
        + "in time proportional to the line; write out the text it repeats")
    XCTAssertEqual(failure?.details, ["| #> (ab)\\1 (re)", "| " + String(repeating: " ", count: 7) + "^"])
    XCTAssertEqual(result.failures.map(\.kind), [.output, .pattern], "the step's own diff comes first")
  }

  func testBrokenPatternFailsEvenWhenItsTextMatches() {
    let result = ScriptTestRunner().run(TestScript(text: "print(\"a( (re)\")\n#> a( (re)\n", path: "t.bind"))
    XCTAssertEqual(result.steps.map(\.passed), [true])
    XCTAssertEqual(result.failures.map(\.kind), [.pattern])
  }
}
