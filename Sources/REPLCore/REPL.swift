import BindLanguage
import BindSyntax
import LineReading

/// The read–eval–print loop: reads entries from a `LineReader`, evaluates
/// them in a `REPLSession`, and handles Ctrl-C and Ctrl-D.
///
/// - An entry continues with the continuation prompt while the parser says
///   it is incomplete; the whole entry goes into history as one item.
/// - Ctrl-C discards the line or block being typed. On an empty line it
///   prints a hint, and a second Ctrl-C in a row ends the session (as
///   Node's REPL does).
/// - Ctrl-D (end of input) ends the session; history is saved on every
///   entry, so nothing is lost.
public final class REPL {
  /// The prompt for a new entry.
  public static let prompt = "> "
  /// The prompt for the further lines of an incomplete entry.
  public static let continuationPrompt = ". "
  /// What a first Ctrl-C on an empty line prints.
  public static let exitHint = "(press Ctrl-C again or type :quit to exit)"
  /// Printed after a syntax error inside a block still open: the lines up
  /// to its end are collected, not run.
  public static let skippingHint = "(the rest of this entry is not run; finish the block, then press Up to edit it, or Ctrl-C)"
  /// Printed when the block of a failed entry has closed.
  public static let skippedHint = "(entry not run; press Up to edit it)"

  /// The one-line banner: the version and a `:help` hint.
  public static func banner(version: String) -> String {
    "BindScript \(version). Type :help for help, :quit or Ctrl-D to exit."
  }

  /// The session entries run in.
  public let session: any REPLEvaluator
  private let reader: any LineReader
  private var input = InputAccumulator()
  /// Whether the previous read was a Ctrl-C on an empty line.
  private var armedToExit = false

  /// Creates a loop over `reader`.
  public init(session: any REPLEvaluator, reader: any LineReader) {
    self.session = session
    self.reader = reader
    // Timers on the wall clock, or an attached app's output, show while the
    // prompt waits for a key.
    if let work = session.idleWork { reader.setIdleWork(work) }
  }

  /// Reads and evaluates entries until `:quit`, Ctrl-D or a second Ctrl-C
  /// on an empty line, then closes the reader (restoring the terminal).
  public func run() {
    defer { reader.close() }
    while step() {}
  }

  /// Reads one line and acts on it.
  /// - Returns: `false` when the session should end.
  func step() -> Bool {
    if session.hasEnded { return false }
    switch reader.readLine(prompt: currentPrompt) {
    case .endOfFile:
      return false
    case .interrupted:
      return interrupted()
    case .line(let line):
      armedToExit = false
      return handle(line)
    }
  }

  /// The prompt to show now, coloured when the console allows.
  var currentPrompt: String {
    let prompt = input.isEmpty ? REPL.prompt : REPL.continuationPrompt
    return session.console.paint(prompt, ANSI.prompt)
  }

  /// Ctrl-C: cancel what is being typed, or arm (then take) the exit.
  private func interrupted() -> Bool {
    let discardedSomething = !input.isEmpty || !reader.discardedText.isEmpty
    input.reset()
    if discardedSomething {
      armedToExit = false
      return true
    }
    if armedToExit { return false }
    armedToExit = true
    session.console.line(session.console.paint(REPL.exitHint, ANSI.dim))
    return true
  }

  /// Adds a line to the entry and evaluates the entry once it is complete.
  private func handle(_ line: String) -> Bool {
    switch input.add(line) {
    case .empty, .needsMore:
      return true
    case .metaCommand(let text):
      reader.addHistory(text)
      return session.perform(text)
    case .complete(let text, let parsed):
      reader.addHistory(text)
      session.evaluate(parsed)
      return true
    case .failedInOpenBlock(_, let parsed):
      session.evaluate(parsed)  // shows the errors; runs nothing
      session.console.line(session.console.paint(REPL.skippingHint, ANSI.dim))
      return true
    case .skippedRest(let text):
      reader.addHistory(text)
      session.console.line(session.console.paint(REPL.skippedHint, ANSI.dim))
      return true
    }
  }
}
