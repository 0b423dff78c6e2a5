import XCTest
@testable import BindLanguage

/// Runs scripts statement by statement, as `bindscript test` does, and
/// records every line they print: `print` and observer output, each bare
/// expression's value in literal form, and each error as `error: MESSAGE`
/// (the test runner's convention). Tests assert the whole history.
final class ScriptSession {
  let interpreter: Interpreter
  /// Every line printed so far, in order.
  private(set) var lines: [String] = []
  /// Prefix errors with `LINE:COLUMN: ` (the error's range start).
  var showsLocations = false
  private var runs = 0

  init(options: Interpreter.Options = Interpreter.Options()) {
    interpreter = Interpreter(options: options)
    interpreter.output = { [unowned self] text in
      self.lines += text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
  }

  /// Runs `source` (parsed as one file at `path`) and returns what it printed.
  /// Syntax errors become `error:` lines in source order, as in the test
  /// runner; the rest of the file still runs.
  @discardableResult
  func run(_ source: String, path: String? = nil) -> [String] {
    runs += 1
    let parsed = Parser.parse(source, path: path ?? "test\(runs).bind")
    return run(parsed)
  }

  @discardableResult
  func run(_ parsed: ParseResult) -> [String] {
    let start = lines.count
    interpreter.hoist(parsed)
    enum Item {
      case statement(Statement)
      case syntaxError(Diagnostic)
    }
    var items: [(offset: Int, item: Item)] = parsed.statements.map { ($0.range.start.offset, .statement($0)) }
    for diagnostic in parsed.diagnostics where diagnostic.severity == .error {
      items.append((diagnostic.range.start.offset, .syntaxError(diagnostic)))
    }
    items.sort { $0.offset < $1.offset }
    for (_, item) in items {
      switch item {
      case .syntaxError(let diagnostic):
        report(diagnostic.message, at: diagnostic.range)
      case .statement(let statement):
        do {
          if let value = try interpreter.execute(statement, in: parsed.file) { lines.append(value.literal) }
        } catch let error as ScriptError {
          report(error.message, at: error.range)
        } catch {
          lines.append("error: (not a ScriptError) \(error)")
        }
      }
    }
    return Array(lines[start...])
  }

  private func report(_ message: String, at range: SourceRange?) {
    if showsLocations {
      lines.append("error: \(range.map { "\($0.start)" } ?? "?:?"): \(message)")
    } else {
      lines.append("error: \(message)")
    }
  }

  /// Ends the session's connections so its objects are released.
  func end() { interpreter.endSession() }

  deinit { interpreter.endSession() }
}

/// Everything `source` prints when run statement by statement in a fresh
/// interpreter: output lines, echoed bare-expression values, `error:` lines.
func transcript(_ source: String, options: Interpreter.Options = Interpreter.Options()) -> [String] {
  let session = ScriptSession(options: options)
  return session.run(source)
}

/// Like `transcript`, with each error as `error: LINE:COLUMN: MESSAGE`.
func locatedTranscript(_ source: String, options: Interpreter.Options = Interpreter.Options()) -> [String] {
  let session = ScriptSession(options: options)
  session.showsLocations = true
  return session.run(source)
}

/// Asserts the whole output history of `source`, showing both sides line by
/// line on a mismatch.
func assertTranscript(
  _ source: String, _ expected: [String], options: Interpreter.Options = Interpreter.Options(),
  file: StaticString = #filePath, line: UInt = #line
) {
  let actual = transcript(source, options: options)
  if actual != expected {
    XCTFail(
      "transcript differs\n--- expected\n\(expected.joined(separator: "\n"))\n--- actual\n\(actual.joined(separator: "\n"))",
      file: file, line: line)
  }
}

/// One runtime diagnostic: a script whose LAST output line must be the
/// error `message` at `location` (`LINE:COLUMN`); every line before it is
/// checked by `before` (argument-parser's `ErrorCase` style).
struct ErrorCase {
  let source: String
  let location: String
  let message: String
  var before: [String] = []
  let file: StaticString
  let line: UInt

  init(
    _ source: String, _ location: String, _ message: String, before: [String] = [],
    file: StaticString = #filePath, line: UInt = #line
  ) {
    self.source = source
    self.location = location
    self.message = message
    self.before = before
    self.file = file
    self.line = line
  }

  func check() {
    let actual = locatedTranscript(source)
    let expected = before + ["error: \(location): \(message)"]
    if actual != expected {
      XCTFail(
        "for \(source.debugDescription)\n--- expected\n\(expected.joined(separator: "\n"))\n--- actual\n\(actual.joined(separator: "\n"))",
        file: file, line: line)
    }
  }
}
