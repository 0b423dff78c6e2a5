import ArgumentParser
import BindScriptAttach
import BindScriptAttachClient
import LineEditor
import REPLCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `bindscript attach [PID|SOCKET]`: the REPL inside a running app that
/// started its attach point (`BindScriptAttach.start`), over the app's
/// live objects.
struct AttachCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "attach",
    abstract: "Open the REPL inside a running app that started its attach point.",
    discussion: """
      Statements run on the app's main actor, on the wall clock, over the \
      objects the app exposes; observers print what the app changes while \
      the prompt waits. :save writes the session as a test script for the \
      app's own command; :quit or Ctrl-D detaches and leaves the app running.
      """)

  @Argument(help: ArgumentHelp(
    "The app's process id, or the path of its socket.",
    discussion: "Without it, the one app of yours that is listening.", valueName: "PID|SOCKET"))
  var target: String?

  func run() throws {
    SignalInterrupts.install()
    let console = REPLConsole(
      useColor: Terminal.useColor(on: STDOUT_FILENO), useErrorColor: Terminal.useColor(on: STDERR_FILENO),
      write: { text in
        fputs(text, stdout)
        fflush(stdout)
      },
      writeError: { text in Terminal.printError(text) })
    let (session, welcome) = try Self.connect(to: target, console: console)
    let names = welcome.names ?? []
    let objects = names.isEmpty ? "no live objects" : "its objects: " + names.joined(separator: ", ")
    console.write(
      "Attached to \(welcome.text ?? "the app") (PID \(welcome.pid.map(String.init) ?? "?")), \(objects). Type :help for help, :quit or Ctrl-D to detach.\n")
    let history = HistoryStore()
    let reader = makeLineReader(history: history, completer: session.complete)
    REPL(session: session, reader: reader).run()
    history.save()
  }

  /// Connects to the app `target` names (`bindscript attach`'s argument)
  /// and opens a session there that prints to `console`; or prints why
  /// not and exits: with 2 when `target` names no app, 1 when the app
  /// cannot be reached or refuses.
  /// - Returns: The session, and the app's welcome.
  static func connect(to target: String?, console: REPLConsole) throws -> (session: AttachedREPL, welcome: AttachMessage) {
    let address: AttachTarget
    do {
      address = try AttachTarget.resolve(target)
    } catch {
      Terminal.printError("error: \(error)\n")
      throw ExitCode(2)
    }
    let client: AttachClient
    do {
      client = try AttachClient(path: address.path)
    } catch {
      Terminal.printError("error: \(address.connectFailure(error))\n")
      throw ExitCode(1)
    }
    let session = AttachedREPL(client: client, pid: address.pid, console: console)
    switch session.handshake() {
    case .success(let welcome): return (session, welcome)
    case .failure(let failure):
      Terminal.printError("error: \(failure)\n")
      throw ExitCode(1)
    }
  }
}
