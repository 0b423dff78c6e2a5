import Foundation
import XCTest
@testable import BindRuntime

/// Guarantees 4, 6 and 13 with threads: the owner of a binding's target
/// drops it on one thread while other threads' propagations write into it.
///
/// A binding holds its target unretained (``NodeRef``). Any retain the write
/// takes can turn out to be the last one, when the owner's release lands in
/// between: the target's deinit then ran on the writing thread, inside the
/// write (the lock is recursive), and freed the target under it (a
/// use-after-free in `Property.store`, 1 run in ~40 of
/// `ThreadSafetyTests.testCompletionsAndDisposalsRaceWithWrites`).
///
/// The `...DuringThe...Write` tests make the owner let go at one exact step
/// of the write (through the tracer), every time: without the fix the first
/// crashes the debug build in every run, the other two see `.completed`
/// delivered under the lock. The stress tests race real writers against
/// releases; without the fix the AddressSanitizer build
/// (`swift build --build-tests --sanitize=address`) reports the
/// use-after-free in some of their runs, and observers under the lock in most.
final class ConcurrentReleaseTests: RuntimeTestCase {
  /// Runs `write` on `writers` threads and `release` on `releasers` threads
  /// until `duration` has passed; fails (instead of hanging) if they do not
  /// all finish. Returns how many times `release` ran.
  private func race(
    writers: Int = 2, releasers: Int = 2, duration: TimeInterval = 0.75,
    write: @escaping @Sendable (_ iteration: Int) -> Void,
    release: @escaping @Sendable (_ thread: Int, _ iteration: Int) -> Void
  ) -> Int {
    let deadline = Date().addingTimeInterval(duration)
    let group = DispatchGroup()
    let releases = Counter()
    for thread in 0..<(writers + releasers) {
      group.enter()
      Thread.detachNewThread {
        var iteration = 0
        while Date() < deadline {
          if thread < writers {
            write(iteration * writers + thread + 1)
          } else {
            release(thread, iteration)
            releases.increment()
          }
          iteration += 1
        }
        group.leave()
      }
    }
    XCTAssertEqual(group.wait(timeout: .now() + duration + 30), .success, "deadlock")
    return releases.value
  }

  /// Observation tokens kept until the race is over, so that each observer
  /// certainly outlives its value: every one must then hear `.completed`.
  /// (A token disposed right after `person = nil` may rightly miss it: a
  /// propagation on another thread can still hold the value for a moment,
  /// and disposing stops delivery, guarantee 3.)
  private final class Keeper: @unchecked Sendable {
    private let lock = NSLock()
    private var tokens: [Disposable] = []
    func keep(_ token: Disposable) {
      lock.lock(); tokens.append(token); lock.unlock()
    }
  }

  /// An object with one observable property, so that dropping it releases
  /// that property and nothing else (no other node whose deinit would wait
  /// for the lock).
  private final class Owner {
    @Observed var text = "first"
  }

  /// Hands `owner` to another thread, which drops it when the tracer sees
  /// the write of `written` (a step inside a binding's write, with the lock
  /// held), while this thread waits: the last reference from outside the
  /// graph goes at that moment, every time. If the write holds its target,
  /// that release is not the last one and returns at once; if not, the
  /// target's deinit runs there and waits for this propagation's lock.
  private final class ReleaseOnWrite: @unchecked Sendable {
    private var owner: Owner?
    private let go = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)
    private(set) var releasedDuringWrite = false

    init(_ owner: Owner) { self.owner = owner }

    /// The owner's property, while the owner is still here.
    var text: Property<String> { owner!.$text }

    /// Installs the tracer and starts the releasing thread.
    func arm(on written: String) {
      Thread.detachNewThread {
        self.go.wait()
        self.owner = nil
        self.done.signal()
      }
      var armed = true
      ReactiveGraph.shared.tracer = { event in
        guard armed, case .write(let node, _, _) = event, node == written else { return }
        armed = false
        self.go.signal()
        // The release does not need the lock unless it is the last one, in
        // which case the deinit waits for this propagation to finish: only
        // then is the wait cut short.
        self.releasedDuringWrite = self.done.wait(timeout: .now() + 0.5) == .success
      }
    }

