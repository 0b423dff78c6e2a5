import XCTest
@testable import BindRuntime

/// The compact subscription layout (issue #14, bytes per subscription): the
/// entry holds the observed node, change-only entries carry no event
/// closure, and the token is one field (plus the retained source for a
/// derived value). These pin down what that layout must still do.
final class SubscriptionLayoutTests: RuntimeTestCase {
  func testAChangesOnlyObserverCompletesWithoutAnEventCallback() {
    var person: Person? = Person(name: "A")
    var changes: [String] = []
    let token = person!.$name.observeChanges { _, new in changes.append(new) }
    person!.name = "B"
    person = nil
    XCTAssertTrue(token.isDisposed, "completed with its source")
    token.dispose()  // the node is gone: disposal MUST NOT reach for it
    XCTAssertEqual(changes, ["B"])
  }

  func testAnEventObserverHearsInitialChangesAndCompletionInOrder() {
    var person: Person? = Person(name: "A")
    var events: [String] = []
    let token = person!.$name.observe(options: .initial) { change in
      switch change {
      case .initial(let value): events.append("initial \(value)")
      case .changed(let old, let new): events.append("\(old)->\(new)")
      case .completed: events.append("completed")
      }
    }
    person!.name = "B"
    person = nil
    token.dispose()
    XCTAssertEqual(events, ["initial A", "A->B", "completed"])
  }

  func testAChangesOnlyObserverOfADerivedValueKeepsItAliveUntilDisposed() {
    let value = Property(1)
    weak var weakDerived: Derived<Int>?
    var seen: [Int] = []
    var token: Disposable?
    do {
      let tripled = Derived { value.value * 3 }
      weakDerived = tripled
      token = tripled.observeChanges { _, new in seen.append(new) }
    }
    value.value = 2
    XCTAssertNotNil(weakDerived)
    token = nil  // deinit disposes and releases the derived value
    XCTAssertNil(weakDerived)
    value.value = 3
    XCTAssertEqual(seen, [6])
  }

  func testSubscribingToACompletedValueDeliversInitialThenCompletion() {
    var events: [String] = []
    let constant = Derived { 7 }  // reads nothing: complete from the start
    let token = constant.observe(options: .initial) { change in
      switch change {
      case .initial(let value): events.append("initial \(value)")
      case .changed: events.append("changed")
      case .completed: events.append("completed")
      }
    }
    XCTAssertEqual(events, ["initial 7", "completed"])
    XCTAssertTrue(token.isDisposed)
    token.dispose()
  }
}
