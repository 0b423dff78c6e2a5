import BindLanguage
import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The attach point: a debug build of an app starts it with one call, and
/// `bindscript attach PID` then opens a REPL inside the running app, over
/// its live objects.
///
/// ```swift
/// #if DEBUG
/// try BindScriptAttach.start(configure: AppTypes.configure, expose: ["app": appModel])
/// #endif
/// ```
///
/// `configure` is the closure the app's own command and tests use: it
/// registers the app's types (and may inject objects of its own). Each
/// client gets an interpreter of its own from it, on the main actor; then
/// each exposed object is injected under its name, replacing whatever
/// `configure` injected under that name. So a session saved with `:save`
/// names the same variables the app's command provides, and replays there
/// (`myapp-script test saved.bind`) against the objects `configure` makes.
///
/// What an attached session can do: anything a script can do with the
/// exposed objects and the registered types (read and write properties,
/// call methods, emit events, observe, arm timers), on the app's main
/// actor, as the app's own user. The socket is in a folder only that user
/// can enter, is mode 0600, and refuses connections from other users.
public enum BindScriptAttach {
  /// Why the attach point did not start.
  public struct StartError: Error, CustomStringConvertible {
    public var description: String
  }

  /// Starts listening at the app's socket, `$XDG_RUNTIME_DIR/bindscript/PID.sock`
  /// (or `/tmp/bindscript-UID/PID.sock`), and returns at once; no client
  /// statement runs before this call, and none runs off the main actor.
  ///
  /// The app must run its main queue (an app's run loop, `dispatchMain()`,
  /// SwiftUI, UIKit or AppKit): each statement runs there, between the
  /// app's events, bounded by the step limit and stopped by the client's
  /// Ctrl-C. With no client attached, the attach point's thread sleeps.
  ///
  /// - Parameters:
  ///   - configure: Registers the app's types in each session's interpreter.
  ///   - objects: The live objects sessions see, by variable name; each
  ///     one's class must be registered by `configure`.
  ///   - maxSteps: The step limit of each statement.
  ///   - allowInRelease: Without it, a build without `DEBUG` refuses to
  ///     start: an attach point in a shipped app is a door left open.
  /// - Returns: The running attach point; ``AttachPoint/stop()`` ends it,
  ///   as the process's exit does.
  @MainActor @discardableResult
  public static func start(
    configure: @escaping @MainActor (Interpreter) throws -> Void,
    expose objects: KeyValuePairs<String, AnyObject> = [:],
    maxSteps: Int = Interpreter.Options().maxSteps,
    allowInRelease: Bool = false
  ) throws -> AttachPoint {
    #if !DEBUG
      guard allowInRelease else {
        throw StartError(description: "the attach point starts in debug builds only; pass allowInRelease: true to start it in this one")
      }
    #endif
    let directory: String
    do {
      directory = try AttachAddress.directory()
    } catch {
      throw StartError(description: "cannot start the attach point: \(error)")
    }
    let exposed = objects.map { (name: $0.key, object: $0.value) }
    var options = Interpreter.Options()
    options.maxSteps = maxSteps
    options.realTime = true
    let makeInterpreter = {
      let interpreter = Interpreter(options: options)
      // Statements run inside the main queue's drain, which MUST NOT be
      // entered again (see `Scheduler.drainsMainQueue`).
      interpreter.scheduler.drainsMainQueue = false
      try configure(interpreter)
      for (name, object) in exposed { try interpreter.inject(object, as: name, replacing: true) }
      return interpreter
    }
    let pid = getpid()
    let names = exposed.map(\.name)
    let quotedNames = names.map { "'\($0)'" }.joined(separator: ", ")
    let liveObjects =
      switch names.count {
      case 0: "no live objects"
      case 1: quotedNames + " was the app's live object"
      default: quotedNames + " were the app's live objects"
      }
    let header = "# Saved from an attached session of PID \(pid); \(liveObjects): replay with the app's command, whose configure provides them.\n"
    let server: AttachServer
    do {
      server = try AttachServer(path: AttachAddress.socketPath(pid: pid, in: directory)) { connection, hello in
        DispatchQueue.main.async {
          MainActor.assumeIsolated {
            guard connection.session == nil, !connection.isClosed else { return }
            do {
              connection.session = try AttachedSession(
                connection: connection, hello: hello, makeInterpreter: makeInterpreter, header: header)
              var welcome = AttachMessage(.welcome, text: CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? "") })
              welcome.pid = Int(pid)
              welcome.names = names
              connection.send(welcome)
            } catch {
              connection.send(AttachMessage(.refused, text: "cannot set up the interpreter: \(error)"), closing: true)
            }
          }
        }
      }
    } catch {
      throw StartError(description: "cannot start the attach point: \(error)")
    }
    let point = AttachPoint(server: server)
    AttachPoint.removeSocketAtExit(server)
    server.start()
    return point
  }
}

/// A running attach point.
public final class AttachPoint: Sendable {
  private let server: AttachServer

  init(server: AttachServer) { self.server = server }

  /// The socket's path, for `bindscript attach PATH`.
  public var socketPath: String { server.path }

  /// Stops listening: each attached client is told the app stopped its
  /// attach point, and the socket file is removed. Idempotent.
  public func stop() { server.stop(reason: "the app stopped its attach point") }

  /// The servers whose socket file the process's exit removes.
  nonisolated(unsafe) private static var running: [AttachServer] = []

  /// Removes the socket file when the process exits normally, so no stale
  /// socket is left behind (one left by a crash, `bindscript attach` finds
  /// dead and removes).
  @MainActor static func removeSocketAtExit(_ server: AttachServer) {
    if running.isEmpty {
      atexit {
        for server in AttachPoint.running { unlink(server.path) }
      }
    }
    running.append(server)
  }
}
