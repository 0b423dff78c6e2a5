import Foundation
import LineReading
import XCTest

@testable import LineEditor

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

final class LineReaderTests: XCTestCase {
  /// A pipe whose write end is fed `text` and, if `closing`, closed.
  private func makePipe(_ text: String, closing: Bool = true) -> (read: Int32, write: Int32) {
    var fds: [Int32] = [0, 0]
    XCTAssertEqual(pipe(&fds), 0)
    let bytes = Array(text.utf8)
    XCTAssertEqual(write(fds[1], bytes, bytes.count), bytes.count)
    if closing { _ = close(fds[1]) }
    return (fds[0], fds[1])
  }

  func testPlainReaderReadsLinesFromAPipe() {
    let fds = makePipe("let x = 1\r\nprint(\"héllo wörld ✓\")\n\nlast without newline")
    defer { _ = close(fds.read) }
    let reader = PlainLineReader(fileDescriptor: fds.read)
    XCTAssertEqual(reader.readLine(prompt: "> "), .line("let x = 1"))
    XCTAssertEqual(reader.readLine(prompt: "> "), .line("print(\"héllo wörld ✓\")"))
    XCTAssertEqual(reader.readLine(prompt: "> "), .line(""))
    XCTAssertEqual(reader.readLine(prompt: "> "), .line("last without newline"))
    XCTAssertEqual(reader.readLine(prompt: "> "), .endOfFile)
    XCTAssertEqual(reader.readLine(prompt: "> "), .endOfFile)
  }

  func testPlainReaderHandlesLongLinesAndInvalidUTF8() {
    let long = String(repeating: "x", count: 10_000)
    var fds: [Int32] = [0, 0]
    XCTAssertEqual(pipe(&fds), 0)
    let bytes = Array((long + "\n").utf8) + [0x61, 0xFF, 0x62, 0x0A]
    let writeEnd = fds[1]
    DispatchQueue.global().async {
      _ = bytes.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
      _ = close(writeEnd)
    }
    defer { _ = close(fds[0]) }
    let reader = PlainLineReader(fileDescriptor: fds[0])
    XCTAssertEqual(reader.readLine(prompt: ""), .line(long))
    XCTAssertEqual(reader.readLine(prompt: ""), .line("a\u{FFFD}b"))
    XCTAssertEqual(reader.readLine(prompt: ""), .endOfFile)
  }

  func testPlainReaderCloseEndsInput() {
    let fds = makePipe("a\nb\n")
    defer { _ = close(fds.read) }
    let reader = PlainLineReader(fileDescriptor: fds.read)
    reader.close()
    XCTAssertEqual(reader.readLine(prompt: ""), .endOfFile)
  }

  func testSigintInterruptsAPlainReadAndIsConsumed() throws {
    XCTAssertTrue(SignalInterrupts.install())
    SignalInterrupts.consumePending()
    let fds = makePipe("partial", closing: false)
    defer { _ = close(fds.read); _ = close(fds.write) }
    let reader = PlainLineReader(fileDescriptor: fds.read)
    let started = DispatchSemaphore(value: 0)
    let finished = DispatchSemaphore(value: 0)
    let box = ReaderThread()
    Thread.detachNewThread {
      box.thread = pthread_self()
      started.signal()
      box.result = reader.readLine(prompt: "")
      finished.signal()
    }
    started.wait()
    // Keep signalling the reading thread until its read() has been cut
    // short (the first signal may land before it blocks).
    var attempts = 0
    while finished.wait(timeout: .now() + .milliseconds(100)) == .timedOut {
      attempts += 1
      XCTAssertLessThan(attempts, 50)
      if attempts >= 50 { return }
      pthread_kill(box.thread!, SIGINT)
    }
    XCTAssertEqual(box.result, .interrupted)
    XCTAssertEqual(reader.discardedText, "partial")
    XCTAssertFalse(SignalInterrupts.isPending, "the reader consumed the interrupt")
    // The session goes on: the next line reads normally.
    let bytes = Array("next\n".utf8)
    _ = write(fds.write, bytes, bytes.count)
    XCTAssertEqual(reader.readLine(prompt: ""), .line("next"))
  }

  func testSigintOutsideReadingOnlySetsTheFlag() {
    XCTAssertTrue(SignalInterrupts.install())
    SignalInterrupts.consumePending()
    raise(SIGINT)  // Would end the test process without the handler.
    XCTAssertTrue(SignalInterrupts.isPending)
    XCTAssertTrue(SignalInterrupts.check())
    XCTAssertFalse(SignalInterrupts.consumePending())
    SignalInterrupts.signal()
    XCTAssertTrue(SignalInterrupts.consumePending())
  }

  func testLibEditHistoryKeepsMultiLineEntriesWhole() throws {
    let history = try XCTUnwrap(LibEditHistory(capacity: 3))
    let block = "type T {\n  var x = \"✓\"\n}"
    history.add("a")
    history.add(block)
    history.add(block)  // H_SETUNIQUE drops a repeat of the newest.
    XCTAssertEqual(history.entries, ["a", block])
    history.add("b")
    history.add("c")
    XCTAssertEqual(history.entries, [block, "b", "c"], "H_SETSIZE caps the history")
    history.clear()
    XCTAssertEqual(history.entries, [])
  }

