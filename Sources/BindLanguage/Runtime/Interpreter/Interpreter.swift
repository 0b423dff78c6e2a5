import BindPlatform
import BindRuntime
import BindSyntax

/// Runs BindScript: the one entry point behind `run`, `test`, `check` and the REPL.
///
/// Each top-level statement is compiled (names resolved to slots) and then
/// run. The interpreter keeps its state between statements, so a REPL or a
/// test script can run statement by statement and keep going after an error.
///
/// ```swift
/// let interpreter = Interpreter()
/// interpreter.output = { print($0) }
/// let parsed = Parser.parse("let p = Person(name: \"Ada\")", path: "demo.bind")
/// try interpreter.run(parsed)
/// ```
public final class Interpreter {
  /// Limits that turn runaway scripts into errors.
  public struct Options {
    /// Loop iterations and calls allowed per top-level statement.
    public var maxSteps = 100_000_000
    /// How deeply functions may call each other. A call also stops with an
    /// error when less than ``Interpreter/stackReserve`` bytes of its
    /// thread's stack are left, whichever comes first (Grammar.md, "Limits").
    public var maxCallDepth = 20_000
    /// Whether script time is the wall clock (`--real-time`) rather than
    /// virtual time, which moves only when a script waits.
    public var realTime = false
    public init() {}
  }

  /// The limits in force (see ``Options``).
  public var options: Options {
    get { budget.options }
    set { budget.options = newValue }
  }
  /// Steps, call depth, stack and interruption: read and counted on every
  /// call and loop iteration. One thread runs an interpreter at a time, so
  /// exclusivity checks would only cost time.
  @exclusivity(unchecked) var budget: ExecutionBudget
  /// Receives every printed line: `print`, observers, echoed values.
  public var output: (String) -> Void = { Swift.print($0) }
  /// Whether the host registered a class of its own: its objects may have
  /// main-actor work that no timer announces (see ``timeUntilDueTimers``).
  var hasHostClasses = false
  /// How many lines the script has printed (see ``writeOutput(_:)``).
  private(set) var outputCount = 0

  /// Prints `line` through ``output``, counted.
  func writeOutput(_ line: String) {
    outputCount += 1
    output(line)
  }
  /// Polled while statements run; returning true stops the statement with an
  /// "interrupted" error (the REPL's Ctrl-C).
  public var interruptRequested: (() -> Bool)?
  /// How many times the running top-level statement has polled
  /// ``interruptRequested`` so far (from 1 at its first poll).
  ///
  /// A statement polls at points fixed by what it does (every 1,024 loop
  /// iterations or calls, each timer it fires), so under virtual time the
  /// same statement from the same state polls at the same points: the REPL
  /// records the point where Ctrl-C stopped a statement, and the test
  /// runner stops the replayed statement at that point again (Grammar.md,
  /// "Test scripts"). Counted only while ``interruptRequested`` is set.
  public internal(set) var interruptionPoint: Int {
    get { budget.interruptionPoint }
    set { budget.interruptionPoint = newValue }
  }
  /// Reads a file for `import`.
  public var readFile: (String) throws -> [UInt8] = FileSystem.readBytes
  /// The session's globals, connections and imports.
  let session = Session()
  /// The script's time: its timers, and the host tasks that wait on it.
  /// Hand ``Scheduler/clock`` to view-models so their sleeps follow `wait`.
  public let scheduler: Scheduler
  /// `Timer#N` numbers the session's timers.
  var timerCount = 0
  /// Effects made as values (`let e = effect { … }`), for `Effect#N`.
  var effectCount = 0
  /// The host tasks scripts started (see `Interpreter+HostTasks.swift`).
  let hostTasks = HostTasks()
  /// Swift-side changes of `@Observable`/`@Published` models, delivered at
  /// each statement's start and end (`deliverHostChanges`).
  let hostChanges = HostChanges()

