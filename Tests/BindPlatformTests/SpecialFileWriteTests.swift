import Foundation
import XCTest
@testable import BindPlatform

/// Writes to what is not a regular file: a device or a pipe is written
/// through and stays what it was (a rename over it made it a plain file:
/// as root, `:save /dev/null` replaced the machine's `/dev/null`); a
/// symbolic link is followed and stays a link; a directory is refused.
final class SpecialFileWriteTests: XCTestCase {
  private var folder = ""

  override func setUpWithError() throws {
    folder = try FileSystem.makeTemporaryDirectory(prefix: "bindscript-special")
  }

  override func tearDown() {
    try? FileManager.default.removeItem(atPath: folder)
  }

  // MARK: Pipes

  func testAPipeWithAReaderGetsEveryByte() throws {
    let fifo = try makeFIFO("out.bind")
    // More than a pipe holds (64 KiB), so the writes wait for the reader.
    let text = String(repeating: "let x = 1\n", count: 30_000)
    let reader = PipeReader(fifo)
    try FileSystem.write(text, to: fifo)
    XCTAssertEqual(reader.finish().map { String(decoding: $0, as: UTF8.self) }, text)
    XCTAssertEqual(fileType(fifo), S_IFIFO, "still a FIFO")
  }

  func testAPipeWithNoReaderIsAnErrorNotAHang() throws {
    let fifo = try makeFIFO("out.bind")
    XCTAssertThrowsError(try FileSystem.write("x\n", to: fifo)) { error in
      XCTAssertEqual("\(error)", "no process is reading '\(fifo)'; start its reader first")
      XCTAssertEqual((error as? FileSystem.FileError)?.path, fifo)
    }
    XCTAssertEqual(fileType(fifo), S_IFIFO, "still a FIFO")
    XCTAssertEqual(FileSystem.contents(ofDirectory: folder), ["out.bind"], "no temporary file left")
  }

  func testAReaderThatStopsEarlyIsAnErrorNotADeathBySIGPIPE() throws {
    let fifo = try makeFIFO("out.bind")
    let reader = PipeReader(fifo, stopAfter: 1)
    XCTAssertThrowsError(try FileSystem.write(String(repeating: "x", count: 1 << 20), to: fifo)) { error in
      XCTAssertEqual("\(error)", "the process reading '\(fifo)' closed it before everything was written")
    }
    XCTAssertNotNil(reader.finish())
    XCTAssertEqual(fileType(fifo), S_IFIFO)
  }

  // MARK: Devices

  func testDevNullIsWrittenThroughAndStaysADevice() throws {
    try withDevice("/dev/null") { device in
      try FileSystem.write(String(repeating: "x", count: 100_000), to: device)
      XCTAssertEqual(self.fileType(device), S_IFCHR, "still a character device")
      XCTAssertEqual(self.fileType(device, following: true), S_IFCHR)
    }
  }

  func testAFullDeviceIsAnErrorNamingThePathAndStaysADevice() throws {
    try withDevice("/dev/full") { device in
      XCTAssertThrowsError(try FileSystem.write("x\n", to: device)) { error in
        XCTAssertEqual((error as? FileSystem.FileError)?.path, device)
        XCTAssertEqual("\(error)", String(cString: strerror(ENOSPC)))
      }
      XCTAssertEqual(self.fileType(device), S_IFCHR, "still a character device")
    }
  }

  func testALinkToADeviceStaysALinkAndTheDeviceADevice() throws {
    try withDevice("/dev/null") { device in
      let link = self.folder + "/graph.dot"
      unlink(link)
      XCTAssertEqual(symlink(device, link), 0)
      try FileSystem.write("digraph {}\n", to: link)
      try OutputFile.write("digraph {}\n", to: link)
      try OutputFile.replace(link) { try FileSystem.write("<svg/>", to: $0) }
      XCTAssertEqual(self.fileType(link), S_IFLNK, "the link stays a link")
      XCTAssertEqual(self.fileType(device), S_IFCHR, "the device stays a device")
    }
  }

  // MARK: Symbolic links

