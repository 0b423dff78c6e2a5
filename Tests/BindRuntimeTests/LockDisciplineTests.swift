import Foundation
import XCTest
@testable import BindRuntime

/// The lock discipline written at `ReactiveGraph.lock`: transaction bodies,
/// derived computations, effect bodies, binding setters and the tracer run
/// under the graph lock; observers, event handlers and the error handler run
/// after it is released. Each test fails, rather than hangs, if that changes.
final class LockDisciplineTests: RuntimeTestCase {
  /// How long another thread may take to write while a callback runs
  /// without the lock; only a regression waits this long.
  private let timeout: DispatchTimeInterval = .seconds(5)

  /// Whether, right now, another thread can take the graph lock and write.
  /// Called from inside a callback: true if the callback runs without the lock.
  private func anotherThreadCanWrite() -> Bool {
    let scratch = Property(0, label: "scratch")
    let written = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      scratch.value = 1
      written.signal()
    }
    // Keeps `scratch` alive until the writer is done, even after a timeout.
    defer { DispatchQueue.global().async { written.wait(); _ = scratch } }
    return written.wait(timeout: .now() + timeout) == .success
  }

  /// What a callback saw: whether its thread held the lock, and whether
  /// another thread could write meanwhile.
  private struct Sighting: Equatable {
    var holdsLock: Bool
    var othersCanWrite: Bool
    static let unlocked = Sighting(holdsLock: false, othersCanWrite: true)
  }

  /// Records a sighting per call, for the callbacks that must run unlocked.
  private final class Sightings: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String: [Sighting]] = [:]

    func record(_ name: String, _ sighting: Sighting) {
      lock.lock(); storage[name, default: []].append(sighting); lock.unlock()
    }

    func of(_ name: String) -> [Sighting] {
      lock.lock(); defer { lock.unlock() }
      return storage[name] ?? []
    }
  }

  private func sight(_ name: String, into sightings: Sightings) {
    sightings.record(name, Sighting(holdsLock: graph.isLockedByCurrentThread, othersCanWrite: anotherThreadCanWrite()))
  }

  // MARK: Called after the lock is released

  func testObserversRunWithoutTheLock() throws {
    let seen = Sightings()
    let bag = DisposeBag()
    // A write with nothing downstream (the fast path).
    let alone = Property(0)
    alone.observeChanges { _, _ in self.sight("fast path", into: seen) }.disposed(by: bag)
    alone.value = 1
    // A write that propagates, to a derived value's observer.
    let source = Property(0)
    let doubled = Derived { source.value * 2 }
    doubled.observeChanges { _, _ in self.sight("propagated", into: seen) }.disposed(by: bag)
    source.value = 1
    // The end of a transaction.
    let first = Property(0), second = Property(0)
    first.observeChanges { _, _ in self.sight("transaction", into: seen) }.disposed(by: bag)
    second.observeChanges { _, _ in self.sight("transaction", into: seen) }.disposed(by: bag)
    try graph.transaction {
      first.value = 1
      second.value = 1
    }
    // `.initial`.
    alone.observe(options: .initial) { change in
      if case .initial = change { self.sight("initial", into: seen) }
    }.disposed(by: bag)

    XCTAssertEqual(seen.of("fast path"), [.unlocked])
    XCTAssertEqual(seen.of("propagated"), [.unlocked])
    XCTAssertEqual(seen.of("transaction"), [.unlocked, .unlocked])
    XCTAssertEqual(seen.of("initial"), [.unlocked])
  }

  func testObserversOfWhatANewConnectionWritesRunWithoutTheLock() throws {
    let seen = Sightings()
    let bag = DisposeBag()
    // A new binding writes its target at once.
    let source = Property(1), target = Property(0)
    target.observeChanges { _, _ in self.sight("binding", into: seen) }.disposed(by: bag)
    try source.bindChecked(to: target).disposed(by: bag)
    // So does a new two-way link.
    let left = Property(2), right = Property(0)
    right.observeChanges { _, _ in self.sight("two-way", into: seen) }.disposed(by: bag)
    try left.bindTwoWayChecked(with: right).disposed(by: bag)
    // And a new effect.
    let written = Property(0)
    written.observeChanges { _, _ in self.sight("effect", into: seen) }.disposed(by: bag)
    try Effect { written.value = source.value + 1 }.disposed(by: bag)

    XCTAssertEqual(seen.of("binding"), [.unlocked])
    XCTAssertEqual(seen.of("two-way"), [.unlocked])
    XCTAssertEqual(seen.of("effect"), [.unlocked])
  }

  func testCompletionRunsWithoutTheLock() {
    let seen = Sightings()
    var person: Person? = Person(name: "Ada")
    let observer = person!.$name.observe { change in
      if case .completed = change { self.sight("completed", into: seen) }
    }
    let watcher = person!.$age.observeCompletion(capturing: { _ in }) { self.sight("watcher", into: seen) }
    person = nil
    XCTAssertEqual(seen.of("completed"), [.unlocked])
    XCTAssertEqual(seen.of("watcher"), [.unlocked])
    withExtendedLifetime((observer, watcher)) {}
  }

  func testEventHandlersRunWithoutTheLock() {
    let seen = Sightings()
    let tap = EventStream<Int>()
    let token = tap.on { _ in self.sight("handler", into: seen) }
    tap.send(1)
    XCTAssertEqual(seen.of("handler"), [.unlocked])
    withExtendedLifetime(token) {}
  }

  func testTheErrorHandlerRunsWithoutTheLock() throws {
    let seen = Sightings()
    graph.errorHandler = { _ in self.sight("error handler", into: seen) }
    let a = Property(0, label: "a"), b = Property(0, label: "b")
    let forward = try a.map { $0 + 1 }.bindChecked(to: b)
    let backward = b.bind(to: a)  // closes a cycle: reported, not thrown
    XCTAssertEqual(seen.of("error handler"), [.unlocked])
    withExtendedLifetime((forward, backward)) {}
  }

  // MARK: Called under the lock

  func testComputationsBindingSettersAndTheTracerRunUnderTheLock() throws {
    let held = Log()
    func check(_ name: String) { held.append("\(name): \(graph.isLockedByCurrentThread)") }
    let bag = DisposeBag()
    let source = Property(0)
    let derived = Derived { () -> Int in
      check("derived")
      return source.value + 1
    }
    try Effect {
      check("effect")
      _ = source.value
    }.disposed(by: bag)
    source.bind(to: Sink { _ in check("sink") }).disposed(by: bag)
    let label = LockProbe { check("key path") }
    source.bind(to: label, at: \.value)
      .disposed(by: bag)
    let target = Property(0)
    try source.bindChecked(to: target) { value in
      check("transform")
      return value
    }.disposed(by: bag)
    let watcher = Person(name: "Ada")
    watcher.$name.observeCompletion(capturing: { _ in check("capture") }, completed: {}).disposed(by: bag)
    graph.tracer = { _ in check("tracer") }
    source.value = 1
    graph.tracer = nil
    try graph.transaction { check("transaction") }
    batch { check("batch") }
    withExtendedLifetime(watcher) {}

    let entries = held.entries
    for name in ["derived", "effect", "sink", "key path", "transform", "tracer", "transaction", "batch"] {
      XCTAssertTrue(entries.contains("\(name): true"), "\(name) never ran: \(entries)")
    }
    XCTAssertEqual(entries.filter { $0.hasSuffix("false") }, [], "ran without the lock")
    XCTAssertEqual(label.value, 1)
    withExtendedLifetime(derived) {}
  }

  func testACompletionWatchersCaptureRunsUnderTheLock() {
    var holdsLock: [Bool] = []
    var person: Person? = Person(name: "Ada")
    let token = person!.$name.observeCompletion(capturing: { _ in holdsLock.append(self.graph.isLockedByCurrentThread) }) {}
    person = nil
    XCTAssertEqual(holdsLock, [true])
    withExtendedLifetime(token) {}
  }

  /// The hook means what it says: while a transaction body runs, another
  /// thread's write waits for the body to end.
  func testAnotherThreadsWriteWaitsForATransactionBody() throws {
    let value = Property(0)
    let written = DispatchSemaphore(value: 0)
    try graph.transaction {
      Thread.detachNewThread {
        value.value = 1
        written.signal()
      }
      XCTAssertEqual(written.wait(timeout: .now() + .milliseconds(200)), .timedOut, "wrote during the body")
    }
    XCTAssertEqual(written.wait(timeout: .now() + timeout), .success, "never wrote after the body")
    XCTAssertEqual(value.value, 1)
  }

  // MARK: Settings

  /// `errorHandler` and `observerDepthLimit` change while other threads
  /// write, deliver and report errors (run under `make tsan`, which reports
  /// any access to them outside the lock).
  func testSettingsChangeSafelyWhileOtherThreadsWrite() {
    let reported = Counter()
    let handlers: [(Error) -> Void] = [{ _ in reported.increment() }, { _ in reported.increment() }]
    graph.errorHandler = handlers[0]
    let alone = Property(0)
    let source = Property(0)
    let derived = Derived { source.value + 1 }
    let tap = EventStream<Int>()
    let delivered = Counter()
    let bag = DisposeBag()
    alone.observeChanges { _, _ in delivered.increment() }.disposed(by: bag)
    derived.observeChanges { _, _ in delivered.increment() }.disposed(by: bag)
    tap.on { _ in delivered.increment() }.disposed(by: bag)

    let deadline = Date().addingTimeInterval(0.5)
    let group = DispatchGroup()
    for thread in 0..<2 {
      group.enter()
      Thread.detachNewThread {
        var iteration = 0
        while Date() < deadline {
          iteration += 1
          let value = iteration * 2 + thread
          alone.value = value  // the fast path reads the depth limit
          source.value = value  // a propagation's delivery reads it
          tap.send(value)  // and so does an event
        }
        group.leave()
      }
    }
    group.enter()
    Thread.detachNewThread { [graph] in
      var iteration = 0
      while Date() < deadline {
        iteration += 1
        // A limit of 0 turns every delivery into a reported error.
        graph.observerDepthLimit = iteration % 2 == 0 ? 0 : 200
        graph.errorHandler = handlers[iteration % 2]
        _ = (graph.observerDepthLimit, graph.errorHandler)
      }
      group.leave()
    }
    XCTAssertEqual(group.wait(timeout: .now() + 30), .success, "deadlock")
    graph.observerDepthLimit = 200
    XCTAssertGreaterThan(delivered.value + reported.value, 0)
  }
}

/// A binding target whose setter reports each call (a view's property).
private final class LockProbe {
  private let onSet: () -> Void
  var value = 0 { didSet { onSet() } }
  init(onSet: @escaping () -> Void) { self.onSet = onSet }
}
