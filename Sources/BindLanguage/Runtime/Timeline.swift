import BindSyntax

/// What a source did over a span of script time, drawn as a marble diagram
/// (RxJS's): one character per frame, `-` when nothing happened, a letter
/// for a value (the same value, the same letter), `(ab)` for several in one
/// frame, `|` at the end, then the letters' values.
///
/// ```
/// vm.query: ---a----b-|  a = "s", b = "swi"
/// ```
struct Timeline {
  /// When each change or event happened, and its value; `nil` for an event
  /// without a payload, drawn as `x`.
  private(set) var entries: [(time: Duration, value: Value?)] = []

  mutating func record(_ value: Value?, at time: Duration) {
    entries.append((time, value))
  }

  /// The diagram of the span that starts at `start` and lasts `length`, in
  /// frames of `frame`.
  func diagram(from start: Duration, length: Duration, frame: Duration) -> String {
    let frames = Timeline.frameCount(length: length, frame: frame)
    var cells = [[String]](repeating: [], count: frames)
    var letters: [(value: Value, letter: String)] = []
    for (time, value) in entries {
      let index = min(frames - 1, max(0, Int((time - start) / frame)))
      guard let value else {
        cells[index].append("x")
        continue
      }
      if let known = letters.first(where: { $0.value == value }) {
        cells[index].append(known.letter)
      } else {
        let letter = Timeline.letter(letters.count)
        letters.append((value, letter))
        cells[index].append(letter)
      }
    }
    let marbles = cells.map { cell in
      switch cell.count {
      case 0: "-"
      case 1: cell[0]
      default: "(" + cell.joined() + ")"
      }
    }.joined()
    let legend = letters.map { "\($0.letter) = \($0.value.literal)" }.joined(separator: ", ")
    return marbles + "|" + (legend.isEmpty ? "" : "  " + legend)
  }

  /// How many frames a span takes: its length in frames, rounded up.
  static func frameCount(length: Duration, frame: Duration) -> Int {
    let exact = length / frame
    return max(1, Int(exact.rounded(.up)))
  }

  /// `a`…`z`, then `A`…`Z`, then `a1`, `b1`…: a name for the n-th value.
  private static func letter(_ index: Int) -> String {
    let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
    let round = index / alphabet.count
    return String(alphabet[index % alphabet.count]) + (round == 0 ? "" : String(round))
  }
}
