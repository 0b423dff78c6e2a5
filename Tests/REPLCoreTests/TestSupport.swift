import BindLanguage
import BindSyntax
import LineEditor
import LineReading
import REPLCore

/// A console that keeps what the REPL printed.
final class CapturedConsole {
  var output = ""
  var errors = ""
  /// Both streams interleaved, as a terminal shows them.
  var all = ""

  var console: REPLConsole {
    REPLConsole(
      write: { [unowned self] text in
        output += text
        all += text
      },
      writeError: { [unowned self] text in
        errors += text
        all += text
      })
  }

  func clear() {
    output = ""
    errors = ""
    all = ""
  }
}

/// A line reader that replays scripted input and records what the REPL
/// did with it.
final class ScriptedReader: LineReader {
  /// One read: the input, and for `.interrupted` the discarded text.
  struct Step {
    var input: LineInput
    var discarded = ""
  }

  private var steps: [Step]
  private(set) var prompts: [String] = []
  private(set) var history: [String] = []
  private(set) var isClosed = false
  private(set) var discardedText = ""

  init(_ steps: [Step]) {
    self.steps = steps
  }

  func readLine(prompt: String) -> LineInput {
    prompts.append(prompt)
    guard !isClosed, !steps.isEmpty else { return .endOfFile }
    let step = steps.removeFirst()
    discardedText = step.discarded
    return step.input
  }

  func addHistory(_ entry: String) { history.append(entry) }

  func close() { isClosed = true }
}

extension ScriptedReader.Step {
  static func line(_ text: String) -> Self { Self(input: .line(text)) }
  static func ctrlC(discarding text: String = "") -> Self { Self(input: .interrupted, discarded: text) }
  static let ctrlD = Self(input: .endOfFile)
}
