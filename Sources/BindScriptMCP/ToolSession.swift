import LineEditor
import MCP
import REPLCore

/// The session the tools run in: a REPL session in this process, or an
/// attached app's, each call's printing collected as the answer.
///
/// One session for the server's life, so `run` calls build on each other
/// until `reset`. Used on the session's thread only (``SessionThread``).
final class ToolSession {
  private let evaluator: any REPLEvaluator
  private let output: ToolOutput
  private let runTests: (String) -> (report: String, passed: Bool)

  /// - Parameters:
  ///   - output: Where `evaluator`'s console writes.
  ///   - runTests: Runs `bindscript test` on a path: its report, and
  ///     whether every script passed.
  init(evaluator: any REPLEvaluator, output: ToolOutput, runTests: @escaping (String) -> (report: String, passed: Bool)) {
    self.evaluator = evaluator
    self.output = output
    self.runTests = runTests
  }

  /// Runs one call; what the session printed is the answer's text.
  func call(_ tool: SessionTool, _ arguments: SessionTool.Arguments) -> CallTool.Result {
    if evaluator.hasEnded { return Self.ended }
    // What came due since the last call (the wall clock's timers, the
    // attached app's changes that observers printed) shows first, as it
    // would have above the prompt.
    evaluator.idleWork?.run {}
    switch (tool, arguments) {
    case (.run, .text(let code)): REPL.type(code, into: evaluator)
    case (.types, _): _ = evaluator.perform(":types")
    case (.graph, _): _ = evaluator.perform(":graph")
    case (.pending, _): _ = evaluator.perform(":pending")
    case (.reset, _): _ = evaluator.perform(":reset")
    case (.test, .text(let path)):
      let (report, passed) = runTests(path)
      output.append(report, isError: !passed)
    case (.run, .none), (.test, .none):
      preconditionFailure("SessionTool.arguments(from:) lets no call through without its argument")
    }
    let (text, hasErrors) = output.take()
    return Self.answer(text, isError: hasErrors || evaluator.hasEnded)
  }

  /// A call's result: one text, as the REPL printed it.
  static func answer(_ text: String, isError: Bool) -> CallTool.Result {
    CallTool.Result(content: [.text(text: text, annotations: nil, _meta: nil)], isError: isError)
  }

  /// The answer once the attached app went away (the call that noticed
  /// said why).
  private static let ended = answer(
    "error: the session has ended: the attached app quit or stopped its attach point; start the server again with --attach to reach it\n",
    isError: true)
}
