import Foundation
import XCTest

@testable import LineEditor

final class HistoryStoreTests: XCTestCase {
  private var directory: URL!

  override func setUpWithError() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("LineEditorTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: directory)
  }

  private var file: URL { directory.appendingPathComponent("history") }

  /// A store whose warnings are collected instead of printed.
  private func makeStore(
    _ url: URL? = nil, capacity: Int = 1000, warnings: WarningLog = WarningLog()
  ) -> HistoryStore {
    HistoryStore(fileURL: url ?? file, capacity: capacity) { warnings.messages.append($0) }
  }

  private func fileLines() throws -> [String] {
    try String(contentsOf: file, encoding: .utf8)
      .split(separator: "\n").map(String.init)
  }

  func testCapKeepsNewestInMemoryAndInFile() throws {
    let store = makeStore(capacity: 3)
    for entry in ["a", "b", "c", "d", "e"] { store.add(entry) }
    XCTAssertEqual(store.entries, ["c", "d", "e"])
    XCTAssertEqual(try fileLines(), ["c", "d", "e"])
    XCTAssertEqual(makeStore(capacity: 2).entries, ["d", "e"])
  }

  func testConsecutiveDuplicatesAreNotStored() throws {
    let store = makeStore()
    XCTAssertTrue(store.add("a"))
    XCTAssertFalse(store.add("a"))
    XCTAssertTrue(store.add("b"))
    XCTAssertTrue(store.add("a"))
    XCTAssertFalse(store.add("a\n"))
    XCTAssertEqual(store.entries, ["a", "b", "a"])
    XCTAssertEqual(try fileLines(), ["a", "b", "a"])
  }

  func testBlankEntriesAreNotStored() {
    let store = makeStore()
    for blank in ["", "   ", "\n", " \t\n\n"] {
      XCTAssertFalse(store.add(blank), "stored \(blank.debugDescription)")
    }
    XCTAssertEqual(store.entries, [])
    XCTAssertFalse(FileManager.default.fileExists(atPath: file.path))
  }

  func testTrailingNewlinesAreDropped() {
    let store = makeStore()
    store.add("let x = 1\n")
    store.add("let y = 2\r\n")
    XCTAssertEqual(store.entries, ["let x = 1", "let y = 2"])
  }

  func testMultiLineEntriesSurviveTheFile() throws {
    let block = "type Point {\n  var x = 1\n  var y = \"a\\\\b\\n\"\n}"
    let crlf = "a\r\nb"
    let unicode = "print(\"héllo wörld ✓\")"
    let store = makeStore()
    for entry in [block, crlf, unicode] { store.add(entry) }
    XCTAssertEqual(try fileLines().count, 3, "one line per entry")
    XCTAssertEqual(makeStore().entries, [block, crlf, unicode])
  }

  func testEncodingTable() {
    let rows: [(entry: String, line: String)] = [
      ("plain", "plain"),
      ("a\nb", "a\\nb"),
      ("back\\slash", "back\\\\slash"),
      ("literal \\n", "literal \\\\n"),
      ("cr\r", "cr\\r"),
      ("✓\n✓", "✓\\n✓"),
    ]
    for row in rows {
      XCTAssertEqual(HistoryStore.encode(row.entry), row.line)
      XCTAssertEqual(HistoryStore.decode(Substring(row.line)), row.entry)
    }
    // Hand-edited oddities load literally instead of failing.
    XCTAssertEqual(HistoryStore.decode("a\\qb\\"), "a\\qb\\")
  }

  func testTwoSessionsMergeInsteadOfOverwriting() throws {
    let first = makeStore()
    let second = makeStore()
    first.add("first 1")
    second.add("second 1")
    first.add("first 2")
    second.add("second 2")
    XCTAssertEqual(try fileLines(), ["first 1", "second 1", "first 2", "second 2"])
    // Each session navigates its own history; a new one sees everything.
    XCTAssertEqual(first.entries, ["first 1", "first 2"])
    XCTAssertEqual(makeStore().entries, ["first 1", "second 1", "first 2", "second 2"])
  }

  func testParallelSavesLoseNothing() throws {
    let perSession = 40
    let group = DispatchGroup()
    for session in 0..<2 {
      DispatchQueue.global().async(group: group) {
        let store = self.makeStore()
        for index in 0..<perSession { store.add("session \(session) entry \(index)") }
      }
    }
    XCTAssertEqual(group.wait(timeout: .now() + 60), .success)
    let lines = try fileLines()
    XCTAssertEqual(lines.count, 2 * perSession)
    XCTAssertEqual(Set(lines).count, 2 * perSession)
  }

  func testSaveIsAtomicAndPrivate() throws {
    makeStore().add("secret")
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    XCTAssertEqual(names, ["history"], "no temporary file is left behind")
    let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
    XCTAssertEqual(mode, 0o600)
  }

