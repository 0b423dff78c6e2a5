import Foundation
import XCTest
@testable import BindRuntime

/// Graph edges hold nodes `unowned(unsafe)`, and each node removes its edges
/// in its deinit. These cases free a node at every point where the graph
/// might still reach it; run them under `make tsan` or `make asan` (optimized:
/// debug code's extra retains can hide a node freed too early) to turn a
/// missed edge into a report instead of silent memory corruption.
final class EdgeLifetimeTests: RuntimeTestCase {
  /// An object whose `drop` write releases the derived value it holds.
  final class Holder {
    var derived: Derived<Int>?
    var drop = 0 { didSet { derived = nil } }
  }

  func testADerivedValueFreedWhileQueuedIsSkipped() {
    let source = Property(0)
    let holder = Holder()
    let seen = Log()
    // The dropper's edge comes first, so it runs first, while the derived
    // value (same rank, later edge) waits in the queue.
    let dropper = source.bind(to: holder, at: \.drop)
    holder.derived = Derived { seen.append("evaluated \(source.value)"); return source.value * 2 }
    weak let weakDerived = holder.derived
    XCTAssertEqual(seen.entries, ["evaluated 0"])
    source.value = 1
    XCTAssertNil(weakDerived)
    XCTAssertEqual(seen.entries, ["evaluated 0"], "a freed node is never evaluated")
    source.value = 2
    withExtendedLifetime(dropper) {}
  }

  func testTemporariesReadByAnEvaluationLeaveNoEdge() {
    let source = Property(1)
    let derived = Derived { Property(10).value + source.value }
    let history = History<Int>()
    let token = history.observe(derived)
    for value in 2...5 { source.value = value }
    XCTAssertEqual(history.events.compactMap(\.newValue), [12, 13, 14, 15])
    let edgesOfSource = graph.snapshot().edges.filter { $0.from == source.id }
    XCTAssertEqual(edgesOfSource.map(\.to), [derived.id])
    withExtendedLifetime(token) {}
  }

  func testABindingTargetFreedEndsTheBindingAndTheSourceForgetsIt() {
    let source = Property(0)
    var target: Property<Int>? = Property(-1)
    let token = source.bind(to: target!)
    source.value = 1
    XCTAssertEqual(target!.value, 1)
    target = nil
    XCTAssertTrue(token.isDisposed)
    source.value = 2  // walks the source's edges: none may lead to the freed target
    XCTAssertEqual(graph.snapshot().edges.filter { $0.from == source.id }.count, 0)
  }

  func testBothEndsOfATwoWayLinkMayGoInEitherOrder() {
    for order in 0..<2 {
      var left: Property<String>? = Property("a")
      var right: Property<String>? = Property("b")
      let token = try! left!.bindTwoWayChecked(with: right!)
      left!.value = "c"
      XCTAssertEqual(right!.value, "c")
      if order == 0 { left = nil } else { right = nil }
      XCTAssertTrue(token.isDisposed)
      (left ?? right)!.value = "d"
      left = nil
      right = nil
    }
  }

  func testASourceFreedInsideACompletionHandlerOfAnother() {
    var first: Property<Int>? = Property(1)
    var second: Property<Int>? = Property(2)
    let sum = Derived { [weak first, weak second] in (first?.value ?? 0) + (second?.value ?? 0) }
    let token = first!.observe { if case .completed = $0 { second = nil } }
    first = nil  // its completion frees `second`, another source of `sum`
    XCTAssertNil(second)
    XCTAssertEqual(sum.value, 3)
    withExtendedLifetime(token) {}
  }

  /// An object that drops a binding's token when a value reaches it.
  final class TokenHolder {
    var token: Disposable?
    var received: [Int] = []
    var value = 0 {
      didSet {
        received.append(value)
        if value == 1 { token = nil }
      }
    }
  }

  // A propagation updates binding nodes without retaining them; a token let
  // go of during one keeps its node until it ends. These free a binding's
  // token inside that binding's own update.

  func testABindingMayDropItsOwnTokenWhileItWrites() {
    let source = Property(0)
    let holder = TokenHolder()
    // A node leaves the snapshot in its deinit.
    func liveBindings() -> Int { graph.snapshot().nodes.filter { $0.kind == .binding }.count }
    let before = liveBindings()
    holder.token = source.bind(to: holder, at: \.value)
    XCTAssertEqual(liveBindings(), before + 1)
    source.value = 1  // the write drops the token, inside the binding's update
    XCTAssertEqual(liveBindings(), before, "the node goes when the propagation ends")
    source.value = 2
    XCTAssertEqual(holder.received, [0, 1], "the ended binding writes no more")
    XCTAssertTrue(graph.snapshot().edges.filter { $0.from == source.id }.isEmpty)
  }

  func testATracerMayDropTheTokenOfTheBindingItTraces() {
    let source = Property(0)
    let target = Property(-1)
    var token: Disposable? = source.bind(to: target)
    graph.tracer = { event in
      if case .bind = event { token = nil }
    }
    defer { graph.tracer = nil }
    source.value = 1
    XCTAssertNil(token)
    XCTAssertEqual(target.value, 1, "the binding's write under way completes")
    source.value = 2
    XCTAssertEqual(target.value, 1)
  }

  func testTargetsFreedOnOtherThreadsDuringPropagations() {
    let source = Property(0)
    let deadline = Date().addingTimeInterval(0.5)
    let group = DispatchGroup()
    for thread in 0..<4 {
      group.enter()
      Thread.detachNewThread {
        var iteration = 0
        while Date() < deadline {
          if thread == 0 {
            source.value = iteration
          } else {
            let target = Property(-1)
            let mapped = source.map { $0 + 1 }
            let tokens = [source.bind(to: target), mapped.bind(to: target)]
            if iteration % 3 == 0 { tokens[0].dispose() }
            withExtendedLifetime(tokens) {}
          }
          iteration += 1
        }
        group.leave()
      }
    }
    XCTAssertEqual(group.wait(timeout: .now() + 30), .success, "deadlock")
  }
}
