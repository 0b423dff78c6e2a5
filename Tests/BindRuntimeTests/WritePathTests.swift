import Foundation
import XCTest
@testable import BindRuntime

/// What the write and subscription fast paths (issue #14, branch perf-set)
/// must still do: `@Observed` reaches its property unretained, a stored
/// value's tokens end their entries without the lock, a derived value's
/// token removes its entry in its own deinit, and the delivery depth is kept
/// per thread.
final class WritePathTests: RuntimeTestCase {
  private final class Owner {
    @Observed var x = 0
  }

  func testAnObserverMayDropTheLastReferenceToTheObjectBeingWritten() {
    var owner: Owner? = Owner()
    weak var weakOwner = owner
    var seen: [Int] = []
    let token = owner!.$x.observeChanges { _, new in
      seen.append(new)
      owner = nil  // the write's caller still holds it until the setter returns
    }
    owner?.x = 1
    XCTAssertEqual(seen, [1])
    XCTAssertNil(weakOwner, "released once the write returned")
    XCTAssertTrue(token.isDisposed, "completed with its object")
  }

  func testDroppingADerivedValuesTokenWithoutDisposingRemovesTheObserverAndReleasesTheValue() {
    let value = Property(1)
    weak var weakDerived: Derived<Int>?
    var seen: [Int] = []
    var tokens: [Disposable] = []
    do {
      let doubled = Derived { value.value * 2 }
      weakDerived = doubled
      for _ in 0..<3 { tokens.append(doubled.observeChanges { _, new in seen.append(new) }) }
    }
    value.value = 2
    tokens.removeFirst()  // deinit only: the subclass token removes its entry itself
    value.value = 3
    XCTAssertEqual(seen, [4, 4, 4, 6, 6])
    tokens.removeAll()
    XCTAssertNil(weakDerived, "the last token released the derived value")
    value.value = 4
    XCTAssertEqual(seen.count, 5)
  }

  func testATokenEndsItsEntryFromAnyThreadWhileOthersWrite() {
    let value = Property(0)
    let delivered = Counter()
    let writers = DispatchGroup()
    for thread in 0..<4 {
      DispatchQueue.global().async(group: writers) {
        for index in 0..<500 {
          let token = value.observeChanges { _, _ in delivered.increment() }
          value.value = thread * 1_000 + index
          token.dispose()
        }
      }
    }
    writers.wait()
    value.value = -1
    XCTAssertEqual(ReactiveGraph.shared.withLock { value.observerCount }, 0)
    XCTAssertGreaterThanOrEqual(delivered.value, 1, "observers heard writes")
  }

  func testTheDeliveryDepthIsCountedPerThread() {
    let a = Property(0), b = Property(0)
    var depthsSeen: [Int] = []
    let lock = NSLock()
    let token = a.observeChanges { _, _ in
      lock.lock(); depthsSeen.append(ReactiveGraph.deliveryDepthCell.pointee); lock.unlock()
      // A write on another thread, from inside this delivery, starts at depth 0 there.
      let done = DispatchSemaphore(value: 0)
      Thread {
        b.value += 1
        done.signal()
      }.start()
      done.wait()
    }
    let other = b.observeChanges { _, _ in
      lock.lock(); depthsSeen.append(ReactiveGraph.deliveryDepthCell.pointee); lock.unlock()
    }
    a.value = 1
    XCTAssertEqual(depthsSeen, [1, 1], "each thread's delivery is its first level")
    XCTAssertEqual(ReactiveGraph.deliveryDepthCell.pointee, 0, "back to 0 after the write")
    withExtendedLifetime((token, other)) {}
  }

  func testReleasingDisposedObserversLetsGoOfWhatTheirHandlersCaptured() {
    final class Captured {}
    let value = Property(0)
    var seen: [Int] = []
    var captured: Captured? = Captured()
    weak var weakCaptured = captured
    let kept = value.observeChanges { _, new in seen.append(new) }
    var disposed: Disposable? = value.observeChanges { [captured] _, _ in _ = captured }
    let later = value.observeChanges { _, new in seen.append(new * 10) }
    captured = nil
    disposed?.dispose()
    disposed = nil
    value.value = 1
    XCTAssertNotNil(weakCaptured, "kept by the ended entry until the list sweeps")
    XCTAssertEqual(seen, [1, 10], "a disposed observer hears nothing")
    ReactiveGraph.shared.releaseDisposedObservers()
    XCTAssertNil(weakCaptured, "its handler, and what it captured, is gone")
    value.value = 2
    XCTAssertEqual(seen, [1, 10, 2, 20], "the others still hear, in order")
    XCTAssertEqual(ReactiveGraph.shared.withLock { value.observers.count }, 2)
    withExtendedLifetime((kept, later)) {}
  }

  // `modify` (issue 34): in place when nothing would see the old value, so
  // that growing an array property is not a copy per element; one copy
  // per write when an observer must get the old value.

  /// Where the array's elements are: the same while it is changed in place.
  private func storageAddress(_ array: [Int]) -> UnsafeRawPointer? {
    array.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
  }

  func testModifyChangesAnUnobservedValueWhereItIsStored() throws {
    var initial: [Int] = []
    initial.reserveCapacity(64)
    let items = Property(initial, label: "items")
    initial = []
    let address = storageAddress(items.value)
    for element in 1...50 { try items.modify { $0.append(element) } }
    XCTAssertEqual(items.value, Array(1...50))
    XCTAssertEqual(storageAddress(items.value), address, "never copied")
  }

  func testModifyGivesObserversTheOldValueAndTheNew() throws {
    let items = Property([1], label: "items")
    var changes: [([Int], [Int])] = []
    let token = items.observeChanges { changes.append(($0, $1)) }
    try items.modify { $0.append(2) }
    try items.modify { $0.append(3) }
    XCTAssertEqual(changes.map(\.0), [[1], [1, 2]])
    XCTAssertEqual(changes.map(\.1), [[1, 2], [1, 2, 3]])
    withExtendedLifetime(token) {}
  }

  func testModifyOfAValueSomethingDependsOnPropagates() throws {
    let items = Property([1], label: "items")
    let count = Derived { items.value.count }
    var counts: [Int] = []
    let token = count.observeChanges { counts.append($1) }
    try items.modify { $0.append(2) }
    XCTAssertEqual(counts, [2])
    withExtendedLifetime(token) {}
  }

  func testAModifyThatThrowsWritesNothing() {
    struct Refused: Error {}
    let items = Property([1], label: "items")
    let count = Derived { items.value.count }
    XCTAssertEqual(count.value, 1)
    XCTAssertThrowsError(try items.modify { _ in throw Refused() })
    XCTAssertEqual(items.value, [1])
    XCTAssertEqual(count.value, 1)
  }
}