  func testEditLineReaderWithoutATerminal() throws {
    // Off a terminal libedit reads plainly; this checks the whole setup
    // (locale, el_init, bindings, history, ~/.editrc) and the wide path.
    let fds = makePipe("héllo wörld ✓\nsecond\n")
    let input = try XCTUnwrap(fdopen(fds.read, "r"))
    let output = try XCTUnwrap(fopen("/dev/null", "w"))
    defer { fclose(input); fclose(output) }
    let store = HistoryStore(fileURL: nil)
    store.add("old entry")
    let reader = try XCTUnwrap(
      EditLineReader(
        history: store, completer: { _ in .none }, handlesSignals: false,
        input: input, output: output, error: output))
    XCTAssertEqual(reader.readLine(prompt: "\u{1B}[32mbind>\u{1B}[0m "), .line("héllo wörld ✓"))
    XCTAssertEqual(reader.readLine(prompt: "... "), .line("second"))
    XCTAssertEqual(reader.readLine(prompt: "> "), .endOfFile)
    reader.addHistory("type T {\n  var x = 1\n}\n")
    reader.addHistory("")
    XCTAssertEqual(reader.editorHistoryEntries, ["old entry", "type T {\n  var x = 1\n}"])
    XCTAssertEqual(store.entries, reader.editorHistoryEntries)
    reader.close()
    reader.close()
    XCTAssertEqual(reader.readLine(prompt: "> "), .endOfFile)
  }

  func testIdleWorkRunsWhileWaitingForAKeyAndTheLineGoesOn() throws {
    // The work's third run types the line, as a person would meanwhile.
    let fds = makePipe("", closing: false)
    let input = try XCTUnwrap(fdopen(fds.read, "r"))
    let output = try XCTUnwrap(tmpfile())
    defer { fclose(input); fclose(output) }
    let reader = try XCTUnwrap(
      EditLineReader(
        history: HistoryStore(fileURL: nil), handlesSignals: false, input: input, output: output, error: output))
    var runs = 0
    var dueTimes: [Duration?] = []
    reader.setIdleWork(
      IdleWork(
        timeUntilDue: {
          let due: Duration? = runs < 3 ? .milliseconds(5) : nil
          dueTimes.append(due)
          return due
        },
        run: { beginOutput in
          runs += 1
          if runs == 2 {
            beginOutput()
            beginOutput()  // only the first call does anything
            fputs("work output\n", output)
          }
          if runs == 3 {
            let bytes = Array("héllo ✓\nnext\n".utf8)
            XCTAssertEqual(write(fds.write, bytes, bytes.count), bytes.count)
            _ = close(fds.write)
          }
        }))
    XCTAssertEqual(reader.readLine(prompt: "> "), .line("héllo ✓"))
    XCTAssertEqual(runs, 3)
    XCTAssertEqual(reader.readLine(prompt: "> "), .line("next"))
    XCTAssertEqual(reader.readLine(prompt: "> "), .endOfFile)
    XCTAssertEqual(runs, 3, "no work is due once timeUntilDue says nil")
    XCTAssertEqual(dueTimes.prefix(3), [.milliseconds(5), .milliseconds(5), .milliseconds(5)])
    rewind(output)
    var text = ""
    var buffer = [CChar](repeating: 0, count: 256)
    while fgets(&buffer, 256, output) != nil { text += String(cString: buffer) }
    XCTAssertTrue(text.contains("work output\n"), text)
  }

  func testIdleWorkCanBeRemovedBetweenLines() throws {
    let fds = makePipe("first\nsecond\n")
    let input = try XCTUnwrap(fdopen(fds.read, "r"))
    let output = try XCTUnwrap(fopen("/dev/null", "w"))
    defer { fclose(input); fclose(output) }
    let reader = try XCTUnwrap(
      EditLineReader(
        history: HistoryStore(fileURL: nil), handlesSignals: false, input: input, output: output, error: output))
    reader.setIdleWork(IdleWork(timeUntilDue: { nil }, run: { _ in XCTFail("nothing is due") }))
    XCTAssertEqual(reader.readLine(prompt: "> "), .line("first"))
    reader.setIdleWork(nil)
    XCTAssertEqual(reader.readLine(prompt: "> "), .line("second"))
  }

  func testEditLineReaderIsReleased() throws {
    let input = try XCTUnwrap(fopen("/dev/null", "r"))
    let output = try XCTUnwrap(fopen("/dev/null", "w"))
    defer { fclose(input); fclose(output) }
    weak var weakReader: EditLineReader?
    do {
      let reader = EditLineReader(
        history: HistoryStore(fileURL: nil), handlesSignals: false,
        input: input, output: output, error: output)
      weakReader = reader
      XCTAssertNotNil(reader)
    }
    XCTAssertNil(weakReader)
  }
}

/// What the reading thread shares with the test (semaphores order access).
private final class ReaderThread: @unchecked Sendable {
  var thread: pthread_t?
  var result: LineInput?
}
