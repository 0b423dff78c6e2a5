import BindLanguage
import BindSyntax

/// A `.bind` file read as a test script: its statements grouped into steps,
/// each step with the `#>` lines that state what it prints.
///
/// The `#>` lines after a step's last line and before the next step belong
/// to that step. Statements that share a line (`a = 1; print(a)`) form one
/// step, as they would in one line of REPL input. A statement the parser
/// rejected becomes a step of its own whose output is its `error:` line, so
/// scripts can expect syntax errors too.
package struct TestScript: Sendable {
  /// The file, as read.
  package let file: SourceFile
  /// What parsing produced; its statements are run in order.
  package let parsed: ParseResult
  /// The reason given by a `# skip: reason` first line.
  package let skipReason: String?
  /// Whether a `# strict` line asks for `--strict`.
  package let isStrict: Bool
  /// The steps, in source order.
  package let steps: [TestStep]
  /// `#>` lines before the first step, which belong to no statement.
  package let strayExpectations: [ExpectedLine]

  /// Whether the file has at least one `#>` line; if not, only errors and
  /// assertions are checked. Stored: every step asks, and a walk over the
  /// steps each time made a file without `#>` lines quadratic.
  package let checksOutput: Bool

  /// What its output is redacted with: `inherited`'s, then its own
  /// `# redact` lines'.
  package let redactions: Redactions

  /// A digest of the file's bytes (64-bit FNV-1a), to tell whether the
  /// file on disk is still the one that ran.
  package var digest: UInt64 { Self.digest(of: file.bytes) }

  package static func digest(of bytes: [UInt8]) -> UInt64 {
    bytes.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
  }

  /// The path shown in reports.
  package var path: String { file.path ?? "<script>" }

  /// Parses `file` and attaches its expectations; `inherited` are the
  /// redactions of the folders it is in (``Redactions/inherited(byScriptAt:)``).
  package init(file: SourceFile, inherited: Redactions = Redactions()) {
    self.file = file
    self.redactions = inherited.followed(by: Redactions.declared(in: file))
    self.parsed = Parser.parse(file)
    self.skipReason = Self.skipReason(in: file)
    self.isStrict = Self.hasStrictLine(in: file)
    var steps = Self.groupSteps(parsed)
    for index in steps.indices where steps[index].firstLine > 1 {
      steps[index].interruptionPoints = InterruptionMarker.points(in: Substring(file.lineText(steps[index].firstLine - 1))) ?? []
    }
    self.strayExpectations = Self.attachExpectations(to: &steps, in: file)
    self.steps = steps
    self.checksOutput = !strayExpectations.isEmpty || steps.contains { !$0.expected.isEmpty }
  }

  /// Reads a script from text (for tests and host apps).
  package init(text: String, path: String? = nil) {
    self.init(file: SourceFile(path: path, text: text))
  }

  /// Whether a comment line `# strict` asks for `--strict` (Grammar.md §6).
  /// Bytes, not lines: every script is searched, and making each line a
  /// string first would cost more than the search.
  static func hasStrictLine(in file: SourceFile) -> Bool {
    let bytes = file.bytes
    let directive = Array("# strict".utf8)
    var start = 0
    while start < bytes.count {
      var end = start
      while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
      var first = start
      while first < end, bytes[first] == UInt8(ascii: " ") || bytes[first] == UInt8(ascii: "\t") { first += 1 }
      var last = end
      while last > first, [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r")].contains(bytes[last - 1]) { last -= 1 }
      if last - first == directive.count, bytes[first..<last].elementsEqual(directive) { return true }
      start = end + 1
    }
    return false
  }

  /// The reason in a `# skip: reason` first line (after a `#!` line, if any).
  static func skipReason(in file: SourceFile) -> String? {
    var line = file.lineText(1)
    if line.hasPrefix("#!") { line = file.lineText(2) }
    let trimmed = line.drop { $0 == " " || $0 == "\t" }
    guard trimmed.hasPrefix("#") else { return nil }
    let comment = trimmed.dropFirst().drop { $0 == " " }
    guard comment.hasPrefix("skip:") else { return nil }
    let reason = comment.dropFirst("skip:".count).drop { $0 == " " }
    return reason.isEmpty ? "skipped" : String(reason)
  }

  /// Statements and syntax errors in source order, grouped into steps by
  /// shared lines.
  static func groupSteps(_ parsed: ParseResult) -> [TestStep] {
    // A statement with a syntax error inside it is abandoned, as Grammar.md
    // section 4 says: the parser may have filled the gap with a placeholder
    // (an overflowing literal as 0), which must not run.
    let errorOffsets = parsed.diagnostics.filter { $0.severity == .error }.map(\.range.start.offset).sorted()
    let intact = parsed.statements.filter { statement in
      let start = statement.range.start.offset
      let end = max(statement.range.end.offset, start + 1)
      return !(firstIndex(in: errorOffsets, notBelow: start).map { errorOffsets[$0] < end } ?? false)
    }
    var items: [(item: TestStep.Item, firstLine: Int, lastLine: Int)] = intact.map {
      (.statement($0), $0.range.start.line, $0.range.end.line)
    }
    for diagnostic in parsed.diagnostics where diagnostic.severity == .error {
      // A broken statement starts at the opener a note points back at
      // ("to match this '{'"), not where the parser gave up.
      let line = diagnostic.notes.compactMap { $0.range?.start.line }.reduce(diagnostic.range.start.line, min)
      items.append((.syntaxError(diagnostic), line, line))
    }
    var steps: [TestStep] = []
    for entry in items.enumerated().sorted(by: { ($0.element.firstLine, $0.offset) < ($1.element.firstLine, $1.offset) }) {
      let (item, firstLine, lastLine) = entry.element
      // In place: a copy of the last step would copy its items each time,
      // quadratic in the statements of one line (`a = 1; a = 2; …`).
      if let last = steps.indices.last, firstLine <= steps[last].lastLine {
        steps[last].items.append(item)
        steps[last].lastLine = max(steps[last].lastLine, lastLine)
      } else {
        steps.append(TestStep(items: [item], firstLine: firstLine, lastLine: lastLine))
      }
    }
    return steps
  }

  /// The index of the first of the ascending `offsets` that is at least
  /// `offset` (binary search), or `nil` when all are smaller.
  private static func firstIndex(in offsets: [Int], notBelow offset: Int) -> Int? {
    var low = 0
    var high = offsets.count
    while low < high {
      let middle = (low + high) / 2
      if offsets[middle] < offset { low = middle + 1 } else { high = middle }
    }
    return low < offsets.count ? low : nil
  }

  /// Gives each step the `#>` lines between its last line and the next
  /// step's first line; returns those before the first step.
  static func attachExpectations(to steps: inout [TestStep], in file: SourceFile) -> [ExpectedLine] {
    var stray: [ExpectedLine] = []
    var stepIndex = -1
    for line in 1...file.lineCount {
      while stepIndex + 1 < steps.count, steps[stepIndex + 1].firstLine <= line { stepIndex += 1 }
      guard let text = ExpectedLine.text(ofSourceLine: Substring(file.lineText(line))) else { continue }
      let expectation = ExpectedLine(line: line, text: text)
      if stepIndex < 0 {
        stray.append(expectation)
      } else if line > steps[stepIndex].lastLine {
        steps[stepIndex].expected.append(expectation)
      }
      // A `#>` line inside a multi-line statement is an ordinary comment.
    }
    return stray
  }
}

/// One unit of a test script: the statements of one line (or one
/// multi-line statement), or a statement that failed to parse.
package struct TestStep: Sendable {
  /// One thing a step runs.
  package enum Item: Sendable {
    /// A statement, run by the interpreter.
    case statement(Statement)
    /// A statement that failed to parse; its output is its `error:` line.
    case syntaxError(Diagnostic)
  }

  /// What the step runs, in source order.
  package var items: [Item]
  /// The step's first source line (1-based).
  package var firstLine: Int
  /// The step's last source line; its `#>` lines come after it.
  package var lastLine: Int
  /// The step's expected output, in order.
  package var expected: [ExpectedLine] = []
  /// Where Ctrl-C stopped the step when it ran in the REPL (an
  /// `# interrupted at point N` line just above it); the runner stops it
  /// at the same interruption points.
  package var interruptionPoints: [Int] = []

  /// Creates a step without expectations.
  package init(items: [Item], firstLine: Int, lastLine: Int) {
    self.items = items
    self.firstLine = firstLine
    self.lastLine = lastLine
  }
}