  /// The session's types and what the host registered.
  let registry = TypeRegistry()
  // How deeply top-level statements nest (an import, the prelude), read
  // on every statement; one thread runs an interpreter at a time.
  @exclusivity(unchecked) var statementDepth = 0
  /// Set while ``executeCooperatively(_:in:isolation:)`` runs a statement: where a host
  /// call may hand its wait back to the async caller.
  var cooperativeAwait: CooperativeAwait?
  /// The origin of the top-level statement running now, which the tasks
  /// it starts hold (``Scheduler/trackingTasks(label:_:)``): host calls
  /// name on it the Swift methods that start tasks. Unowned: the statement
  /// holds it, and a reference here would count as one of its tasks.
  unowned(unsafe) var currentTaskOrigin: TaskOrigin?
  /// What awaited host calls changed, while ``recordsAwaitedChanges``.
  var awaitedChanges: AwaitedChanges?
  @exclusivity(unchecked) var pendingError: ScriptError? {
    didSet { hasPendingError = pendingError != nil }
  }
  /// Whether ``pendingError`` is set: what every write asks, answered
  /// without copying the optional error (a 128-byte struct) out to test it.
  @exclusivity(unchecked) private(set) var hasPendingError = false
  /// Whether the latest call returned a value (even `nil`) rather than
  /// nothing, so that `print(x)` echoes nothing but `Int("x")` echoes `nil`.
  @exclusivity(unchecked) var lastCallProducedValue = true
  /// Whether the compiler adds the specialised paths beside the general
  /// ones (the direct call path, `Compiler+DirectCalls.swift`). The
  /// differential tests turn it off to run the general path alone.
  var specialises = true
  /// Whether an unknown name's error looks for the name likely meant; off
  /// while ``check(_:keepingFirst:until:)`` counts errors past its limit.
  var suggestsNames = true
  /// Whether this session records the causes of changes, for `why`
  /// (`Interpreter+Why.swift`): switched on by the first `why` it is given.
  var recordsCauses = false
  /// Whether a top-level statement ran before recording began (the REPL's
  /// first `why`): changes made then were not recorded.
  var causesRecordedLate = false
  var hasRunStatements = false
  /// The id of the first node made while this session recorded causes.
  var firstRecordedNodeID = 0

  /// Creates an interpreter with the built-in types (`Label`, `Button`, …).
  ///
  /// The built-in types are declared when first named: the first file or
  /// statement whose text mentions one of them declares them all before it
  /// is compiled (``loadPreludeIfNamed(in:from:to:)``), so a script that
  /// uses none of them does not pay for parsing and declaring them.
  public init(options: Options = Options()) {
    budget = ExecutionBudget(options: options)
    scheduler = Scheduler(mode: options.realTime ? .realTime : .virtual)
    // Through `hook`, not `[weak self]`: a weak reference gives the
    // interpreter a side table, and from then on every retain and release
    // of it takes the runtime's slow path (~150 instructions and an extra
    // atomic operation a pair; a method call retains it several times).
    let hook = schedulerHook
    hook.interpreter = Unmanaged.passUnretained(self)
    scheduler.afterEachJob = { hook.interpreter?.takeUnretainedValue().deliverHostChanges() }
  }

  deinit {
    schedulerHook.interpreter = nil
    scheduler.close()
  }

  /// How the scheduler, which a host may keep after the interpreter is
  /// gone, reaches it: cleared when the interpreter goes. The interpreter
  /// and its scheduler live on one thread (ARCHITECTURE.md, "Invariants"),
  /// so the deinit cannot race with a job's hook. A script's fake that
  /// Swift holds (``ScriptImplementation``) reaches it the same way.
  let schedulerHook = SchedulerHook()

  final class SchedulerHook {
    @exclusivity(unchecked) var interpreter: Unmanaged<Interpreter>?
  }

  /// Declares the prelude's types, once.
  func loadPrelude() {
    guard !registry.isPreludeLoaded else { return }
    registry.isPreludeLoaded = true
    registry.isLoadingPrelude = true
    // Declaring types runs no script code: counted as part of a statement,
    // the declarations neither deliver host changes nor reset the step
    // budget, whenever the first mention of a type brings them in.
    statementDepth += 1
    defer {
      statementDepth -= 1
      registry.isLoadingPrelude = false
    }
    let parsed = Parser.parse(Prelude.source, path: "<prelude>")
    precondition(!parsed.hasErrors, "the prelude must parse")
    for statement in parsed.statements { _ = try! execute(statement, in: parsed.file) }
  }

  /// Declares the prelude's types before code from `file` between byte
  /// offsets `start` and `end` is compiled, if that text may name one.
  ///
  /// Code can name a type only by writing its name, so text without any of
  /// the names cannot need them. Any mention counts (in a comment or a
  /// string too): declaring the types for nothing costs time, never meaning.
  func loadPreludeIfNamed(in file: SourceFile, from start: Int = 0, to end: Int? = nil) {
    guard !registry.isPreludeLoaded else { return }
    if Prelude.mayBeNamed(in: file.bytes, from: start, to: end ?? file.bytes.count) { loadPrelude() }
  }

