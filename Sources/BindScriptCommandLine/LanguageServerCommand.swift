import ArgumentParser
import BindLanguageServer

/// `bindscript lsp`: the language server, over standard input and output.
///
/// Part of the command line library, so an app's own command
/// (`BindScriptApp.main(configure:)`) serves its types too: the server
/// checks scripts and completes members with interpreters the app's
/// `configure` prepared. It never runs a script.
struct LanguageServerCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lsp",
    abstract: "Run the Language Server Protocol server on standard input and output (for editors)."
  )

  func run() throws {
    // An app whose types belong to the main actor makes its interpreters
    // on the main thread only, so the server analyses there too.
    let context = CommandContext.current
    let server = LanguageServer(analysesOnOwnThread: !context.runsOnMainThread) { try context.makeInterpreter() }
    let code = server.run()
    if code != 0 { throw ExitCode(code) }
  }
}
