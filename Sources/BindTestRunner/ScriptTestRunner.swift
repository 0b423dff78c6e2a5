import BindLanguage
import BindPlatform
import BindSyntax

/// Runs test scripts statement by statement, like a REPL session, and
/// judges their output (Grammar.md §6, "Test scripts").
///
/// Each file gets a fresh interpreter. A runtime error does not stop the
/// file: it becomes the output line `error: MESSAGE`. A bare expression
/// prints its value in literal form.
///
/// ```swift
/// let result = ScriptTestRunner().run(TestScript(text: "1 + 1\n#> 2\n", path: "demo.bind"))
/// assert(result.passed)
/// ```
package struct ScriptTestRunner {
  /// Makes the interpreter for each file.
  package var makeInterpreter: () -> Interpreter
  /// Sees each line the interpreter prints (`print`, observers) as it is
  /// printed; not echoed values or errors. `run --record` shows the run
  /// with it.
  package var echo: ((String) -> Void)?
  /// Sees each error a statement raises, with its location.
  package var onError: ((ScriptError) -> Void)?
  /// Whether a result keeps the graph as it was after its first failing
  /// statement (``FileTestResult/failureGraph``), for the test helpers'
  /// attachments; drawing it costs a walk over the graph, once.
  package var recordsFailureGraph = false
  /// `--strict`: a script that ends with timers or Swift tasks still to run
  /// fails, naming each (`Interpreter.pendingWork`): what they would do was
  /// never seen, as TCA's exhaustive `TestStore` fails on effects still
  /// running. So does one that changes a property in an awaited call and
  /// never looks at it (``uncheckedChangeFailures(_:in:)``). A script
  /// with a `# strict` line is strict without it.
  package var strict = false

  /// Creates a runner; `makeInterpreter` configures each file's interpreter
  /// (limits, host types).
  package init(makeInterpreter: @escaping () -> Interpreter = { Interpreter() }) {
    self.makeInterpreter = makeInterpreter
  }

  /// Reads and runs the script at `path`. A file that cannot be read or is
  /// not UTF-8 fails with a `.file` failure.
  package func run(path: String) -> FileTestResult {
    switch Self.load(path: path) {
    case .success(let script): return run(script)
    case .failure(let failure): return FileTestResult(path: path, status: .failed, failures: [failure])
    }
  }

  /// Runs `script` with a fresh interpreter.
  package func run(_ script: TestScript) -> FileTestResult {
    if let reason = script.skipReason { return FileTestResult(path: script.path, status: .skipped(reason: reason)) }
    let interpreter = makeInterpreter()
    defer { interpreter.endSession() }
    return run(script, with: interpreter)
  }

  /// Runs `script` with a given interpreter (one a host app configured),
  /// ignoring `# skip:`. The interpreter's `output` is restored afterwards.
  package func run(_ script: TestScript, with interpreter: Interpreter) -> FileTestResult {
    let clock = ContinuousClock()
    let start = clock.now
    let savedOutput = interpreter.output
    defer { interpreter.output = savedOutput }
    interpreter.hoist(script.parsed)
    let strict = self.strict || script.isStrict
    let recordedAwaitedChanges = interpreter.recordsAwaitedChanges
    interpreter.recordsAwaitedChanges = recordedAwaitedChanges || strict
    defer { interpreter.recordsAwaitedChanges = recordedAwaitedChanges }
    var failureGraph: String?
    var awaitedChanges: [Interpreter.AwaitedChange] = []
    let steps = script.steps.map { step in
      let result = run(step, of: script, in: interpreter)
      recordGraph(&failureGraph, after: result, of: interpreter)
      if strict { awaitedChanges += interpreter.takeAwaitedChanges() }
      return result
    }
    var failures = Self.failures(of: script, steps: steps)
    if strict { failures += Self.pendingFailures(of: interpreter) + Self.uncheckedChangeFailures(awaitedChanges, in: script) }
    let elapsed = start.duration(to: clock.now)
    var result = FileTestResult(
      path: script.path, status: failures.isEmpty ? .passed : .failed,
      seconds: Self.seconds(elapsed), failures: failures, steps: steps)
    result.scriptDigest = script.digest
    result.failureGraph = failureGraph
    return result
  }

  /// Runs `script` with a given interpreter from an async caller, on its
  /// actor (`isolation`): as ``run(_:with:)``, but a statement
  /// `await call(…)` suspends the caller while the call's task runs (see
  /// `Interpreter.executeCooperatively(_:in:isolation:)`), so a `@MainActor` test can
  /// await a `@MainActor` view-model's async method.
  package func run(
    _ script: TestScript, with interpreter: Interpreter, isolation: isolated (any Actor)? = #isolation
  ) async -> FileTestResult {
    let clock = ContinuousClock()
    let start = clock.now
    let savedOutput = interpreter.output
    defer { interpreter.output = savedOutput }
    interpreter.hoist(script.parsed)
    let strict = self.strict || script.isStrict
    let recordedAwaitedChanges = interpreter.recordsAwaitedChanges
    interpreter.recordsAwaitedChanges = recordedAwaitedChanges || strict
    defer { interpreter.recordsAwaitedChanges = recordedAwaitedChanges }
    var steps: [StepResult] = []
    var failureGraph: String?
    var awaitedChanges: [Interpreter.AwaitedChange] = []
    for step in script.steps {
      steps.append(await run(step, of: script, in: interpreter))
      recordGraph(&failureGraph, after: steps[steps.count - 1], of: interpreter)
      if strict { awaitedChanges += interpreter.takeAwaitedChanges() }
    }
    var failures = Self.failures(of: script, steps: steps)
    if strict { failures += Self.pendingFailures(of: interpreter) + Self.uncheckedChangeFailures(awaitedChanges, in: script) }
    let elapsed = start.duration(to: clock.now)
    var result = FileTestResult(
      path: script.path, status: failures.isEmpty ? .passed : .failed,
      seconds: Self.seconds(elapsed), failures: failures, steps: steps)
    result.scriptDigest = script.digest
    result.failureGraph = failureGraph
    return result
  }

  /// Keeps the graph after the first step that failed, when asked to.
  private func recordGraph(_ graph: inout String?, after step: StepResult, of interpreter: Interpreter) {
    guard recordsFailureGraph, graph == nil, !step.passed else { return }
    graph = GraphExport.dot(for: interpreter)
  }

  /// Reads `path` as a test script, or says why it cannot be.
  package static func load(path: String) -> Result<TestScript, TestFailure> {
    do {
      return .success(TestScript(file: try SourceFile.load(path: path), inherited: .inherited(byScriptAt: path)))
    } catch .invalidUTF8(let error) {
      let diagnostic = error.diagnostic
      return .failure(TestFailure(kind: .file, line: diagnostic.range.start.line, message: "error: \(diagnostic.message)"))
    } catch {
      return .failure(TestFailure(kind: .file, line: nil, message: "error: \(error)"))
    }
  }

  // MARK: Steps

  /// Runs one step with `interpreter` (whose `output` it takes over) and
  /// judges it under its file's rules. `run(_:with:)` runs every step this
  /// way after hoisting the file's declarations.
  package func run(_ step: TestStep, of script: TestScript, in interpreter: Interpreter) -> StepResult {
    let collector = OutputCollector()
    let restore = begin(step, collector: collector, in: interpreter)
    defer { restore() }
    var errors: [String] = []
    for item in step.items {
      let message: String?
      switch item {
      case .statement(let statement):
        message = execute(statement, in: script.file, interpreter: interpreter, collector: collector)
      case .syntaxError(let diagnostic):
        message = diagnostic.message
      }
      record(message, in: &errors, collector: collector)
    }
    return judge(step, of: script, output: collector, errors: errors)
  }

  /// Runs one step from an async caller (see ``run(_:with:isolation:)``).
  package func run(
    _ step: TestStep, of script: TestScript, in interpreter: Interpreter,
    isolation: isolated (any Actor)? = #isolation
  ) async -> StepResult {
    let collector = OutputCollector()
    let restore = begin(step, collector: collector, in: interpreter)
    defer { restore() }
    var errors: [String] = []
    for item in step.items {
      let message: String?
      switch item {
      case .statement(let statement):
        do {
          if let value = try await interpreter.executeCooperatively(statement, in: script.file) { collector.append(value.literal) }
          message = nil
        } catch {
          message = self.message(of: error)
        }
      case .syntaxError(let diagnostic):
        message = diagnostic.message
      }
      record(message, in: &errors, collector: collector)
    }
    return judge(step, of: script, output: collector, errors: errors)
  }

  /// Takes over `interpreter`'s output and, for a step with interruption
  /// points, its interruption check; returns what puts them back.
  private func begin(_ step: TestStep, collector: OutputCollector, in interpreter: Interpreter) -> () -> Void {
    let savedInterruptRequested = interpreter.interruptRequested
    interpreter.output = { [echo] line in
      collector.append(line)
      echo?(line)
    }
    if !step.interruptionPoints.isEmpty {
      let points = step.interruptionPoints
      interpreter.interruptRequested = { [unowned interpreter] in points.contains(interpreter.interruptionPoint) }
    }
    return { interpreter.interruptRequested = savedInterruptRequested }
  }

  private func record(_ message: String?, in errors: inout [String], collector: OutputCollector) {
    guard let message else { return }
    errors.append(message)
    collector.append("error: " + message)
  }

  private func judge(_ step: TestStep, of script: TestScript, output collector: OutputCollector, errors: [String]) -> StepResult {
    var actual = collector.take()
    if !script.redactions.isEmpty { actual = actual.map(script.redactions.apply) }
    var result = StepResult(line: step.firstLine, expected: step.expected, actual: actual, errors: errors, passed: true)
    result.passed = script.checksOutput ? result.outputMatches : errors.isEmpty
    return result
  }

  /// Runs one statement, printing a bare expression's value; returns the
  /// message of the error it raised, if any.
  private func execute(_ statement: Statement, in file: SourceFile, interpreter: Interpreter, collector: OutputCollector) -> String? {
    do {
      if let value = try interpreter.execute(statement, in: file) { collector.append(value.literal) }
      return nil
    } catch {
      return message(of: error)
    }
  }

  /// The message of a statement's error, which ``onError`` sees first.
  private func message(of error: any Error) -> String {
    guard let error = error as? ScriptError else { return "\(error)" }
    onError?(error)
    return error.message
  }

  // MARK: Judging

  /// The most diff lines a failure shows.
  static let maxDiffLines = 200

  /// The failures of a run, in source order.
  static func failures(of script: TestScript, steps: [StepResult]) -> [TestFailure] {
    var failures: [TestFailure] = []
    if let stray = script.strayExpectations.first {
      failures.append(TestFailure(
        kind: .strayExpectation, line: stray.line,
        message: "expectation '#> \(stray.text)' comes before any statement"))
    }
    for error in script.redactions.errors {
      let location = error.path.map { "\($0):\(error.line): " } ?? ""
      failures.append(TestFailure(kind: .pattern, line: error.path == nil ? error.line : nil, message: "bad redaction: \(location)\(error.message)"))
    }
    for step in steps {
      if !step.passed { failures += self.failures(of: step, in: script) }
      for expectation in step.expected {
        guard let error = expectation.patternError else { continue }
        failures.append(patternFailure(expectation, error, in: script.file))
      }
    }
    return failures
  }

  /// Under `--strict`, the failure of a session with work left to run.
  static func pendingFailures(of interpreter: Interpreter) -> [TestFailure] {
    let pending = interpreter.pendingWork
    guard !pending.isEmpty else { return [] }
    // Waiting never ends an `every`: say how to dispose one that has no name.
    let repeating =
      interpreter.hasPendingUnnamedRepeatingTimer
      ? "; an 'every' timer runs until disposed: name it ('every 1s as ticker { … }', then 'dispose ticker') "
        + "or keep it ('let ticker = every 1s { … }', then 'ticker.dispose()')"
      : ""
    return [
      TestFailure(
        kind: .pending, line: nil,
        message: "the script ends with \(pending.count) thing\(pending.count == 1 ? "" : "s") still to run (--strict); "
          + "'wait' for them and state what they print, or dispose them" + repeating,
        details: pending)
    ]
  }

  /// Under `--strict`, a failure for each property an awaited call changed
  /// that neither an observer printed nor the script reads after the call
  /// (a bare `vm.status` whose `#>` line states it, an `assert`, a
  /// `print`): what the call did was not checked. Reads are found in the
  /// syntax, by the receiver as the call wrote it.
  static func uncheckedChangeFailures(_ changes: [Interpreter.AwaitedChange], in script: TestScript) -> [TestFailure] {
    changes.compactMap { change in
      guard !script.parsed.statements.contains(where: { reads(change, in: $0, file: script.file) }) else { return nil }
      return TestFailure(
        kind: .unchecked, line: change.range.start.line,
        message: "'\(change.name)' changed during \(change.during) and nothing checked it (--strict); "
          + "'observe \(change.receiver)' before the call, or state '\(change.name)' with a '#>' line after it")
    }
  }

  /// Whether `statement` reads `change`'s property on its receiver, as
  /// written (`vm.status`, `vm?.status`), after the call; an assignment's
  /// target is no read.
  private static func reads(_ change: Interpreter.AwaitedChange, in statement: Statement, file: SourceFile) -> Bool {
    guard statement.range.end.offset > change.range.end.offset else { return false }
    let names = { (expression: Expression) -> Bool in
      switch expression {
      case .member(let base, let name, let range), .optionalMember(let base, let name, let range):
        return range.start.offset >= change.range.end.offset && name.name == change.property
          && file.text(in: base.range) == change.receiver
      default:
        return false
      }
    }
    if case .assignment(let assignment) = statement {
      return SyntaxWalk.contains(assignment.value, intoClosures: true, where: names)
    }
    return SyntaxWalk.contains(statement, intoClosures: true, where: names)
  }

  /// The failures of a step that did not pass.
  private static func failures(of step: StepResult, in script: TestScript) -> [TestFailure] {
    let source = "| " + script.file.lineText(step.line).drop { $0 == " " || $0 == "\t" }
    guard script.checksOutput else {
      return step.errors.map { TestFailure(kind: .error, line: step.line, message: "error: " + $0, details: [source]) }
    }
    let edits = UnifiedDiff.edits(expected: step.expected, actual: step.actual)
    var diff = UnifiedDiff.render(edits)
    if diff.count > maxDiffLines {
      diff = Array(diff.prefix(maxDiffLines)) + ["... \(diff.count - maxDiffLines) more diff lines"]
    }
    let unexpected = edits.lazy.compactMap { edit -> String? in
      if case .added(let line) = edit, line.hasPrefix("error: ") { return line }
      return nil
    }.first
    let removed = edits.compactMap { edit -> String? in
      if case .removed(let line) = edit { return line }
      return nil
    }
    let notes = script.redactions.unmatchedNames(expected: removed, actual: step.actual)
    return [TestFailure(kind: .output, line: step.line, message: unexpected ?? "output differs", details: [source] + diff + notes)]
  }

  /// The failure of a ` (re)` or ` (glob)` line whose pattern does not compile: what is
  /// wrong, the line, and a caret under the part of the pattern to fix.
  private static func patternFailure(_ expectation: ExpectedLine, _ error: LinePattern.SyntaxError, in file: SourceFile) -> TestFailure {
    let source = file.lineText(expectation.line).drop { $0 == " " || $0 == "\t" }
    let text = expectation.text
    let blamed = text.unicodeScalars.index(text.unicodeScalars.startIndex, offsetBy: min(error.offset, text.unicodeScalars.count))
    let column = max(0, source.count - text.count) + text[..<blamed].count
    return TestFailure(
      kind: .pattern, line: expectation.line, message: "bad '\(expectation.patternSuffix ?? "")' pattern: " + error.message,
      details: ["| " + source, "| " + String(repeating: " ", count: column) + "^"])
  }

  /// A duration in seconds.
  package static func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}

/// Collects printed output as lines; a printed string with newlines is
/// several lines.
///
/// A step keeps at most `limit` lines: a loop that prints until the step
/// limit stops it would otherwise hold millions of lines in memory.
final class OutputCollector {
  /// The most lines one step keeps.
  static let limit = 100_000
  private var lines: [String] = []
  private var dropped = 0

  func append(_ text: String) {
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if lines.count < Self.limit { lines.append(String(line)) } else { dropped += 1 }
    }
  }

  /// The lines so far, emptying the collector.
  func take() -> [String] {
    defer { lines = []; dropped = 0 }
    guard dropped > 0 else { return lines }
    return lines + ["... \(dropped) more lines not kept"]
  }
}
