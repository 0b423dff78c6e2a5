import BindLanguage
import BindSyntax
import LineEditor
import REPLCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts the interactive REPL on the terminal: libedit line editing,
/// persistent history, completion from the live session, Ctrl-C handling.
enum REPLLauncher {
  /// Runs the REPL until `:quit`, Ctrl-D or a second Ctrl-C on an empty line.
  ///
  /// Its interpreter, and the one each `:reset` makes, come from the app's
  /// `configure` (``CommandContext``), so statements, completion and
  /// `:types` see the app's types and objects.
  static func run(limits: LimitOptions, version: String) throws {
    let context = CommandContext.current
    let options = limits.interpreterOptions
    let interpreter = try context.makeInterpreterOrExit(options: options)
    // Before anything runs: from now on Ctrl-C sets a flag the reader and
    // the interpreter poll, and never kills the process.
    SignalInterrupts.install()
    let console = REPLConsole(
      useColor: Terminal.useColor(on: STDOUT_FILENO),
      useErrorColor: Terminal.useColor(on: STDERR_FILENO),
      write: { text in fputs(text, stdout) },
      // Flushes standard output first, so errors and output keep their order.
      writeError: { text in Terminal.printError(text) })
    let session = REPLSession(
      interpreter: interpreter, console: console, interruptRequested: SignalInterrupts.check,
      makeInterpreter: { try context.makeInterpreter(options: options) })
    let completer = REPLCompleter { session.interpreter }
    let history = HistoryStore()
    let reader = makeLineReader(history: history, completer: completer.complete)
    console.write(REPL.banner(version: version) + "\n")
    REPL(session: session, reader: reader).run()
    // Every entry was saved as it was added; this retries a failed save.
    history.save()
  }
}