  func testALinkToAFileIsFollowedByEveryWriter() throws {
    try FileSystem.write("old\n", to: folder + "/real.svg")
    XCTAssertEqual(symlink("real.svg", folder + "/link.svg"), 0)
    try OutputFile.replace(folder + "/link.svg") { try FileSystem.write("<svg/>\n", to: $0) }
    XCTAssertEqual(fileType(folder + "/link.svg"), S_IFLNK, "Graphviz's writer keeps the link too")
    XCTAssertEqual(try FileSystem.readBytes(folder + "/real.svg"), Array("<svg/>\n".utf8))
    try OutputFile.write("digraph {}\n", to: folder + "/link.svg")
    XCTAssertEqual(fileType(folder + "/link.svg"), S_IFLNK)
    XCTAssertEqual(try FileSystem.readBytes(folder + "/real.svg"), Array("digraph {}\n".utf8))
    XCTAssertEqual(FileSystem.contents(ofDirectory: folder)?.sorted(), ["link.svg", "real.svg"])
  }

  func testADanglingLinkMakesTheFileItNames() throws {
    XCTAssertEqual(mkdir(folder + "/sub", 0o755), 0)
    XCTAssertEqual(symlink("sub/new.bind", folder + "/link.bind"), 0)
    try FileSystem.write("x\n", to: folder + "/link.bind")
    XCTAssertEqual(fileType(folder + "/link.bind"), S_IFLNK)
    XCTAssertEqual(try FileSystem.readBytes(folder + "/sub/new.bind"), Array("x\n".utf8))
    // Its folder missing is named, as for a plain path.
    XCTAssertEqual(symlink("none/new.svg", folder + "/nowhere.svg"), 0)
    XCTAssertThrowsError(try OutputFile.write("x", to: folder + "/nowhere.svg")) { error in
      XCTAssertEqual("\(error)", "no such folder '\(self.folder)/none'")
    }
  }

  func testALoopOfLinksIsAnErrorAndStaysALoop() throws {
    XCTAssertEqual(symlink("b.bind", folder + "/a.bind"), 0)
    XCTAssertEqual(symlink("a.bind", folder + "/b.bind"), 0)
    XCTAssertThrowsError(try FileSystem.write("x", to: folder + "/a.bind")) { error in
      XCTAssertEqual("\(error)", String(cString: strerror(ELOOP)))
    }
    XCTAssertEqual(fileType(folder + "/a.bind"), S_IFLNK)
    XCTAssertEqual(fileType(folder + "/b.bind"), S_IFLNK)
  }

  func testAnOpenFileThatWasDeletedIsNotMadeAgainByItsProcName() throws {
    guard FileSystem.kind(of: "/dev/fd") == .directory else { throw XCTSkip("no /dev/fd here") }
    let fd = open(folder + "/gone.bind", O_WRONLY | O_CREAT, 0o600)
    XCTAssertGreaterThanOrEqual(fd, 0)
    defer { close(fd) }
    XCTAssertEqual(unlink(folder + "/gone.bind"), 0)
    XCTAssertThrowsError(try FileSystem.write("x", to: "/dev/fd/\(fd)")) { error in
      XCTAssertEqual("\(error)", "'/dev/fd/\(fd)' leads to a file that has been deleted; name a file")
    }
    XCTAssertEqual(FileSystem.contents(ofDirectory: folder), [], "no 'gone.bind (deleted)'")
  }

  // MARK: Refused

  func testADirectoryIsRefused() throws {
    let directory = folder + "/out.bind"
    XCTAssertEqual(mkdir(directory, 0o755), 0)
    for write in [{ try FileSystem.write("x", to: directory) }, { try OutputFile.write("x", to: directory) }] {
      XCTAssertThrowsError(try write()) { error in
        XCTAssertEqual("\(error)", "'\(directory)' is a directory; name a file")
      }
    }
    XCTAssertEqual(fileType(directory), S_IFDIR)
    XCTAssertEqual(FileSystem.contents(ofDirectory: folder), ["out.bind"])
  }

