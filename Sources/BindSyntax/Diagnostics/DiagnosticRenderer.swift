/// Renders diagnostics as text, the one place that decides how they look:
///
///     script.bind:3:9: error: no property 'titel' on Label; did you mean 'title'?
///     bind vm.titel -> label.text
///             ^~~~~
///             title
///
/// The header drops its `path:line:col: ` prefix for REPL input (a file
/// without a path). The marker line copies the tabs of the source line so the
/// caret stays under the range; `~` extends it to the end of the range on
/// that line. Colour (ANSI bold, red `error:`, green marker) is added only
/// when `useColor` is set.
public struct DiagnosticRenderer: Sendable {
  /// Whether to decorate the output with ANSI colour codes.
  public var useColor: Bool

  /// Creates a renderer; plain text unless `useColor` is set.
  public init(useColor: Bool = false) {
    self.useColor = useColor
  }

  /// Renders several diagnostics, one after another.
  public func render(_ diagnostics: [Diagnostic], in file: SourceFile) -> String {
    diagnostics.map { render($0, in: file) }.joined()
  }

  /// Renders one diagnostic and its notes; every line ends in a newline.
  ///
  /// `includeLocation: false` prints the REPL form (`error: message`) even
  /// when the file has a path.
  public func render(
    _ diagnostic: Diagnostic, in file: SourceFile, includeLocation: Bool = true
  ) -> String {
    var lines = [
      header(diagnostic.severity, diagnostic.message, at: diagnostic.range.start,
             in: file, includeLocation: includeLocation),
    ]
    lines += excerpt(for: diagnostic.range, in: file)
    if let fixIt = diagnostic.fixIt, fixIt.range.start.line == diagnostic.range.start.line {
      let shown = Self.window(of: file.lineText(fixIt.range.start.line), around: diagnostic.range.start.column)
      let indent = DiagnosticRenderer.indentation(before: fixIt.range.start.column - shown.shift, in: shown.text)
      lines.append(indent + paint(fixIt.replacement, Style.fixIt))
    }
    for note in diagnostic.notes {
      let location = note.range?.start
      lines.append(header(.note, note.message, at: location, in: file,
                          includeLocation: includeLocation))
      if let range = note.range { lines += excerpt(for: range, in: file) }
    }
    return lines.map { $0 + "\n" }.joined()
  }

  /// The marker line for `range` under `lineText`: tabs and spaces up to the
  /// range's first column, `^`, then `~` for each further character of the
  /// range on this line.
  public static func markerLine(for range: SourceRange, lineText: String) -> String {
    let characters = Array(lineText)
    let startColumn = max(1, range.start.column)
    var width = 1
    if range.end.line == range.start.line {
      width = max(1, range.end.column - startColumn)
    } else if range.end.line > range.start.line {
      width = max(1, characters.count - startColumn + 1)
    }
    return indentation(before: startColumn, in: lineText)
      + "^" + String(repeating: "~", count: width - 1)
  }

  /// The widest source line an excerpt shows whole. A longer one (a
  /// generated or minified script) shows this many characters around the
  /// error's column, cut with `…` as clang and rustc cut theirs, rather
  /// than a screenful per diagnostic.
  static let excerptWidth = 120

  /// `lineText`, or the window of it around `column` with `…` where it is
  /// cut; `shift` is what to subtract from a column of the line to find it
  /// in the window.
  static func window(of lineText: String, around column: Int) -> (text: String, shift: Int) {
    guard lineText.count > excerptWidth else { return (lineText, 0) }
    let characters = Array(lineText)
    let first = max(0, min(column - 1 - excerptWidth / 3, characters.count - excerptWidth))
    let end = first + excerptWidth
    var text = String(characters[first..<end])
    var shift = first
    if first > 0 {
      text = "…" + text
      shift -= 1
    }
    if end < characters.count { text += "…" }
    return (text, shift)
  }

  /// Whitespace reaching column `column` of `lineText`, keeping its tabs.
  static func indentation(before column: Int, in lineText: String) -> String {
    var result = ""
    for (index, character) in lineText.enumerated() where index < column - 1 {
      result.append(character == "\t" ? "\t" : " ")
    }
    let missing = column - 1 - lineText.count
    if missing > 0 { result += String(repeating: " ", count: missing) }
    return result
  }

  /// `path:line:col: error: message`, or `error: message` without a location.
  private func header(
    _ severity: Diagnostic.Severity, _ message: String, at location: SourceLocation?,
    in file: SourceFile, includeLocation: Bool
  ) -> String {
    var prefix = ""
    if includeLocation, let path = file.path {
      prefix = location.map { "\(path):\($0.line):\($0.column): " } ?? "\(path): "
    }
    let label = paint(severity.rawValue + ":", Style.severity(severity))
    guard useColor else { return "\(prefix)\(label) \(message)" }
    return paint(prefix, Style.bold) + label + paint(" " + message, Style.bold)
  }

  /// The source line of `range` and its marker line; a long line shows
  /// the part around the range.
  private func excerpt(for range: SourceRange, in file: SourceFile) -> [String] {
    let (text, shift) = Self.window(of: file.lineText(range.start.line), around: range.start.column)
    var shown = range
    if shift != 0 {
      let endColumn = range.end.line == range.start.line ? min(range.end.column - shift, text.count + 1) : text.count + 1
      shown = SourceRange(
        start: SourceLocation(offset: range.start.offset, line: range.start.line, column: range.start.column - shift),
        end: SourceLocation(offset: range.end.offset, line: range.start.line, column: endColumn))
    }
    let marker = DiagnosticRenderer.markerLine(for: shown, lineText: text)
    let indentCount = marker.prefix { $0 == " " || $0 == "\t" }.count
    let indent = String(marker.prefix(indentCount))
    return [text, indent + paint(String(marker.dropFirst(indentCount)), Style.marker)]
  }

  /// Wraps `text` in an ANSI style when colour is on.
  private func paint(_ text: String, _ style: String) -> String {
    guard useColor, !text.isEmpty else { return text }
    return style + text + Style.reset
  }

  /// ANSI escape sequences.
  private enum Style {
    static let reset = "\u{1B}[0m"
    static let bold = "\u{1B}[1m"
    static let marker = "\u{1B}[1;32m"
    static let fixIt = "\u{1B}[32m"

    static func severity(_ severity: Diagnostic.Severity) -> String {
      switch severity {
      case .error: return "\u{1B}[1;31m"
      case .warning: return "\u{1B}[1;35m"
      case .note: return "\u{1B}[1;36m"
      }
    }
  }
}