  // MARK: Entry points

  /// Runs a parsed script, stopping at the first error (`bindscript run`).
  public func run(_ parsed: ParseResult) throws {
    if let path = parsed.file.path { session.importedPaths.insert(FileSystem.resolve(path, relativeTo: nil)) }
    hoist(parsed)
    for statement in parsed.statements { _ = try execute(statement, in: parsed.file) }
  }

  /// Makes the top-level names of `statements` known before any of them
  /// runs, so functions may use globals and types declared further down.
  public func hoist(_ parsed: ParseResult) {
    hoist(parsed, resolved: nil)
  }

  /// `hoist`, with the functions compiled against `resolved`, the whole
  /// file's resolution, when the caller has it (`check`); otherwise each
  /// is resolved on its own.
  private func hoist(_ parsed: ParseResult, resolved: ResolvedSyntax?) {
    loadPreludeIfNamed(in: parsed.file)
    let statements = parsed.statements
    recordCausesIfAsked(by: statements)
    session.recordTopLevelDeclarations(of: statements, in: parsed.file)
    for statement in statements {
      switch statement {
      case .variable(let declaration):
        for name in declaration.boundNames { globalScope.declare(name.name, isMutable: declaration.isMutable) }
      case .function(let declaration): globalScope.declare(declaration.name.name, isMutable: false)
      case .typeDeclaration(let declaration) where !declaration.isExtension: registry.hoistType(declaration)
      case .protocolDeclaration(let declaration): registry.hoistedProtocols[declaration.name.name] = declaration
      default: continue
      }
    }
    ensureGlobalCapacity()
    // Top-level functions exist before the first statement runs, so a
    // script may call a function declared further down. A function that
    // does not compile reports its error when its own statement is reached.
    for statement in statements {
      guard case .function = statement else { continue }
      let compiler = resolved.map { Compiler(interpreter: self, file: parsed.file, resolved: $0, scope: globalScope) }
        ?? Compiler(interpreter: self, file: parsed.file, resolving: statement, scope: globalScope)
      _ = try? compiler.compileStatement(statement)
    }
  }

  /// Compiles and runs one top-level statement. Returns the value of a bare
  /// expression, which the REPL and test scripts print; `nil` otherwise
  /// (and for calls that return nothing).
  public func execute(_ statement: Statement, in file: SourceFile) throws -> Value? {
    loadPreludeIfNamed(in: file, from: statement.range.start.offset, to: statement.range.end.offset)
    guard statementDepth > 0 else {
      // The tasks a top-level statement starts, and its view-models',
      // belong to this session's scheduler.
      defer { labelSleeps(startedBy: statement, in: file) }
      return try TaskCapture.routing(to: scheduler) {
        try scheduler.trackingTasks(label: { Self.label(of: statement, in: file) }) { origin in
          currentTaskOrigin = origin
          defer { currentTaskOrigin = nil }
          budget.restart()
          deliverHostChanges()
          hasRunStatements = true
          return try executeStatement(statement, in: file)
        }
      }
    }
    return try executeStatement(statement, in: file)
  }

  private func executeStatement(_ statement: Statement, in file: SourceFile) throws -> Value? {
    statementDepth += 1
    defer { statementDepth -= 1 }
    let compiler = Compiler(interpreter: self, file: file, resolving: statement, scope: globalScope)
    do {
      try compiler.rejectEarlyTopLevelUses(in: statement)
      if case .expression(let expression) = statement {
        let evaluate = try compiler.compileExpression(expression)
        ensureGlobalCapacity()
        lastCallProducedValue = true
        let value = try withWriteOrigin(of: statement, in: file) { try evaluate(globalFrame) }
        collectHostTaskFailure()
        if statementDepth == 1 { deliverHostChanges() }
        try throwPendingError()
        if expression.isCall, value.isNull, !lastCallProducedValue { return nil }
        // `after 1s { … }` on a line of its own is a statement, not a value to show.
        if case .timer = expression.unparenthesized { return nil }
        return value
      }
      let run = try compiler.compileStatement(statement)
      ensureGlobalCapacity()
      _ = try withWriteOrigin(of: statement, in: file) { try run(globalFrame) }
      collectHostTaskFailure()
      if statementDepth == 1 { deliverHostChanges() }
      try throwPendingError()
      return nil
    } catch {
      pendingError = nil
      throw error.asScriptError(at: statement.range, in: file)
    }
  }

