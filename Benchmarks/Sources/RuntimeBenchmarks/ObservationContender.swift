import BenchSupport
import Observation

/// An `@Observable` object with one property.
@Observable
final class ObservationCell {
  var x = 0
}

/// An observer in the only style the Observation framework offers outside
/// SwiftUI: `withObservationTracking`, whose `onChange` fires once, in the
/// property's `willSet`, without the value — so the observer re-arms itself.
final class ObservationObserver {
  let cell: ObservationCell
  let tally: Tally

  init(cell: ObservationCell, tally: Tally) {
    self.cell = cell
    self.tally = tally
    arm()
  }

  func arm() {
    withObservationTracking { _ = cell.x } onChange: { [unowned self] in
      tally.count += 1
      arm()
    }
  }
}

/// A chain of `@Observable` cells. `onChange` runs before the new value is
/// stored, so a hop cannot copy it there: it queues the hop, and the writer
/// drains the queue after its write (what SwiftUI's run loop does), each hop
/// re-arming by reading its source and writing the next cell.
final class ObservationChain {
  let cells: [ObservationCell]
  private var pending: [Int] = []

  init(hops: Int) {
    cells = (0...hops).map { _ in ObservationCell() }
    for hop in 0..<hops { arm(hop) }
  }

  func write(_ value: Int) {
    cells[0].x = value
    while let hop = pending.popLast() { arm(hop) }
  }

  private func arm(_ hop: Int) {
    withObservationTracking {
      cells[hop + 1].x = cells[hop].x
    } onChange: { [unowned self] in
      pending.append(hop)
    }
  }
}

/// Apple's Observation framework, as the peer uses it: `@Observable` and
/// `withObservationTracking`, re-registering in `onChange`.
struct ObservationContender: RuntimeContender {
  let name = "Observation"

  func setAndNotify() -> Measure {
    .time(unitsPerIteration: 1) {
      let cell = ObservationCell()
      let tally = Tally()
      let observer = ObservationObserver(cell: cell, tally: tally)
      let counter = Counter()
      return Workload(
        run: { n in for _ in 0..<n { cell.x = counter.next() } },
        check: {
          withExtendedLifetime(observer) {}
          return tally.count == counter.current ? nil : "\(tally.count) deliveries for \(counter.current) writes"
        })
    }
  }

  func chain(hops: Int) -> Measure {
    .time(unitsPerIteration: hops) {
      let chain = ObservationChain(hops: hops)
      let counter = Counter()
      return Workload(
        run: { n in for _ in 0..<n { chain.write(counter.next()) } },
        check: { chain.cells[hops].x == counter.current ? nil : "tail \(chain.cells[hops].x)" })
    }
  }

  func fanOut(observers: Int) -> Measure {
    .time(unitsPerIteration: observers) {
      let cell = ObservationCell()
      let tally = Tally()
      let all = (0..<observers).map { _ in ObservationObserver(cell: cell, tally: tally) }
      let counter = Counter()
      return Workload(
        run: { n in for _ in 0..<n { cell.x = counter.next() } },
        check: {
          withExtendedLifetime(all) {}
          return tally.count == counter.current * observers ? nil : "\(tally.count) deliveries"
        })
    }
  }

  func churn() -> Measure {
    .time(unitsPerIteration: 1) {
      let cell = ObservationCell()
      let tally = Tally()
      let counter = Counter()
      return Workload(
        run: { n in
          for _ in 0..<n {
            withObservationTracking { _ = cell.x } onChange: { tally.count += 1 }
            // There is no cancel: a registration ends only when it fires.
            cell.x = counter.next()
          }
        },
        check: { tally.count == counter.current ? nil : "\(tally.count) of \(counter.current) fired" })
    }
  }

  func bytesPerSubscription(count: Int) -> Measure {
    .reading {
      let cell = ObservationCell()
      let tally = Tally()
      let grown = heapGrowth {
        for _ in 0..<count { withObservationTracking { _ = cell.x } onChange: { tally.count += 1 } }
      }
      // Fires and so ends every registration before the next reading.
      cell.x += 1
      return grown.map { Double($0) / Double(count) }
    }
  }

  func cellx(layers: Int) -> Measure {
    .unavailable(
      "Observation has no transactions and notifies in willSet, before the value is stored; re-arming "
        + "trackers recompute once per path, as with Combine (≈10^209 paths at 1000 layers). "
        + "A topological scheduler on top would be a hand-written runtime, not the framework.")
  }
}
