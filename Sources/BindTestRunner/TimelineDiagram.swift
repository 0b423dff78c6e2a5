import BindPlatform

/// A timeline's marble diagram as data, read back from the line a
/// `timeline` statement prints (`vm.query: ----a------b---|  a = "swi", b = "s"`),
/// and drawn as SVG: several timelines one above the other on one time axis.
package struct TimelineDiagram: Equatable {
  /// What was recorded: `vm.query`.
  package let label: String
  /// Per frame, the letters of what happened in it (`x` for an event without payload).
  package let frames: [[String]]
  /// Each letter's value, as printed.
  package let values: [String: String]

  /// Reads a printed timeline line; nil when `line` is not one.
  package init?(parsing line: String) {
    guard let colon = line.firstRange(of: ": ") else { return nil }
    label = String(line[..<colon.lowerBound])
    var rest = line[colon.upperBound...]
    var frames: [[String]] = []
    var order: [String] = []
    func letter(_ text: inout Substring) -> String? {
      guard let first = text.first, first.isASCII, first.isLetter else { return nil }
      var name = String(text.removeFirst())
      while let digit = text.first, digit.isASCII, digit.isNumber { name.append(text.removeFirst()) }
      if !order.contains(name) { order.append(name) }
      return name
    }
    while let next = rest.first, next != "|" {
      if next == "-" {
        rest.removeFirst()
        frames.append([])
      } else if next == "(" {
        rest.removeFirst()
        var group: [String] = []
        while let name = letter(&rest) { group.append(name) }
        guard rest.first == ")", group.count > 1 else { return nil }
        rest.removeFirst()
        frames.append(group)
      } else if let name = letter(&rest) {
        frames.append([name])
      } else {
        return nil
      }
    }
    guard rest.first == "|", !frames.isEmpty else { return nil }
    rest.removeFirst()
    self.frames = frames
    values = Self.legend(String(rest.drop { $0 == " " }), letters: order.filter { $0 != "x" || rest.contains("x = ") })
  }

  /// `a = "swi", b = "s"` as a dictionary, reading the values of `letters`
  /// in order. A value is a literal, which may itself hold `, b = ` inside
  /// a string or brackets, so it ends at the first `, NEXT = ` outside them.
  private static func legend(_ text: String, letters: [String]) -> [String: String] {
    var values: [String: String] = [:]
    var rest = Substring(text)
    for (index, name) in letters.enumerated() {
      guard rest.hasPrefix("\(name) = ") else { break }
      rest = rest.dropFirst(name.count + 3)
      let next = index + 1 < letters.count ? ", \(letters[index + 1]) = " : nil
      let end = next.flatMap { literalEnd(in: rest, before: $0) } ?? rest.endIndex
      values[name] = String(rest[..<end])
      rest = end == rest.endIndex ? "" : rest[rest.index(end, offsetBy: 2)...]
    }
    return values
  }

  /// Where `separator` first follows a whole literal in `text`: outside
  /// string literals (with their escapes) and brackets.
  private static func literalEnd(in text: Substring, before separator: String) -> Substring.Index? {
    var depth = 0
    var inString = false
    var escaped = false
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      if inString {
        if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
      } else {
        switch character {
        case "\"": inString = true
        case "[", "(", "{": depth += 1
        case "]", ")", "}": depth -= 1
        default: if depth <= 0 && text[index...].hasPrefix(separator) { return index }
        }
      }
      index = text.index(after: index)
    }
    return nil
  }
}

