import BindLanguage
import BindSyntax

/// Expected against actual output as a unified diff (`diff -u`), where an
/// expected ` (re)` line counts as equal to an actual line it matches.
package enum UnifiedDiff {
  /// One line of an edit script.
  enum Edit: Equatable {
    case same(String)
    case removed(String)
    case added(String)
  }

  /// The diff lines: `--- expected`, `+++ actual`, then hunks with
  /// `context` lines around each change. Empty when the outputs match.
  package static func render(expected: [ExpectedLine], actual: [String], context: Int = 3) -> [String] {
    render(edits(expected: expected, actual: actual), context: context)
  }

  /// The diff lines of an edit script from ``edits(expected:actual:)``.
  static func render(_ edits: [Edit], context: Int = 3) -> [String] {
    guard edits.contains(where: { if case .same = $0 { return false } else { return true } }) else { return [] }
    var lines = ["--- expected", "+++ actual"]
    for hunk in hunks(edits, context: context) { lines += render(hunk, edits: edits) }
    return lines
  }

  /// The shortest edit script by longest common subsequence. Matched lines
  /// show the actual text, so a regex line reads as what it matched.
  static func edits(expected: [ExpectedLine], actual: [String]) -> [Edit] {
    alignment(expected: expected, actual: actual).map { pair in
      switch pair {
      case (_?, let j?): .same(actual[j])
      case (let i?, nil): .removed(expected[i].text)
      case (nil, let j?): .added(actual[j])
      case (nil, nil): preconditionFailure("an aligned pair has at least one side")
      }
    }
  }

  /// The most pattern steps aligning one step's output may take.
  static let maxMatchSteps = 200_000_000

  /// The longest common subsequence of the two outputs as pairs of indices:
  /// both for an expected line that matches its actual one, one for a line
  /// only one side has, in output order.
  static func alignment(expected: [ExpectedLine], actual: [String]) -> [(expected: Int?, actual: Int?)] {
    let n = expected.count, m = actual.count
    // Outputs are short; a huge one falls back to "all removed, all added"
    // rather than an n×m table, and so do patterns that would take too
    // long to try against every output line (each pair is matched once).
    let patternSize = expected.reduce(0) { $0 + $1.patternSize }
    let outputSize = actual.reduce(0) { $0 + $1.utf8.count }
    let (matchSteps, overflow) = patternSize.multipliedReportingOverflow(by: outputSize)
    guard n * m <= 4_000_000, !overflow, matchSteps <= maxMatchSteps else {
      return expected.indices.map { ($0, nil) } + actual.indices.map { (nil, $0) }
    }
    // Each pair is compared once: a ` (re)` line costs a pattern match.
    let width = m + 1
    var matches = [Bool](repeating: false, count: (n + 1) * width)
    var suffix = [Int](repeating: 0, count: (n + 1) * width)
    for i in stride(from: n - 1, through: 0, by: -1) {
      for j in stride(from: m - 1, through: 0, by: -1) {
        matches[i * width + j] = expected[i].matches(actual[j])
        suffix[i * width + j] =
          matches[i * width + j] ? suffix[(i + 1) * width + j + 1] + 1 : max(suffix[(i + 1) * width + j], suffix[i * width + j + 1])
      }
    }
    var pairs: [(expected: Int?, actual: Int?)] = []
    var i = 0, j = 0
    while i < n || j < m {
      if i < n, j < m, matches[i * width + j] {
        pairs.append((i, j)); i += 1; j += 1
      } else if i < n, j == m || suffix[(i + 1) * width + j] >= suffix[i * width + j + 1] {
        pairs.append((i, nil)); i += 1
      } else {
        pairs.append((nil, j)); j += 1
      }
    }
    return pairs
  }

  /// Index ranges of `edits` that make up each hunk.
  static func hunks(_ edits: [Edit], context: Int) -> [Range<Int>] {
    let changed = edits.indices.filter { if case .same = edits[$0] { return false } else { return true } }
    var hunks: [Range<Int>] = []
    for index in changed {
      let low = max(0, index - context), high = min(edits.count, index + context + 1)
      if let last = hunks.last, low <= last.upperBound {
        hunks[hunks.count - 1] = last.lowerBound..<high
      } else {
        hunks.append(low..<high)
      }
    }
    return hunks
  }

  /// One hunk: its `@@ -a,b +c,d @@` header and its lines.
  static func render(_ hunk: Range<Int>, edits: [Edit]) -> [String] {
    var oldStart = 1, newStart = 1
    for edit in edits[..<hunk.lowerBound] {
      switch edit {
      case .same: oldStart += 1; newStart += 1
      case .removed: oldStart += 1
      case .added: newStart += 1
      }
    }
    var oldCount = 0, newCount = 0
    var body: [String] = []
    for edit in edits[hunk] {
      switch edit {
      case .same(let text): body.append(" " + text); oldCount += 1; newCount += 1
      case .removed(let text): body.append("-" + text); oldCount += 1
      case .added(let text): body.append("+" + text); newCount += 1
      }
    }
    return ["@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@"] + body
  }

  /// `start,count` as diff prints it: an empty range names the line before.
  static func range(_ start: Int, _ count: Int) -> String {
    if count == 1 { return "\(start)" }
    return "\(count == 0 ? start - 1 : start),\(count)"
  }
}
