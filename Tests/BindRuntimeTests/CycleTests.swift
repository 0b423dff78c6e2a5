import XCTest
@testable import BindRuntime

/// Runtime guarantee 11: a binding graph that feeds a change back into itself forever is
/// stopped with an error naming the cycle; observer and event loops too.
final class CycleTests: RuntimeTestCase {
  func testACheckedBindingThatClosesACycleThrowsNamingIt() throws {
    let a = Property(0, label: "a.x"), b = Property(0, label: "b.x")
    let plusOne = Derived(label: "a.x + 1") { a.value + 1 }
    let forward = try plusOne.bindChecked(to: b)
    XCTAssertThrowsError(try b.bindChecked(to: a)) { error in
      XCTAssertEqual(error as? ReactiveError, .cycle(path: ["a.x", "a.x + 1", "b.x", "a.x"], limit: 10))
      XCTAssertEqual(
        "\(error)", "binding cycle: a.x -> a.x + 1 -> b.x -> a.x (the change fed back into itself 10 times)")
    }
    withExtendedLifetime(forward) {}
  }

  func testAFailedBindingIsNotMadeAndTheGraphStaysUsable() throws {
    let a = Property(0, label: "a"), b = Property(0, label: "b")
    let forward = try a.map { $0 + 1 }.bindChecked(to: b)
    let backward = b.bind(to: a)
    let errors = takeErrors().reactiveErrors
    XCTAssertEqual(errors.count, 1)
    guard case .cycle(let path, _)? = errors.first else { return XCTFail("\(errors)") }
    XCTAssertEqual(path.first, "a")
    XCTAssertEqual(path.last, "a")
    XCTAssertTrue(path.contains("b"))
    XCTAssertTrue(backward.isDisposed)
    a.value = 1000
    XCTAssertEqual(b.value, 1001)
    XCTAssertTrue(takeErrors().isEmpty)
    withExtendedLifetime(forward) {}
  }

  func testALoopOfThreeBindingsIsNamedInOrder() throws {
    let a = Property(0, label: "a"), b = Property(0, label: "b"), c = Property(0, label: "c")
    let links = [try a.bindChecked(to: b), try b.map { $0 + 1 }.bindChecked(to: c)]
    XCTAssertThrowsError(try c.bindChecked(to: a)) { error in
      guard case .cycle(let path, _)? = error as? ReactiveError else { return XCTFail("\(error)") }
      XCTAssertEqual(path.filter { ["a", "b", "c"].contains($0) }, ["a", "b", "c", "a"])
    }
    withExtendedLifetime(links) {}
  }

  func testTheFeedbackLimitIsConfigurable() throws {
    graph.feedbackLimit = 5
    let a = Property(0, label: "a"), b = Property(0, label: "b")
    let forward = try a.map { $0 + 1 }.bindChecked(to: b)
    XCTAssertThrowsError(try b.bindChecked(to: a)) { error in
      guard case .cycle(_, let limit)? = error as? ReactiveError else { return XCTFail("\(error)") }
      XCTAssertEqual(limit, 5)
    }
    withExtendedLifetime(forward) {}
  }

  func testAnEffectThatWritesWhatItReadsRunsOnceNotACycle() throws {
    // Issue 14: a run's own writes do not schedule it again.
    let n = Property(0, label: "n")
    let effect = try Effect { n.value = n.value + 1 }
    XCTAssertEqual(n.value, 1)
    withExtendedLifetime(effect) {}
  }

  func testTwoEffectsFeedingEachOtherAreACycle() throws {
    let a = Property(0, label: "a"), b = Property(0, label: "b")
    let forward = try Effect { b.value = a.value + 1 }
    XCTAssertThrowsError(try Effect { a.value = b.value + 1 }) { error in
      guard case .cycle? = error as? ReactiveError else { return XCTFail("\(error)") }
    }
    withExtendedLifetime(forward) {}
  }

  func testAnObserverThatWritesItsOwnPropertyForeverStops() {
    let n = Property(0)
    var calls = 0
    let token = n.observeChanges { _, new in
      calls += 1
      n.value = new + 1
    }
    n.value = 1
    XCTAssertEqual(takeErrors().reactiveErrors, [.observerFeedback(depth: graph.observerDepthLimit)])
    XCTAssertEqual(calls, graph.observerDepthLimit)
    XCTAssertEqual(n.value, graph.observerDepthLimit + 1)
    n.value = -1
    XCTAssertEqual(takeErrors().count, 1, "the loop stops again, the graph still works")
    withExtendedLifetime(token) {}
  }

  func testTheThrowingWriteSurfacesTheObserverFeedback() {
    graph.observerDepthLimit = 10
    let n = Property(0)
    let token = n.observeChanges { _, new in try? n.set(new + 1) }
    XCTAssertNoThrow(try n.set(1), "the innermost write throws; its observer swallowed it")
    XCTAssertEqual(n.value, 11)
    withExtendedLifetime(token) {}
  }

  func testAnEventHandlerReEmittingItsOwnEventStops() {
    let ping = EventStream<Int>()
    var calls = 0
    let token = ping.on { n in
      calls += 1
      ping.send(n + 1)
    }
    ping.send(0)
    XCTAssertEqual(takeErrors().reactiveErrors, [.observerFeedback(depth: graph.observerDepthLimit)])
    XCTAssertEqual(calls, graph.observerDepthLimit)
    withExtendedLifetime(token) {}
  }

  func testTwoEventsPingPongingStop() {
    let ping = EventStream<Void>(), pong = EventStream<Void>()
    let tokens = [ping.forward(to: pong), pong.forward(to: ping)]
    ping.send()
    XCTAssertEqual(takeErrors().count, 1)
    withExtendedLifetime(tokens) {}
  }

  func testAnObserverLoopOnADeepStackStillStops() {
    let done = expectation(description: "loop on a small-stack thread")
    let n = Property(0)
    let token = n.observeChanges { _, new in n.value = new + 1 }
    let thread = Thread {
      n.value = 1
      done.fulfill()
    }
    thread.stackSize = 1 << 20
    thread.start()
    wait(for: [done], timeout: 10)
    XCTAssertEqual(takeErrors().count, 1)
    withExtendedLifetime(token) {}
  }
}
