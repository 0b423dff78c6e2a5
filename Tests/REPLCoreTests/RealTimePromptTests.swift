import BindLanguage
import LineEditor
import LineReading
import XCTest

@testable import REPLCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Timers that fire while the REPL waits at the prompt (`--real-time`):
/// the session's side of it, without a terminal.
final class RealTimePromptTests: XCTestCase {
  private var captured = CapturedConsole()

  private func session(realTime: Bool) -> REPLSession {
    var options = Interpreter.Options()
    options.realTime = realTime
    return REPLSession(options: options, console: captured.console)
  }

  /// Waits until `session` says a timer is due (at most a second).
  private func waitUntilDue(_ session: REPLSession) {
    for _ in 0..<1000 where session.timeUntilDueTimers != .zero { usleep(1000) }
  }

  func testDueTimersPrintAfterRoomIsMadeOnceAndStayOutOfTheTranscript() {
    let session = session(realTime: true)
    session.evaluate(#"after 5ms { print("one"); print("two") }"#)
    XCTAssertEqual(captured.output, "")
    var roomMade = 0
    session.runDueTimers { roomMade += 1 }
    XCTAssertEqual(roomMade, 0, "nothing was due yet, so nothing printed")
    waitUntilDue(session)
    session.runDueTimers {
      roomMade += 1
      XCTAssertEqual(self.captured.output, "", "room is made before the first line")
    }
    XCTAssertEqual(roomMade, 1)
    XCTAssertEqual(captured.output, "one\ntwo\n")
    XCTAssertEqual(session.recordedStatementCount, 1)
    XCTAssertNil(session.timeUntilDueTimers, "no timer is left")
  }

  func testTimeUntilDueFollowsTheNextTimer() throws {
    let session = session(realTime: true)
    XCTAssertNil(session.timeUntilDueTimers)
    session.evaluate(#"after 1min { print("late") }; after 10s { print("soon") }"#)
    let due = try XCTUnwrap(session.timeUntilDueTimers)
    XCTAssertTrue(due > .seconds(9) && due <= .seconds(10), "\(due)")
  }

  func testAnErrorInATimersBlockIsShownAfterRoomIsMade() {
    let session = session(realTime: true)
    session.evaluate("let numbers = [1]")
    session.evaluate("after 1ms { print(numbers[3]) }")
    waitUntilDue(session)
    var roomMade = 0
    session.runDueTimers { roomMade += 1 }
    XCTAssertEqual(roomMade, 1)
    XCTAssertTrue(captured.errors.hasPrefix("error: index 3 out of range"), captured.errors)
    XCTAssertTrue(captured.errors.contains("after 1ms { print(numbers[3]) }"), captured.errors)
    session.evaluate("1 + 1")
    XCTAssertTrue(captured.output.hasSuffix("2\n"))
  }

  func testEachRunHasAStepBudgetOfItsOwn() {
    var options = Interpreter.Options()
    options.realTime = true
    options.maxSteps = 8_000
    let session = REPLSession(options: options, console: captured.console)
    session.evaluate("var n = 0")
    // Each block takes more than half the budget: the second fits only in
    // a run of its own.
    session.evaluate("after 1ms { for i in 1...5000 { n += 1 } }; after 300ms { for i in 1...5000 { n += 1 } }")
    waitUntilDue(session)
    session.runDueTimers {}
    waitUntilDue(session)
    session.runDueTimers {}
    XCTAssertEqual(captured.errors, "")
    session.evaluate("n")
    XCTAssertTrue(captured.output.hasSuffix("10000\n"), captured.output)
  }

  func testWithVirtualTimeNothingFiresBetweenStatements() {
    let session = session(realTime: false)
    session.evaluate(#"after 0ms { print("fired") }"#)
    XCTAssertNil(session.timeUntilDueTimers)
    session.runDueTimers { XCTFail("nothing prints") }
    XCTAssertEqual(captured.output, "")
    session.evaluate("wait")
    XCTAssertEqual(captured.output, "fired\n")
  }

  func testTheLoopGivesTheReaderIdleWorkOnlyWithRealTime() {
    let virtual = IdleWorkReader()
    REPL(session: session(realTime: false), reader: virtual).run()
    XCTAssertNil(virtual.work)
    let real = IdleWorkReader()
    REPL(session: session(realTime: true), reader: real).run()
    XCTAssertNotNil(real.work)
  }
}

/// A reader that only keeps the idle work it is given.
private final class IdleWorkReader: LineReader {
  var work: IdleWork?
  func readLine(prompt: String) -> LineInput { .endOfFile }
  func addHistory(_ entry: String) {}
  func close() {}
  func setIdleWork(_ work: IdleWork?) { self.work = work }
}
