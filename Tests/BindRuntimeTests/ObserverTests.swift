import Foundation
import XCTest
@testable import BindRuntime

/// Runtime guarantees 1 (observable properties in classes and structs) and 2 (observers).
final class ObserverTests: RuntimeTestCase {
  func testObserverOfAClassPropertySeesOldAndNew() {
    let person = Person(name: "A")
    let history = History<String>()
    let token = history.observe(person.$name)
    person.name = "B"
    person.name = "C"
    XCTAssertEqual(history.events, [.changed(old: "A", new: "B"), .changed(old: "B", new: "C")])
    withExtendedLifetime(token) {}
  }

  func testStructPropertyIsObservableAndCopiesShareTheCell() {
    let car = Car(model: "Model T")
    let copy = car
    let history = History<String>()
    let token = history.observe(car.$model, options: .initial)
    copy.model = "Beetle"
    car.model = "Mini"
    XCTAssertEqual(
      history.events,
      [.initial("Model T"), .changed(old: "Model T", new: "Beetle"), .changed(old: "Beetle", new: "Mini")])
    XCTAssertEqual(copy.model, "Mini")
    XCTAssertTrue(copy.$model === car.$model)
    withExtendedLifetime(token) {}
  }

  func testInitialDeliversTheCurrentValueBeforeAnyChange() {
    let age = Property(41)
    let history = History<Int>()
    let token = history.observe(age, options: .initial)
    XCTAssertEqual(history.events, [.initial(41)])
    age.value = 42
    XCTAssertEqual(history.events, [.initial(41), .changed(old: 41, new: 42)])
    withExtendedLifetime(token) {}
  }

  func testWithoutInitialOnlyChangesArrive() {
    let age = Property(1)
    let history = History<Int>()
    let token = history.observe(age)
    XCTAssertEqual(history.events, [])
    age.value = 2
    XCTAssertEqual(history.events, [.changed(old: 1, new: 2)])
    withExtendedLifetime(token) {}
  }

  func testObserveChangesReceivesOldAndNewPairs() {
    let name = Property("x")
    var pairs: [String] = []
    let token = name.observeChanges { old, new in pairs.append("\(old)->\(new)") }
    name.value = "y"
    name.value = "z"
    XCTAssertEqual(pairs, ["x->y", "y->z"])
    withExtendedLifetime(token) {}
  }

  func testWritingAnEqualValueIsNotAChange() {
    let person = Person(name: "A")
    let history = History<String>()
    let token = history.observe(person.$name, options: .initial)
    person.name = "A"
    person.name = "B"
    person.name = "B"
    XCTAssertEqual(history.events, [.initial("A"), .changed(old: "A", new: "B")])
    withExtendedLifetime(token) {}
  }

  func testObjectsCompareByIdentity() {
    let first = Person(name: "same")
    let twin = Person(name: "same")
    let owner = ProfileViewModel()
    var changes = 0
    let token = owner.$user.observeChanges { _, _ in changes += 1 }
    owner.user = first
    owner.user = first
    owner.user = twin
    owner.user = nil
    owner.user = nil
    XCTAssertEqual(changes, 3)
    withExtendedLifetime(token) {}
  }

  func testValuesThatCannotBeComparedAlwaysChange() {
    struct Opaque { var n: Int }
    let value = Property(Opaque(n: 1))
    var seen: [Int] = []
    let token = value.observeChanges { old, new in seen.append(contentsOf: [old.n, new.n]) }
    value.value = Opaque(n: 1)
    value.value = Opaque(n: 2)
    XCTAssertEqual(seen, [1, 1, 1, 2])
    withExtendedLifetime(token) {}
  }

  func testObserversRunInSubscriptionOrder() {
    let value = Property(0)
    let log = Log()
    var tokens: [Disposable] = []
    for name in ["first", "second", "third"] {
      tokens.append(value.observeChanges { _, new in log.append("\(name) \(new)") })
    }
    value.value = 1
    value.value = 2
    XCTAssertEqual(log.entries, ["first 1", "second 1", "third 1", "first 2", "second 2", "third 2"])
    withExtendedLifetime(tokens) {}
  }

  func testObserversRunSynchronouslyOnTheWritersThread() {
    let value = Property(0)
    let log = Log()
    let token = value.observeChanges { _, new in
      log.append("\(new) on \(Thread.isMainThread ? "main" : "background")")
    }
    value.value = 1
    XCTAssertEqual(log.entries, ["1 on main"], "delivered before the write returned")
    let done = expectation(description: "background write")
    Thread.detachNewThread {
      value.value = 2
      log.append("write returned")
      done.fulfill()
    }
    wait(for: [done], timeout: 5)
    XCTAssertEqual(log.entries, ["1 on main", "2 on background", "write returned"])
    withExtendedLifetime(token) {}
  }

  func testThrowingSetAndModifyAreWritesToo() throws {
    let count = Property(1)
    let history = History<Int>()
    let token = history.observe(count)
    try count.set(5)
    try count.modify { $0 *= 3 }
    try count.set(15)
    XCTAssertEqual(history.events, [.changed(old: 1, new: 5), .changed(old: 5, new: 15)])
    withExtendedLifetime(token) {}
  }

  func testEachObserverOfAWriteSeesTheSameChange() {
    let person = Person(name: "A")
    let first = History<String>(), second = History<String>()
    let tokens = [first.observe(person.$name), second.observe(person.$name, options: .initial)]
    person.name = "B"
    XCTAssertEqual(first.events, [.changed(old: "A", new: "B")])
    XCTAssertEqual(second.events, [.initial("A"), .changed(old: "A", new: "B")])
    withExtendedLifetime(tokens) {}
  }

  func testAnObserverAddedDuringDeliveryHearsOnlyLaterChanges() {
    let value = Property(0)
    let late = History<Int>()
    var lateToken: Disposable?
    let token = value.observeChanges { _, _ in
      if lateToken == nil { lateToken = late.observe(value) }
    }
    value.value = 1
    value.value = 2
    XCTAssertEqual(late.events, [.changed(old: 1, new: 2)])
    withExtendedLifetime((token, lateToken)) {}
  }
}
