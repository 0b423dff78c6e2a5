import BenchSupport

/// The baseline every ratio is taken against.
struct HandWrittenContender: RuntimeContender {
  let name = "hand-written"

  func setAndNotify() -> Measure {
    .time(unitsPerIteration: 1) {
      let cell = HandWrittenCell(0)
      let tally = Tally()
      cell.observe { _, new in tally.count += 1; tally.sum &+= new }
      let counter = Counter()
      return Workload(
        run: { n in for _ in 0..<n { cell.x = counter.next() } },
        check: { tally.count == counter.current ? nil : "\(tally.count) deliveries for \(counter.current) writes" })
    }
  }

  func chain(hops: Int) -> Measure {
    .time(unitsPerIteration: hops) {
      let cells = (0...hops).map { _ in HandWrittenCell(0) }
      for (cell, next) in zip(cells, cells.dropFirst()) {
        cell.observe { _, new in next.x = new }
      }
      let counter = Counter()
      return Workload(
        run: { n in for _ in 0..<n { cells[0].x = counter.next() } },
        check: { cells[hops].x == counter.current ? nil : "tail \(cells[hops].x), head \(counter.current)" })
    }
  }

  func fanOut(observers: Int) -> Measure {
    .time(unitsPerIteration: observers) {
      let cell = HandWrittenCell(0)
      let tally = Tally()
      for _ in 0..<observers { cell.observe { _, new in tally.count += 1; tally.sum &+= new } }
      let counter = Counter()
      return Workload(
        run: { n in for _ in 0..<n { cell.x = counter.next() } },
        check: { tally.count == counter.current * observers ? nil : "\(tally.count) deliveries" })
    }
  }

  func churn() -> Measure {
    .time(unitsPerIteration: 1) {
      let cell = HandWrittenCell(0)
      let tally = Tally()
      return Workload(
        run: { n in
          for _ in 0..<n {
            let id = cell.observe { _, new in tally.sum &+= new }
            cell.removeObserver(id)
          }
        },
        check: { cell.observers.isEmpty ? nil : "\(cell.observers.count) observers left" })
    }
  }

  func bytesPerSubscription(count: Int) -> Measure {
    .reading {
      let cell = HandWrittenCell(0)
      let tally = Tally()
      let grown = heapGrowth {
        for _ in 0..<count { cell.observe { _, new in tally.sum &+= new } }
      }
      withExtendedLifetime(cell) {}
      return grown.map { Double($0) / Double(count) }
    }
  }

  func effectRerun(values: Int) -> Measure {
    .time(unitsPerIteration: 1) {
      let cells = (0..<values).map { _ in HandWrittenCell(0) }
      let tally = Tally()
      let rerun = {
        var sum = 0
        for cell in cells { sum &+= cell.x }
        tally.count += 1
        tally.sum = sum
      }
      for cell in cells { cell.observe { _, _ in rerun() } }
      rerun()
      let counter = Counter()
      return Workload(
        run: { n in for index in 0..<n { cells[index % values].x = counter.next() } },
        check: { tally.count == counter.current + 1 ? nil : "\(tally.count) runs for \(counter.current) writes" })
    }
  }

  func cellx(layers: Int) -> Measure {
    .time(unitsPerIteration: 1) {
      let graph = HandWrittenCellx(layers: layers)
      var iterations = 0
      var end: [Int] = []
      return Workload(
        run: { n in
          for _ in 0..<n {
            graph.write(Cellx.startValues[iterations % 2])
            iterations += 1
            end = graph.end.map(\.value)
            IterationMark.pass()
          }
        },
        check: { Cellx.check(end: end, afterIteration: iterations, layers: layers) })
    }
  }
}
