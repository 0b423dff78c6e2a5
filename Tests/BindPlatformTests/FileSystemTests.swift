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

  func testReadsUpToTheLimitAndRefusesAFileOverIt() throws {
    let folder = try FileSystem.makeTemporaryDirectory(prefix: "bindscript-platform")
    let path = folder + "/limit.bind"
    try FileSystem.write(String(repeating: "x", count: 100), to: path)
    XCTAssertEqual(try FileSystem.readBytes(path, limit: 100).count, 100, "exactly the limit is read")
    XCTAssertThrowsError(try FileSystem.readBytes(path, limit: 99)) { error in
      XCTAssertEqual(
        "\(error)", "it is 100 bytes, more than 99 bytes, the most BindScript reads from one file; split it into smaller files")
    }
    XCTAssertEqual(FileSystem.readLimit, 64 << 20)
  }

  func testAnEndlessFileIsReadInBoundedChunksAndRefused() throws {
    // /dev/zero says its size is 0 and never ends: the reader stops one
    // chunk past the limit instead of growing until the memory runs out.
    XCTAssertThrowsError(try FileSystem.readBytes("/dev/zero", limit: 200_000)) { error in
      XCTAssertEqual((error as? FileSystem.FileError)?.path, "/dev/zero")
      XCTAssertEqual(
        "\(error)",
        "it goes on past 200000 bytes, the most BindScript reads from one file (it may never end, as a device like /dev/zero does); name a file of at most 200000 bytes"
      )
    }
  }

  func testAPipeIsReadToItsEndWithinTheLimit() throws {
    var ends: [Int32] = [0, 0]
    XCTAssertEqual(pipe(&ends), 0)
    let bytes = Array("print(1)\n".utf8)
    XCTAssertEqual(write(ends[1], bytes, bytes.count), bytes.count)
    close(ends[1])
    defer { close(ends[0]) }
    XCTAssertEqual(try FileSystem.readBytes(from: ends[0], path: "<stdin>", limit: 64), bytes)
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

  // MARK: Writes that cannot lose the file (issue 15, item 9)

  func testWriteReplacesTheFileAndLeavesNoTemporaryFile() throws {
    let folder = try FileSystem.makeTemporaryDirectory(prefix: "bindscript-platform")
    let path = folder + "/script.bind"
    try FileSystem.write("old\n", to: path)
    var before = stat()
    XCTAssertEqual(stat(path, &before), 0)
    try FileSystem.write("new\n", to: path)
    var after = stat()
    XCTAssertEqual(stat(path, &after), 0)
    XCTAssertNotEqual(before.st_ino, after.st_ino, "a new file renamed into place, not the old one rewritten")
    XCTAssertEqual(try FileSystem.readBytes(path), Array("new\n".utf8))
    XCTAssertEqual(FileSystem.contents(ofDirectory: folder), ["script.bind"])
  }

  func testWriteKeepsTheFilesPermissions() throws {
    let folder = try FileSystem.makeTemporaryDirectory(prefix: "bindscript-platform")
    let path = folder + "/run.bind"
    try FileSystem.write("#!/usr/bin/env bindscript\n", to: path)
    XCTAssertEqual(chmod(path, 0o750), 0)
    try FileSystem.write("print(1)\n", to: path)
    var info = stat()
    XCTAssertEqual(stat(path, &info), 0)
    XCTAssertEqual(info.st_mode & 0o7777, 0o750)
  }

  func testANewFileGetsTheUsualPermissions() throws {
    let folder = try FileSystem.makeTemporaryDirectory(prefix: "bindscript-platform")
    let mask = umask(0o022)
    defer { umask(mask) }
    try FileSystem.write("x\n", to: folder + "/new.bind")
    var info = stat()
    XCTAssertEqual(stat(folder + "/new.bind", &info), 0)
    XCTAssertEqual(info.st_mode & 0o777, 0o644, "not mkstemp's private 0600")
  }

  func testWriteThroughASymbolicLinkReplacesTheFileItNames() throws {
    let folder = try FileSystem.makeTemporaryDirectory(prefix: "bindscript-platform")
    try FileSystem.write("old\n", to: folder + "/real.bind")
    XCTAssertEqual(symlink("real.bind", folder + "/link.bind"), 0)
    try FileSystem.write("new\n", to: folder + "/link.bind")
    XCTAssertEqual(try FileSystem.readBytes(folder + "/real.bind"), Array("new\n".utf8))
    var info = stat()
    XCTAssertEqual(lstat(folder + "/link.bind", &info), 0)
    XCTAssertEqual(info.st_mode & S_IFMT, S_IFLNK, "the link stays a link")
  }

  func testAFailedWriteLeavesNothingBehind() throws {
    let folder = try FileSystem.makeTemporaryDirectory(prefix: "bindscript-platform")
    XCTAssertThrowsError(try FileSystem.write("x", to: folder + "/missing/x.bind")) { error in
      XCTAssertEqual((error as? FileSystem.FileError)?.description, "No such file or directory")
    }
    // A folder where the file should be: the rename fails, the temporary goes.
    XCTAssertEqual(mkdir(folder + "/taken.bind", 0o755), 0)
    XCTAssertThrowsError(try FileSystem.write("x", to: folder + "/taken.bind"))
    XCTAssertEqual(FileSystem.contents(ofDirectory: folder)?.sorted(), ["taken.bind"])
  }
}
