import BindLanguage
import BindSyntax
import BindTestRunner
import LineReading

/// The state of one REPL session and how it evaluates input: an
/// interpreter, the transcript `:save` writes, and the console it prints to.
///
/// Input runs through the same `Interpreter.hoist`/`execute` entry point as
/// `bindscript run`; the session differs only in reporting: a bare
/// expression echoes its value, and an error is shown (with a caret) and
/// leaves the state as it was.
public final class REPLSession: REPLEvaluator {
  /// The interpreter; `:reset` replaces it.
  public private(set) var interpreter: Interpreter
  /// The statements entered since the session (or the last `:reset`)
  /// began, with what they printed, as a replayable test script.
  public private(set) var transcript = Transcript()
  /// How many statements `transcript` holds.
  public private(set) var recordedStatementCount = 0
  /// Where output and errors go.
  public let console: REPLConsole
  /// What `:graph` draws: the session's part of the process's graph, or
  /// all of it (an attached app's live graph).
  package var graphScope = GraphExport.Scope.session

  /// Makes the interpreter `:reset` starts over with.
  let makeInterpreter: () throws -> Interpreter
  let interruptRequested: () -> Bool
  /// The lines the running statement printed, for the transcript.
  private var capturedOutput: [String] = []
  /// Where Ctrl-C stopped the running statement (its interruption points,
  /// usually one): the transcript records them, so that `bindscript test`
  /// stops the replayed statement at the same points and every later
  /// statement sees the state it saw here.
  private var interruptionPoints: [Int] = []
  private var wasInterrupted: Bool { !interruptionPoints.isEmpty }
  /// Called, then cleared, before anything is printed while timers fire at
  /// the prompt (``runDueTimers(beforeOutput:)``).
  private var beforeOutput: (() -> Void)?

  /// Creates a session with a plain interpreter (the built-in types only).
  /// - Parameters:
  ///   - options: The interpreter's limits.
  ///   - console: Where to print.
  ///   - interruptRequested: Polled while a statement runs; `true` stops it
  ///     with an "interrupted" error (Ctrl-C).
  public convenience init(
    options: Interpreter.Options = Interpreter.Options(), console: REPLConsole,
    interruptRequested: @escaping () -> Bool = { false }
  ) {
    self.init(
      interpreter: Interpreter(options: options), console: console, interruptRequested: interruptRequested,
      makeInterpreter: { Interpreter(options: options) })
  }

  /// Creates a session over an interpreter the app prepared: its Swift
  /// types registered and its objects injected, so that statements,
  /// completion and `:types` see them.
  ///
  /// ```swift
  /// func makeInterpreter() throws -> Interpreter {
  ///   let interpreter = Interpreter()
  ///   try AppTypes.register(in: interpreter)
  ///   return interpreter
  /// }
  /// let session = try REPLSession(interpreter: makeInterpreter(), console: console, makeInterpreter: makeInterpreter)
  /// ```
  /// - Parameters:
  ///   - interpreter: The interpreter to start with. The session takes over
  ///     its `output` and `interruptRequested`.
  ///   - console: Where to print.
  ///   - interruptRequested: Polled while a statement runs; `true` stops it
  ///     with an "interrupted" error (Ctrl-C).
  ///   - makeInterpreter: Makes the interpreter `:reset` starts over with;
  ///     prepare it as `interpreter` was. `nil` makes a plain one with
  ///     `interpreter`'s options. If it throws, `:reset` reports the error
  ///     and keeps the session as it was.
  public init(
    interpreter: Interpreter, console: REPLConsole, interruptRequested: @escaping () -> Bool = { false },
    makeInterpreter: (() throws -> Interpreter)? = nil
  ) {
    let options = interpreter.options
    self.makeInterpreter = makeInterpreter ?? { Interpreter(options: options) }
    self.console = console
    self.interruptRequested = interruptRequested
    self.interpreter = interpreter
    connect(interpreter)
  }

  /// Routes an interpreter's output and interruption polling through this session.
  private func connect(_ interpreter: Interpreter) {
    interpreter.output = { [unowned self] line in
      self.capturedOutput.append(line)
      self.startOutput()
      self.console.line(line)
    }
    interpreter.interruptRequested = { [unowned self, unowned interpreter] in
      guard self.interruptRequested() else { return false }
      self.interruptionPoints.append(interpreter.interruptionPoint)
      return true
    }
  }