    /// Waits for the releasing thread (after the propagation has finished).
    func finish() {
      if !releasedDuringWrite { done.wait() }
    }
  }

  /// The target's last reference goes, on another thread, in the middle of
  /// the write the binding makes into it.
  func testTargetReleasedDuringTheBindingsWrite() {
    let source = Property("first", label: "source")
    let completions = Counter()
    // Only `release` holds the owner.
    let release = ReleaseOnWrite(Owner())
    let observer = release.text.observe {
      if case .completed = $0, !ReactiveGraph.shared.isLockedByCurrentThread { completions.increment() }
    }
    let binding = source.bind(to: release.text)
    release.arm(on: release.text.displayName)
    source.value = "second"
    release.finish()
    graph.tracer = nil
    // The change record kept for the observer holds the target to the end
    // of the propagation, where its deinit runs: `.completed` still waits
    // for the unlock.
    XCTAssertTrue(release.releasedDuringWrite)
    XCTAssertEqual(completions.value, 1, "one `.completed`, delivered without the lock")
    XCTAssertTrue(binding.isDisposed, "a binding ends with its target")
    withExtendedLifetime(observer) {}
  }

  /// As above, with only a completion watcher, which (unlike an observer)
  /// makes the write keep no change record: nothing but the write itself can
  /// hold the target. Unoptimized code retains around its calls on it, so
  /// there the write holds it throughout (`Property.write(_:fromBindingInto:)`)
  /// and the owner's release is not the last; optimized code takes no
  /// retain, so the owner's release is the last and the deinit waits for
  /// the lock. Either way the target completes once, after the write.
  func testTargetWithoutObserversReleasedDuringTheBindingsWrite() {
    let source = Property("first", label: "source")
    let completions = Counter()
    let release = ReleaseOnWrite(Owner())
    let watcher = release.text.observeCompletion(capturing: { _ in }) {
      if !ReactiveGraph.shared.isLockedByCurrentThread { completions.increment() }
    }
    let binding = source.bind(to: release.text)
    release.arm(on: release.text.displayName)
    source.value = "second"
    release.finish()
    graph.tracer = nil
    XCTAssertEqual(release.releasedDuringWrite, _isDebugAssertConfiguration(), "the write holds its target when unoptimized")
    XCTAssertEqual(completions.value, 1)
    XCTAssertTrue(binding.isDisposed, "a binding ends with its target")
    withExtendedLifetime(watcher) {}
  }

  /// The same through a two-way link: the half that writes the released end.
  func testTwoWayPartnerReleasedDuringTheLinksWrite() {
    let hub = Property("first", label: "hub")
    let completions = Counter()
    let release = ReleaseOnWrite(Owner())
    let observer = release.text.observe {
      if case .completed = $0, !ReactiveGraph.shared.isLockedByCurrentThread { completions.increment() }
    }
    let link = hub.bindTwoWay(with: release.text)
    release.arm(on: release.text.displayName)
    hub.value = "second"
    release.finish()
    graph.tracer = nil
    XCTAssertTrue(release.releasedDuringWrite, "the half holds its target until it is done")
    XCTAssertEqual(completions.value, 1, "one `.completed`, delivered without the lock")
    XCTAssertEqual(hub.value, "second")
    withExtendedLifetime((observer, link)) {}
  }

  /// What the observers of released values saw.
  private final class Sightings: @unchecked Sendable {
    let completions = Counter()
    /// Callbacks that ran with the graph lock held (guarantee 13: none may).
    let underLock = Counter()

    func observe<Value>(_ value: Property<Value>, keeper: Keeper) {
      keeper.keep(
        value.observe { change in
          if ReactiveGraph.shared.isLockedByCurrentThread { self.underLock.increment() }
          if case .completed = change { self.completions.increment() }
        })
    }
  }

  /// A one-way binding from a shared property into a property whose object
  /// goes while writers on other threads propagate into it.
  func testOneWayTargetReleasedWhileOtherThreadsWriteIntoIt() {
    let source = Property("", label: "source")
    let keeper = Keeper()
    let seen = Sightings()
    // Values long enough to live on the heap: the write takes longer.
    let releases = race(write: { source.value = "written by the propagation \($0)" }) { _, _ in
      var person: Person? = Person(name: "p")
      seen.observe(person!.$name, keeper: keeper)
      let binding = source.bind(to: person!.$name)
      person = nil
      withExtendedLifetime(binding) {}
    }
    XCTAssertGreaterThan(releases, 0)
    XCTAssertEqual(seen.completions.value, releases, "each released target completes once")
    XCTAssertTrue(takeErrors().isEmpty)
    withExtendedLifetime(keeper) {}
  }

  /// The same through a derived value (`map`), whose binding holds the
  /// derived source: the shape of `bind "\(vm.name)" -> label.text`.
  func testMappedTargetReleasedWhileOtherThreadsWriteIntoIt() {
    let source = Property(0, label: "source")
    let keeper = Keeper()
    let seen = Sightings()
    let releases = race(write: { source.value = $0 }) { _, _ in
      var person: Person? = Person(name: "p")
      seen.observe(person!.$name, keeper: keeper)
      let binding = source.map { "mapped by a derived value: \($0)" }.bind(to: person!.$name)
      person = nil
      withExtendedLifetime(binding) {}
    }
    XCTAssertGreaterThan(releases, 0)
    XCTAssertEqual(seen.completions.value, releases)
    XCTAssertTrue(takeErrors().isEmpty)
    withExtendedLifetime(keeper) {}
  }

  /// A two-way link between a shared property and one whose object goes:
  /// both halves hold their ends unretained, and each writes the other.
  func testTwoWayPartnerReleasedWhileOtherThreadsWriteThroughTheLink() {
    let hub = Property("", label: "hub")
    let keeper = Keeper()
    let seen = Sightings()
    let releases = race(write: { hub.value = "written into the hub: \($0)" }) { thread, iteration in
      var person: Person? = Person(name: "p")
      seen.observe(person!.$name, keeper: keeper)
      let link = hub.bindTwoWay(with: person!.$name)
      // Back through the link: the half whose source is about to go runs.
      person!.name = "written back through the link: \(iteration * 8 + thread)"
      person = nil
      withExtendedLifetime(link) {}
    }
    XCTAssertGreaterThan(releases, 0)
    XCTAssertEqual(seen.completions.value, releases)
    XCTAssertTrue(takeErrors().isEmpty)
    withExtendedLifetime(keeper) {}
  }

  /// When a propagation held the last reference to a value it wrote (the
  /// record of its old value, kept for the observers), the value's deinit
  /// runs at the propagation's end, on the writer's thread, with the lock
  /// held: its observers' `.completed` MUST still wait for the unlock.
  func testCompletionOfAValueReleasedInsideAPropagationRunsWithoutTheLock() {
    let source = Property(0, label: "source")
    let keeper = Keeper()
    let seen = Sightings()
    let releases = race(write: { source.value = $0 }) { _, _ in
      var person: Person? = Person(name: "p")
      seen.observe(person!.$age, keeper: keeper)
      let binding = source.bind(to: person!.$age)
      person = nil
      withExtendedLifetime(binding) {}
    }
    XCTAssertGreaterThan(releases, 0)
    XCTAssertEqual(seen.underLock.value, 0, "observers ran with the graph lock held")
    XCTAssertEqual(seen.completions.value, releases)
    withExtendedLifetime(keeper) {}
  }
}
