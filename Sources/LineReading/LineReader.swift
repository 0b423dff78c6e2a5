/// Reads input one line at a time, with or without line editing.
///
/// The REPL talks only to this protocol, so it runs unchanged over a
/// terminal (`EditLineReader`) and over a pipe or a test (`PlainLineReader`),
/// and an app that links the REPL's core without a line editor (the attach
/// point) does not link libedit.
public protocol LineReader: AnyObject {
  /// Shows `prompt` (when the reader shows prompts) and reads one line.
  ///
  /// A continuation line is just another call with the continuation prompt.
  func readLine(prompt: String) -> LineInput

  /// Adds a submitted entry to the history, persisting it if the reader has
  /// a persistent history. A multi-line entry (a whole block typed over
  /// several lines, joined with "\n") is kept and recalled as one entry.
  func addHistory(_ entry: String)

  /// Restores the terminal and releases the editor. Idempotent; reading
  /// after `close()` returns `.endOfFile`.
  func close()

  /// The text that the most recent `.interrupted` discarded ("" when the
  /// line was empty), so the CLI can make a second Ctrl-C on an empty line
  /// exit, as Node's REPL does.
  var discardedText: String { get }

  /// Sets the work to do while the reader waits for a key (`nil` for none).
  /// Readers that can only block on their input ignore it.
  func setIdleWork(_ work: IdleWork?)
}

extension LineReader {
  /// Readers that cannot tell report an empty discarded line.
  public var discardedText: String { "" }

  /// Readers that only block on their input do no idle work.
  public func setIdleWork(_ work: IdleWork?) {}
}
