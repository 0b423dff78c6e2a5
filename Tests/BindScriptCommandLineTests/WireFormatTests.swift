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
    let decoded = try XCTUnwrap(FileTestResult(wireEncoded: "noise before\n" + result.wireEncoded))
    XCTAssertEqual(decoded.path, result.path)
    XCTAssertEqual(decoded.status, .failed)
    XCTAssertEqual(decoded.seconds, result.seconds)
    XCTAssertEqual(decoded.failures, result.failures)
    XCTAssertTrue(decoded.wasUpdated)
    let skipped = try XCTUnwrap(FileTestResult(wireEncoded: FileTestResult(path: "Scripts/later.bind", status: .skipped(reason: "needs # host")).wireEncoded))
    XCTAssertEqual(skipped.status, .skipped(reason: "needs # host"))
    XCTAssertNil(FileTestResult(wireEncoded: String(result.wireEncoded.dropLast(5))), "a cut-off result is no result")
  }
}
