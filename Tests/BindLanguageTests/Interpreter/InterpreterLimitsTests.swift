import BindPlatform
import BindSyntax
import XCTest
@testable import BindLanguage

/// The safety limits (issue 3, "Safety limits"): a step limit, a call depth
/// limit, the parser's nesting limit as the interpreter sees it, and
/// interruption. Each gives an error with a location and leaves the
/// session usable.
final class InterpreterLimitsTests: XCTestCase {
  private func options(maxSteps: Int = 100_000_000, maxCallDepth: Int = 400) -> Interpreter.Options {
    var options = Interpreter.Options()
    options.maxSteps = maxSteps
    options.maxCallDepth = maxCallDepth
    return options
  }

  func testDefaults() {
    let defaults = Interpreter.Options()
    XCTAssertEqual(defaults.maxSteps, 100_000_000)
    XCTAssertEqual(defaults.maxCallDepth, 20_000)
  }

  func testStepLimitStopsEndlessLoopsWithALocation() {
    let session = TranscriptSession(options: options(maxSteps: 5_000))
    session.showsLocations = true
    XCTAssertEqual(
      session.run(
        """
        var n = 0
        while true { n += 1 }
        n > 5000
        for i in 1...1000000000 { }
        var loops = 0
        func spin() { while true { loops += 1 } }
          spin()
        """),
      [
        "error: 2:1: step limit of 5000 exceeded; the loop may never end (raise the limit with --max-steps)",
        "true",
        "error: 4:1: step limit of 5000 exceeded; the loop may never end (raise the limit with --max-steps)",
        "error: 6:15: step limit of 5000 exceeded; the loop may never end (raise the limit with --max-steps)",
      ])
    // The session goes on, with the state the loops left.
    XCTAssertEqual(session.run("print(n > 5000, loops > 4000)\nn = 0\nn"), ["true true", "0"])
  }

  func testStepLimitCountsEachTopLevelStatementSeparately() {
    XCTAssertEqual(
      transcript(
        """
        var total = 0
        for i in 1...3000 { total += 1 }
        for i in 1...3000 { total += 1 }
        for i in 1...3000 { total += 1 }
        total
        """, options: options(maxSteps: 5_000)),
      ["9000"])
  }

  func testStepLimitCountsCalls() {
    XCTAssertEqual(
      transcript(
        """
        func down(n) { if n == 0 { return 0 }; return down(n - 1) }
        down(100)
        func each() { }
        for i in 1...3000 { each() }
        """, options: options(maxSteps: 5_000, maxCallDepth: 1_000)),
      [
        "0",
        "error: step limit of 5000 exceeded; the loop may never end (raise the limit with --max-steps)",
      ])
  }

  func testCallDepthLimit() {
    let session = TranscriptSession(options: options(maxCallDepth: 50))
    session.showsLocations = true
    XCTAssertEqual(
      session.run(
        """
        func depth(n) { if n == 0 { return 0 }; return 1 + depth(n - 1) }
        depth(49)
        depth(50)
        func forever(n) { return forever(n + 1) }
        forever(0)
        depth(10)
        """),
      [
        "49",
        "error: 1:52: call depth limit of 50 exceeded; is a function calling itself without end?",
        "error: 4:26: call depth limit of 50 exceeded; is a function calling itself without end?",
        "10",
      ])
  }

  func testDeepRecursionOnASmallStackEndsInAnErrorNotAnOverflow() {
    // The test's own (main thread, 8 MiB) stack: the stack check, not the
    // call count, stops the recursion, and the session goes on.
    let output = transcript(
      """
      func depth(n) { if n == 0 { return 0 }; return 1 + depth(n - 1) }
      depth(399)
      func forever(n) { return forever(n + 1) }
      forever(0)
      depth(3)
      """)
    XCTAssertEqual(output.count, 3, "\(output)")
    XCTAssertEqual(output.first, "399")
    XCTAssertTrue(
      output[1].hasPrefix("error: out of stack space after ") && output[1].hasSuffix(" nested calls; is a function calling itself without end?"),
      output[1])
    XCTAssertEqual(output.last, "3")
  }

  func testADeepChainOfDerivedPropertiesOnASmallStackEndsInAnErrorNotAnOverflow() {
    // Reading the end of the chain evaluates every link first, one nested
    // evaluation each, with no function call in between to check the stack:
    // the derived property checks it itself.
    let output = transcript(
      """
      type Cell { var prev: Cell? = nil; var v: Int { (prev?.v ?? 0) + 1 } }
      var last = Cell()
      for i in 0..<8000 { let next = Cell(); next.prev = last; last = next }
      last.v
      Cell().v
      """)
    XCTAssertEqual(output.count, 2, "\(output)")
    XCTAssertTrue(
      output[0].hasPrefix("error: ")
        && output[0].contains("out of stack space evaluating derived property 'v' of Cell")
        && output[0].hasSuffix("read a link nearer its start first, or shorten the chain"),
      output[0])
    XCTAssertEqual(output.last, "1")
  }

  func testDeepRecursionThroughAClosureOnASmallStackEndsInAnErrorNotAnOverflow() {
    // As above, through a closure and through a closure per element of
    // `map`: the closure call paths check the stack too.
    let output = transcript(
      """
      var down = { (n: Int) -> Int in 0 }
      down = { n in n == 0 ? 0 : 1 + down(n - 1) }
      down(1000000)
      var nest = { (n: Int) -> [Int] in [] }
      nest = { n in [n].map { nest($0 + 1).count } }
      nest(0)
      down(3)
      """)
    XCTAssertEqual(output.count, 3, "\(output)")
    for line in output.prefix(2) {
      XCTAssertTrue(
        line.hasPrefix("error: out of stack space after ") && line.hasSuffix(" nested calls; is a closure calling itself without end?"),
        line)
    }
    XCTAssertEqual(output.last, "3")
  }

