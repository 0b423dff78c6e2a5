#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LineReading

/// Returns the reader the REPL should use: an `EditLineReader` when both
/// standard input and standard output are terminals and libedit starts,
/// otherwise a `PlainLineReader` on standard input (no prompts, no editing).
///
/// - Parameters:
///   - history: The persistent history for the line editor.
///   - completer: Tab completion for the line editor.
public func makeLineReader(
  history: HistoryStore,
  completer: Completer? = nil
) -> any LineReader {
  if isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1,
    let editor = EditLineReader(history: history, completer: completer)
  {
    return editor
  }
  return PlainLineReader()
}
