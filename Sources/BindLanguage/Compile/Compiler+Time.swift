import BindRuntime
import BindSyntax

extension Compiler {
  /// waitStatement -> 'wait' expression?
  func compileWait(_ duration: Expression?, range: SourceRange) throws -> Execution {
    let interpreter = self.interpreter
    let file = self.file
    guard let duration else {
      return { _ in
        try interpreter.wait(for: nil, at: range, in: file)
        return .next
      }
    }
    let evaluate = try compileExpression(duration)
    let text = file.text(in: duration.range)
    return { frame in
      guard case .duration(let value) = try evaluate(frame) else {
        throw ScriptError("'wait' needs a duration such as 300ms, not '\(text)'", at: duration.range, in: file)
      }
      try interpreter.wait(for: value, at: range, in: file)
      return .next
    }
  }

  /// timerExpression -> ('after' | 'every') expression ('as' NAME)? block
  func compileTimer(_ timer: TimerExpression) throws -> Evaluation {
    let interpreter = self.interpreter
    let file = self.file
    let interval = try compileExpression(timer.interval)
    let intervalText = file.text(in: timer.interval.range)
    let (body, slots, keepsParent) = try compileFunctionBody(parameters: [], body: timer.body)
    let summary = "\(timer.repeats ? "every" : "after") \(intervalText)"
    return { frame in
      guard case .duration(let value) = try interval(frame) else {
        throw ScriptError(
          "'\(timer.repeats ? "every" : "after")' needs a duration such as 300ms, not '\(intervalText)'",
          at: timer.interval.range, in: file)
      }
      let block = ScriptHandler(body: body, slotCount: slots, parent: keepsParent ? frame : nil)
      return try interpreter.makeTimer(
        repeats: timer.repeats, interval: value, name: timer.name?.name, summary: summary,
        at: timer.interval.range, in: file
      ) { [unowned(unsafe) interpreter] in interpreter.run(block) }
    }
  }
}
