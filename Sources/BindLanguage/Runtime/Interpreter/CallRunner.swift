import BindPlatform
import BindRuntime
import BindSyntax

// The call runner: the call-depth limit and the stack check every call
// passes, function and closure calls in their frames, handler runs, and
// the errors callbacks keep for the statement that triggered them.
extension Interpreter {
  /// The error for a closure call that does not fit (``ExecutionBudget/callFits``).
  private func closureCallDepthError(at context: CallContext, callee: String = "a closure") -> ScriptError {
    budget.callDepthError(inHandler: false, callee: callee).moved(to: context.range, in: context.file)
  }

  /// Calls a compiled function body in a new frame.
  func call(
    body: Execution, slotCount: Int, arguments: [Value], parent: Frame?, at context: CallContext,
    selfObject: ScriptObject? = nil, finish: ((Frame) -> Void)? = nil
  ) throws -> Value {
    guard budget.callFits else {
      let error = budget.callDepthError(inHandler: false)
      throw error.moved(to: context.range, in: context.file)
    }
    try step(at: context.range, in: context.file)
    budget.callDepth += 1
    defer { budget.callDepth -= 1 }
    let frame = Frame(parent: parent, slotCount: max(slotCount, arguments.count), selfObject: selfObject)
    for (index, argument) in arguments.enumerated() { frame.slots[index] = argument }
    let flow = try body(frame)
    finish?(frame)
    if case .returned(let value?) = flow {
      lastCallProducedValue = true
      return value
    }
    lastCallProducedValue = false
    return .null
  }

  /// Runs `code` in `callee`, a frame taken for this call, with the
  /// arguments evaluated in `frame` straight into its slots: the direct
  /// call path (`Compiler+DirectCalls.swift`). Checks and counts as the
  /// general path does, in its order: the arguments are evaluated, then
  /// converted to their parameters' types, then the call depth and the
  /// stack are checked and one step counted. `callee` is the caller's to
  /// give back.
  @inline(__always)
  func callDirect<Arguments: DirectArguments>(
    _ code: FunctionCode, in callee: Frame, arguments: Arguments, from frame: Frame, at site: DirectCallSite
  ) throws -> Value {
    let admitted = try arguments.evaluate(in: frame, into: callee, checks: code.checks, from: code.firstArgumentSlot)
    return try runDirect(code, in: callee, admitted: admitted, at: site)
  }

  /// The rest of ``callDirect(_:in:arguments:from:at:)`` once the arguments
  /// are in `callee` (`admitted`: each already of its parameter's type):
  /// an initializer call makes its object between the two, as the general
  /// path does.
  @inline(__always)
  func runDirect(_ code: FunctionCode, in callee: Frame, admitted: Bool, at site: DirectCallSite) throws -> Value {
    if !admitted { try convertArguments(code, in: callee, at: site) }
    guard budget.callFits else { throw directCallDepthError(code, at: site) }
    try step(at: site)
    budget.callDepth += 1
    defer { budget.callDepth -= 1 }
    let flow: Flow
    do {
      flow = try code.body(callee)
    } catch let error as ScriptError {
      throw error.located(at: site.range, in: site.file)
    }
    if case .returned(let value?) = flow {
      lastCallProducedValue = true
      return value
    }
    lastCallProducedValue = false
    return .null
  }

  @inline(never)
  private func directCallDepthError(_ code: FunctionCode, at site: DirectCallSite) -> ScriptError {
    budget.callDepthError(inHandler: false, callee: code.calleeKind).moved(to: site.range, in: site.file)
  }

  /// Converts the arguments in `callee` to their parameters' types, or
  /// reports the first that does not fit, as the general path does
  /// (`FunctionSignature.arrange`): once every argument is evaluated.
  @inline(never)
  private func convertArguments(_ code: FunctionCode, in callee: Frame, at site: DirectCallSite) throws {
    guard let signature = code.signature else { return }
    for (index, parameter) in signature.parameters.enumerated() {
      let slot = code.firstArgumentSlot + index
      callee.slots[slot] = try signature.convert(callee.slots[slot], to: parameter, at: site.argumentRanges[index], in: site.file)
    }
  }

  /// Calls a closure value: as ``call(body:slotCount:arguments:parent:at:)``,
  /// reusing the closure's spare frame when its body cannot let one escape.
  func call(_ closure: ClosureInvocation, arguments: [Value], at context: CallContext) throws -> Value {
    guard budget.callFits else { throw closureCallDepthError(at: context) }
    try step(at: context.range, in: context.file)
    budget.callDepth += 1
    defer { budget.callDepth -= 1 }
    let frame = takeFrame(of: closure, slotCount: arguments.count)
    defer {
      if closure.reusesFrame {
        frame.slots.withUnsafeMutableBufferPointer { slots in
          for index in slots.indices { slots[index] = .null }
        }
        closure.spare = frame
      }
    }
    for (index, argument) in arguments.enumerated() { frame.slots[index] = argument }
    if case .returned(let value?) = try body(closure.body, frame) {
      lastCallProducedValue = true
      return value
    }
    lastCallProducedValue = false
    return .null
  }

