import ArgumentParser
#if AssistantServer
import BindScriptMCP
#endif
import Foundation
import LineEditor
import REPLCore

/// `bindscript mcp`: a Model Context Protocol server on standard input and
/// output, so a coding assistant can run statements in a session, list
/// types, read the binding graph and pending timers, and run test scripts
/// (``AssistantServer``).
///
/// Part of the command line library, so an app's own command serves its
/// types: the session, and each `test` run, come from the app's `configure`.
struct MCPCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "mcp",
    abstract: "Run a Model Context Protocol server on standard input and output (for coding assistants).",
    discussion: """
      Its tools are run (statements, as typed at the REPL), types, graph, pending, test (a script or a \
      folder, as 'test' runs it) and reset; each answers with what the REPL would print. One session \
      lasts for the server's life, so statements build on each other until 'reset'. With --attach, the \
      session is inside a running app, as 'attach' opens it; 'test' still runs here, with this \
      command's types.
      """)

  @Option(help: ArgumentHelp(
    "Run the tools in a session inside this running app: its process id, or the path of its socket.",
    valueName: "PID|SOCKET"))
  var attach: String?

  @OptionGroup var limits: LimitOptions

  func run() throws {
    #if AssistantServer
    try serve()
    #else
    Terminal.printError(
      """
      error: this \(CommandContext.current.commandName) was built without the MCP server: a static executable \
      (make release, make run) cannot link the MCP library's networking. Build one that has it with \
      'make mcp' and register .build-mcp/release/bindscript (with the argument 'mcp') as the assistant's \
      server, or use a debug build (.build/debug/bindscript).

      """)
    throw ExitCode(2)
    #endif
  }

  #if AssistantServer
  private func serve() throws {
    let context = CommandContext.current
    let options = limits.interpreterOptions
    try AssistantServer.serve(
      name: context.commandName, version: BindScriptCommand.version,
      makeSession: { console in
        if let attach { return try AttachCommand.connect(to: attach, console: console).session }
        return REPLSession(
          interpreter: try context.makeInterpreterOrExit(options: options), console: console,
          // A cancelled request sets the flag Ctrl-C would (no SIGINT handler: Ctrl-C ends the server).
          interruptRequested: SignalInterrupts.check,
          makeInterpreter: { try context.makeInterpreter(options: options) })
      },
      runTests: runTests)
  }
  #endif

  /// Runs `bindscript test PATH` with this command's limits, as a child
  /// process (so each script has its worker, its fresh interpreter and
  /// its timeout, as on the command line).
  /// - Returns: Its plain report, errors included, and whether every script passed.
  private func runTests(_ path: String) -> (report: String, passed: Bool) {
    let child = Process()
    child.executableURL = URL(fileURLWithPath: TestWorkerPool.currentExecutable)
    child.arguments = ["test", "--max-steps", String(limits.maxSteps)] + (limits.realTime ? ["--real-time"] : []) + ["--", path]
    let output = Pipe()
    child.standardOutput = output
    child.standardError = output
    // Not the server's standard input: that is the protocol's stream.
    child.standardInput = FileHandle.nullDevice
    do {
      try child.run()
    } catch {
      return ("error: cannot run 'test': \(error)\n", false)
    }
    let report = output.fileHandleForReading.readDataToEndOfFile()
    child.waitUntilExit()
    return (String(decoding: report, as: UTF8.self), child.terminationReason == .exit && child.terminationStatus == 0)
  }
}
