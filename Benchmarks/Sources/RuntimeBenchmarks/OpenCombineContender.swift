import BenchSupport
import OpenCombine

/// OpenCombine: a `CurrentValueSubject` per value, `sink` per observer.
struct OpenCombineContender: RuntimeContender {
  let name = "OpenCombine"

  func setAndNotify() -> Measure {
    .time(unitsPerIteration: 1) {
      let subject = CurrentValueSubject<Int, Never>(0)
      let tally = Tally()
      // A plain `sink`: it also receives the current value on subscription.
      let cancellable = subject.sink { new in tally.count += 1; tally.sum &+= new }
      let counter = Counter()
      return Workload(
        run: { n in for _ in 0..<n { subject.value = counter.next() } },
        check: {
          withExtendedLifetime(cancellable) {}
          return tally.count == counter.current + 1 ? nil : "\(tally.count) deliveries for \(counter.current) writes"
        })
    }
  }

  func chain(hops: Int) -> Measure {
    .time(unitsPerIteration: hops) {
      let subjects = (0...hops).map { _ in CurrentValueSubject<Int, Never>(0) }
      let cancellables = zip(subjects, subjects.dropFirst()).map { subject, next in
        subject.sink { new in next.value = new }
      }
      let counter = Counter()
      return Workload(
        run: { n in for _ in 0..<n { subjects[0].value = counter.next() } },
        check: {
          withExtendedLifetime(cancellables) {}
          return subjects[hops].value == counter.current ? nil : "tail \(subjects[hops].value)"
        })
    }
  }

  func fanOut(observers: Int) -> Measure {
    .time(unitsPerIteration: observers) {
      let subject = CurrentValueSubject<Int, Never>(0)
      let tally = Tally()
      let cancellables = (0..<observers).map { _ in
        subject.sink { new in tally.count += 1; tally.sum &+= new }
      }
      let counter = Counter()
      return Workload(
        run: { n in for _ in 0..<n { subject.value = counter.next() } },
        check: {
          withExtendedLifetime(cancellables) {}
          return tally.count == (counter.current + 1) * observers ? nil : "\(tally.count) deliveries"
        })
    }
  }

  func churn() -> Measure {
    .time(unitsPerIteration: 1) {
      let subject = CurrentValueSubject<Int, Never>(0)
      let tally = Tally()
      return Workload(
        run: { n in
          for _ in 0..<n {
            let cancellable = subject.sink { new in tally.sum &+= new }
            cancellable.cancel()
          }
        })
    }
  }

  func bytesPerSubscription(count: Int) -> Measure {
    .reading {
      let subject = CurrentValueSubject<Int, Never>(0)
      let tally = Tally()
      var cancellables: [AnyCancellable] = []
      cancellables.reserveCapacity(count)
      let grown = heapGrowth {
        for _ in 0..<count { cancellables.append(subject.sink { new in tally.sum &+= new }) }
      }
      withExtendedLifetime(cancellables) {}
      return grown.map { Double($0) / Double(count) }
    }
  }

  func cellx(layers: Int) -> Measure {
    .unavailable(
      "OpenCombine has no transactions and `combineLatest` is not glitch-free: each start value re-emits "
        + "once per path through the graph, and paths grow ~1.618× per layer (≈10^209 at 1000 layers).")
  }
}
