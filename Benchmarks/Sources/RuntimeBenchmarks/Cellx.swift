/// The cellx benchmark's graph (after Ryan Carniato's js-reactivity-benchmark):
/// four start cells, then layers where
///   a' = b,  b' = a - c,  c' = b + d,  d' = c.
/// Every cell of a layer depends on the layer above, so a change at the top
/// must reach all `4 × layers` cells, and in a diamond-rich graph: a
/// propagation that is not glitch-free recomputes a cell once per path to it,
/// and the number of paths grows by the golden ratio per layer.
enum Cellx {
  /// The two sets of start values that iterations alternate between.
  static let startValues: [[Int]] = [[4, 3, 2, 1], [1, 2, 3, 4]]

  /// The end layer's values for `start`, computed directly.
  static func expectedEnd(start: [Int], layers: Int) -> [Int] {
    var (a, b, c, d) = (start[0], start[1], start[2], start[3])
    for _ in 0..<layers { (a, b, c, d) = (b, a - c, b + d, c) }
    return [a, b, c, d]
  }

  /// Checks the end values read after iteration `index` (counting from 1).
  static func check(end: [Int], afterIteration index: Int, layers: Int) -> String? {
    guard index > 0 else { return "never ran" }
    let start = startValues[(index - 1) % 2]
    let expected = expectedEnd(start: start, layers: layers)
    return end == expected ? nil : "end layer \(end), expected \(expected)"
  }
}
