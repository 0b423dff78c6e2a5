/// The baseline: what a programmer writes by hand with no library, a stored
/// value whose `didSet` calls an array of closures.
final class HandWrittenCell {
  private(set) var observers: [(Int, Int) -> Void] = []
  /// Parallel to `observers`, so a subscription can be removed again.
  private var ids: [Int] = []
  private var nextID = 0

  var x: Int {
    didSet { for observer in observers { observer(oldValue, x) } }
  }

  init(_ x: Int) { self.x = x }

  /// Adds an observer; returns the id that removes it.
  @discardableResult
  func observe(_ observer: @escaping (Int, Int) -> Void) -> Int {
    nextID += 1
    ids.append(nextID)
    observers.append(observer)
    return nextID
  }

  func removeObserver(_ id: Int) {
    guard let index = ids.lastIndex(of: id) else { return }
    ids.remove(at: index)
    observers.remove(at: index)
  }

  func reserveObservers(_ count: Int) {
    ids.reserveCapacity(count)
    observers.reserveCapacity(count)
  }
}

/// The hand-written cellx: cells with compute closures, recomputed in
/// creation order (which is topological) when the start values change —
/// the least work any update strategy can do.
final class HandWrittenCellx {
  final class Cell {
    var value: Int
    let compute: (() -> Int)?
    init(value: Int, compute: (() -> Int)?) {
      self.value = value
      self.compute = compute
    }
  }

  let start: [Cell]
  private var computed: [Cell] = []
  private(set) var end: [Cell]

  init(layers: Int) {
    start = (1...4).map { Cell(value: $0, compute: nil) }
    var previous = start
    for _ in 0..<layers {
      let (a, b, c, d) = (previous[0], previous[1], previous[2], previous[3])
      let layer = [
        Cell(value: 0) { b.value },
        Cell(value: 0) { a.value - c.value },
        Cell(value: 0) { b.value + d.value },
        Cell(value: 0) { c.value },
      ]
      computed += layer
      previous = layer
    }
    end = previous
    recompute()
  }

  /// Writes the start values and brings every cell up to date, as one transaction.
  func write(_ values: [Int]) {
    for (cell, value) in zip(start, values) { cell.value = value }
    recompute()
  }

  private func recompute() {
    for cell in computed { cell.value = cell.compute!() }
  }
}

private extension HandWrittenCellx.Cell {
  convenience init(value: Int, _ compute: @escaping () -> Int) {
    self.init(value: value, compute: compute)
  }
}
