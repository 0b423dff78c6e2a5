import Foundation
import XCTest
@testable import BindRuntime

/// Runtime guarantee 13: writes from several threads are safe: no torn state, no lost
/// notification or observer, no deadlock when observers write back.
final class ThreadSafetyTests: RuntimeTestCase {
  private let threadCount = 4
  private let duration: TimeInterval = 1.5

  /// Runs `body(thread, iteration)` on `threadCount` threads until `duration`
  /// has passed; fails (instead of hanging) if they do not all finish.
  private func hammer(
    duration: TimeInterval? = nil, _ body: @escaping @Sendable (_ thread: Int, _ iteration: Int) -> Void
  ) -> Int {
    let deadline = Date().addingTimeInterval(duration ?? self.duration)
    let group = DispatchGroup()
    let iterations = Counter()
    for thread in 0..<threadCount {
      group.enter()
      Thread.detachNewThread {
        var iteration = 0
        while Date() < deadline {
          body(thread, iteration)
          iteration += 1
        }
        iterations.increment(by: iteration)
        group.leave()
      }
    }
    XCTAssertEqual(group.wait(timeout: .now() + (duration ?? self.duration) + 30), .success, "deadlock")
    return iterations.value
  }

  func testNoNotificationIsLostAndObserversThatWriteBackDoNotDeadlock() {
    let shared = Property(0, label: "shared")
    let echo = Property(0, label: "echo")
    let perThread = (0..<threadCount).map { Property(0, label: "thread \($0)") }
    let total = Derived(label: "total") { perThread.reduce(0) { $0 + $1.value } }
    let sharedChanges = Counter(), echoChanges = Counter(), totalChanges = Counter()
    let perThreadChanges = Counter()
    let bag = DisposeBag()
    shared.observeChanges { _, new in
      sharedChanges.increment()
      echo.value = -new  // an observer writing back into the graph
    }.disposed(by: bag)
    echo.observeChanges { _, _ in echoChanges.increment() }.disposed(by: bag)
    total.observeChanges { _, _ in totalChanges.increment() }.disposed(by: bag)
    for property in perThread {
      property.observeChanges { _, _ in perThreadChanges.increment() }.disposed(by: bag)
    }
    let writes = hammer { thread, iteration in
      // Unique values: every write is a real change.
      shared.value = (iteration + 1) * 16 + thread
      perThread[thread].value = iteration + 1
    }
    XCTAssertGreaterThan(writes, 0)
    XCTAssertEqual(sharedChanges.value, writes)
    XCTAssertEqual(echoChanges.value, writes)
    XCTAssertEqual(perThreadChanges.value, writes)
    XCTAssertEqual(totalChanges.value, writes)
    XCTAssertEqual(total.value, perThread.reduce(0) { $0 + $1.value })
  }

  func testNoTornState() {
    struct Pair: Equatable { var left, right: Int }
    let pair = Property(Pair(left: 0, right: 0))
    let sum = Derived { pair.value.left + pair.value.right }
    let torn = Counter()
    let token = sum.observeChanges { _, new in if new != 0 { torn.increment() } }
    _ = hammer(duration: 0.5) { thread, iteration in
      let n = iteration * 8 + thread + 1
      pair.value = Pair(left: n, right: -n)
      let read = pair.value
      if read.left != -read.right { torn.increment() }
      if sum.value != 0 { torn.increment() }
    }
    XCTAssertEqual(torn.value, 0)
    withExtendedLifetime(token) {}
  }

  func testObserversAddedAndRemovedConcurrentlyAreNeverLost() {
    let value = Property(0)
    let baseline = graph.withLock { value.observerCount }
    let kept = Log()
    let keptTokens = NSLock()
    nonisolated(unsafe) var tokens: [Disposable] = []
    _ = hammer(duration: 0.5) { thread, iteration in
      value.value = iteration * 8 + thread + 1
      let transient = value.observe { _ in }
      if iteration % 10 == 0 {
        let token = value.observe { _ in }
        keptTokens.lock(); tokens.append(token); keptTokens.unlock()
        kept.append("\(thread)")
      }
      transient.dispose()
    }
    XCTAssertEqual(graph.withLock { value.observerCount }, baseline + kept.entries.count)
    keptTokens.lock(); tokens.removeAll(); keptTokens.unlock()
    XCTAssertEqual(graph.withLock { value.observerCount }, baseline)
  }

  func testTwoWayLinksWrittenFromBothEndsAgree() {
    let left = Property(0), right = Property(0)
    let link = left.bindTwoWay(with: right)
    _ = hammer(duration: 0.5) { thread, iteration in
      let n = iteration * 8 + thread + 1
      if thread % 2 == 0 { left.value = n } else { right.value = -n }
    }
    XCTAssertEqual(left.value, right.value)
    XCTAssertTrue(takeErrors().isEmpty)
    withExtendedLifetime(link) {}
  }

  func testTransactionsAndBindingsFromSeveralThreads() {
    let a = Property(0), b = Property(0)
    let difference = Derived { a.value - b.value }
    let nonZero = Counter()
    let token = difference.observeChanges { _, _ in nonZero.increment() }
    let label = RecordingLabel()
    let binding = difference.map { "\($0)" }.bind(to: label, at: \.text)
    _ = hammer(duration: 0.5) { thread, iteration in
      batch {
        let n = iteration * 8 + thread + 1
        a.value = n
        b.value = n
      }
    }
    XCTAssertEqual(nonZero.value, 0, "no observer saw a half-applied transaction")
    XCTAssertEqual(label.history, ["0"])
    withExtendedLifetime((token, binding)) {}
  }

  func testCompletionsAndDisposalsRaceWithWrites() {
    let source = Property(0)
    let completions = Counter(), expected = Counter()
    // The observers that must hear `.completed` are kept until the end: a
    // propagation on another thread may hold `person.$name` for a moment
    // after `person = nil` (it is writing into it), so the value may only
    // complete, and deliver, a little later, and a token disposed before
    // that rightly hears nothing (guarantee 3).
    let keptLock = NSLock()
    nonisolated(unsafe) var kept: [Disposable] = []
    _ = hammer(duration: 0.5) { thread, iteration in
      var person: Person? = Person(name: "p")
      let token = person!.$name.observe { if case .completed = $0 { completions.increment() } }
      let binding = source.map { "\($0)" }.bind(to: person!.$name)
      source.value = iteration * 8 + thread + 1
      if iteration % 2 == 0 {
        token.dispose()
      } else {
        expected.increment()
        keptLock.lock(); kept.append(token); keptLock.unlock()
      }
      person = nil
      withExtendedLifetime(binding) {}
    }
    XCTAssertGreaterThan(expected.value, 0)
    XCTAssertEqual(completions.value, expected.value)
    keptLock.lock(); kept.removeAll(); keptLock.unlock()
  }
}
