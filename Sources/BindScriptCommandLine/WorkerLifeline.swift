import BindPlatform

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Ends a `test --jobs` worker when the runner that started it dies, even
/// by `kill -9` (which lets the runner kill no one).
///
/// The runner gives each worker, as its stdin, the read end of a pipe whose
/// only write end it keeps open until the worker's result is in. When the
/// runner dies the kernel closes that end and the worker's stdin reaches
/// end of file. On Linux the kernel also sends the worker `SIGKILL` the
/// moment its parent dies (`PR_SET_PDEATHSIG`); everywhere, a watcher
/// thread blocked on stdin ends the process at end of file. The check
/// after `prctl` covers a runner that died before the worker got there.
enum WorkerLifeline {
  /// Exit status of a worker whose runner went away.
  static let orphanedStatus: Int32 = 3

  /// Arms both mechanisms; call first thing in worker mode.
  static func watchParent() {
    // MUST stay armed only while the runner's pool thread lives: Linux
    // sends the signal when the *thread* that spawned the worker ends, and
    // the pool's thread waits for every worker before it returns.
    ParentDeath.deliver(SIGKILL)
    var stdinStatus = stat()
    guard fstat(STDIN_FILENO, &stdinStatus) == 0, (stdinStatus.st_mode & S_IFMT) == S_IFIFO else {
      return  // not started by a runner (a worker run by hand)
    }
    var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
    if poll(&descriptor, 1, 0) > 0, descriptor.revents & Int16(POLLHUP) != 0 { _exit(orphanedStatus) }
    startWatcherThread()
  }

  private static func startWatcherThread() {
    #if canImport(Darwin)
      var thread: pthread_t?
    #else
      var thread = pthread_t()
    #endif
    let created = pthread_create(&thread, nil, { _ in
      var byte: UInt8 = 0
      while true {
        let count = read(STDIN_FILENO, &byte, 1)
        if count == 0 || (count < 0 && errno != EINTR) { _exit(WorkerLifeline.orphanedStatus) }
      }
    }, nil)
    #if canImport(Darwin)
      if created == 0, let thread { pthread_detach(thread) }
    #else
      if created == 0 { pthread_detach(thread) }
    #endif
  }
}
