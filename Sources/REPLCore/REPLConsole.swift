import BindLanguage
import BindSyntax

/// Where the REPL prints, and whether it may colour what it prints.
///
/// The CLI connects it to standard output and standard error; tests
/// collect the text. Colour is decided by the caller (a terminal, and no
/// `NO_COLOR` unless `FORCE_COLOR`): this layer knows nothing of terminals.
public struct REPLConsole {
  /// Writes text to standard output; the text carries its own newlines.
  public var write: (String) -> Void
  /// Writes text to standard error; the text carries its own newlines.
  public var writeError: (String) -> Void
  /// Whether prompts and values may carry ANSI colour.
  public var useColor: Bool
  /// Whether errors may carry ANSI colour.
  public var useErrorColor: Bool

  /// Creates a console.
  /// - Parameters:
  ///   - useColor: Colour for prompts and echoed values.
  ///   - useErrorColor: Colour for errors (standard error may be redirected alone).
  ///   - write: Receives standard-output text.
  ///   - writeError: Receives standard-error text.
  public init(
    useColor: Bool = false, useErrorColor: Bool = false,
    write: @escaping (String) -> Void, writeError: @escaping (String) -> Void
  ) {
    self.useColor = useColor
    self.useErrorColor = useErrorColor
    self.write = write
    self.writeError = writeError
  }

  /// Renders diagnostics; a file without a path gives the REPL form
  /// (`error: message`, the line, the caret).
  package var renderer: DiagnosticRenderer { DiagnosticRenderer(useColor: useErrorColor) }

  /// Writes one line to standard output.
  package func line(_ text: String) { write(text + "\n") }

  /// Writes `error: message` to standard error, for errors that have no
  /// source line to point at (a meta command's, a file's).
  package func error(_ message: String) {
    let label = useErrorColor ? ANSI.error + "error:" + ANSI.reset : "error:"
    writeError("\(label) \(message)\n")
  }

  /// `text` in `style` when colour is on.
  package func paint(_ text: String, _ style: String) -> String {
    useColor ? style + text + ANSI.reset : text
  }

  /// An echoed value, coloured by kind as Node's REPL does: strings
  /// green, numbers and booleans yellow, `nil` grey, objects cyan.
  func paint(_ value: Value) -> String {
    guard useColor else { return value.literal }
    switch value {
    case .string: return paint(value.literal, ANSI.green)
    case .int, .double, .bool: return paint(value.literal, ANSI.yellow)
    case .null: return paint(value.literal, ANSI.grey)
    default: return paint(value.literal, ANSI.cyan)
    }
  }
}

/// ANSI escape sequences the REPL uses.
package enum ANSI {
  package static let reset = "\u{1B}[0m"
  package static let prompt = "\u{1B}[1;32m"
  package static let error = "\u{1B}[1;31m"
  package static let green = "\u{1B}[32m"
  package static let yellow = "\u{1B}[33m"
  package static let grey = "\u{1B}[90m"
  package static let cyan = "\u{1B}[36m"
  package static let dim = "\u{1B}[2m"
}