  @inline(__always) private func body(_ body: Execution, _ frame: Frame) throws -> Flow { try body(frame) }

  /// The frame for one call of `closure`, with room for `slotCount`
  /// arguments: its spare frame when its body cannot let one escape (the
  /// call gives it back), else a new one.
  @inline(__always)
  private func takeFrame(of closure: ClosureInvocation, slotCount: Int) -> Frame {
    if closure.reusesFrame, let spare = closure.spare {
      closure.spare = nil
      return spare
    }
    return Frame(parent: closure.parent, slotCount: max(closure.slotCount, slotCount))
  }

  /// Calls a one- or two-parameter closure without an argument array: the
  /// per-element call of `map`, `filter`, `reduce` and their kin.
  ///
  /// The parameters stay in the closure's spare frame after the call (the
  /// next call overwrites them); the method calls ``releaseArguments(of:)``
  /// when it is done, so the last element is not kept. The body's own
  /// variables are cleared after each call, as Swift releases them.
  func call(_ closure: ClosureInvocation, _ first: Value, _ second: Value? = nil, at context: CallContext) throws -> Value {
    guard budget.callFits else { throw closureCallDepthError(at: context) }
    try step(at: context.range, in: context.file)
    budget.callDepth += 1
    defer { budget.callDepth -= 1 }
    let frame = takeFrame(of: closure, slotCount: 2)
    frame.slots[0] = first
    if let second {
      if frame.slots.count < 2 { frame.slots.append(.null) }
      frame.slots[1] = second
    }
    defer {
      if closure.reusesFrame {
        if closure.slotCount > closure.parameterCount {
          for index in closure.parameterCount..<closure.slotCount { frame.slots[index] = .null }
        }
        closure.spare = frame
      }
    }
    if case .returned(let value?) = try closure.body(frame) {
      lastCallProducedValue = true
      return value
    }
    lastCallProducedValue = false
    return .null
  }

  /// Counts one call level for a run of calls made in place (a collection
  /// method evaluating a one-expression closure per element); the caller
  /// MUST call ``leaveCalls()`` when the run ends. `callee` names what is
  /// called in the error, as "is \(callee) calling itself without end?".
  func enterCalls(at context: CallContext, callee: String = "a closure") throws {
    guard budget.callFits else { throw closureCallDepthError(at: context, callee: callee) }
    budget.callDepth += 1
  }

  /// Ends a run begun with ``enterCalls(at:)``.
  func leaveCalls() { budget.callDepth -= 1 }

  /// Clears the parameters a collection method left in a closure's spare frame.
  func releaseArguments(of closure: ClosureInvocation) {
    guard let spare = closure.spare else { return }
    for index in spare.slots.indices { spare.slots[index] = .null }
  }

  /// Runs an observer or event-handler block. Callbacks cannot throw, so an
  /// error is kept and thrown by the statement whose write triggered it.
  ///
  /// Runs once per delivered change, so it is written out flat: no
  /// `reportingErrors` closure, and the frame work skipped when the block
  /// takes no values.
  func run(_ handler: ScriptHandler, _ first: Value? = nil, _ second: Value? = nil) {
    if let frame = handler.sharedFrame {
      run(handler.body, in: frame)
      return
    }
    let frame = handler.takeFrame()
    defer { handler.returnFrame(frame) }
    if let first { frame.slots[0] = first }
    if let second { frame.slots[1] = second }
    run(handler.body, in: frame)
  }

  /// Runs a handler block in `frame`: its ``ScriptHandler/sharedFrame``, or
  /// one prepared with its arguments. The call-depth check and the kept
  /// error live here only.
  ///
  /// Inlined into the observer callbacks (one call less a change), with the
  /// error's construction out of line.
  @inline(__always) func run(_ body: Execution, in frame: Frame) {
    guard budget.callFits else {
      keepHandlerDepthError()
      return
    }
    budget.callDepth += 1
    defer { budget.callDepth -= 1 }
    do {
      _ = try body(frame)
    } catch {
      keep(error)
    }
  }

  @inline(never) private func keepHandlerDepthError() {
    keep(budget.callDepthError(inHandler: true))
  }

  /// Runs `body`, keeping its first error for the triggering statement.
  func reportingErrors(_ body: () throws -> Void) {
    do {
      try body()
    } catch {
      keep(error)
    }
  }

  /// Keeps a callback's error for the triggering statement, unless an
  /// earlier one is already waiting.
  func keep(_ error: any Error) {
    guard pendingError == nil else { return }
    pendingError = (error as? ThrownError)?.uncaught ?? error as? ScriptError ?? ScriptError(.swiftError("\(error)"))
  }
}