  func testMissingDirectoryWarnsOnceAndKeepsWorking() throws {
    let warnings = WarningLog()
    let missing = directory.appendingPathComponent("no/such/dir/history")
    let store = makeStore(missing, warnings: warnings)
    XCTAssertNil(store.warning, "a missing file is not a problem until saving")
    XCTAssertTrue(store.add("a"))
    XCTAssertTrue(store.add("b"))
    XCTAssertEqual(store.entries, ["a", "b"])
    XCTAssertEqual(warnings.messages.count, 1)
    XCTAssertTrue(warnings.messages[0].contains("cannot save history"), warnings.messages[0])
    XCTAssertTrue(warnings.messages[0].contains("No such file or directory"), warnings.messages[0])
    // Unsaved entries are written once the directory exists.
    try FileManager.default.createDirectory(
      at: missing.deletingLastPathComponent(), withIntermediateDirectories: true)
    store.add("c")
    XCTAssertEqual(makeStore(missing).entries, ["a", "b", "c"])
  }

  func testUnreadableFileWarnsOnce() {
    // A directory where the file should be fails even for root.
    let warnings = WarningLog()
    let store = makeStore(directory, warnings: warnings)
    XCTAssertNotNil(store.warning)
    XCTAssertTrue(store.add("a"))
    XCTAssertEqual(store.entries, ["a"])
    XCTAssertEqual(warnings.messages.count, 1)
  }

  func testUnwritablePathWarns() throws {
    let warnings = WarningLog()
    let blocker = directory.appendingPathComponent("plain-file")
    try Data().write(to: blocker)
    let store = makeStore(blocker.appendingPathComponent("history"), warnings: warnings)
    store.add("a")
    XCTAssertEqual(warnings.messages.count, 1)
    XCTAssertTrue(warnings.messages[0].contains("Not a directory"), warnings.messages[0])
  }

  func testEnvironmentOverride() {
    XCTAssertEqual(
      HistoryStore.fileURL(environment: ["BINDSCRIPT_HISTORY": "/tmp/h", "HOME": "/home/u"])?.path,
      "/tmp/h")
    XCTAssertNil(HistoryStore.fileURL(environment: ["BINDSCRIPT_HISTORY": ""]))
    XCTAssertEqual(
      HistoryStore.fileURL(environment: ["HOME": "/home/u"])?.path, "/home/u/.bindscript_history")
    let store = HistoryStore(environment: ["BINDSCRIPT_HISTORY": file.path])
    store.add("from env")
    XCTAssertEqual(try fileLines(), ["from env"])
  }

  func testAHistoryAtDevNullIsWrittenThroughAndStaysADevice() throws {
    // A copy of /dev/null (the same driver) in the test's folder, so a
    // writer that renames over it harms nothing; without the right to make
    // a device (not root), /dev is not writable and /dev/null is safe.
    var null = stat()
    XCTAssertEqual(stat("/dev/null", &null), 0)
    let copy = directory.appendingPathComponent("null").path
    let device = mknod(copy, S_IFCHR | 0o666, null.st_rdev) == 0 ? copy : "/dev/null"
    let warnings = WarningLog()
    let store = makeStore(URL(fileURLWithPath: device), warnings: warnings)
    XCTAssertTrue(store.add("a"))
    XCTAssertTrue(store.add("b"))
    XCTAssertEqual(warnings.messages, [])
    var after = stat()
    XCTAssertEqual(lstat(device, &after), 0)
    XCTAssertEqual(after.st_mode & S_IFMT, S_IFCHR, "still a character device")
    XCTAssertEqual(makeStore(URL(fileURLWithPath: device), warnings: warnings).entries, [])
    XCTAssertEqual(warnings.messages, [])
  }

  func testAFIFOAsTheHistoryIsRefusedWithoutWaitingAndStaysAFIFO() throws {
    // Opening a FIFO no process writes would wait for ever; saving into one
    // whose reader stopped would too. Neither is tried.
    let fifo = directory.appendingPathComponent("history.fifo").path
    XCTAssertEqual(mkfifo(fifo, 0o600), 0)
    let warnings = WarningLog()
    let store = makeStore(URL(fileURLWithPath: fifo), warnings: warnings)
    XCTAssertTrue(store.add("a"), "the session goes on with history in memory")
    XCTAssertEqual(store.entries, ["a"])
    XCTAssertEqual(
      warnings.messages,
      [
        "cannot read history from '\(fifo)': '\(fifo)' is a pipe; the history needs a regular file (set BINDSCRIPT_HISTORY to one, or to an empty value for none)"
      ])
    var after = stat()
    XCTAssertEqual(lstat(fifo, &after), 0)
    XCTAssertEqual(after.st_mode & S_IFMT, S_IFIFO, "still a FIFO")
  }

  func testInMemoryStore() {
    let store = HistoryStore(fileURL: nil)
    store.add("a")
    XCTAssertEqual(store.entries, ["a"])
    XCTAssertNil(store.warning)
  }
}

/// Collects warning messages (a class, so the handler closure can append).
final class WarningLog {
  var messages: [String] = []
}
