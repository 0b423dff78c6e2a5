import BindSyntax
import LineReading

/// What the REPL loop hands its complete entries and meta commands to: a
/// session in this process (``REPLSession``), or one inside a running app
/// that `bindscript attach` talks to over a socket.
///
/// The loop itself (prompts, continuation lines, history, Ctrl-C and
/// Ctrl-D) is the same for both.
public protocol REPLEvaluator: AnyObject {
  /// Where the loop prints its hints.
  var console: REPLConsole { get }
  /// What the line reader does while it waits for a key (timers on the
  /// wall clock, an attached app's output); `nil` for nothing.
  var idleWork: IdleWork? { get }
  /// Evaluates one complete entry (a syntax error shows, and runs nothing).
  func evaluate(_ parsed: ParseResult)
  /// Runs a meta command line such as `:vars`.
  /// - Returns: `false` when the command ends the session (`:quit`).
  func perform(_ line: String) -> Bool
  /// Whether the session is over without the user ending it (the attached
  /// app went away): the loop stops before reading another line.
  var hasEnded: Bool { get }
}

extension REPLEvaluator {
  /// A session in this process ends only when the user ends it.
  public var hasEnded: Bool { false }
}