extension TimelineDiagram {
  /// Draws `rows` (a title and a diagram each) one above the other on one
  /// time axis of frames of `frame` (such as `100ms`, as the statement wrote
  /// it; the axis counts frames when it is nil). Frames where the rows
  /// differ are shaded.
  package static func svg(_ rows: [(title: String, diagram: TimelineDiagram)], frame: String?) -> String {
    let frameCount = rows.map(\.diagram.frames.count).max() ?? 1
    let cell = Double(max(10, min(28, 900 / max(frameCount, 1))))
    let left = 190.0
    let rowHeight = 86.0
    let width = left + cell * Double(frameCount) + 40
    let height = 40 + rowHeight * Double(rows.count) + 40
    var svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" \
      viewBox="0 0 \(Int(width)) \(Int(height))" font-family="Helvetica, Arial, sans-serif" font-size="12">
      <rect width="100%" height="100%" fill="white"/>

      """
    // Shade the frames where the rows disagree.
    if rows.count > 1 {
      for index in 0..<frameCount {
        // What happened in the frame, by value (the same letter may stand
        // for different values in different rows).
        let cells = rows.map { row in
          index < row.diagram.frames.count ? row.diagram.frames[index].map { row.diagram.values[$0] ?? $0 } : nil
        }
        guard Set(cells.map { $0.map { $0.joined(separator: "\u{1}") } ?? "\u{2}" }).count > 1 else { continue }
        svg += "<rect class=\"differs\" x=\(attribute(left + cell * Double(index))) y=\"24\" width=\(attribute(cell)) height=\(attribute(rowHeight * Double(rows.count))) fill=\"#fde2e2\"/>\n"
      }
    }
    for (number, row) in rows.enumerated() {
      let top = 30 + rowHeight * Double(number)
      let axis = top + 26
      svg += text(row.title, x: 10, y: axis - 4, extra: " font-weight=\"bold\"")
      svg += text(cut(row.diagram.label, 28), x: 10, y: axis + 12, extra: " fill=\"#555\"")
      let end = left + cell * Double(row.diagram.frames.count)
      svg += "<line x1=\(attribute(left)) y1=\(attribute(axis)) x2=\(attribute(end)) y2=\(attribute(axis)) stroke=\"#333\"/>\n"
      svg += "<line class=\"end\" x1=\(attribute(end)) y1=\(attribute(axis - 9)) x2=\(attribute(end)) y2=\(attribute(axis + 9)) stroke=\"#333\" stroke-width=\"2\"/>\n"
      for (index, letters) in row.diagram.frames.enumerated() {
        for (stack, letter) in letters.enumerated() {
          let x = left + cell * (Double(index) + 0.5)
          let y = axis - Double(stack) * min(cell, 16)
          let radius = min(cell / 2 - 1, 9)
          svg += "<circle class=\"marble\" cx=\(attribute(x)) cy=\(attribute(y)) r=\(attribute(radius)) fill=\"#cfe3fb\" stroke=\"#2f6db5\"/>\n"
          svg += text(letter, x: x, y: y + 4, extra: " text-anchor=\"middle\" font-size=\"10\"")
        }
      }
      let legend = row.diagram.valueLetters.map { "\($0) = \(cut(row.diagram.values[$0] ?? "", 40))" }.joined(separator: ",  ")
      svg += text(legend, x: left, y: axis + 28, extra: " fill=\"#333\"")
    }
    // The time axis.
    let axisY = 30 + rowHeight * Double(rows.count) + 4
    let step = max(1, Int((60 / cell).rounded(.up)))
    let (amount, unit) = frame.flatMap(parseDuration) ?? (1, "")
    svg += "<line x1=\(attribute(left)) y1=\(attribute(axisY)) x2=\(attribute(left + cell * Double(frameCount))) y2=\(attribute(axisY)) stroke=\"#999\"/>\n"
    for index in stride(from: 0, through: frameCount, by: step) {
      let x = left + cell * Double(index)
      svg += "<line x1=\(attribute(x)) y1=\(attribute(axisY)) x2=\(attribute(x)) y2=\(attribute(axisY + 5)) stroke=\"#999\"/>\n"
      let label = unit.isEmpty ? "\(index)" : format(amount * Double(index), unit)
      svg += text(label, x: x, y: axisY + 18, extra: " text-anchor=\"middle\" fill=\"#555\" font-size=\"10\"")
    }
    svg += text(unit.isEmpty ? "frames" : "time (1 frame = \(frame!))", x: 10, y: axisY + 18, extra: " fill=\"#555\" font-size=\"10\"")
    svg += "</svg>\n"
    return svg
  }

  /// The letters that stand for values, in the order they first appear.
  var valueLetters: [String] {
    var seen: [String] = []
    for letter in frames.joined() where values[letter] != nil && !seen.contains(letter) { seen.append(letter) }
    return seen
  }

  private static func text(_ content: String, x: Double, y: Double, extra: String = "") -> String {
    "<text x=\(attribute(x)) y=\(attribute(y))\(extra)>\(TextEscaping.xmlText.escape(content))</text>\n"
  }

  private static func attribute(_ number: Double) -> String {
    let rounded = (number * 10).rounded() / 10
    return rounded == rounded.rounded() ? "\"\(Int(rounded))\"" : "\"\(rounded)\""
  }

  private static func cut(_ text: String, _ limit: Int) -> String {
    text.count > limit ? text.prefix(limit - 1) + "…" : text
  }

  /// `250ms` as (250, "ms"), `1.5s` as (1.5, "s").
  private static func parseDuration(_ text: String) -> (Double, String)? {
    for unit in ["ms", "s"] where text.hasSuffix(unit) {
      if let amount = Double(text.dropLast(unit.count)) { return (amount, unit) }
    }
    return nil
  }

  private static func format(_ amount: Double, _ unit: String) -> String {
    var value = amount
    var unit = unit
    if unit == "ms", value >= 1000, value.truncatingRemainder(dividingBy: 100) == 0 {
      value /= 1000
      unit = "s"
    }
    return (value == value.rounded() ? "\(Int(value))" : "\(value)") + unit
  }
}
