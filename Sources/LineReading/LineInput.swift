/// What one call to `LineReader.readLine(prompt:)` produced.
public enum LineInput: Equatable, Sendable {
  /// A line the user submitted, without its trailing newline.
  ///
  /// It may contain embedded newlines when the user recalled and submitted a
  /// multi-line history entry: such an entry comes back whole, as it was
  /// added with `LineReader.addHistory(_:)`.
  case line(String)
  /// Ctrl-C while typing: the partial line was discarded; the session goes on.
  case interrupted
  /// Ctrl-D on an empty line, or the end of the input stream.
  case endOfFile
}