  func testASocketIsRefused() throws {
    let socket = folder + "/out.sock"
    XCTAssertEqual(mknod(socket, S_IFSOCK | 0o600, 0), 0)
    XCTAssertThrowsError(try FileSystem.write("x", to: socket)) { error in
      XCTAssertEqual("\(error)", "'\(socket)' is a socket, not a regular file; name a file")
    }
    XCTAssertEqual(fileType(socket), S_IFSOCK)
  }

  // MARK: Files another program makes

  func testAPictureForAPipeIsMadeElsewhereAndCopiedThrough() throws {
    let fifo = try makeFIFO("picture.svg")
    let reader = PipeReader(fifo)
    var made = ""
    try OutputFile.replace(fifo) { temporary in
      made = temporary
      try FileSystem.write("<svg/>\n", to: temporary)
    }
    XCTAssertEqual(reader.finish(), Array("<svg/>\n".utf8))
    XCTAssertFalse(made.hasPrefix(folder), "nothing is made next to a pipe or in /dev")
    XCTAssertNil(FileSystem.kind(of: OutputFile.folder(of: made)), "its private folder is gone")
    XCTAssertEqual(fileType(fifo), S_IFIFO)
  }

  // MARK: Helpers

  private func makeFIFO(_ name: String) throws -> String {
    let path = folder + "/" + name
    XCTAssertEqual(mkfifo(path, 0o600), 0, String(cString: strerror(errno)))
    return path
  }

  /// The file type (`S_IFMT` bits) at `path`, of the link itself unless
  /// `following`.
  private func fileType(_ path: String, following: Bool = false) -> mode_t {
    var information = stat()
    let status = following ? stat(path, &information) : lstat(path, &information)
    return status == 0 ? information.st_mode & S_IFMT : 0
  }

  /// Runs `body` on a private copy of the device `path` (`mknod`, the same
  /// driver), then on the device itself only if the copy survived: as root,
  /// a writer that renames over a device would otherwise replace the
  /// machine's own `/dev/null`. Without the right to make a device, the copy
  /// is skipped; then `/dev` is not writable either, and cannot be harmed.
  private func withDevice(_ path: String, _ body: (String) throws -> Void) throws {
    var device = stat()
    guard stat(path, &device) == 0, device.st_mode & S_IFMT == S_IFCHR else {
      throw XCTSkip("no character device '\(path)' here")
    }
    let copy = folder + "/copy-of-" + (path.split(separator: "/").last.map(String.init) ?? "device")
    if mknod(copy, S_IFCHR | 0o666, device.st_rdev) == 0 {
      try body(copy)
      guard fileType(copy) == S_IFCHR else {
        return XCTFail("the copy of '\(path)' is no longer a device: '\(path)' itself is not tried")
      }
    }
    try body(path)
  }
}

/// A reader of a FIFO on its own thread, as `cat FIFO` in another process.
///
/// It opens the FIFO at once, without waiting for a writer, so a writer
/// finds it there from the start (no race with the thread), then waits in
/// `poll`: a FIFO no writer has opened yet does not read as ended.
private final class PipeReader: @unchecked Sendable {
  private let fd: Int32
  private let limit: Int
  private let done = DispatchSemaphore(value: 0)
  private var bytes: [UInt8] = []

  /// Starts reading `path`; with `stopAfter`, closes the FIFO once that many
  /// bytes came, as a reader that quits early (`head -c`).
  init(_ path: String, stopAfter limit: Int = .max) {
    fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    self.limit = limit
    precondition(fd >= 0, "cannot open '\(path)'")
    Thread.detachNewThread { self.readToTheEnd() }
  }

  private func readToTheEnd() {
    defer {
      close(fd)
      done.signal()
    }
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while bytes.count < limit {
      var request = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      guard poll(&request, 1, 10_000) > 0 else { return }
      let count = read(fd, &chunk, min(chunk.count, limit - bytes.count))
      if count > 0 {
        bytes += chunk[0..<count]
      } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
        return  // the writer closed it
      }
    }
  }

  /// What was read, once the writer has closed the FIFO; `nil` if that
  /// did not happen within ten seconds.
  func finish() -> [UInt8]? {
    done.wait(timeout: .now() + 10) == .success ? bytes : nil
  }
}
