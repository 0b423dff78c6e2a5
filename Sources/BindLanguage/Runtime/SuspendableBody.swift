import BindRuntime
import BindSyntax

/// An `async` script method's body cut at the `wait` statements of its own
/// statement list (``Compiler/compileSuspendable(_:into:)``), so that a
/// Swift caller awaiting the method is suspended at each `wait` on the
/// script's clock, while the script and its host tasks go on: a fake's
/// latency is part of the test.
///
/// The interpreter's Swift stack cannot be suspended in the middle of a
/// body; between two segments it holds nothing of the call but its frame,
/// which the Swift caller keeps.
final class SuspendableBody {
  /// One `wait` between two segments.
  struct Wait {
    /// `nil` for a bare `wait` (0ms).
    let duration: Expression?
    let evaluate: Evaluation?
    let range: SourceRange

    func duration(in frame: Frame, file: SourceFile) throws -> Duration {
      guard let duration, let evaluate else { return .zero }
      let time = try Compiler.duration(
        try evaluate(frame), for: "wait", written: file.text(in: duration.range), at: duration.range, in: file)
      try Interpreter.checkWaitable(time, at: range, in: file)
      return time
    }
  }

  /// The statements before the first `wait`, between each two, and after the last.
  var segments: [Execution] = []
  /// One fewer than ``segments``.
  var waits: [Wait] = []
  var file = SourceFile(path: "<none>", text: "")
  /// The error of a call that ends without `return` in a method that returns a value.
  var missingReturn: ScriptError?
}

extension Interpreter {
  /// Runs script method `method` for a Swift caller that awaits it, with
  /// `arguments` (`self` first): the segments of its ``SuspendableBody``
  /// run as callbacks do, and between them the caller sleeps on the
  /// script's clock, which the script's `wait` and `await` move.
  ///
  /// - Returns: what the method returned (`.null` for nothing).
  func callSuspending(
    _ method: ScriptMethod, withSelfFirst arguments: [Value], isolation: isolated (any Actor)? = #isolation
  ) async throws -> Value {
    guard let body = method.suspendable else {
      return try runForHost { try callMethod(method, withSelfFirst: arguments, at: hostCallContext).result }
    }
    var selfObject: ScriptObject?
    if case .object(let object) = arguments[0] { selfObject = object }
    let frame = Frame(parent: nil, slotCount: max(method.slotCount, arguments.count), selfObject: selfObject)
    for (index, argument) in arguments.enumerated() { frame.slots[index] = argument }
    for index in body.segments.indices {
      if index > 0 {
        let wait = body.waits[index - 1]
        let duration = try runForHost { try wait.duration(in: frame, file: body.file) }
        try await scheduler.clock.sleep(for: duration)
      }
      let flow = try runForHost { () throws -> Flow in
        try enterCalls(at: hostCallContext, callee: "a method")
        defer { leaveCalls() }
        return try body.segments[index](frame)
      }
      if case .returned(let value) = flow { return value ?? .null }
    }
    if let missing = body.missingReturn { throw missing }
    return .null
  }

  /// Runs script code a Swift caller started, with the jobs it makes
  /// routed to the session, against the stack of the thread it runs on:
  /// a job of the session's actor may run on another thread than the
  /// statement that let it run (the main queue drained by a worker).
  func runForHost<T>(_ body: () throws -> T) throws -> T {
    let floor = budget.stackFloor
    budget.measureStack()
    defer { budget.stackFloor = floor }
    return try TaskCapture.routing(to: scheduler, body)
  }

  /// Where a call a Swift caller made happens: no place in a script.
  var hostCallContext: CallContext {
    CallContext(interpreter: self, range: ClosureShape.hostSite.range, file: ClosureShape.hostSite.file, argumentRanges: [])
  }
}