  /// Runs `body` between statements as if it were one: a fresh step budget,
  /// host changes delivered before and after, host tasks it starts held for
  /// the scheduler, and an error a callback kept thrown at the end.
  /// - Returns: without running `body` while a statement runs.
  func runAsStatement(_ body: () throws -> Void) throws {
    guard statementDepth == 0 else { return }
    budget.restart()
    try TaskCapture.routing(to: scheduler) {
      deliverHostChanges()
      statementDepth += 1
      defer { statementDepth -= 1 }
      try runStatementBody(body)
    }
  }

  private func runStatementBody(_ body: () throws -> Void) throws {
    do {
      try body()
      collectHostTaskFailure()
      deliverHostChanges()
      try throwPendingError()
    } catch {
      pendingError = nil
      throw error
    }
  }

  /// Resolves names and types without running anything (`bindscript check`,
  /// the language server): compiles every statement, then reports the
  /// misspelled members of receivers whose type is known for certain, with
  /// the message running the statement would give (`MemberCheck`).
  /// - Returns: the errors in statement order.
  public func check(_ parsed: ParseResult) -> [ScriptError] {
    check(parsed, keepingFirst: .max).errors
  }

  /// ``check(_:)`` that keeps only the first `limit` errors and counts the
  /// rest: a file with an error on each of its million lines costs a count,
  /// not a million errors (the language server lists the first few). It
  /// stops early, with no errors, once `isCancelled` says so (asked every
  /// few hundred statements).
  /// - Returns: the first `limit` errors in statement order, and how many
  ///   there were in all.
  public func check(
    _ parsed: ParseResult, keepingFirst limit: Int, until isCancelled: () -> Bool = { false }
  ) -> (errors: [ScriptError], count: Int) {
    let resolved = Resolver.resolve(
      parsed.statements, collectingBindings: true,
      topLevelDeclarations: Resolver.topLevelDeclarations(of: parsed.statements))
    hoist(parsed, resolved: resolved)
    var compileErrors: [(index: Int, error: ScriptError)] = []
    var failedStatements = [Bool](repeating: false, count: parsed.statements.count)
    var failures = 0
    defer { suggestsNames = true }
    for (index, statement) in parsed.statements.enumerated() {
      if index & 255 == 255, isCancelled() { return ([], 0) }
      do {
        let compiler = Compiler(interpreter: self, file: parsed.file, resolved: resolved, scope: globalScope)
        try compiler.rejectEarlyTopLevelUses(in: statement)
        _ = try compiler.compileStatement(statement)
        ensureGlobalCapacity()
      } catch {
        failedStatements[index] = true
        failures += 1
        if compileErrors.count < limit { compileErrors.append((index, error.asScriptError(at: statement.range, in: parsed.file))) }
        // The errors past the limit are only counted: no "did you mean".
        suggestsNames = compileErrors.count < limit
      }
    }
    // Members are resolved when a statement runs; with every type now
    // declared, the member pass finds the misspelled ones it can be sure of.
    let members = MemberCheck.errors(
      in: parsed.statements, resolved: resolved, file: parsed.file, interpreter: self,
      skipping: failedStatements)
    // Both lists in statement order (they never share a statement): the
    // first `limit` of their merge.
    let memberErrors = members.enumerated().sorted { ($0.element.index, $0.offset) < ($1.element.index, $1.offset) }
      .map(\.element)
    var merged: [ScriptError] = []
    var compileNext = 0
    var memberNext = 0
    while merged.count < limit, compileNext < compileErrors.count || memberNext < memberErrors.count {
      if memberNext == memberErrors.count
        || (compileNext < compileErrors.count && compileErrors[compileNext].index < memberErrors[memberNext].index)
      {
        merged.append(compileErrors[compileNext].error)
        compileNext += 1
      } else {
        merged.append(memberErrors[memberNext].error)
        memberNext += 1
      }
    }
    return (merged, failures + members.count)
  }

  // MARK: Services for compiled code

  @inline(__always) func throwPendingError() throws {
    if hasPendingError { try throwKeptError() }
  }

  @inline(never) private func throwKeptError() throws {
    if let error = pendingError {
      pendingError = nil
      throw error
    }
  }
}
