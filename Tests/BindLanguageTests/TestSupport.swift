import BindPlatform
import BindRuntime
import BindSyntax
import XCTest
@testable import BindLanguage

// MARK: Running scripts

/// Runs scripts statement by statement, as `bindscript test` does, and
/// records every line they print: `print` and observer output, each bare
/// expression's value in literal form, and each error as `error: MESSAGE`
/// (the test runner's convention). Tests assert the whole history.
final class TranscriptSession {
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
  let session = TranscriptSession(options: options)
  return session.run(source)
}

/// Like `transcript`, with each error as `error: LINE:COLUMN: MESSAGE`.
func locatedTranscript(_ source: String, options: Interpreter.Options = Interpreter.Options()) -> [String] {
  let session = TranscriptSession(options: options)
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

// MARK: Host types for the embedding tests

/// Swift classes the embedding tests register: a view-model with one member
/// of each kind, and a user object it refers to.
final class HostUser {
  @Observed var name: String
  init(name: String) { self.name = name }
}

final class HostLoginViewModel {
  @Observed var username = ""
  @Observed var password = ""
  @Observed var user: HostUser?
  @Observed var tags: [String] = []
  @Observed var score = 0.0
  lazy var canSubmit = Derived { [unowned self] in !username.isEmpty && password.count >= 8 }
  let submit = EventStream<Void>()
  let picked = EventStream<Int>()
}

/// A class with a property the bridge cannot carry.
struct Point: Equatable { var x = 0, y = 0 }
final class Unbridgeable {
  @Observed var origin = Point()
  @Observed var count = 0
  @Observed var nested: Int?? = nil
  @Observed var user: HostUser?
}

extension TranscriptSession {
  /// A session whose interpreter knows `User` and `LoginViewModel`.
  static func withHostTypes(file: StaticString = #filePath, line: UInt = #line) -> TranscriptSession {
    let session = TranscriptSession()
    do {
      try session.interpreter.registerHostTestTypes()
    } catch {
      XCTFail("registration failed: \(error)", file: file, line: line)
    }
    return session
  }
}

extension Interpreter {
  func registerHostTestTypes() throws {
    try register(HostUser.self, as: "User") { type in
      type.property("name", \.$name)
      type.constructor { HostUser(name: "") }
    }
    try register(HostLoginViewModel.self, as: "LoginViewModel") { type in
      type.property("username", \.$username)
      type.property("password", \.$password)
      type.property("user", \.$user)
      type.property("tags", \.$tags)
      type.property("score", \.$score)
      type.property("canSubmit", \.canSubmit)
      type.event("submit", \.submit)
      type.event("picked", \.picked)
      type.constructor { HostLoginViewModel() }
    }
  }
}

/// Records everything a Swift observer sees, as text.
final class SwiftRecorder {
  private(set) var lines: [String] = []
  private var tokens: [Disposable] = []

  func observe<T>(_ name: String, _ node: ObservableValue<T>) {
    tokens.append(node.observe(options: []) { [unowned self] change in
      switch change {
      case .initial(let value): self.lines.append("\(name): \(value)")
      case .changed(let old, let new): self.lines.append("\(name): \(old) -> \(new)")
      case .completed: self.lines.append("\(name): completed")
      }
    })
  }

  func on<P>(_ name: String, _ stream: EventStream<P>) {
    tokens.append(stream.on { [unowned self] payload in self.lines.append("\(name)(\(payload))") })
  }
}

extension TranscriptSession {
  /// What the script printed while Swift code ran `body` (observers and
  /// handlers the Swift writes triggered).
  func output(during body: () throws -> Void) rethrows -> [String] {
    let start = lines.count
    try body()
    return Array(lines[start...])
  }
}

// MARK: Files

/// A fresh folder with a `Shared` subfolder, for import tests.
func makeTemporaryDirectory() throws -> String {
  let path = try FileSystem.makeTemporaryDirectory(prefix: "bindscript-itests")
  mkdir(path + "/Shared", 0o755)
  return path
}

func removeTree(_ path: String) {
  for name in ["Shared/types.bind", "Shared/nested.bind", "Shared", "main.bind"] {
    let full = path + "/" + name
    if unlink(full) != 0 { rmdir(full) }
  }
  rmdir(path)
}
