import BindPlatform

/// `bindscript test --artifacts DIR`: for each failing timeline expectation,
/// an SVG of the expected and the actual timeline on one time axis, which the
/// JUnit report attaches to the test case.
///
/// Works from a failure's details (the statement and the diff), the part of
/// a result that crosses from the test worker to the runner.
package enum TimelineArtifacts {
  /// The pairs of expected and actual timelines in a failure: a removed and
  /// an added diff line that both read as timelines of the same source.
  package static func pairs(in failure: TestFailure) -> [(expected: TimelineDiagram, actual: TimelineDiagram)] {
    guard failure.kind == .output else { return [] }
    let removed = failure.details.filter { $0.hasPrefix("-") && !$0.hasPrefix("---") }
      .compactMap { TimelineDiagram(parsing: String($0.dropFirst())) }
    var added = failure.details.filter { $0.hasPrefix("+") && !$0.hasPrefix("+++") }
      .compactMap { TimelineDiagram(parsing: String($0.dropFirst())) }
    var pairs: [(TimelineDiagram, TimelineDiagram)] = []
    for expected in removed {
      guard let index = added.firstIndex(where: { $0.label == expected.label }) else { continue }
      pairs.append((expected, added.remove(at: index)))
    }
    return pairs
  }

  /// The frame length a failure's statement gave (`every 250ms`), or the
  /// default, `100ms`; nil when the statement is not a `timeline`.
  static func frame(of failure: TestFailure) -> String? {
    guard let source = failure.details.first, source.hasPrefix("| ") else { return nil }
    let statement = source.dropFirst(2)
    guard statement.hasPrefix("timeline ") else { return nil }
    guard let every = statement.ranges(of: " every ").last else { return "100ms" }
    return String(statement[every.upperBound...].prefix { !$0.isWhitespace && $0 != "#" })
  }

  /// Writes the diagrams of `result`'s failing timelines into `folder`;
  /// returns the paths written (empty when none failed). A file that
  /// cannot be written is left out and reported through `problem`.
  package static func write(for result: FileTestResult, into folder: String, problem: (String) -> Void) -> [String] {
    var written: [String] = []
    for diagram in diagrams(for: result) {
      let path = folder + "/" + diagram.name
      do {
        try OutputFile.write(diagram.svg, to: path)
        written.append(path)
      } catch {
        problem("cannot write '\(path)': \(error)")
      }
    }
    return written
  }

  /// The diagrams of `result`'s failing timelines, each as SVG text with
  /// the file name it is written or attached under: named after the
  /// script's path, flattened, so that one folder holds a whole run's, or
  /// after `scriptName` (a test's attachments, which are the test's own).
  package static func diagrams(for result: FileTestResult, scriptName: String? = nil) -> [(name: String, svg: String)] {
    result.failures.flatMap { failure in
      pairs(in: failure).enumerated().map { number, pair in
        let svg = TimelineDiagram.svg([("expected", pair.expected), ("actual", pair.actual)], frame: frame(of: failure))
        return (fileName(scriptName ?? flattened(result.path), line: failure.line, number: number), svg)
      }
    }
  }

  /// `search.bind`, line 12 → `search.bind-line12-timeline.svg`.
  static func fileName(_ name: String, line: Int?, number: Int) -> String {
    name + (line.map { "-line\($0)" } ?? "") + (number > 0 ? "-\(number + 1)" : "") + "-timeline.svg"
  }

  /// `Scripts/time/search.bind` → `Scripts_time_search.bind`.
  static func flattened(_ path: String) -> String {
    var name = Substring(path)
    while name.hasPrefix("./") || name.hasPrefix("/") { name = name.drop { $0 == "." || $0 == "/" } }
    return String(name.map { $0 == "/" || $0 == "\\" ? "_" : $0 })
  }
}
