extension LinePattern {
  /// The leftmost-longest match in `input` at or after `start`, or `nil`.
  ///
  /// One pass of the Pike VM with a start position per thread: a new
  /// thread is seeded at every position until a match is found, threads
  /// are kept in order of their start (so when two reach the same
  /// instruction, the earlier start wins), and once a match is known only
  /// threads that started no later than it run on, to find the longest.
  /// The time is the scanned length times the pattern's size; `budget`
  /// (thread steps) runs down with it, and the search gives up when it is
  /// spent.
  func firstMatch(in input: [Unicode.Scalar], from start: Int, budget: inout Int) -> Range<Int>? {
    var current = ThreadList(capacity: program.count)
    var next = ThreadList(capacity: program.count)
    var starts = [Int](repeating: 0, count: program.count)
    var nextStarts = starts
    var pending: [Int] = []
    var best: Range<Int>?
    var position = start
    while true {
      if best == nil {
        // Seeded last: later starts come after every thread already running.
        let before = current.members.count
        add(0, to: &current, at: position, in: input, pending: &pending)
        for pc in current.members[before...] { starts[pc] = position }
      }
      if current.contains(program.count - 1) {
        let candidate = starts[program.count - 1]..<position
        // Leftmost first; for the same start, the later end is longer.
        if best.map({ candidate.lowerBound <= $0.lowerBound }) ?? true { best = candidate }
      }
      budget -= current.members.count
      guard position < input.count, budget > 0 else { break }
      let scalar = input[position]
      for pc in current.members where consumes(program[pc], scalar) {
        let threadStart = starts[pc]
        if let best, threadStart > best.lowerBound { continue }
        let before = next.members.count
        add(pc + 1, to: &next, at: position + 1, in: input, pending: &pending)
        for added in next.members[before...] { nextStarts[added] = threadStart }
      }
      swap(&current, &next)
      swap(&starts, &nextStarts)
      next.removeAll()
      position += 1
      if current.isEmpty && best != nil { break }
    }
    return best
  }

  /// `line` with each leftmost-longest, non-overlapping match replaced by
  /// `replacement`; `nil` when nothing matched. A pattern that matches
  /// empty text is refused where it is declared, so every match here
  /// advances.
  /// The most thread steps replacing matches in one line may take.
  static let replacementBudget = 20_000_000

  package func replacingMatches(in line: String, with replacement: String, budget: Int = replacementBudget) -> String? {
    let input = Array(line.unicodeScalars)
    var result = String.UnicodeScalarView()
    var position = 0
    var replaced = false
    // Bounds the work on a pathological line (`a|a.*z` against a long run
    // of `a`s rescans to its end for every match): the rest is left as is.
    var budget = budget
    while position < input.count, let match = firstMatch(in: input, from: position, budget: &budget) {
      result.append(contentsOf: input[position..<match.lowerBound])
      result.append(contentsOf: replacement.unicodeScalars)
      replaced = true
      if match.isEmpty {
        if match.lowerBound < input.count { result.append(input[match.lowerBound]) }
        position = match.lowerBound + 1
      } else {
        position = match.upperBound
      }
    }
    guard replaced else { return nil }
    if position < input.count { result.append(contentsOf: input[position...]) }
    return String(result)
  }
}
