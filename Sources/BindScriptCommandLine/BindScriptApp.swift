import BindLanguage

/// The `bindscript` command line as a library: an app's own executable
/// calls ``main(commandName:configure:)`` and gets `run`, `test`, `check`,
/// `graph` and the REPL over its own Swift types.
///
/// ```swift
/// import BindScriptCommandLine
/// import MyViewModels
///
/// BindScriptApp.main(commandName: "myapp-script") { interpreter in
///   try MyTypes.register(in: interpreter)
///   try interpreter.inject(AppModel.shared, as: "app")
/// }
/// ```
///
/// `configure` runs for every interpreter the command makes, before any
/// script runs in it: once for `run`, `check` and `graph`, once per test
/// script in `test` (each script runs in a worker process, which is this
/// same executable run again, so workers have the app's types too), and
/// for the REPL at start and after each `:reset`. It runs on the thread the
/// scripts run on (a thread with a large stack, see `LargeStack`), one
/// thread at a time; it must not expect the main thread. An app whose
/// view-models are `@MainActor` uses ``mainOnMainActor(commandName:configure:)``.
///
/// A `configure` that throws (an `EmbeddingError`, say) stops the command
/// with its message and exit code 2; in the REPL, a failed `:reset` keeps
/// the session as it was.
public enum BindScriptApp {
  /// What a configure closure is: registers types and injects objects.
  ///
  /// `@Sendable` because it runs on the command's own thread (a large-stack
  /// one), not the main actor: without it, a closure written in a Swift 6
  /// `main.swift` would be inferred to be isolated to the main actor, and
  /// the runtime would stop the program when the command calls it. For
  /// `@MainActor` view-models use ``mainOnMainActor(commandName:configure:)``.
  public typealias Configure = @Sendable (Interpreter) throws -> Void

  /// Parses the process's arguments and runs the command, then returns;
  /// failures exit the process with the command's exit code (1 for a
  /// script failure, 2 for a usage, file, syntax or configuration error).
  /// - Parameters:
  ///   - commandName: The name `--help` and usage messages show; the name
  ///     of the app's executable.
  ///   - configure: Prepares each interpreter the command makes.
  public static func main(commandName: String = "bindscript", configure: @escaping Configure = { _ in }) {
    CommandContext.current = CommandContext(commandName: commandName, configure: configure)
    BindScriptCommand.main()
  }

  /// ``main(commandName:configure:)`` for an app whose types belong to the
  /// main actor: the whole command, `configure` and every script run on
  /// the main thread, so that `@MainActor` view-models are driven on their
  /// actor (from a Swift 6 `main.swift`, whose top-level code is on the
  /// main actor).
  ///
  /// ```swift
  /// BindScriptApp.mainOnMainActor(commandName: "myapp-script") { interpreter in
  ///   try CounterViewModel.register(in: interpreter)   // a @MainActor class
  /// }
  /// ```
  ///
  /// The main thread's stack is smaller than the large-stack thread's
  /// (8 MiB as a rule, against 512 MiB): a recursion of several hundred
  /// calls fits, but deeper ones stop sooner, with the interpreter's "out
  /// of stack space" error rather than the call depth limit.
  @MainActor
  public static func mainOnMainActor(
    commandName: String, configure: @escaping @MainActor (Interpreter) throws -> Void
  ) {
    CommandContext.current = CommandContext(commandName: commandName, runsOnMainThread: true) { interpreter in
      // The command calls this only on the main thread (runsOnMainThread),
      // which `assumeIsolated` checks.
      try MainActor.assumeIsolated { try configure(interpreter) }
    }
    BindScriptCommand.main()
  }
}
