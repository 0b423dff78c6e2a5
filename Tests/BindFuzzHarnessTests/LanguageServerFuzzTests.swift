import BindLanguageServer
import Foundation
import XCTest

@testable import BindFuzzHarness

/// The language server's fuzz target in the normal debug build: its
/// regression corpus (`Tests/FuzzCorpus/LanguageServer`: issue 33's crashing
/// sessions and each kind of bad frame), and a short run of its own
/// mutations from a conformance script, so the mutator itself is tested.
final class LanguageServerFuzzTests: XCTestCase {
  private static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

  func testCorpusReplays() throws {
    let folder = Self.testsFolder.appendingPathComponent("FuzzCorpus/LanguageServer").path
    let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix("README") }.sorted()
    XCTAssertGreaterThanOrEqual(names.count, 5, "the corpus is missing from \(folder)")
    for name in names {
      let bytes = try XCTUnwrap(FileManager.default.contents(atPath: folder + "/" + name), name)
      let outcome = LanguageServerFuzzHarness.run(bytes: [UInt8](bytes))
      XCTAssertEqual(outcome.answeredAfterInput, true, name)
    }
  }

  func testMutatedSessionsOverAConformanceScript() throws {
    let script = Self.testsFolder.deletingLastPathComponent().appendingPathComponent("Scripts/conformance/events/events.bind")
    let text = try String(contentsOf: script, encoding: .utf8)
    var input = LanguageServerFuzzHarness.openingSession(uri: "file:///fuzz/events.bind", text: text)
    var answered = 0
    for seed in 0..<150 as Range<UInt32> {
      input = LanguageServerFuzzHarness.mutate(input, maxSize: 1 << 16, seed: seed) { bytes, _ in bytes.reversed() }
      let outcome = LanguageServerFuzzHarness.run(bytes: input)
      XCTAssertEqual(outcome.problems, [], "seed \(seed)")
      if outcome.answeredAfterInput == true { answered += 1 }
    }
    XCTAssertGreaterThan(answered, 100, "most mutated sessions end with the final requests answered")
    let messages = LanguageServerFuzzHarness.pieces(of: input).compactMap(\.message)
    XCTAssertTrue(messages.contains { $0["method"]?.stringValue == "textDocument/didChange" })
  }
}
