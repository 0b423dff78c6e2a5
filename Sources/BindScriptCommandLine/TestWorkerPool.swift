import BindLanguage
import BindRuntime
import BindSyntax
import BindTestRunner
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs each test script in a child process of its own — this same
/// executable, as `bindscript test --worker FILE` — so that a script that
/// crashes or hangs fails alone and the run goes on.
///
/// Up to `jobs` children run at once. One thread waits on all their pipes
/// with `poll`, kills a child that outlives `timeout` and hands results
/// back in file order, however the children finish.
final class TestWorkerPool {
  /// What the pool starts for each file: the executable and the arguments
  /// before the file's path.
  let executable: String
  let arguments: [String]
  let jobs: Int
  let timeout: Double?

  init(executable: String, arguments: [String], jobs: Int, timeout: Double?) {
    self.executable = executable
    self.arguments = arguments
    self.jobs = max(1, jobs)
    self.timeout = timeout
  }

  /// The path of the running executable, for re-running it.
  static var currentExecutable: String {
    #if os(Linux)
    return "/proc/self/exe"
    #else
    return CommandLine.arguments[0]
    #endif
  }

  /// Runs every path and returns the results in order; `report` sees each
  /// result as soon as every earlier one is known.
  func run(_ paths: [String], report: (Int, FileTestResult) -> Void) -> [FileTestResult] {
    var results = [FileTestResult?](repeating: nil, count: paths.count)
    var running: [Worker] = []
    var next = 0
    var reported = 0
    while reported < paths.count {
      while running.count < jobs, next < paths.count {
        switch Worker.start(executable: executable, arguments: arguments + [paths[next]], index: next, path: paths[next], timeout: timeout) {
        case .success(let worker): running.append(worker)
        case .failure(let failure): results[next] = failure
        }
        next += 1
      }
      if !running.isEmpty { wait(for: &running) }
      running.removeAll { worker in
        guard let result = worker.finishedResult() else { return false }
        results[worker.index] = result
        return true
      }
      while reported < paths.count, let result = results[reported] {
        report(reported, result)
        reported += 1
      }
    }
    return results.map { $0! }
  }

  /// Waits until some pipe has data or closes, or the earliest deadline
  /// passes, then reads what is there and kills overdue workers.
  private func wait(for running: inout [Worker]) {
    var descriptors: [pollfd] = []
    var owners: [Int] = []
    for (index, worker) in running.enumerated() {
      for descriptor in worker.openDescriptors {
        descriptors.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0))
        owners.append(index)
      }
    }
    let now = ContinuousClock.now
    let waitMilliseconds = running.compactMap(\.deadline).map { deadline -> Int32 in
      let (seconds, attoseconds) = now.duration(to: deadline).components
      return Int32(clamping: max(0, seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1))
    }.min() ?? -1
    if !descriptors.isEmpty {
      _ = poll(&descriptors, nfds_t(descriptors.count), waitMilliseconds)
    }
    for (slot, descriptor) in descriptors.enumerated() where descriptor.revents != 0 {
      running[owners[slot]].drain(descriptor.fd)
    }
    for index in running.indices { running[index].killIfOverdue() }
  }
}

/// One child process running one file.
struct Worker {
  /// A started worker, or the failed result of a file whose worker could
  /// not start.
  enum Started {
    case success(Worker)
    case failure(FileTestResult)
  }

  let pid: pid_t
  let index: Int
  let path: String
  let started: ContinuousClock.Instant
  let deadline: ContinuousClock.Instant?
  private var output: Int32
  private var errors: Int32
  /// The write end of the worker's stdin, held open while the worker runs:
  /// the runner's death closes it and so ends the worker (`WorkerLifeline`).
  let lifeline: Int32
  private var outputBytes: [UInt8] = []
  private var errorBytes: [UInt8] = []
  private var timedOut = false
  private let timeout: Double?

