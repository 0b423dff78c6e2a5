import LineReading

extension REPL {
  /// Runs `text` in `session` as if its lines were typed at the prompt
  /// (`bindscript mcp`'s `run` tool): a block spans lines, a `:` line is a
  /// meta command, and the session prints exactly what the REPL would.
  ///
  /// Two empty lines follow the text, as a person ends an entry whose
  /// block never closed: its "expected '}'" error shows rather than
  /// nothing. `:quit` stops before the lines after it.
  public static func type(_ text: String, into session: any REPLEvaluator) {
    let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
    REPL(session: session, reader: TypedLines(lines + ["", ""])).run()
  }
}

/// A line reader over lines given in advance, then the end of input.
private final class TypedLines: LineReader {
  private var lines: ArraySlice<String>

  init(_ lines: [String]) { self.lines = lines[...] }

  func readLine(prompt: String) -> LineInput {
    lines.popFirst().map(LineInput.line) ?? .endOfFile
  }

  func addHistory(_ entry: String) {}

  func close() { lines = [] }
}