  /// Issue 15, item 6: 10,000 nested script calls run on the command's
  /// stack, the call-count limit (20,000) ends a runaway recursion, and calls
  /// that each nest an expression near the parser's limit end in the stack
  /// check's error instead of overflowing.
  func testTenThousandCallsFitAndDeeperRecursionEndsInAnError() {
    // The recursive call innermost: every call's 240-level expression is
    // on the stack while the next call runs (issue 15's 300 × 240 case,
    // which used to overflow, now fits).
    let nested = String(repeating: "(1 + ", count: 120) + "wide(n - 1)" + String(repeating: ")", count: 120)
    let output = LargeStack.run(stackSize: LargeStack.interpreterSize) {
      locatedTranscript(
        """
        func depth(n) { if n == 0 { return 0 }; return 1 + depth(n - 1) }
        depth(10000)
        depth(1000000)
        func wide(n) { if n == 0 { return 0 }; return \(nested) }
        wide(300)
        wide(100000)
        func negated(n) { if n == 0 { return 0 }; return \(String(repeating: "-", count: 250))negated(n - 1) }
        negated(100000)
        depth(3)
        """, options: { var options = Interpreter.Options(); options.maxSteps = 1 << 40; return options }())
    }
    XCTAssertEqual(output.count, 6, "\(output)")
    XCTAssertEqual(output[0], "10000")
    XCTAssertEqual(output[1], "error: 1:52: call depth limit of 20000 exceeded; is a function calling itself without end?")
    XCTAssertEqual(output[2], "36000")
    for line in [output[3], output[4]] {
      XCTAssertTrue(line.hasPrefix("error: ") && line.contains(": out of stack space after "), line)
    }
    XCTAssertEqual(output[5], "3")
  }

  func testHandlersThatTriggerEachOtherAreStopped() {
    assertTranscript(
      """
      let button = Button()
      on button.tap as echo { emit button.tap }
      emit button.tap
      dispose echo
      on button.tap { print("tap") }
      emit button.tap
      """,
      [
        "error: observer feedback loop: observers that write triggered each other 200 levels deep",
        "tap",
      ])
  }

  func testNestingJustBelowTheParserLimitRuns() {
    let depth = 250
    let parens = String(repeating: "(", count: depth) + "1" + String(repeating: ")", count: depth)
    let negations = String(repeating: "- ", count: 200) + "1"
    let sum = "1" + String(repeating: " + 1", count: 250)
    let blocks = String(repeating: "if true { ", count: 200) + "print(\"deep\")" + String(repeating: " }", count: 200)
    let arrays = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
    let member = "s" + String(repeating: ".uppercased()", count: 100) + ".count"
    assertTranscript(
      """
      \(parens)
      \(negations)
      \(sum)
      \(blocks)
      let s = "ab"
      \(member)
      \(arrays).count
      """,
      ["1", "1", "251", "deep", "2", "1"])
  }

  func testNestingBeyondTheLimitIsAnErrorThatDoesNotStopTheRest() {
    let parens = String(repeating: "(", count: 300) + "1" + String(repeating: ")", count: 300)
    XCTAssertEqual(
      locatedTranscript("print(\"before\")\n\(parens)\nprint(\"after\")\n"),
      ["before", "error: 2:257: expression nested too deeply (limit 256)", "after"])
  }

  func testHundredThousandLevelsDoNotCrash() {
    let count = 100_000
    let sources = [
      String(repeating: "(", count: count) + "1" + String(repeating: ")", count: count),
      String(repeating: "if true { ", count: count) + String(repeating: "}", count: count),
      "x = " + String(repeating: "-", count: count) + "1",
      "let s = " + String(repeating: "\"\\(", count: count) + "1" + String(repeating: ")\"", count: count),
    ]
    for source in sources {
      let output = transcript(source + "\nprint(\"still running\")\n")
      XCTAssertEqual(output.first, "error: expression nested too deeply (limit 256)", "\(source.prefix(20))")
      XCTAssertEqual(output.last, "still running")
    }
  }

  func testInterruptStopsARunningStatement() {
    let session = TranscriptSession()
    var polls = 0
    session.interpreter.interruptRequested = {
      polls += 1
      return polls >= 3
    }
    session.showsLocations = true
    XCTAssertEqual(session.run("var n = 0\nwhile true { n += 1 }"), ["error: 2:1: interrupted"])
    XCTAssertEqual(polls, 3)
    session.interpreter.interruptRequested = nil
    XCTAssertEqual(session.run("n >= 2048"), ["true"])
  }

  func testIntegerLiteralLimits() {
    assertTranscript(
      """
      9223372036854775807
      -9223372036854775808
      let x = 9223372036854775808
      """,
      ["9223372036854775807", "-9223372036854775808", "error: integer literal '9223372036854775808' overflows Int"])
  }

  func testLargeRangesAreNotBuiltAsArrays() {
    assertTranscript(
      """
      let r = 0..<100000000
      var n = 0
      for i in 0..<100000 { n += 1 }
      n
      """,
      [
        "error: range 0..<100000000 is too large to build; loop over it with 'for' instead",
        "100000",
      ])
  }
}
