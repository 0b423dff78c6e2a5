import BenchSupport
import BindRuntime

/// An object with one observable property, as BindScript programs declare them.
private final class BindModel {
  @Observed var x = 0
}

/// BindRuntime through its public API only.
struct BindRuntimeContender: RuntimeContender {
  let name = "BindRuntime"

  func setAndNotify() -> Measure {
    .time(unitsPerIteration: 1) {
      let model = BindModel()
      let tally = Tally()
      let token = model.$x.observeChanges { _, new in tally.count += 1; tally.sum &+= new }
      let counter = Counter()
      return Workload(
        run: { n in for _ in 0..<n { model.x = counter.next() } },
        check: {
          withExtendedLifetime(token) {}
          return tally.count == counter.current ? nil : "\(tally.count) deliveries for \(counter.current) writes"
        })
    }
  }

  func chain(hops: Int) -> Measure {
    .time(unitsPerIteration: hops) {
      let properties = (0...hops).map { _ in Property(0) }
      let tokens = zip(properties, properties.dropFirst()).map { $0.bind(to: $1) }
      let counter = Counter()
      return Workload(
        run: { n in for _ in 0..<n { properties[0].value = counter.next() } },
        check: {
          withExtendedLifetime(tokens) {}
          let tail = properties[hops].value
          return tail == counter.current ? nil : "tail \(tail), head \(counter.current)"
        })
    }
  }

  func fanOut(observers: Int) -> Measure {
    .time(unitsPerIteration: observers) {
      let model = BindModel()
      let tally = Tally()
      let tokens = (0..<observers).map { _ in
        model.$x.observeChanges { _, new in tally.count += 1; tally.sum &+= new }
      }
      let counter = Counter()
      return Workload(
        run: { n in for _ in 0..<n { model.x = counter.next() } },
        check: {
          withExtendedLifetime(tokens) {}
          return tally.count == counter.current * observers ? nil : "\(tally.count) deliveries"
        })
    }
  }

  func churn() -> Measure {
    .time(unitsPerIteration: 1) {
      let model = BindModel()
      let tally = Tally()
      return Workload(
        run: { n in
          for _ in 0..<n {
            let token = model.$x.observeChanges { _, new in tally.sum &+= new }
            token.dispose()
          }
        },
        check: {
          let live = ReactiveGraph.shared.snapshot().nodes.first { $0.id == model.$x.id }?.observerCount ?? -1
          return live == 0 ? nil : "\(live) observers left"
        })
    }
  }

  func bytesPerSubscription(count: Int) -> Measure {
    .reading {
      let model = BindModel()
      let tally = Tally()
      var tokens: [Disposable] = []
      tokens.reserveCapacity(count)
      // The first observation creates the property's weak-reference side
      // table once; take it out of the per-subscription figure.
      model.$x.observeChanges { _, _ in }.dispose()
      let grown = heapGrowth {
        for _ in 0..<count { tokens.append(model.$x.observeChanges { _, new in tally.sum &+= new }) }
      }
      withExtendedLifetime(tokens) {}
      return grown.map { Double($0) / Double(count) }
    }
  }

  func effectRerun(values: Int) -> Measure {
    .time(unitsPerIteration: 1) {
      let properties = (0..<values).map { _ in Property(0) }
      let tally = Tally()
      let effect = try! Effect {
        var sum = 0
        for property in properties { sum &+= property.value }
        tally.count += 1
        tally.sum = sum
      }
      let counter = Counter()
      return Workload(
        run: { n in for index in 0..<n { properties[index % values].value = counter.next() } },
        check: {
          withExtendedLifetime(effect) {}
          return tally.count == counter.current + 1 ? nil : "\(tally.count) runs for \(counter.current) writes"
        })
    }
  }

  func cellx(layers: Int) -> Measure {
    .time(unitsPerIteration: 1) {
      let start = (1...4).map { Property($0) }
      var nodes: [ObservableValue<Int>] = start
      var previous: [ObservableValue<Int>] = start
      for _ in 0..<layers {
        let (a, b, c, d) = (previous[0], previous[1], previous[2], previous[3])
        let layer: [ObservableValue<Int>] = [
          Derived { b.value },
          Derived { a.value - c.value },
          Derived { b.value + d.value },
          Derived { c.value },
        ]
        nodes += layer
        previous = layer
      }
      let endLayer = previous
      var iterations = 0
      var end: [Int] = []
      return Workload(
        run: { n in
          for _ in 0..<n {
            let values = Cellx.startValues[iterations % 2]
            try! ReactiveGraph.shared.transaction {
              for (property, value) in zip(start, values) { property.value = value }
            }
            iterations += 1
            end = endLayer.map(\.value)
            IterationMark.pass()
          }
        },
        check: {
          withExtendedLifetime(nodes) {}
          return Cellx.check(end: end, afterIteration: iterations, layers: layers)
        })
    }
  }
}
