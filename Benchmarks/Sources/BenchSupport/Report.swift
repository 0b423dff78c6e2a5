/// Renders results as markdown: the comparison table with ratios to the
/// baseline, the goals, the notes, then the spread of every case.
public struct Report {
  public init() {}

  public func markdown(_ result: SectionResult) -> String {
    var lines: [String] = []
    let section = result.section
    let columns = section.implementations
    lines.append("## \(section.title)")
    lines.append("")
    lines.append("Median of each case; in brackets, the ratio to \(section.baseline) measured in the same run.")
    lines.append("")
    lines.append("| scenario | unit | " + columns.joined(separator: " | ") + " |")
    lines.append("|---|---|" + columns.map { _ in "--:|" }.joined())
    var footnotes: [String] = []
    for scenario in result.scenarios {
      var cells: [String] = []
      for implementation in columns {
        guard let entry = scenario.cases.first(where: { $0.implementation == implementation }) else {
          cells.append("")
          continue
        }
        if let value = entry.value {
          var text = format(value)
          if implementation != section.baseline, let base = scenario.value(section.baseline), base > 0 {
            text += " (\(format(value / base))×)"
          }
          cells.append(text)
        } else {
          footnotes.append(entry.note ?? "no value")
          cells.append("n/a [\(footnotes.count)]")
        }
      }
      lines.append("| \(scenario.scenario.title) | \(scenario.scenario.unit) | " + cells.joined(separator: " | ") + " |")
    }
    if !footnotes.isEmpty {
      lines.append("")
      for (index, note) in footnotes.enumerated() { lines.append("[\(index + 1)] \(note)  ") }
    }
    if !section.goals.isEmpty {
      lines.append("")
      lines.append("### Goals")
      lines.append("")
      for goal in section.goals {
        let (met, detail) = goal.evaluate(result)
        let mark = met.map { $0 ? "met" : "**MISSED**" } ?? "not measured"
        lines.append("- \(mark): \(goal.description) — \(detail)")
      }
    }
    if !section.notes.isEmpty {
      lines.append("")
      lines.append("### What each scenario does")
      lines.append("")
      for note in section.notes { lines.append("- \(note)") }
    }
    lines.append("")
    lines.append("### Spread (every round, same unit)")
    lines.append("")
    lines.append("| scenario | implementation | min | median | max | iterations/round |")
    lines.append("|---|---|--:|--:|--:|--:|")
    for scenario in result.scenarios {
      for entry in scenario.cases where !entry.samples.isEmpty {
        let samples = entry.samples
        // Readings (bytes) are not timed: three readings, no iterations.
        let iterations = entry.iterationsPerRound > 0 ? String(entry.iterationsPerRound) : "reading"
        lines.append(
          "| \(scenario.scenario.key) | \(entry.implementation) | \(format(samples.min()!)) | "
            + "\(format(median(samples))) | \(format(samples.max()!)) | \(iterations) |")
      }
    }
    return lines.joined(separator: "\n")
  }
}

/// Three significant figures or so, without Foundation: 1,407 / 164 / 28.4 / 8.53 / 0.412.
public func format(_ value: Double) -> String {
  guard value.isFinite else { return "\(value)" }
  let magnitude = abs(value)
  let decimals = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : magnitude >= 1 ? 2 : 3
  var scale = 1.0
  for _ in 0..<decimals { scale *= 10 }
  let scaled = Int((magnitude * scale).rounded())
  let whole = scaled / Int(scale)
  let fraction = scaled % Int(scale)
  var digits = String(whole)
  var grouped = ""
  while digits.count > 3 {
    grouped = "," + digits.suffix(3) + grouped
    digits = String(digits.dropLast(3))
  }
  grouped = digits + grouped
  if decimals > 0 {
    let fractionText = String(fraction)
    grouped += "." + String(repeating: "0", count: decimals - fractionText.count) + fractionText
  }
  return (value < 0 ? "-" : "") + grouped
}
