/// Picks the candidate most likely meant by a misspelled `name`, for
/// "did you mean 'title'?" messages.
///
/// Uses the optimal-string-alignment form of the Damerau–Levenshtein
/// distance (a swap of two neighbours costs one edit) and accepts at most
/// `max(1, name.count / 3)` edits. Ties go to the alphabetically first
/// candidate so the message does not depend on dictionary order. Returns
/// `nil` when nothing is close enough or `name` itself is a candidate.
public func suggestion(for name: String, among candidates: [String]) -> String? {
  if candidates.contains(name) { return nil }
  let length = name.count
  let threshold = max(1, length / 3)
  var best: (candidate: String, distance: Int)?
  // Names whose lengths differ by more than the threshold are further apart
  // than it: skipped before the sort and the distance, which an unknown name
  // on each of a million lines would otherwise pay for every name in scope.
  for candidate in candidates.filter({ abs($0.count - length) <= threshold }).sorted() {
    let distance = editDistance(name, candidate)
    guard distance <= threshold else { continue }
    if best == nil || distance < best!.distance {
      best = (candidate, distance)
    }
  }
  return best?.candidate
}

/// The Damerau–Levenshtein (optimal string alignment) distance between two
/// strings, counted in characters.
public func editDistance(_ lhs: String, _ rhs: String) -> Int {
  let a = Array(lhs)
  let b = Array(rhs)
  if a.isEmpty { return b.count }
  if b.isEmpty { return a.count }
  // Three rolling rows: two back (for transpositions), previous, current.
  var twoBack = [Int](repeating: 0, count: b.count + 1)
  var previous = Array(0...b.count)
  var current = [Int](repeating: 0, count: b.count + 1)
  for i in 1...a.count {
    current[0] = i
    for j in 1...b.count {
      let cost = a[i - 1] == b[j - 1] ? 0 : 1
      var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
        value = min(value, twoBack[j - 2] + 1)
      }
      current[j] = value
    }
    (twoBack, previous, current) = (previous, current, twoBack)
  }
  return previous[b.count]
}
