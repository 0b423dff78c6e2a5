import BenchSupport

/// One implementation of reactive values, as the runtime section measures it.
/// Each method builds its state when called (never timed) and returns how the
/// scenario is measured, or why it cannot be.
protocol RuntimeContender {
  var name: String { get }
  /// One observer; each iteration writes a new value.
  func setAndNotify() -> Measure
  /// `hops + 1` values, each passing its changes to the next; each iteration
  /// writes the head and the tail follows. A unit is one hop.
  func chain(hops: Int) -> Measure
  /// `observers` observers of one value; a unit is one delivery.
  func fanOut(observers: Int) -> Measure
  /// Each iteration subscribes an observer and ends the subscription.
  func churn() -> Measure
  /// Heap bytes per live subscription, over `count` subscriptions to one value.
  func bytesPerSubscription(count: Int) -> Measure
  /// The cellx graph `layers` deep: each iteration writes the four start values
  /// as one transaction and reads the four end values.
  func cellx(layers: Int) -> Measure
  /// An effect (a closure re-run whenever a value it reads changes) reading
  /// `values` values; each iteration writes one of them, in turn. A unit is
  /// one re-run.
  func effectRerun(values: Int) -> Measure
}

extension RuntimeContender {
  func effectRerun(values: Int) -> Measure {
    .unavailable("no effect that re-runs on what it read")
  }
}

/// Fresh values for writes, so every write is a real change. Behind a
/// pointer for the reason given on `Tally`.
final class Counter {
  private let storage = UnsafeMutablePointer<Int>.allocate(capacity: 1)

  init() { storage.initialize(to: 0) }
  deinit { storage.deallocate() }

  var current: Int { storage.pointee }

  @inline(__always) func next() -> Int {
    storage.pointee &+= 1
    return storage.pointee
  }
}
