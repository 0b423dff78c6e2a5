import BindLanguage
import BindPlatform
import BindSyntax
import BindTestRunner
import Synchronization

/// Runs `.bind` test scripts from a host app's test suite, against an
/// interpreter the app configured, and lists each script failure at the
/// script's own `path:line`.
///
/// `XCTestCase.assertScript` and `expectScript` (Swift Testing) turn these
/// failures into test failures; use `ScriptTest` directly to inspect them.
///
/// ```swift
/// let interpreter = Interpreter()
/// let issues = ScriptTest.issues(inFile: ScriptTest.path("login.bind", nextTo: #filePath), interpreter: interpreter)
/// ```
public enum ScriptTest {
  /// One script failure, located in the script.
  public struct Issue: Hashable, Sendable, CustomStringConvertible {
    /// The script's path.
    public var path: String
    /// The 1-based line of the statement to blame, when there is one.
    public var line: Int?
    /// The failure, one line: an error, a failed assertion with its
    /// sub-expression values, or "output differs".
    public var message: String
    /// Further lines: the statement, the expected/actual diff.
    public var details: [String]

    /// Creates an issue.
    public init(path: String, line: Int?, message: String, details: [String] = []) {
      self.path = path
      self.line = line
      self.message = message
      self.details = details
    }

    /// The message followed by the details, for a test failure's text.
    public var fullDescription: String {
      ([message] + details).joined(separator: "\n")
    }

    /// `path:line: message`.
    public var description: String {
      "\(line.map { "\(path):\($0)" } ?? path): \(message)"
    }
  }

  /// Runs the script at `path` with `interpreter` (`# skip:` lines are
  /// honoured) and returns the result, steps included.
  public static func run(file path: String, interpreter: Interpreter = Interpreter()) -> FileTestResult {
    switch ScriptTestRunner.load(path: path) {
    case .success(let script): return run(script, interpreter: interpreter)
    case .failure(let failure): return FileTestResult(path: path, status: .failed, failures: [failure])
    }
  }

  /// Runs script text with `interpreter`; `path` names it in reports and
  /// anchors its `import`s.
  public static func run(source: String, path: String = "<script>", interpreter: Interpreter = Interpreter()) -> FileTestResult {
    run(TestScript(text: source, path: path), interpreter: interpreter)
  }

  /// The failures of the script at `path`, each located in the script.
  public static func issues(inFile path: String, interpreter: Interpreter = Interpreter()) -> [Issue] {
    issues(of: run(file: path, interpreter: interpreter))
  }

  /// The failures of script text, each located in the script.
  public static func issues(inSource source: String, path: String = "<script>", interpreter: Interpreter = Interpreter()) -> [Issue] {
    issues(of: run(source: source, path: path, interpreter: interpreter))
  }

  /// `name` resolved against the folder of `filePath`, for scripts kept
  /// next to the test file: `ScriptTest.path("login.bind", nextTo: #filePath)`.
  public static func path(_ name: String, nextTo filePath: StaticString = #filePath) -> String {
    FileSystem.resolve(name, relativeTo: "\(filePath)")
  }

  /// Runs the script at `path` (or, with `source`, that text) with a fresh
  /// interpreter `configure` prepared, then ends the interpreter's session.
  /// A `configure` that throws fails the result, with no line.
  ///
  /// Everything runs on the calling thread, in the caller's isolation (the
  /// main actor for a `@MainActor` test); only parsing, which touches no
  /// host object, goes to a large-stack thread (see "Swift 6 and the main
  /// actor" in `WritingScriptTests.md`).
  ///
  /// A statement `await call(…)` suspends the caller while the call's task
  /// runs, so that a `@MainActor` view-model's async method can run on the
  /// main actor, which a `@MainActor` test occupies
  /// (`Interpreter.executeCooperatively(_:in:isolation:)`).
  /// Records nothing: ``expectScript(_:isolation:sourceLocation:configure:)``
  /// and ``XCTestCase/assertScript(_:isolation:file:line:configure:)`` turn
  /// the result's failures into test failures; call this for the result
  /// alone (a benchmark, a host executable).
  ///
  /// With `strict`, a script that ends with timers or Swift tasks still to
  /// run fails, naming each, and so does one that never checks what an
  /// awaited call changed, as `bindscript test --strict` does.
  public static func run(
    file path: String, source: String? = nil, strict: Bool = false, isolation: isolated (any Actor)? = #isolation,
    configure: (Interpreter) throws -> Void
  ) async -> FileTestResult {
    // One session on the main actor at a time (see `MainActorSessions`).
    let onMainActor = (isolation as AnyObject?) === MainActor.shared
    if onMainActor { await MainActorSessions.shared.enter() }
    defer { if onMainActor { MainActorSessions.shared.leave() } }
    let interpreter = Interpreter()
    defer { interpreter.endSession() }
    do {
      try configure(interpreter)
    } catch {
      return .failed(path: path, .error, "cannot set up the interpreter: \(error)")
    }
    let script: TestScript
    if let source {
      script = TestScript(text: source, path: path)
    } else {
      switch ScriptTestRunner.load(path: path) {
      case .success(let loaded): script = loaded
      case .failure(let failure): return FileTestResult(path: path, status: .failed, failures: [failure])
      }
    }
    if let reason = script.skipReason { return FileTestResult(path: script.path, status: .skipped(reason: reason)) }
    var runner = runner
    runner.strict = strict
    return await runner.run(script, with: interpreter)
  }

  static func run(_ script: TestScript, interpreter: Interpreter) -> FileTestResult {
    if let reason = script.skipReason { return FileTestResult(path: script.path, status: .skipped(reason: reason)) }
    return runner.run(script, with: interpreter)
  }

  /// The runner the helpers use: it keeps the graph at the first failure
  /// for ``attachments(of:)``.
  private static var runner: ScriptTestRunner {
    var runner = ScriptTestRunner()
    runner.recordsFailureGraph = true
    return runner
  }

  static func issues(of result: FileTestResult) -> [Issue] {
    result.failures.map { Issue(path: result.path, line: $0.line, message: $0.message, details: $0.details) }
  }
}

/// Takes turns among the scripts the async helpers run on the main actor,
/// so that one session at a time has view-models there.
///
/// A `@MainActor` view-model's task that leaves the main actor for
/// nonisolated code (an `await` of a nonisolated service) is seen only as
/// a job leaving the main queue; whose it is can be told only while a
/// single session drives the main actor (`TaskCapture`). Suites that run in
/// parallel therefore run their main-actor scripts one after the other,
/// each whole, in the order they asked; nothing else of theirs waits (the
/// main actor runs one job at a time anyway, and virtual time has no
/// sleeps to overlap).
final class MainActorSessions: Sendable {
  static let shared = MainActorSessions()

  private struct State {
    var isTaken = false
    var waiting: [CheckedContinuation<Void, Never>] = []
  }

  private let state = Mutex(State())

  /// Waits for the turn, then takes it.
  func enter(isolation: isolated (any Actor)? = #isolation) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let isFree = state.withLock { state in
        guard state.isTaken else {
          state.isTaken = true
          return true
        }
        state.waiting.append(continuation)
        return false
      }
      if isFree { continuation.resume() }
    }
  }

  /// Gives the turn to the next waiting script, if any.
  func leave() {
    let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
      guard !state.waiting.isEmpty else {
        state.isTaken = false
        return nil
      }
      return state.waiting.removeFirst()
    }
    next?.resume()
  }
}
