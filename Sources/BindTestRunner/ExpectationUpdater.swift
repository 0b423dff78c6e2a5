import BindLanguage
import BindSyntax

/// `bindscript test --update`: rewrites the `#>` lines of steps whose output
/// did not match with what they actually printed, and leaves every other
/// byte of the file as it was.
///
/// A step's old `#>` lines are removed and the new ones written where the
/// first old one was (or right after the step when it had none), with the
/// same indentation and line ending. A step whose output matched keeps its
/// lines, ` (re)` and ` (glob)` patterns included, so a file that passes is
/// rewritten to the very same bytes; in one that did not, each old line
/// that still matches its output line is kept as written.
package enum ExpectationUpdater {
  /// The file's bytes with updated expectations. `results` are the step
  /// results of running `script`, in order.
  package static func update(_ script: TestScript, results: [StepResult]) -> [UInt8] {
    update(script, changing: zip(script.steps, results).filter { !$0.1.outputMatches }.map { ($0.0, $0.1.actual) })
  }

  /// The file's bytes with the expectations of each step in `changes`
  /// updated to match what it printed (`--review` passes the accepted ones).
  package static func update(_ script: TestScript, changing changes: [(step: TestStep, actual: [String])]) -> [UInt8] {
    var removed: Set<Int> = []
    var insertions: [Int: [String]] = [:]  // after this 1-based line (0: at the top)
    for (step, actual) in changes {
      let anchorLine = step.expected.first?.line ?? step.firstLine
      let indent = String(script.file.lineText(anchorLine).prefix { $0 == " " || $0 == "\t" })
      let block = updatedLines(step.expected, actual: actual).map { indent + ($0.isEmpty ? "#>" : "#> " + $0) }
      if let first = step.expected.first {
        removed.formUnion(step.expected.map(\.line))
        insertions[first.line - 1, default: []] += block
      } else if !block.isEmpty {
        insertions[step.lastLine, default: []] += block
      }
    }
    guard !removed.isEmpty || !insertions.isEmpty else { return script.file.bytes }
    return rewrite(script.file.bytes, removing: removed, inserting: insertions)
  }

  /// The new expectations of a step: the actual output, where an old line
  /// still matches its output line (a ` (re)` or ` (glob)` pattern, or
  /// `<uuid>` that redaction put there) that old line as it was written.
  static func updatedLines(_ expected: [ExpectedLine], actual: [String]) -> [String] {
    UnifiedDiff.alignment(expected: expected, actual: actual).compactMap { pair in
      guard let j = pair.actual else { return nil }
      return pair.expected.map { expected[$0].text } ?? actual[j]
    }
  }

  /// Copies `bytes` line by line, dropping `removed` lines and adding the
  /// inserted lines after theirs.
  static func rewrite(_ bytes: [UInt8], removing removed: Set<Int>, inserting insertions: [Int: [String]]) -> [UInt8] {
    let lines = splitLines(bytes)
    let newline = lines.first { $0.last == UInt8(ascii: "\n") }.map { terminator(of: $0) } ?? [UInt8(ascii: "\n")]
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count + 256)
    func insert(after line: Int) {
      guard let block = insertions[line] else { return }
      if let last = output.last, last != UInt8(ascii: "\n") { output += newline }
      for text in block { output += Array(text.utf8) + newline }
    }
    insert(after: 0)
    for (index, line) in lines.enumerated() {
      if !removed.contains(index + 1) { output += line }
      insert(after: index + 1)
    }
    return output
  }

  /// The lines of `bytes`, each with its terminator (the last may have none).
  static func splitLines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
    var lines: [ArraySlice<UInt8>] = []
    var start = 0
    for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
      lines.append(bytes[start...index])
      start = index + 1
    }
    if start < bytes.count { lines.append(bytes[start...]) }
    return lines
  }

  /// `\r\n` or `\n`, as `line` ends.
  static func terminator(of line: ArraySlice<UInt8>) -> [UInt8] {
    line.count >= 2 && line[line.endIndex - 2] == UInt8(ascii: "\r") ? [13, 10] : [10]
  }
}
