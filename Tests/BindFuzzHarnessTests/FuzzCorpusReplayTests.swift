import Dispatch
import XCTest

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
@testable import BindFuzzHarness

/// Replays the fuzz target's regression corpus, `Tests/FuzzCorpus`, through
/// the fuzz target's own function (`FuzzHarness`) in the normal debug build:
/// every input that ever broke the fuzzer, plus hand-made hostile inputs.
///
/// Each input must return (no crash), within `timeLimit`, and leave nothing
/// behind: the interpreter released, no graph node alive, the shared graph
/// idle. A new finding is fixed before its input joins the corpus: a crash
/// here would take the whole test process down.
final class FuzzCorpusReplayTests: XCTestCase {
  /// How long one input may take before it counts as a hang. Generous on
  /// purpose: this is wall time, and a debug build on a shared, busy machine
  /// took over 20 s for an input that takes 2 s on a quiet one. Slowness is
  /// the fuzzer's to catch (it allows 10 s per input, optimized, with
  /// AddressSanitizer), not this replay's.
  private let timeLimit: DispatchTimeInterval = .seconds(180)

  private static let corpus: String = {
    let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    return testsFolder.appendingPathComponent("FuzzCorpus").path
  }()

  func testCorpusReplays() throws {
    let files = try inputs(in: Self.corpus)
    XCTAssertGreaterThan(files.count, 20, "the regression corpus is missing from \(Self.corpus)")
    for file in files { try replay(file) }
  }

  /// The files directly in `folder`, sorted, without the README.
  private func inputs(in folder: String) throws -> [String] {
    let names = try FileManager.default.contentsOfDirectory(atPath: folder)
    return names.sorted().compactMap { name in
      let path = folder + "/" + name
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
        !name.hasPrefix("README")
      else { return nil }
      return path
    }
  }

  private func replay(_ path: String) throws {
    let bytes = try XCTUnwrap(FileManager.default.contents(atPath: path), path)
    let name = (path as NSString).lastPathComponent
    // On a thread of its own, so that a hang fails the test instead of
    // stopping the suite (the thread is abandoned).
    let done = DispatchSemaphore(value: 0)
    let box = OutcomeBox()
    DispatchQueue.global().async {
      box.outcome = FuzzHarness.run(bytes: [UInt8](bytes))
      done.signal()
    }
    guard done.wait(timeout: .now() + timeLimit) == .success else {
      XCTFail("\(name): did not finish within \(timeLimit)")
      return
    }
    let outcome = try XCTUnwrap(box.outcome)
    XCTAssertEqual(outcome.problems, [], "\(name) (\(outcome.stage.rawValue): \(outcome.message ?? "no error"))")
  }
}

private final class OutcomeBox: @unchecked Sendable {
  var outcome: FuzzHarness.Outcome?
}
