import ArgumentParser
import BindLanguage
import BindPlatform
import BindRuntime
import BindSyntax
import BindTestRunner
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `bindscript test [PATH...]`: runs test scripts (Grammar.md §6, "Test scripts").
///
/// Each file runs in a child process of its own (this executable, as
/// `bindscript test --worker FILE`), so a crash or a `--timeout` fails that
/// file only. Results are reported in file order.
///
/// Test hook: when `BINDSCRIPT_TEST_CRASH` is set, a worker whose path
/// contains its value aborts, so the runner's own tests can show that a
/// crashing script fails alone.
struct TestCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "test",
    abstract: "Run test scripts and check their assertions and expected output.",
    discussion: """
      Finds *.bind files under the given paths (Scripts by default) and runs \
      each like a REPL session with a fresh interpreter. The '#>' lines after a \
      statement state what it prints; lines ending in ' (re)' are regular \
      expressions, lines ending in ' (glob)' globs, and '<name>'s declared \
      by '# redact' lines or '.redactions' files stand for values that change \
      every run. A file starting with '# skip: reason' is skipped. Exit \
      code 0 when every file passed, 1 on any failure, 2 for usage or file errors.
      """
  )

  @ArgumentParser.Argument(help: "Files and folders to search for *.bind scripts.", completion: .file(extensions: ["bind"]))
  var paths: [String] = []

  @Option(help: "Run only the scripts whose path contains PATTERN or matches it as a regular expression.")
  var filter: String?

  @Option(help: "How many scripts to run at once (default: the number of cores).")
  var jobs: Int?

  @Option(help: ArgumentHelp("Run only part K of N of the suite, for spreading it over machines.", valueName: "K/N"))
  var shard: String?

  @Option(help: "Fail a script that runs longer than this many seconds.")
  var timeout: Double = 120

  @Option(help: "The report format: plain, tap or junit.")
  var format: TestReportFormat = .plain

  @Flag(help: "Rewrite the '#>' lines of failing statements with their actual output.")
  var update = false

  @Flag(help: "With '--update', rewrite even on a CI server (where CI is set).")
  var force = false

  @Flag(help: "After the run, show each failing expectation as a diff and accept, reject or skip it with one key.")
  var review = false

  @Flag(help: "Fail a script that ends with timers or Swift tasks still to run, naming each and where it started, or that never checks what an awaited call changed ('# strict' in a script does the same).")
  var strict = false

  @Option(
    help: ArgumentHelp(
      "Write a diagram (SVG) of each failing timeline expectation into DIR; the JUnit report attaches them.",
      valueName: "DIR"))
  var artifacts: String?

  @OptionGroup var limits: LimitOptions

  @Flag(help: .hidden)
  var worker = false

  func validate() throws {
    if let jobs, jobs < 1 { throw ValidationError("'--jobs' must be at least 1.") }
    if let shard, ScriptDiscovery.parseShard(shard) == nil {
      throw ValidationError("'--shard' takes K/N with 1 <= K <= N, such as 2/4.")
    }
    if !(timeout > 0) { throw ValidationError("'--timeout' must be a positive number of seconds.") }
    if worker, paths.count != 1 { throw ValidationError("a worker runs exactly one file.") }
    // A wrong combination of flags is reported before anything about where this runs.
    if review, update { throw ValidationError("'--review' asks about each change that '--update' would write at once; use one of them.") }
    if update, !force, !worker, Self.isContinuousIntegration {
      throw ValidationError(
        "'--update' rewrites the scripts, and CI is set, so this looks like a CI server, where a rewritten "
          + "expectation would pass unseen; run it where you can review the change, or add '--force'.")
    }
    if force, !update { throw ValidationError("'--force' goes with '--update'.") }
    if review, format != .plain { throw ValidationError("'--review' shows plain reports; leave out '--format'.") }
  }

  /// Whether this runs on a CI server: `CI` set to anything but empty,
  /// `0` or `false` (as GitHub Actions, GitLab and most others set it).
  private static var isContinuousIntegration: Bool {
    guard let value = getenv("CI").map({ String(cString: $0) }) else { return false }
    return !["", "0", "false"].contains(value.lowercased())
  }

  func run() throws {
    if worker { return runWorker(path: paths[0]) }
    if let stdinPath = paths.first(where: Self.isStandardInput) {
      guard paths.count == 1 else {
        Terminal.printError("error: a script read from standard input ('\(stdinPath)') must be the only path; test the others in another run\n")
        throw ExitCode(2)
      }
      return try runStandardInput(named: stdinPath == "-" ? "<stdin>" : stdinPath)
    }
    if review, !Terminal.isInteractive {
      Terminal.printError(
        "error: '--review' asks at the terminal, and standard input or output is not one; run it in a terminal, or use '--update'\n")
      throw ExitCode(2)
    }
    let files = try selectFiles()
    try reporting(total: files.count) { reporter in
      let results = try runInWorkers(files, reporter: reporter)
      guard review, results.contains(where: { $0.status == .failed }) else { return results }
      emit(reporter.finish(results, seconds: 0))
      let session = ExpectationReviewSession(
        reporter: PlainReporter(useColor: Terminal.useColor(on: STDOUT_FILENO)), ask: { ReviewKeys.readChoice() }, write: emit)
      let summary = session.review(results)
      if summary.rejected + summary.skipped + summary.unresolved == 0 { throw ExitCode.success }
      throw ExitCode(1)
    }
  }

  /// Runs `files`, each in a worker process, reporting each as it ends.
  private func runInWorkers(_ files: [String], reporter: TestReporter) throws -> [FileTestResult] {
    var arguments = ["test", "--worker", "--max-steps", String(limits.maxSteps)]
    if limits.realTime { arguments.append("--real-time") }
    if update { arguments.append("--update") }
    if strict { arguments.append("--strict") }
    let pool = TestWorkerPool(
      executable: TestWorkerPool.currentExecutable, arguments: arguments,
      jobs: jobs ?? Self.coreCount, timeout: timeout)
    let folder = try artifacts.map(Self.prepareArtifacts)
    var attachments: [Int: [String]] = [:]
    var results = pool.run(files) { index, result in
      var result = result
      if let folder {
        result.attachments = TimelineArtifacts.write(for: result, into: folder) { Terminal.printError("error: \($0)\n") }
        attachments[index] = result.attachments
      }
      emit(reporter.report(result, number: index + 1))
    }
    for (index, paths) in attachments { results[index].attachments = paths }
    return results
  }

  /// Reports a run of `total` scripts: the header, what `run` reports as
  /// each script ends, the summary, and the exit code its results call for.
  private func reporting(total: Int, _ run: (TestReporter) throws -> [FileTestResult]) throws {
    let reporter = format.reporter(useColor: format == .plain && Terminal.useColor(on: STDOUT_FILENO))
    emit(reporter.start(total: total))
    let clock = ContinuousClock()
    let start = clock.now
    let results = try run(reporter)
    emit(reporter.finish(results, seconds: ScriptTestRunner.seconds(start.duration(to: clock.now))))
    if results.contains(where: \.isFileError) { throw ExitCode(2) }
    if results.contains(where: { $0.status == .failed }) { throw ExitCode(1) }
  }

  /// `-` and `/dev/stdin` name standard input, as `run` takes them.
  private static func isStandardInput(_ path: String) -> Bool {
    path == "-" || path == "/dev/stdin"
  }

  /// Runs the script on standard input in this process: a worker cannot
  /// read it (its standard input is the pipe that ties it to this runner),
  /// and it can be read only once. `--update` has no file to rewrite.
  private func runStandardInput(named path: String) throws {
    guard !update else {
      Terminal.printError("error: '--update' cannot rewrite a script read from standard input; save it to a file first\n")
      throw ExitCode(2)
    }
    let file = try ScriptLoader.sourceFile(path: path, bytes: try ScriptLoader.readStandardInput())
    try reporting(total: 1) { reporter in
      let result = run(TestScript(file: file))
      emit(reporter.report(result, number: 1))
      return [result]
    }
  }

  /// The scripts to run: discovered, filtered, sharded.
  private func selectFiles() throws -> [String] {
    var files: [String]
    do {
      files = try ScriptDiscovery.find(in: paths.isEmpty ? ["Scripts"] : paths)
    } catch let error as ScriptDiscovery.MissingPathError {
      Terminal.printError("error: \(error)\n")
      throw ExitCode(2)
    }
    if let filter { files = ScriptDiscovery.filter(files, pattern: filter) }
    if let shard, let (index, count) = ScriptDiscovery.parseShard(shard) {
      files = ScriptDiscovery.shard(files, index: index, count: count)
    }
    return files
  }

  /// The hidden `--worker` mode: runs one file and writes its result,
  /// encoded, to stdout. With `--update` it rewrites the file, then runs it
  /// again so the report says whether the new expectations hold.
  ///
  /// The worker is this same executable run again, so an app's command
  /// (``BindScriptApp``) runs each file with an interpreter its own
  /// `configure` prepared.
  private func runWorker(path: String) {
    WorkerLifeline.watchParent()
    if let crash = getenv("BINDSCRIPT_TEST_CRASH"), crash.pointee != 0, path.contains(String(cString: crash)) {
      abort()
    }
    var result: FileTestResult
    switch ScriptTestRunner.load(path: path) {
    case .failure(let failure):
      result = FileTestResult(path: path, status: .failed, failures: [failure])
    case .success(let script):
      result = run(script)
      if update, !result.isSkipped {
        result = updated(script, after: result)
      }
    }
    emit(result.wireEncoded)
  }

  /// Runs `script` with a fresh interpreter from the app's `configure`; a
  /// configure error fails the file.
  private func run(_ script: TestScript) -> FileTestResult {
    if let reason = script.skipReason { return FileTestResult(path: script.path, status: .skipped(reason: reason)) }
    let interpreter: Interpreter
    do {
      interpreter = try CommandContext.current.makeInterpreter(options: limits.interpreterOptions)
    } catch {
      return .failed(path: script.path, .error, CommandContext.configureFailure(error))
    }
    defer { interpreter.endSession() }
    var runner = ScriptTestRunner()
    runner.strict = strict
    return runner.run(script, with: interpreter)
  }

  private func updated(_ script: TestScript, after result: FileTestResult) -> FileTestResult {
    let bytes = ExpectationUpdater.update(script, results: result.steps)
    guard bytes != script.file.bytes else { return result }
    do {
      try FileSystem.write(String(decoding: bytes, as: UTF8.self), to: script.path)
    } catch {
      return .failed(path: script.path, .file, "error: cannot write '\(script.path)': \(error)")
    }
    var rerun: FileTestResult
    switch ScriptTestRunner.load(path: script.path) {
    case .success(let script): rerun = run(script)
    case .failure(let failure): rerun = FileTestResult(path: script.path, status: .failed, failures: [failure])
    }
    rerun.wasUpdated = true
    return rerun
  }

  /// The artifacts folder, made if missing, as an absolute path (CI
  /// servers resolve attachments from anywhere).
  private static func prepareArtifacts(_ folder: String) throws -> String {
    let path = FileSystem.absolute(folder)
    if FileSystem.kind(of: path) == nil { mkdir(path, 0o755) }
    guard FileSystem.kind(of: path) == .directory else {
      Terminal.printError("error: cannot use '\(folder)' for artifacts: it is not a folder that can be made\n")
      throw ExitCode(2)
    }
    return path
  }

  private static var coreCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }
}

/// Writes report text to stdout at once, so a long run streams.
private func emit(_ text: String) {
  guard !text.isEmpty else { return }
  print(text, terminator: "")
  fflush(stdout)
}

extension TestReportFormat: ExpressibleByArgument {}
