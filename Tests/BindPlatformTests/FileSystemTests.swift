import XCTest
@testable import BindPlatform

/// Paths, whole-file reads and writes, and folder listing, as the syntax
/// layer (imports), the test runner (discovery) and the CLI use them.
final class FileSystemTests: XCTestCase {
  func testResolveIsRelativeToTheImportingFile() {
    let cases: [(path: String, base: String?, expected: String)] = [
      ("b.bind", "dir/a.bind", "dir/b.bind"),
      ("../b.bind", "dir/sub/a.bind", "dir/b.bind"),
      ("./b.bind", "a.bind", "b.bind"),
      ("/abs/b.bind", "dir/a.bind", "/abs/b.bind"),
      ("b.bind", nil, "b.bind"),
      ("../../x.bind", "a.bind", "../../x.bind"),
      ("/../x.bind", nil, "/x.bind"),
      ("a/./b/../c.bind", nil, "a/c.bind"),
      ("a/..", nil, "."),
    ]
    for row in cases {
      XCTAssertEqual(FileSystem.resolve(row.path, relativeTo: row.base), row.expected, "\(row)")
    }
  }

  func testWriteThenReadGivesTheSameBytes() throws {
    let folder = try FileSystem.makeTemporaryDirectory(prefix: "bindscript-platform")
    let path = folder + "/text.bind"
    let text = "let café = \"☕\"\n" + String(repeating: "x", count: 70_000)
    try FileSystem.write(text, to: path)
    XCTAssertEqual(try FileSystem.readBytes(path), Array(text.utf8), "more than one read buffer")
    try FileSystem.write("", to: path)
    XCTAssertEqual(try FileSystem.readBytes(path), [])
  }

  func testMissingFileErrorSaysWhy() throws {
    let folder = try FileSystem.makeTemporaryDirectory(prefix: "bindscript-platform")
    XCTAssertThrowsError(try FileSystem.readBytes(folder + "/missing.bind")) { error in
      let fileError = error as? FileSystem.FileError
      XCTAssertEqual(fileError?.path, folder + "/missing.bind")
      XCTAssertEqual(fileError?.description, "No such file or directory")
    }
    XCTAssertThrowsError(try FileSystem.write("x", to: folder + "/no/such/folder.bind"))
  }

  func testKindAndFolderContents() throws {
    let folder = try FileSystem.makeTemporaryDirectory(prefix: "bindscript-platform")
    try FileSystem.write("", to: folder + "/a.bind")
    mkdir(folder + "/sub", 0o755)
    XCTAssertEqual(FileSystem.kind(of: folder), .directory)
    XCTAssertEqual(FileSystem.kind(of: folder + "/a.bind"), .file)
    XCTAssertNil(FileSystem.kind(of: folder + "/missing"))
    XCTAssertEqual(FileSystem.contents(ofDirectory: folder)?.sorted(), ["a.bind", "sub"])
    XCTAssertEqual(FileSystem.contents(ofDirectory: folder + "/sub"), [])
    XCTAssertNil(FileSystem.contents(ofDirectory: folder + "/a.bind"))
  }

  func testTemporaryDirectoriesAreNewAndDistinct() throws {
    let first = try FileSystem.makeTemporaryDirectory(prefix: "bindscript-platform")
    let second = try FileSystem.makeTemporaryDirectory(prefix: "bindscript-platform")
    XCTAssertNotEqual(first, second)
    XCTAssertTrue(first.hasPrefix("/tmp/bindscript-platform-"))
    XCTAssertEqual(FileSystem.contents(ofDirectory: first), [])
  }
}