  /// Spawns the child with its stdout and stderr on pipes and stdin on the
  /// lifeline pipe; a spawn failure is a failed result for the file.
  static func start(executable: String, arguments: [String], index: Int, path: String, timeout: Double?) -> Started {
    var outPipe: [Int32] = [-1, -1], errPipe: [Int32] = [-1, -1], lifelinePipe: [Int32] = [-1, -1]
    // MUST be close-on-exec: a child holding a sibling's write end would
    // keep that sibling's pipe open, and its end never be seen.
    guard makePipe(&outPipe), makePipe(&errPipe), makePipe(&lifelinePipe) else {
      for descriptor in outPipe + errPipe + lifelinePipe where descriptor >= 0 { close(descriptor) }
      return .failure(FileTestResult.failed(path: path, .crash, "cannot start a worker: \(String(cString: strerror(errno)))"))
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, lifelinePipe[0], 0)
    posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
    posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
    let argv = ([CommandContext.current.commandName] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid = pid_t()
    let status = posix_spawn(&pid, executable, &actions, nil, argv, environ)
    close(outPipe[1])
    close(errPipe[1])
    close(lifelinePipe[0])
    guard status == 0 else {
      close(outPipe[0])
      close(errPipe[0])
      close(lifelinePipe[1])
      return .failure(FileTestResult.failed(path: path, .crash, "cannot start a worker: \(String(cString: strerror(status)))"))
    }
    let now = ContinuousClock.now
    return .success(Worker(
      pid: pid, index: index, path: path, started: now,
      deadline: timeout.map { now + .milliseconds(Int64($0 * 1000)) },
      output: outPipe[0], errors: errPipe[0], lifeline: lifelinePipe[1], timeout: timeout))
  }

  private static func makePipe(_ descriptors: inout [Int32]) -> Bool {
    // Glibc does not export pipe2; the pool runs on one thread, so no
    // spawn can slip in between pipe and fcntl.
    guard pipe(&descriptors) == 0 else { return false }
    for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    return true
  }

  /// The pipes still open.
  var openDescriptors: [Int32] { [output, errors].filter { $0 >= 0 } }

  /// Reads what `descriptor` has; closes it at its end.
  mutating func drain(_ descriptor: Int32) {
    var buffer = [UInt8](repeating: 0, count: 65_536)
    let count = read(descriptor, &buffer, buffer.count)
    if count > 0 {
      if descriptor == output { outputBytes += buffer[0..<count] } else { errorBytes += buffer[0..<count] }
      return
    }
    if count < 0, errno == EINTR || errno == EAGAIN { return }
    close(descriptor)
    if descriptor == output { output = -1 } else { errors = -1 }
  }

  /// Kills the child once its deadline has passed.
  mutating func killIfOverdue() {
    guard !timedOut, let deadline, ContinuousClock.now >= deadline else { return }
    timedOut = true
    kill(pid, SIGKILL)
    for descriptor in openDescriptors { close(descriptor) }
    output = -1
    errors = -1
  }

  /// The file's result once both pipes have closed (the child exited or was
  /// killed); `nil` while it still runs.
  func finishedResult() -> FileTestResult? {
    guard output < 0, errors < 0 else { return nil }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    close(lifeline)
    let seconds = ScriptTestRunner.seconds(started.duration(to: .now))
    if timedOut {
      return .failed(path: path, .timeout, "timed out after \(timeout.map { "\($0)" } ?? "?") seconds", seconds: seconds)
    }
    let signal = status & 0x7F
    if signal != 0 {
      return .failed(path: path, .crash, "crashed with signal \(signal) (\(Self.signalName(signal)))", details: stderrHead, seconds: seconds)
    }
    if var result = FileTestResult(wireEncoded: String(decoding: outputBytes, as: UTF8.self)) {
      result.path = path
      return result
    }
    let code = (status >> 8) & 0xFF
    return .failed(path: path, .crash, "the worker exited with status \(code) without a result", details: stderrHead, seconds: seconds)
  }

  /// The first lines the child wrote to stderr — the fatal error and the
  /// top of the backtrace — to explain a crash.
  private var stderrHead: [String] {
    let lines = String(decoding: errorBytes, as: UTF8.self).split(separator: "\n").map(String.init)
    return Array(lines.prefix(12))
  }

  static func signalName(_ signal: Int32) -> String {
    switch signal {
    case SIGABRT: return "SIGABRT"
    case SIGSEGV: return "SIGSEGV"
    case SIGBUS: return "SIGBUS"
    case SIGILL: return "SIGILL"
    case SIGTRAP: return "SIGTRAP"
    case SIGFPE: return "SIGFPE"
    case SIGKILL: return "SIGKILL"
    case SIGTERM: return "SIGTERM"
    default: return "signal \(signal)"
    }
  }
}
