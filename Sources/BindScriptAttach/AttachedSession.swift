import BindLanguage
import BindSyntax
import Dispatch
import LineReading
import REPLCore
import Synchronization

/// How an interpreter's change listener, made before its session, finds it.
private final class WeakSessionBox: @unchecked Sendable {
  weak var session: AttachedSession?
}

/// One client's session inside the app: a ``REPLSession`` of its own (its
/// own variables, bindings and transcript) over an interpreter the app's
/// `configure` prepared, with the app's live objects injected, on the main
/// actor. What it prints goes to the client as `output` messages, exactly
/// as the REPL would have printed it.
///
/// Time is the wall clock: in a live app there is nothing to replay, and
/// the app's own timers and tasks keep running. Timers a client armed fire
/// on the main queue when due.
@MainActor
final class AttachedSession {
  private let connection: AttachConnection
  private let repl: REPLSession
  private let completer: REPLCompleter
  private let header: String
  /// Changes whenever timers are scheduled, so a stale wake-up does nothing.
  private var timerGeneration = 0
  private var hasEnded = false
  /// Whether a delivery of the app's model changes is on the main queue.
  private let deliveryQueued = Mutex(false)

  init(connection: AttachConnection, hello: AttachMessage, makeInterpreter: @escaping () throws -> Interpreter, header: String) throws {
    self.connection = connection
    self.header = header
    // The app's changes to `@Observable` models reach the session's
    // observers at once, not at its next statement. `:reset`'s interpreter too.
    let signal = WeakSessionBox()
    let makeInterpreter = {
      let interpreter = try makeInterpreter()
      interpreter.onHostChange { signal.session?.queueDelivery() }
      return interpreter
    }
    let console = REPLConsole(
      useColor: hello.useColor ?? false, useErrorColor: hello.useErrorColor ?? false,
      write: { [connection] text in connection.send(AttachMessage(.output, text: text)) },
      writeError: { [connection] text in connection.send(AttachMessage(.errorOutput, text: text)) })
    let interpreter = try makeInterpreter()
    repl = REPLSession(
      interpreter: interpreter, console: console, interruptRequested: { [connection] in connection.consumeInterrupt() },
      makeInterpreter: makeInterpreter)
    repl.graphScope = .process
    completer = REPLCompleter { [repl] in repl.interpreter }
    signal.session = self
  }

  /// Delivers the app's model changes on the main queue soon, once however
  /// many the app makes before then (any thread).
  nonisolated func queueDelivery() {
    let alreadyQueued = deliveryQueued.withLock { queued in
      defer { queued = true }
      return queued
    }
    guard !alreadyQueued else { return }
    DispatchQueue.main.async {
      MainActor.assumeIsolated { [weak self] in
        guard let self else { return }
        deliveryQueued.withLock { $0 = false }
        guard !hasEnded else { return }
        // As between statements at a real-time prompt: the changes are
        // delivered, observers print, errors show.
        repl.runDueTimers(beforeOutput: {})
        scheduleTimers()
      }
    }
  }

  /// Answers one request; every kind but `interrupt` (handled on the I/O
  /// thread) ends with its answer or `done`.
  func handle(_ message: AttachMessage) {
    guard !hasEnded, !connection.isClosed else { return }
    defer { scheduleTimers() }
    switch message.kind {
    case .evaluate:
      repl.evaluate(message.text ?? "")
      connection.send(AttachMessage(.done))
    case .perform:
      _ = repl.perform(message.text ?? "")
      connection.send(AttachMessage(.done))
    case .load:
      let path = message.path ?? "<attach>"
      repl.load(SourceFile(path: path, text: message.text ?? ""), as: path)
      connection.send(AttachMessage(.done))
    case .complete:
      let completion = completer.complete(message.text ?? "")
      var answer = AttachMessage(.completion)
      answer.completion = AttachMessage.WireCompletion(
        word: completion.word, candidates: completion.candidates, listedNames: completion.listedNames,
        hint: completion.hint)
      connection.send(answer)
    case .transcript:
      var answer = AttachMessage(.transcript, text: header + repl.transcript.text)
      answer.count = repl.recordedStatementCount
      connection.send(answer)
    case .graph:
      connection.send(AttachMessage(.graph, text: repl.graphDOT))
    case .hello:
      connection.send(AttachMessage(.malformed, text: "'hello' was sent twice"), closing: true)
    case .interrupt, .welcome, .refused, .output, .errorOutput, .done, .completion, .malformed, .closing:
      connection.send(
        AttachMessage(.malformed, text: "'\(message.kind.rawValue)' is a message the app sends, not one it answers"),
        closing: true)
    }
  }

  /// Ends the session: its bindings, observers and timers stop, so nothing
  /// of it is left in the app.
  func end() {
    guard !hasEnded else { return }
    hasEnded = true
    repl.interpreter.endSession()
  }

  /// Fires the client's timers (and the host jobs its statements started)
  /// when the wall clock brings them due.
  private func scheduleTimers() {
    timerGeneration += 1
    guard !hasEnded, let due = repl.timeUntilDueTimers else { return }
    let generation = timerGeneration
    let nanoseconds = due.components.seconds * 1_000_000_000 + due.components.attoseconds / 1_000_000_000
    DispatchQueue.main.asyncAfter(deadline: .now() + .nanoseconds(Int(min(nanoseconds, 3_600_000_000_000)))) {
      MainActor.assumeIsolated { [weak self] in
        guard let self, generation == self.timerGeneration, !self.hasEnded else { return }
        self.repl.runDueTimers(beforeOutput: {})
        self.scheduleTimers()
      }
    }
  }
}
