import BindSyntax
import MCP
import REPLCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `bindscript mcp`: a Model Context Protocol server on standard input and
/// output, for coding assistants. Its tools (``SessionTool``) run
/// statements, list types, read the binding graph and the pending timers,
/// and run test scripts, and each answers with what the REPL would print.
///
/// The protocol itself (JSON-RPC framing, `initialize` with the protocol
/// version negotiation, `tools/list`, `tools/call`, cancellation, errors
/// for malformed messages and unknown methods) is modelcontextprotocol's
/// swift-sdk (the `MCP` library): its manifest resolves from a version
/// (its swift-docc-plugin `branch: "main"` is not resolved for the library
/// alone), and it adds swift-log and swift-system, some 30 s of CPU to a
/// clean debug build. This file only says what the tools are.
package enum AssistantServer {
  /// Serves until standard input ends.
  /// - Parameters:
  ///   - name: The server's name in `initialize` (the command's name).
  ///   - version: The server's version there.
  ///   - makeSession: Makes the session on this thread, writing to the
  ///     console it is given: a REPL session of this process, or an
  ///     attached app's. Its error ends the command before anything is served.
  ///   - runTests: Runs `bindscript test` on a path (the `test` tool).
  package static func serve(
    name: String, version: String,
    makeSession: (REPLConsole) throws -> any REPLEvaluator,
    runTests: @escaping (String) -> (report: String, passed: Bool)
  ) rethrows {
    let output = ToolOutput()
    let session = ToolSession(evaluator: try makeSession(output.console), output: output, runTests: runTests)
    let thread = SessionThread<ToolSession>()
    Task.detached {
      let server = Server(
        name: name, version: version, instructions: instructions,
        capabilities: Server.Capabilities(tools: Server.Capabilities.Tools(listChanged: false)))
      await server.withMethodHandler(ListTools.self) { _ in
        ListTools.Result(tools: SessionTool.allCases.map(\.definition))
      }
      await server.withMethodHandler(CallTool.self) { call in
        guard let tool = SessionTool(rawValue: call.name) else { throw unknownTool(call.name) }
        switch tool.arguments(from: call.arguments) {
        case .failure(let error):
          return ToolSession.answer("error: \(error.message)\n", isError: true)
        case .success(let arguments):
          let result = await thread.perform { session in session.call(tool, arguments) }
          // A cancelled request gets no answer (MCP's cancellation): the SDK
          // sends none for a handler that ends in CancellationError.
          try Task.checkCancellation()
          return result
        }
      }
      do {
        try await server.start(transport: StandardStreams())
        await server.waitUntilCompleted()
      } catch {
        fputs("error: cannot serve on standard input and output: \(error)\n", stderr)
      }
      thread.finish()
    }
    thread.serve(session)
  }

  /// An unknown tool is a protocol error (JSON-RPC -32602), as MCP says.
  private static func unknownTool(_ name: String) -> MCPError {
    let names = SessionTool.allCases.map(\.rawValue)
    let guess = suggestion(for: name, among: names).map { "; did you mean '\($0)'?" } ?? ""
    return MCPError.invalidParams(
      "unknown tool '\(name)'\(guess) (the tools are \(names.map { "'\($0)'" }.joined(separator: ", ")))")
  }

  private static let instructions = """
    BindScript is a scripting language for reactive bindings (values, derived values, bind, observe, \
    timers). 'run' runs statements in one session that lasts until 'reset', so later calls see earlier \
    variables; every answer is what the REPL prints. 'types' lists what scripts can use, 'graph' and \
    'pending' show the live bindings and timers, 'test' runs .bind test scripts.
    """
}
