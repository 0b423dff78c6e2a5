import BindLanguage
import BindSyntax

/// The outcome of one test script.
public struct FileTestResult: Sendable {
  /// Passed, failed or skipped.
  public enum Status: Sendable, Equatable {
    /// Every assertion held, no error was unexpected, the output matched.
    case passed
    /// At least one failure; see `failures`.
    case failed
    /// The file starts with `# skip: reason`.
    case skipped(reason: String)
  }

  /// The script's path, as given.
  public var path: String
  /// Passed, failed or skipped.
  public var status: Status
  /// Wall-clock time the file took, in seconds.
  public var seconds: Double
  /// What went wrong, in source order; empty unless `status` is `.failed`.
  public var failures: [TestFailure]
  /// What each step printed against what it should have. A result that
  /// crossed a process boundary carries only the steps that failed, with
  /// what they printed and no expectations.
  public var steps: [StepResult]
  /// The binding graph, as DOT, right after the first failing statement
  /// ran: what a failure's picture shows. Recorded only when the runner is
  /// asked to (``ScriptTestRunner/recordsFailureGraph``).
  public var failureGraph: String?
  /// A digest of the script's bytes as they ran (``TestScript/digest``),
  /// so that `--review` can tell whether the file changed since.
  public var scriptDigest: UInt64?
  /// Whether `--update` rewrote the file's expectations before this result.
  public var wasUpdated = false
  /// Files that show the failure (`--artifacts`: timeline diagrams), which
  /// the JUnit report attaches.
  public var attachments: [String] = []

  /// Creates a result.
  public init(path: String, status: Status, seconds: Double = 0, failures: [TestFailure] = [], steps: [StepResult] = []) {
    self.path = path
    self.status = status
    self.seconds = seconds
    self.failures = failures
    self.steps = steps
  }

  /// A failed result with one failure that concerns the whole file (it
  /// could not be read, it crashed, it timed out).
  public static func failed(path: String, _ kind: TestFailure.Kind, _ message: String, details: [String] = [], seconds: Double = 0) -> FileTestResult {
    FileTestResult(
      path: path, status: .failed, seconds: seconds,
      failures: [TestFailure(kind: kind, line: nil, message: message, details: details)])
  }

  /// Whether the file passed.
  public var passed: Bool { status == .passed }

  /// Whether the file was skipped.
  public var isSkipped: Bool {
    if case .skipped = status { return true }
    return false
  }

  /// Whether the file could not be read as a script (a usage or file
  /// error, exit code 2).
  public var isFileError: Bool { failures.contains { $0.kind == .file } }
}

/// One reason a script failed, with where and what to look at.
public struct TestFailure: Error, Sendable, Hashable {
  /// What kind of problem it is.
  public enum Kind: String, Sendable {
    /// A step printed something other than its `#>` lines.
    case output
    /// An error (or failed assertion) in a file without `#>` lines.
    case error
    /// An expectation that belongs to no statement.
    case strayExpectation = "stray"
    /// A ` (re)` line whose pattern is not valid or needs backtracking.
    case pattern
    /// The process running the script died from a signal.
    case crash
    /// The script ran longer than `--timeout`.
    case timeout
    /// The file could not be read, or is not UTF-8.
    case file
    /// Under `--strict`: the script ended with timers or Swift tasks still to run.
    case pending
    /// Under `--strict`: an awaited call changed a property of its object
    /// that no observer printed and no later statement read.
    case unchecked
  }

  /// What kind of problem it is.
  public var kind: Kind
  /// The 1-based line of the statement to blame, if one is.
  public var line: Int?
  /// One line: the error, or "output differs".
  public var message: String
  /// Further lines: the statement's source, the expected/actual diff.
  public var details: [String]

  /// Creates a failure.
  public init(kind: Kind, line: Int?, message: String, details: [String] = []) {
    self.kind = kind
    self.line = line
    self.message = message
    self.details = details
  }

  /// `path:line` (or `path` alone) for this failure in `path`.
  public func location(in path: String) -> String {
    line.map { "\(path):\($0)" } ?? path
  }
}

/// What one step printed, against what it should have.
public struct StepResult: Sendable, Hashable {
  /// The step's first source line.
  public var line: Int
  /// The step's expected output (empty when there were no `#>` lines).
  public var expected: [ExpectedLine]
  /// What it printed, errors included as `error: MESSAGE` lines.
  public var actual: [String]
  /// The messages of the errors it raised, in order.
  public var errors: [String]
  /// Whether the step passed under its file's rules.
  public var passed: Bool

  /// Creates a step result.
  public init(line: Int, expected: [ExpectedLine], actual: [String], errors: [String], passed: Bool) {
    self.line = line
    self.expected = expected
    self.actual = actual
    self.errors = errors
    self.passed = passed
  }

  /// Whether `actual` matches `expected` line for line.
  public var outputMatches: Bool {
    expected.count == actual.count && zip(expected, actual).allSatisfy { $0.matches($1) }
  }
}
