import XCTest
@testable import BindRuntime

/// Runtime guarantee 12: bindings and derived values first, in dependency order, each at
/// most once; then observers of every changed value, oldest registration
/// first; an observer's own write propagates before the next observer runs.
final class OrderingTests: RuntimeTestCase {
  func testBindingsAndDerivedValuesRunInDependencyOrderBeforeObservers() throws {
    let a = Property(1, label: "a")
    let target = Property(0, label: "t")
    let doubled = Derived(label: "d") { a.value * 2 }
    let binding = try a.bindChecked(to: target, label: "a -> t")
    let afterTarget = Derived(label: "t + d") { target.value + doubled.value }
    let observation = afterTarget.observe { _ in }
    let steps = trace { a.value = 2 }
    // `d` and the binding are independent, one rank above `a`: they run in
    // the order they subscribed to `a`, and `d` (lazy) did so when the
    // observation of `t + d` made it active, after the binding.
    XCTAssertEqual(
      steps,
      ["write a: 1 -> 2", "bind a -> t <- 2", "write t: 1 -> 2", "evaluate d = 4", "evaluate t + d = 6"])
    withExtendedLifetime((binding, observation)) {}
  }

  func testObserversRunOldestRegistrationFirstAcrossValues() throws {
    let a = Property(1)
    let target = Property(0)
    let doubled = Derived { a.value * 2 }
    let binding = a.bind(to: target)
    let log = Log()
    // Registered in this order: target, a, doubled.
    let tokens = [
      target.observeChanges { _, new in log.append("target \(new) (a=\(a.value) d=\(doubled.value))") },
      a.observeChanges { _, new in log.append("a \(new) (t=\(target.value) d=\(doubled.value))") },
      doubled.observeChanges { _, new in log.append("doubled \(new) (a=\(a.value) t=\(target.value))") },
    ]
    a.value = 2
    XCTAssertEqual(
      log.entries,
      ["target 2 (a=2 d=4)", "a 2 (t=2 d=4)", "doubled 4 (a=2 t=2)"])
    withExtendedLifetime((binding, tokens)) {}
  }

  func testAnObserversWriteRunsItsOwnPropagationBeforeTheNextObserver() {
    let a = Property(0), b = Property(0)
    let bDoubled = Derived { b.value * 2 }
    let log = Log()
    let tokens = [
      a.observeChanges { _, new in
        log.append("first a \(new)")
        b.value = new * 10
        log.append("first done")
      },
      bDoubled.observeChanges { _, new in log.append("bDoubled \(new)") },
      a.observeChanges { _, new in log.append("second a \(new) b=\(b.value)") },
      b.observeChanges { _, new in log.append("b \(new)") },
    ]
    a.value = 1
    XCTAssertEqual(
      log.entries, ["first a 1", "bDoubled 20", "b 10", "first done", "second a 1 b=10"])
    withExtendedLifetime(tokens) {}
  }

  func testEachDownstreamNodeRunsAtMostOncePerWrite() {
    let a = Property(1)
    let b = Derived { a.value + 1 }
    let c = Derived { a.value + b.value }
    let token = c.observe { _ in }  // active: unobserved ones evaluate only when read
    let steps = trace { a.value = 2 }
    XCTAssertEqual(steps.filter { $0.hasPrefix("evaluate") }.count, 2)
    XCTAssertEqual(c.value, 5)
    withExtendedLifetime((b, c, token)) {}
  }

  func testEventHandlersRunInRegistrationOrderAndTheirWritesPropagateFirst() {
    let tap = EventStream<Void>()
    let count = Property(0)
    let log = Log()
    let tokens = [
      tap.on { log.append("h1"); count.value += 1 },
      count.observeChanges { _, new in log.append("count \(new)") },
      tap.on { log.append("h2"); count.value += 10 },
      tap.on { log.append("h3 sees \(count.value)") },
    ]
    tap.send()
    XCTAssertEqual(log.entries, ["h1", "count 1", "h2", "count 11", "h3 sees 11"])
    withExtendedLifetime(tokens) {}
  }

  func testObserversOfATransactionRunInRegistrationOrderNotWriteOrder() throws {
    let a = Property(0), b = Property(0), c = Property(0)
    let log = Log()
    let tokens = [c, a, b].enumerated().map { index, property in
      property.observeChanges { _, new in log.append("observer \(index) sees \(new)") }
    }
    try graph.transaction {
      a.value = 1
      b.value = 2
      c.value = 3
    }
    XCTAssertEqual(log.entries, ["observer 0 sees 3", "observer 1 sees 1", "observer 2 sees 2"])
    withExtendedLifetime(tokens) {}
  }
}