  /// Evaluates one complete entry. A syntax error rejects the whole entry;
  /// otherwise its statements run in order until one fails.
  public func evaluate(_ parsed: ParseResult) {
    if parsed.hasErrors {
      console.writeError(console.renderer.render(parsed.diagnostics, in: parsed.file))
      return
    }
    interpreter.hoist(parsed)
    for statement in parsed.statements where !run(statement, in: parsed.file) { break }
  }

  /// Parses `text` as one entry and evaluates it, for callers that already
  /// know the input is complete.
  public func evaluate(_ text: String) {
    evaluate(Parser.parse(SourceFile(path: nil, text: text)))
  }

  /// Runs one statement, echoing a bare expression's value, rendering an
  /// error, and recording the statement with its output in the transcript.
  /// - Returns: Whether it succeeded.
  @discardableResult
  func run(_ statement: Statement, in file: SourceFile) -> Bool {
    capturedOutput = []
    interruptionPoints = []
    defer { capturedOutput = [] }
    let source = file.text(in: statement.range)
    do {
      if let value = try interpreter.execute(statement, in: file) {
        capturedOutput.append(value.literal)
        console.line(console.paint(value))
      }
      record(source, output: capturedOutput, interruptedAt: interruptionPoints)
      return true
    } catch let error as ScriptError {
      // The terminal echoed "^C" where the cursor was; start the error below it.
      if wasInterrupted { console.write("\n") }
      console.writeError(console.renderer.render(error.diagnostic, in: error.file ?? file))
      // `bindscript test` compares exactly this line, so no caret and no location.
      record(source, output: capturedOutput + ["error: " + error.message], interruptedAt: interruptionPoints)
      return false
    } catch {
      console.error("\(error)")
      return false
    }
  }

  /// With `--real-time`, fires the timers that came due while the REPL
  /// waits at the prompt, and shows what they print or the error that
  /// stopped them. `beforeOutput` runs once, before the first of it (the
  /// line editor makes room above the line being typed). Their output is
  /// not part of the transcript: it belongs to no statement, and a session
  /// on the wall clock cannot replay exactly anyway. With virtual time
  /// nothing fires.
  public func runDueTimers(beforeOutput: () -> Void) {
    withoutActuallyEscaping(beforeOutput) { beforeOutput in
      self.beforeOutput = beforeOutput
      defer { self.beforeOutput = nil }
      capturedOutput = []
      defer { capturedOutput = [] }
      do {
        try interpreter.runDueTimers()
      } catch let error as ScriptError {
        startOutput()
        if let file = error.file {
          console.writeError(console.renderer.render(error.diagnostic, in: file))
        } else {
          console.error(error.message)
        }
      } catch {
        startOutput()
        console.error("\(error)")
      }
    }
  }

  /// On the wall clock (`--real-time`), timers fire while the prompt waits
  /// for a key; with virtual time nothing does. The interpreter is read at
  /// each call: `:reset` replaces it.
  public var idleWork: IdleWork? {
    guard interpreter.options.realTime else { return nil }
    return IdleWork(
      timeUntilDue: { [unowned self] in timeUntilDueTimers },
      run: { [unowned self] beforeOutput in runDueTimers(beforeOutput: beforeOutput) })
  }

  /// How long until a timer is due (see ``Interpreter/timeUntilDueTimers``).
  public var timeUntilDueTimers: Duration? { interpreter.timeUntilDueTimers }

  /// Runs ``beforeOutput`` if it is set, once.
  private func startOutput() {
    guard let beforeOutput else { return }
    self.beforeOutput = nil
    beforeOutput()
  }

  /// Appends to the transcript.
  func record(_ source: String, output: [String], interruptedAt points: [Int] = []) {
    transcript.append(source: source, output: output, interruptedAt: points)
    recordedStatementCount += 1
  }

  /// Adds a comment line to the transcript (where a `:load` began).
  func recordComment(_ text: String) {
    transcript.append(source: "# " + text, output: [])
  }

  /// Replaces the interpreter with a fresh one from `makeInterpreter` and
  /// empties the transcript. The old session's connections are ended and
  /// its variables cleared first, so its objects are released rather than
  /// kept alive by cycles.
  /// - Throws: What `makeInterpreter` threw; the session is then unchanged.
  public func reset() throws {
    let fresh = try makeInterpreter()
    interpreter.endSession()
    interpreter = fresh
    connect(interpreter)
    transcript = Transcript()
    recordedStatementCount = 0
  }
}
