#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension FileSystem {
  /// Writes `bytes` into the character device or pipe at `path` as
  /// `cat > PATH` would: opened for writing, never created, truncated or
  /// renamed, so `/dev/null` stays a device and a FIFO stays a FIFO.
  ///
  /// The path is opened without waiting (`O_NONBLOCK`), so a pipe that no
  /// process reads is an error at once rather than a hang; then the flag is
  /// cleared, so the writes wait for a slow reader as `cat`'s do.
  static func writeThrough(_ bytes: [UInt8], to path: String) throws {
    let fd = open(path, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
    guard fd >= 0 else {
      let code = errno
      // ENXIO is also what a device with no driver behind it says
      // (`/dev/tty` with no terminal), so the message is only for a pipe.
      if code == ENXIO, (try? WriteTarget(path)) == .pipe {
        throw FileError(path: path, reason: "no process is reading '\(path)'; start its reader first")
      }
      throw FileError(path: path, reason: String(cString: strerror(code)))
    }
    var failure: Error?
    do {
      try checkWrittenThrough(fd, path)
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
      try withoutBrokenPipeSignal(fd) { try writeAll(bytes, to: fd, path: path) }
    } catch {
      failure = error
    }
    let closeCode = close(fd) == 0 ? 0 : errno
    if let failure { throw failure }
    // A device may report a failed write only when it is closed; EINTR
    // leaves the descriptor closed on Linux, with nothing lost.
    if closeCode != 0 && closeCode != EINTR {
      throw FileError(path: path, reason: String(cString: strerror(closeCode)))
    }
  }

  /// Fails unless `fd` is a device or a pipe: the path was looked at before
  /// it was opened, and a regular file put there meanwhile must not be
  /// overwritten in place.
  private static func checkWrittenThrough(_ fd: Int32, _ path: String) throws {
    var information = stat()
    guard fstat(fd, &information) == 0 else { throw FileError(path: path, reason: String(cString: strerror(errno))) }
    let type = information.st_mode & S_IFMT
    guard type == S_IFCHR || type == S_IFIFO else {
      throw FileError(path: path, reason: "'\(path)' changed while it was being written; try again")
    }
  }

  /// Writes every byte, going on after a short write or a signal.
  private static func writeAll(_ bytes: [UInt8], to fd: Int32, path: String) throws {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { posixWrite(fd, $0.baseAddress! + offset, bytes.count - offset) }
      if written > 0 {
        offset += written
        continue
      }
      // A write that takes nothing and reports nothing would loop for
      // ever; `cat` (coreutils' full_write) takes it for a full device.
      let code = written == 0 ? ENOSPC : errno
      if code == EINTR { continue }
      if code == EPIPE {
        throw FileError(path: path, reason: "the process reading '\(path)' closed it before everything was written")
      }
      throw FileError(path: path, reason: String(cString: strerror(code)))
    }
  }

  /// Runs `body`, which writes to `fd`, so that a pipe whose reader has
  /// gone fails the write with EPIPE instead of ending the process with
  /// SIGPIPE: a REPL session must survive `:save` into a pipe that closed.
  ///
  /// On Linux the signal is blocked in this thread for the write (a
  /// SIGPIPE is sent to the thread that wrote) and one the write raised is
  /// taken off before the old mask comes back; the process's handlers are
  /// never changed, as another thread may rely on them.
  private static func withoutBrokenPipeSignal<T>(_ fd: Int32, _ body: () throws -> T) rethrows -> T {
    #if canImport(Glibc)
      var brokenPipe = sigset_t()
      sigemptyset(&brokenPipe)
      sigaddset(&brokenPipe, SIGPIPE)
      var previous = sigset_t()
      pthread_sigmask(SIG_BLOCK, &brokenPipe, &previous)
      var pending = sigset_t()
      sigpending(&pending)
      let pendingBefore = sigismember(&pending, SIGPIPE) == 1
      defer {
        sigpending(&pending)
        if !pendingBefore && sigismember(&pending, SIGPIPE) == 1 {
          var now = timespec()
          while sigtimedwait(&brokenPipe, nil, &now) < 0 && errno == EINTR {}
        }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
      }
      return try body()
    #elseif canImport(Darwin)
      _ = fcntl(fd, F_SETNOSIGPIPE, 1)
      return try body()
    #else
      return try body()
    #endif
  }
}
