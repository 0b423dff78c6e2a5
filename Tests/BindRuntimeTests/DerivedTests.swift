import XCTest
@testable import BindRuntime

/// Runtime guarantee 8: derived values with automatic, per-evaluation dependency tracking.
final class DerivedTests: RuntimeTestCase {
  func testADerivedValueFollowsWhatItReads() {
    let first = Property("Ada"), last = Property("Lovelace")
    let full = Derived { "\(first.value) \(last.value)" }
    let history = History<String>()
    let token = history.observe(full, options: .initial)
    first.value = "Augusta"
    last.value = "Byron"
    XCTAssertEqual(
      history.events,
      [
        .initial("Ada Lovelace"),
        .changed(old: "Ada Lovelace", new: "Augusta Lovelace"),
        .changed(old: "Augusta Lovelace", new: "Augusta Byron"),
      ])
    withExtendedLifetime(token) {}
  }

  func testDependenciesAreThoseReadOnTheLastEvaluation() {
    let useA = Property(true), a = Property(1), b = Property(100)
    let log = Log()
    let picked = Derived { () -> Int in
      let value = useA.value ? a.value : b.value
      log.append("eval \(value)")
      return value
    }
    let history = History<Int>()
    let token = history.observe(picked)
    b.value = 101  // not read on the last evaluation: MUST NOT trigger
    a.value = 2
    useA.value = false
    a.value = 3  // no longer read
    b.value = 102
    useA.value = true
    XCTAssertEqual(log.entries, ["eval 1", "eval 2", "eval 101", "eval 102", "eval 3"])
    XCTAssertEqual(
      history.events,
      [
        .changed(old: 1, new: 2), .changed(old: 2, new: 101), .changed(old: 101, new: 102),
        .changed(old: 102, new: 3),
      ])
    withExtendedLifetime(token) {}
  }

  func testADependencyDroppedByAnEvaluationLosesItsEdge() {
    let useA = Property(true), a = Property(1), b = Property(2)
    let picked = Derived { useA.value ? a.value : b.value }
    // Observed: an unobserved derived value holds no edges at all (lazy).
    let token = picked.observe { _ in }
    func feeds(_ node: GraphNode) -> Bool {
      graph.snapshot().edges.contains(.init(from: node.id, to: picked.id))
    }
    XCTAssertEqual([feeds(useA), feeds(a), feeds(b)], [true, true, false])
    useA.value = false
    XCTAssertEqual([feeds(useA), feeds(a), feeds(b)], [true, false, true])
    withExtendedLifetime(token) {}
  }

  func testAnEqualResultIsNotAChange() {
    let n = Property(2)
    var evaluations = 0
    let isEven = Derived { () -> Bool in
      evaluations += 1
      return n.value % 2 == 0
    }
    let history = History<Bool>()
    let token = history.observe(isEven)
    n.value = 4
    n.value = 6
    n.value = 7
    XCTAssertEqual(evaluations, 4)
    XCTAssertEqual(history.events, [.changed(old: true, new: false)])
    withExtendedLifetime(token) {}
  }

  func testDerivedValuesStack() {
    let price = Property(10), quantity = Property(2)
    let subtotal = Derived { price.value * quantity.value }
    let total = Derived { "total \(subtotal.value + 5)" }
    let history = History<String>()
    let token = history.observe(total, options: .initial)
    quantity.value = 3
    price.value = 15
    XCTAssertEqual(
      history.events,
      [.initial("total 25"), .changed(old: "total 25", new: "total 35"), .changed(old: "total 35", new: "total 50")])
    withExtendedLifetime(token) {}
  }

  func testMapIsADerivedValue() {
    let count = Property(1)
    let text = count.map { "\($0) items" }
    let history = History<String>()
    let token = history.observe(text)
    count.value = 2
    XCTAssertEqual(history.events, [.changed(old: "1 items", new: "2 items")])
    XCTAssertEqual(text.value, "2 items")
    withExtendedLifetime(token) {}
  }

  func testObservedPropertiesAreTrackedThroughTheirWrapper() {
    let person = Person(name: "Ada")
    let greeting = Derived { "Hello, \(person.name)" }
    let history = History<String>()
    let token = history.observe(greeting)
    person.name = "Grace"
    XCTAssertEqual(history.events, [.changed(old: "Hello, Ada", new: "Hello, Grace")])
    withExtendedLifetime(token) {}
  }

  func testADerivedValueIsUpToDateWithoutObservers() {
    let n = Property(1)
    let doubled = Derived { n.value * 2 }
    n.value = 21
    XCTAssertEqual(doubled.value, 42)
  }

  func testAnEffectRerunsWhenWhatItReadChanges() throws {
    let useA = Property(true), a = Property("a1"), b = Property("b1")
    let log = Log()
    let effect = try Effect { log.append(useA.value ? a.value : b.value) }
    b.value = "b2"
    a.value = "a2"
    useA.value = false
    a.value = "a3"
    b.value = "b3"
    effect.dispose()
    b.value = "b4"
    XCTAssertEqual(log.entries, ["a1", "a2", "b2", "b3"])
  }
}
