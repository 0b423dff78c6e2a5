import ArgumentParser
import BindLanguage

/// What the app gave ``BindScriptApp/main(commandName:configure:)``: the
/// command's name and how to prepare each interpreter the commands make.
///
/// Argument-parser makes the commands from the command line, so they cannot
/// be handed this; they read ``current``, which is set once, before any
/// command is parsed, and only read after.
final class CommandContext {
  /// Set by `BindScriptApp.main` before parsing starts (on the main thread,
  /// before the large-stack thread that reads it is created, so the thread's
  /// creation orders the write before every read).
  nonisolated(unsafe) static var current = CommandContext(commandName: "bindscript", configure: { _ in })

  let commandName: String
  let configure: BindScriptApp.Configure
  /// Whether the command runs on the main thread (the app's types belong to
  /// the main actor) rather than on a large-stack thread.
  let runsOnMainThread: Bool

  init(commandName: String, runsOnMainThread: Bool = false, configure: @escaping BindScriptApp.Configure) {
    self.commandName = commandName
    self.runsOnMainThread = runsOnMainThread
    self.configure = configure
  }

  /// A new interpreter with `options`, configured by the app.
  /// - Throws: The configure closure's error, as is.
  func makeInterpreter(options: Interpreter.Options = Interpreter.Options()) throws -> Interpreter {
    let interpreter = Interpreter(options: options)
    try configure(interpreter)
    return interpreter
  }

  /// ``makeInterpreter(options:)`` for a command: a configure error is
  /// printed and ends the command with exit code 2.
  func makeInterpreterOrExit(options: Interpreter.Options = Interpreter.Options()) throws -> Interpreter {
    do {
      return try makeInterpreter(options: options)
    } catch {
      Terminal.printError(Self.configureFailure(error) + "\n")
      throw ExitCode(2)
    }
  }

  /// The one-line report of a configure closure's error.
  static func configureFailure(_ error: Error) -> String {
    "error: cannot set up the interpreter: \(error)"
  }
}
