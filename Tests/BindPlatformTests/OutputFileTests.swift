import Foundation
import XCTest
@testable import BindPlatform

/// Files written whole: a temporary file renamed over the path, never a
/// partial or empty file at the path.
final class OutputFileTests: XCTestCase {
  private var folder = ""

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("output-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  override func tearDown() {
    try? FileManager.default.removeItem(atPath: folder)
  }

  private var names: [String] { (try? FileManager.default.contentsOfDirectory(atPath: folder).sorted()) ?? [] }

  func testWritesAndReplacesWhole() throws {
    let path = folder + "/a.dot"
    try OutputFile.write("one", to: path)
    try OutputFile.write("two", to: path)
    XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "two")
    XCTAssertEqual(names, ["a.dot"], "no temporary file left")
  }

  func testAFailureLeavesThePathAsItWas() throws {
    let path = folder + "/a.svg"
    try OutputFile.write("old", to: path)
    struct Broken: Error {}
    XCTAssertThrowsError(
      try OutputFile.replace(path) { temporary in
        try FileSystem.write("half", to: temporary)
        throw Broken()
      })
    XCTAssertThrowsError(try OutputFile.replace(path) { _ in }, "nothing made is an error too")
    XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "old")
    XCTAssertEqual(names, ["a.svg"])
  }

  func testAMissingFolderIsNamed() {
    XCTAssertThrowsError(try OutputFile.write("x", to: folder + "/none/a.svg")) { error in
      XCTAssertEqual("\(error)", "no such folder '\(folder)/none'")
    }
    XCTAssertEqual(OutputFile.folder(of: "a.svg"), ".")
    XCTAssertEqual(OutputFile.folder(of: "/a.svg"), "/")
    XCTAssertTrue(OutputFile.temporaryPath(next: "a.svg").hasPrefix(".a.svg."))
  }

  func testFormatsFromExtensions() {
    XCTAssertEqual(Graphviz.Format(path: "x/out.SVG"), .svg)
    XCTAssertEqual(Graphviz.Format(path: "out.gv"), .dot)
    XCTAssertEqual(Graphviz.Format(path: "a.b/out.png"), .png)
    XCTAssertNil(Graphviz.Format(path: "out.jpeg"))
    XCTAssertNil(Graphviz.Format(path: "a.dir/out"))
    XCTAssertNil(Graphviz.Format(path: ".svg"))
    XCTAssertEqual(Graphviz.Format.listed, ".svg, .png, .pdf or .dot")
  }
}
