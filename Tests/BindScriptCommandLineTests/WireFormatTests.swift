import BindTestRunner
import XCTest
@testable import BindScriptCommandLine

/// The line format a test worker process hands its result back in.
final class WireFormatTests: XCTestCase {
  func testWireEncodingRoundTrips() throws {
    var result = FileTestResult(
      path: "Scripts/a b.bind", status: .failed, seconds: 0.0123,
      failures: [TestFailure(kind: .output, line: 7, message: "output differs", details: ["| l.text", "--- expected"])])
    result.failures.append(TestFailure(kind: .crash, line: nil, message: "tab\there \\ and\nnewline", details: ["", "x"]))
    result.wasUpdated = true
    result.steps = [
      StepResult(line: 3, expected: [], actual: ["a\tb", "", "c\\"], errors: [], passed: false),
      StepResult(line: 5, expected: [], actual: [], errors: [], passed: false),
      StepResult(line: 6, expected: [], actual: [""], errors: [], passed: false),
      StepResult(line: 9, expected: [], actual: ["passed steps stay behind"], errors: [], passed: true),
    ]
    result.scriptDigest = 0xfeed_beef_0000_0001
    let decoded = try XCTUnwrap(FileTestResult(wireEncoded: "noise before\n" + result.wireEncoded))
    XCTAssertEqual(decoded.path, result.path)
    XCTAssertEqual(decoded.status, .failed)
    XCTAssertEqual(decoded.seconds, result.seconds)
    XCTAssertEqual(decoded.failures, result.failures)
    XCTAssertTrue(decoded.wasUpdated)
    XCTAssertEqual(decoded.steps.map(\.line), [3, 5, 6], "what failing steps printed, for --review")
    XCTAssertEqual(decoded.steps.map(\.actual), [["a\tb", "", "c\\"], [], [""]])
    XCTAssertEqual(decoded.scriptDigest, 0xfeed_beef_0000_0001)
    let skipped = try XCTUnwrap(FileTestResult(wireEncoded: FileTestResult(path: "Scripts/later.bind", status: .skipped(reason: "needs # host")).wireEncoded))
    XCTAssertEqual(skipped.status, .skipped(reason: "needs # host"))
    XCTAssertNil(FileTestResult(wireEncoded: String(result.wireEncoded.dropLast(5))), "a cut-off result is no result")
  }
}
