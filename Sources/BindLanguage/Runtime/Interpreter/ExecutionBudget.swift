import BindPlatform
import BindSyntax

/// What the running top-level statement may still spend: loop iterations
/// and calls (steps, up to ``Interpreter/Options/maxSteps``), call levels
/// (up to ``Interpreter/Options/maxCallDepth``) and the thread's stack
/// (down to ``stackFloor``); and how often it has asked whether to stop
/// (``interruptionPoint``).
///
/// Stored inline in the interpreter (``Interpreter/budget``), not behind a
/// reference: counting a step or a call level stays one add to the
/// interpreter's own memory, as when these were its fields.
struct ExecutionBudget {
  /// The limits; the host may change them between statements.
  var options: Interpreter.Options
  /// Steps counted since the statement began.
  var steps = 0
  /// How many calls (and handler runs) are under way.
  var callDepth = 0
  /// The stack address below which a call stops with an error rather than
  /// overflow: the thread's lowest stack address plus
  /// ``Interpreter/stackReserve``; 0 when the system cannot say (the
  /// call-count limit still holds).
  var stackFloor: UInt = 0
  /// How many times the statement has polled for interruption
  /// (``Interpreter/interruptionPoint``).
  var interruptionPoint = 0

  init(options: Interpreter.Options) {
    self.options = options
  }

  /// Starts a top-level statement's budget, on the thread that runs it.
  mutating func restart() {
    steps = 0
    interruptionPoint = 0
    measureStack()
  }

  /// Finds where the current thread's stack ends, before a top-level
  /// statement runs (a host may run statements on different threads).
  mutating func measureStack() {
    stackFloor = StackSpace.currentThreadLowestAddress().map { $0 + Interpreter.stackReserve } ?? 0
  }

  /// Counts one loop iteration or call. Returns whether the limits are due
  /// a check: every 1,024 steps.
  @inline(__always)
  mutating func countStep() -> Bool {
    steps &+= 1
    return steps & 1023 == 0
  }

  /// Counts `cost` steps; the error it throws has no location yet.
  mutating func count(_ cost: Int) throws {
    steps &+= cost
    if steps > options.maxSteps {
      throw ScriptError(.stepLimit(options.maxSteps))
    }
  }

  /// Whether one more call fits: under the call-count limit, and with
  /// ``Interpreter/stackReserve`` bytes of stack left.
  @inline(__always)
  var callFits: Bool {
    callDepth < options.maxCallDepth && stackFits
  }

  /// Whether ``Interpreter/stackReserve`` bytes of stack are left.
  @inline(__always)
  var stackFits: Bool { StackSpace.currentAddress() > stackFloor }

  /// Whether the call-count limit, rather than the stack, is what a call
  /// that does not fit (``callFits``) ran into.
  var isAtCallDepthLimit: Bool { callDepth >= options.maxCallDepth }

  /// The error for a call that does not fit (``callFits``).
  func callDepthError(inHandler: Bool, callee: String = "a function") -> ScriptError {
    if isAtCallDepthLimit {
      return ScriptError(.callDepthLimit(options.maxCallDepth, inHandler: inHandler, callee: callee))
    }
    return ScriptError(.stackExhausted(depth: callDepth, inHandler: inHandler, callee: callee))
  }
}

extension Interpreter {
  /// Stack kept free below the deepest call: what one call's body may use
  /// before the next call checks again (an expression nested to the
  /// parser's limit, observers and handlers its writes run, and the error's
  /// unwinding), with room to spare. Measured in a debug build, where
  /// frames are largest (Grammar.md, "Limits").
  public static let stackReserve: UInt = 4 << 20

  /// Counts one loop iteration or call against the step limit, and polls
  /// for interruption now and then.
  @inline(__always)
  func step(at range: SourceRange, in file: SourceFile) throws {
    if budget.countStep() { try checkLimits(at: range, in: file) }
  }

  /// ``step(at:in:)`` for a direct call: the site's location is read only
  /// when the limits are checked.
  @inline(__always)
  func step(at site: DirectCallSite) throws {
    if budget.countStep() { try checkLimits(at: site) }
  }

  @inline(never) private func checkLimits(at site: DirectCallSite) throws {
    try checkLimits(at: site.range, in: site.file)
  }

  /// Counts `cost` steps at once, checking the limits every time.
  func step(at range: SourceRange, in file: SourceFile, cost: Int) throws {
    do {
      try step(cost: cost)
    } catch let error as ScriptError {
      throw error.moved(to: range, in: file)
    }
  }

  /// Counts `cost` steps; the error it throws has no location yet.
  func step(cost: Int) throws {
    try budget.count(cost)
    if pollInterruption() { throw ScriptError(.interrupted) }
  }

  /// Asks ``interruptRequested`` whether to stop, counting the point
  /// (``interruptionPoint``).
  func pollInterruption() -> Bool {
    guard let interruptRequested else { return false }
    budget.interruptionPoint += 1
    return interruptRequested()
  }

  private func checkLimits(at range: SourceRange, in file: SourceFile) throws {
    try step(at: range, in: file, cost: 0)
  }
}
