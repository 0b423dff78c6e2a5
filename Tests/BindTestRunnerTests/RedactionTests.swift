import BindPlatform
import BindSyntax
import XCTest
@testable import BindTestRunner

/// ` (glob)` lines, named redactions, and `--update` keeping both (issue 30,
/// "Matchers for unstable output").
final class RedactionTests: XCTestCase {
  private func run(_ text: String, inherited: Redactions = Redactions()) -> FileTestResult {
    ScriptTestRunner().run(TestScript(file: SourceFile(path: "r.bind", text: text), inherited: inherited))
  }

  private func updated(_ text: String) -> String {
    let script = TestScript(text: text, path: "u.bind")
    let result = ScriptTestRunner().run(script)
    return String(decoding: ExpectationUpdater.update(script, results: result.steps), as: UTF8.self)
  }

  // MARK: Globs

  func testGlobMatchesWholeLines() throws {
    let rows: [(glob: String, line: String, matches: Bool)] = [
      ("took * ms", "took 12 ms", true),
      ("took * ms", "took 12 ms!", false),
      ("Label#?", "Label#3", true),
      ("Label#?", "Label#12", false),
      ("*", "", true),
      ("a*b*c", "a--b--c", true),
      ("a*b*c", "a--c--b", false),
      (#"a\*b\?c\\"#, #"a*b?c\"#, true),
      (#"a\*b"#, "axb", false),
      ("[x]", "[x]", true),
      ("(re)", "(re)", true),
      (#"end\"#, #"end\"#, true),
    ]
    for row in rows {
      XCTAssertEqual(try LinePattern(glob: row.glob).matches(row.line), row.matches, "'\(row.glob)' against '\(row.line)'")
    }
  }

  func testGlobLinesInAScript() {
    let passing = run("print(\"took 12 ms\")\n#> took * ms (glob)\nprint(\"a*\")\n#> a\\* (glob)\n")
    XCTAssertEqual(passing.status, .passed, "\(passing.failures)")
    let failing = run("print(\"took 12 s\")\n#> took * ms (glob)\n")
    XCTAssertEqual(failing.failures.map(\.message), ["output differs"])
    XCTAssertEqual(failing.failures.first?.details.suffix(2), ["-took * ms (glob)", "+took 12 s"])
  }

  func testAGlobTooLongIsAFailureAtItsLine() {
    let result = run("print(1)\n#> \(String(repeating: "x", count: 100_001)) (glob)\n")
    XCTAssertEqual(result.failures.last?.kind, .pattern)
    XCTAssertEqual(result.failures.last?.line, 2)
    XCTAssertEqual(
      result.failures.last?.message,
      "bad ' (glob)' pattern: the glob is longer than 100000 characters; match part of the line with '*'")
  }

  // MARK: Finding matches

  func testSearchFindsTheLeftmostLongestMatch() throws {
    let rows: [(pattern: String, line: String, replaced: String?)] = [
      ("\\d+", "a 12 b 345", "a # b #"),
      ("abc|b", "xabc", "x#"),
      ("b|abc", "xabc", "x#"),
      ("ab|b", "ab", "#"),
      ("a+", "baaab", "b#b"),
      ("x", "abc", nil),
      ("^a", "aaa", "#aa"),
      ("a$", "aaa", "aa#"),
      ("\\bid\\b", "id idle id", "# idle #"),
      ("é+", "céé!", "c#!"),
    ]
    for row in rows {
      XCTAssertEqual(try LinePattern(row.pattern).replacingMatches(in: row.line, with: "#"), row.replaced, "'\(row.pattern)' in '\(row.line)'")
    }
  }

  func testAPathologicalLineStopsAtTheBudgetInsteadOfHanging() throws {
    // Each match of 'a' rescans to the end of the line for 'a.*z'.
    let line = String(repeating: "a", count: 20_000)
    let replaced = try XCTUnwrap(try LinePattern("a|a.*z").replacingMatches(in: line, with: "#", budget: 1_000_000))
    XCTAssertTrue(replaced.hasPrefix("###"))
    XCTAssertEqual(replaced.unicodeScalars.count, 20_000)
    XCTAssertLessThan(replaced.filter { $0 == "#" }.count, 100, "about 1,000,000 / (3 × 20,000) rescans")
    XCTAssertTrue(replaced.hasSuffix("aaa"), "the rest of the line past the budget is left as it was")
  }

  // MARK: Redactions

  func testScriptRedactionsReplaceMatchesBeforeComparing() {
    let text = """
      # redact <uuid>
      # redact <n> n=\\d+
      print("user 3F2504E0-4F89-11D3-9A0C-0305E82C3301 made, n=42")
      #> user <uuid> made, <n>
      print("no id here")
      #> no id here
      """
    let result = run(text)
    XCTAssertEqual(result.status, .passed, "\(result.failures)")
    XCTAssertEqual(result.steps.first?.actual, ["user <uuid> made, <n>"])
  }

  func testAFailureShowsTheRedactedLine() {
    let result = run("# redact <n> n=\\d+\nprint(\"n=1 of 2\")\n#> <n> of 3\n")
    XCTAssertEqual(result.failures.first?.details.suffix(2), ["-<n> of 3", "+<n> of 2"])
  }

  func testAFailureSaysWhichNameMatchedNothing() {
    let text = """
      # redact <id> ID-\\d+
      print("user X-7 at <b>")
      #> user <id> at <b> (<uuid>)
      print("ID-1")
      #> <id>
      """
    let failures = run(text).failures
    XCTAssertEqual(failures.map(\.line), [2])
    XCTAssertEqual(
      failures.first?.details.suffix(4),
      [
        "-user <id> at <b> (<uuid>)", "+user X-7 at <b>",
        "note: '<id>' stands for each match of 'ID-\\d+', and this statement's output has none",
        "note: '<uuid>' names no redaction this script has; declare it with a line '# redact <uuid> PATTERN' in the "
          + "script or '<uuid> PATTERN' in a .redactions file ('# redact <uuid>' alone: it is built in)",
      ], "'<b>' is in the output as it is: no note")
  }

  func testBadDeclarationsAreLocatedFailures() {
    let text = """
      # redact <id>
      # redact <x> (ab
      # redact <blank> a*
      # redact uuid
      print(1)
      #> 1
      """
    let failures = run(text).failures
    XCTAssertEqual(failures.map(\.line), [1, 2, 3, 4])
    XCTAssertEqual(failures.map(\.kind), [.pattern, .pattern, .pattern, .pattern])
    XCTAssertEqual(failures[0].message, "bad redaction: '<id>' is not built in, so it needs a pattern: '<id> PATTERN'; built in are <address>, <date>, <duration>, <uuid>")
    XCTAssertTrue(failures[1].message.hasPrefix("bad redaction: bad pattern for '<x>': "), failures[1].message)
    XCTAssertEqual(failures[2].message, "bad redaction: the pattern of '<blank>' matches empty text, so it would be put between every two characters; make it match at least one")
    XCTAssertEqual(failures[3].message, "bad redaction: a redaction is '<name> PATTERN', such as '<id> [0-9]+'; built in are <address>, <date>, <duration>, <uuid>")
  }

  func testALongNameIsRefusedSinceEveryMatchBecomesIt() {
    let failures = run("# redact <\(String(repeating: "n", count: 70))> b\nprint(\"\(String(repeating: "ab", count: 1000))\")\n").failures
    XCTAssertEqual(failures.map(\.line), [1])
    XCTAssertEqual(failures.first?.message, "bad redaction: a redaction's name is at most 64 characters; '<nnnnnnnnnnnnnnnnnnn…' is 72")
  }

  func testARunOfStarsInAGlobIsOneStar() throws {
    let glob = try LinePattern(glob: String(repeating: "*", count: 5_000) + "x")
    XCTAssertTrue(glob.matches(String(repeating: "ab", count: 100_000) + "x"))
    XCTAssertEqual(glob.program.count, try LinePattern(glob: "*x").program.count)
  }

  func testAPatternTooLargeForItsLineDoesNotMatchInsteadOfStalling() throws {
    let pattern = try LinePattern(String(repeating: "a?", count: 1_000) + ".*")
    XCTAssertTrue(pattern.matches(String(repeating: "a", count: 1_000)))
    XCTAssertFalse(pattern.matches(String(repeating: "a", count: 100_000)), "100,000 × 4,000 steps is past the bound")
  }

  func testADiffOfCostlyPatternsFallsBackInsteadOfStalling() {
    let expected = (1...300).map { ExpectedLine(line: $0, text: String(repeating: "a?", count: 200) + "b (re)") }
    let actual = Array(repeating: String(repeating: "a", count: 5_000), count: 300)
    let edits = UnifiedDiff.edits(expected: expected, actual: actual)
    XCTAssertEqual(edits.count, 600, "every line removed and added, without trying 90,000 costly pairs")
  }

  func testBuiltInPatterns() {
    let redactions = Redactions.declared(in: SourceFile(text: "# redact <uuid>\n# redact <date>\n# redact <address>\n# redact <duration>\n"))
    XCTAssertEqual(redactions.errors, [])
    XCTAssertEqual(
      redactions.apply(to: "id 3f2504e0-4f89-11d3-9a0c-0305e82c3301 at 2026-11-25 08:41:04 +0000 in 0x7ffe12 after 12ms and 1.5 seconds"),
      "id <uuid> at <date> in <address> after <duration> and <duration>")
    XCTAssertEqual(redactions.apply(to: "2026-11-25T08:41:04Z"), "<date>")
    XCTAssertEqual(redactions.apply(to: "v12ms 3 items"), "v12ms 3 items", "a duration is a whole word")
  }

  func testFolderRedactionsApplyToEveryScriptBelowThem() throws {
    let top = try FileSystem.makeTemporaryDirectory(prefix: "redactions")
    try FileSystem.write("", to: top + "/Package.swift")
    mkdir(top + "/Scripts", 0o755)
    mkdir(top + "/Scripts/login", 0o755)
    try FileSystem.write("# ids\n<id> id=\\d+\n\n<time> \\d\\d:\\d\\d\n", to: top + "/Scripts/.redactions")
    try FileSystem.write("<time> at \\d+h\n", to: top + "/Scripts/login/.redactions")
    let script = top + "/Scripts/login/a.bind"
    try FileSystem.write("print(\"id=7 at 9h, 10:30\")\n#> <id> <time>, 10:30\n", to: script)
    let result = ScriptTestRunner().run(path: script)
    XCTAssertEqual(result.status, .passed, "the nearer folder's <time> replaces the outer one: \(result.failures)")
    // Above the project's top, nothing is read.
    try FileSystem.write("<all> .+\n", to: top + "/../.redactions-not-read")
    XCTAssertEqual(Redactions.inherited(byScriptAt: top + "/Package.swift").redactions.map(\.name), [])
  }

  func testAnUnreadableFolderFileFailsWithItsPath() throws {
    let top = try FileSystem.makeTemporaryDirectory(prefix: "redactions")
    try FileSystem.write("", to: top + "/Package.swift")
    try FileSystem.write("<id>\n", to: top + "/.redactions")
    try FileSystem.write("print(1)\n#> 1\n", to: top + "/a.bind")
    let result = ScriptTestRunner().run(path: top + "/a.bind")
    XCTAssertEqual(result.failures.map(\.line), [nil])
    XCTAssertEqual(result.failures.first?.message.hasPrefix("bad redaction: \(top)/.redactions:1: '<id>' is not built in"), true)
  }

  // MARK: --update

  func testUpdateKeepsMatchersThatStillMatch() {
    let text = """
      # redact <n> n=\\d+
      print("took 12 ms"); print("n=3"); print("new"); print("Label#4")
      #> took * ms (glob)
      #> <n>
      #> Label#\\d (re)
      print("same")
      #> same
      """
    XCTAssertEqual(updated(text), """
      # redact <n> n=\\d+
      print("took 12 ms"); print("n=3"); print("new"); print("Label#4")
      #> took * ms (glob)
      #> <n>
      #> new
      #> Label#\\d (re)
      print("same")
      #> same
      """)
  }

  func testUpdateWritesRedactedOutput() {
    XCTAssertEqual(
      updated("# redact <n> n=\\d+\nprint(\"n=3 of 4\")\n#> stale\n"),
      "# redact <n> n=\\d+\nprint(\"n=3 of 4\")\n#> <n> of 4\n")
  }
}

/// `--review`'s proposals: one per failing statement, written in only when accepted.
final class ExpectationReviewTests: XCTestCase {
  func testProposalsAndAcceptingSome() {
    let script = TestScript(text: "print(1)\n#> 2\nprint(\"same\")\n#> same\nprint(3)\n#> 4\n", path: "r.bind")
    let result = ScriptTestRunner().run(script)
    let review = ExpectationReview(script: script, failedSteps: result.steps.filter { !$0.passed })
    XCTAssertEqual(review.proposals.map(\.step.firstLine), [1, 5])
    XCTAssertEqual(review.proposals.first?.diff, ["--- expected", "+++ actual", "@@ -1 +1 @@", "-2", "+1"])
    XCTAssertEqual(String(decoding: review.bytes(accepting: [1]), as: UTF8.self), "print(1)\n#> 2\nprint(\"same\")\n#> same\nprint(3)\n#> 3\n")
    XCTAssertEqual(review.bytes(accepting: []), script.file.bytes)
  }

  func testAScriptWithoutExpectationsHasNoProposals() {
    let script = TestScript(text: "assert(1 == 2)\n", path: "r.bind")
    let result = ScriptTestRunner().run(script)
    XCTAssertEqual(result.status, .failed)
    XCTAssertTrue(ExpectationReview(script: script, failedSteps: result.steps).proposals.isEmpty)
  }
}

/// `--strict`: a script that ends with work still to run fails, naming it.
final class StrictRunTests: XCTestCase {
  private func run(_ text: String, strict: Bool) -> FileTestResult {
    var runner = ScriptTestRunner()
    runner.strict = strict
    return runner.run(TestScript(text: text, path: "s.bind"))
  }

  func testPendingTimersFailOnlyUnderStrict() {
    let text = "let l = Label()\nafter 300ms { l.text = \"x\" }\nevery 1s as ticks { }\n"
    XCTAssertEqual(run(text, strict: false).status, .passed)
    let strict = run(text, strict: true)
    XCTAssertEqual(strict.failures.map(\.kind), [.pending])
    XCTAssertEqual(
      strict.failures.first?.message,
      "the script ends with 2 things still to run (--strict); 'wait' for them and state what they print, or dispose them")
    XCTAssertEqual(strict.failures.first?.details, ["after 300ms at s.bind:2:7: due at 300ms", "every 1s as ticks at s.bind:3:7: next at 1s"])
  }

  func testAnUnnamedRepeatingTimerIsNamedByWhereItWasMadeWithHowToDisposeIt() {
    let strict = run("var n = 0\nfor i in 1...2 { every 10ms { n += i } }\nwait 10ms\nn\n#> 3\n", strict: true)
    XCTAssertEqual(strict.failures.map(\.kind), [.pending])
    XCTAssertEqual(
      strict.failures.first?.message,
      "the script ends with 2 things still to run (--strict); 'wait' for them and state what they print, or dispose them; "
        + "an 'every' timer runs until disposed: name it ('every 1s as ticker { … }', then 'dispose ticker') "
        + "or keep it ('let ticker = every 1s { … }', then 'ticker.dispose()')")
    XCTAssertEqual(strict.failures.first?.details, ["every 10ms at s.bind:2:24: next at 20ms", "every 10ms at s.bind:2:24: next at 20ms"])
    XCTAssertEqual(
      run("var ts = []\nfor i in 1...2 { let t = every 10ms { }; ts.append(t) }\nfor t in ts { t.dispose() }\n", strict: true).status,
      .passed, "kept and disposed, as the message says")
  }

  func testASettledScriptPassesUnderStrict() {
    XCTAssertEqual(run("let l = Label()\nafter 300ms { l.text = \"x\" }\nevery 1s as ticks { }\nwait 300ms\ndispose ticks\n", strict: true).status, .passed)
  }
}
