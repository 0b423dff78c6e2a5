import ArgumentParser
import BindLanguage
import BindPlatform
import BindSyntax
import CAllocator

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `bindscript`: a REPL, a script runner and a test runner for reactive bindings.
///
/// Run through ``BindScriptApp/main(commandName:configure:)``, by the
/// `bindscript` executable or by an app's own.
struct BindScriptCommand: ParsableCommand {
  static let version = "0.1.0"

  // Computed: an app's command shows its own name in help and usage.
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: CommandContext.current.commandName,
      abstract: "A scripting language, REPL and test runner for reactive bindings.",
      discussion: """
        With no subcommand, it starts the REPL when standard input is a \
        terminal, and otherwise runs the script it reads from standard input.
        """,
      version: version,
      subcommands: [
        RunCommand.self, TestCommand.self, CheckCommand.self, GraphCommand.self, TimelineCommand.self,
        FormatCommand.self, LanguageServerCommand.self, AttachCommand.self, MCPCommand.self,
      ]
    )
  }

  @OptionGroup var limits: LimitOptions

  /// Parses the command line and runs; a usage error exits with 2, as the
  /// README's exit codes say, rather than argument-parser's 64.
  ///
  /// Everything runs on a thread with a large stack (`LargeStack`): the
  /// parser and the evaluator recurse, and deep scripts must end in an
  /// error, never in a stack overflow.
  ///
  /// (`LargeStack` also routes Ctrl-C to that thread, where the REPL reads.)
  ///
  /// An app whose types belong to the main actor runs it all on the main
  /// thread instead (``CommandContext/runsOnMainThread``), whose stack is
  /// smaller (8 MiB as a rule): deep recursion there ends sooner, with the
  /// interpreter's "out of stack space" error.
  static func main() {
    configureAllocator()
    if CommandContext.current.runsOnMainThread {
      parseAndRun()
    } else {
      LargeStack.run(stackSize: LargeStack.interpreterSize) { parseAndRun() }
    }
  }

  private static func parseAndRun() {
    // `bindscript run FILE...` with no options skips argument-parser,
    // whose first parse reflects over every command (Mirror, protocol
    // conformance scans, mangled-name lookups): ~14 M instructions, about
    // 4 ms of a 10 ms start. Anything else goes through it as before.
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.count >= 2, arguments[0] == "run", !arguments.contains(where: { $0.hasPrefix("-") }) {
      do {
        try ScriptSession(options: Interpreter.Options(), trace: false).runFiles(arguments.dropFirst())
        return
      } catch {
        exit(withError: error)
      }
    }
    do {
      var command = try parseAsRoot()
      try command.run()
    } catch {
      guard exitCode(for: error) == .validationFailure else { exit(withError: error) }
      Terminal.printError(fullMessage(for: error) + "\n")
      exit(withError: ExitCode(2))
    }
  }

  /// glibc gives each new thread an arena of its own and grows it one page
  /// at a time, with an `mprotect` call each: a script that builds a large
  /// graph on the `LargeStack` thread made ~1,500 of those calls (a sixth of
  /// the cellx benchmark's time). One arena, grown by `brk` in 64 MiB steps
  /// of address space (and on Linux backed by huge pages past its first
  /// 2 MiB), does without them; the interpreter runs on one thread at a
  /// time, so that arena's lock is not contended.
  private static func configureAllocator() {
    bindscript_configure_allocator()
  }

  func run() throws {
    if Terminal.isInteractive {
      return try REPLLauncher.run(limits: limits, version: Self.version)
    }
    let bytes = try ScriptLoader.readStandardInput()
    let session = try ScriptSession(limits: limits, trace: false)
    try session.runWholeFile(try ScriptLoader.sourceFile(path: "<stdin>", bytes: bytes))
  }
}
