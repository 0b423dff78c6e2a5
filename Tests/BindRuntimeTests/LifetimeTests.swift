import XCTest
@testable import BindRuntime

/// Runtime guarantee 6: when a source object deallocates, its observers hear `.completed`.
final class LifetimeTests: RuntimeTestCase {
  func testObserversHearCompletedOnceWhenTheSourceObjectGoes() {
    var person: Person? = Person(name: "A")
    weak let weakPerson = person
    let history = History<String>()
    let token = history.observe(person!.$name, options: .initial)
    person!.name = "B"
    person = nil
    XCTAssertNil(weakPerson)
    XCTAssertEqual(history.events, [.initial("A"), .changed(old: "A", new: "B"), .completed])
    XCTAssertTrue(token.isDisposed)
    token.dispose()
    XCTAssertEqual(history.events.count, 3, "disposing after completion is harmless")
  }

  func testEveryObserverOfEveryPropertyCompletes() {
    var person: Person? = Person(name: "A")
    let log = Log()
    let tokens = [
      person!.$name.observe { if case .completed = $0 { log.append("name") } },
      person!.$age.observe { if case .completed = $0 { log.append("age") } },
      person!.$name.observe { if case .completed = $0 { log.append("name again") } },
    ]
    person = nil
    XCTAssertEqual(Set(log.entries), ["name", "age", "name again"])
    XCTAssertEqual(log.entries.count, 3)
    withExtendedLifetime(tokens) {}
  }

  func testABindingFromADeallocatedSourceEndsAndTheTargetKeepsItsValue() {
    var person: Person? = Person(name: "A")
    let label = RecordingLabel()
    let token = person!.$name.bind(to: label, at: \.text)
    person!.name = "B"
    person = nil
    XCTAssertTrue(token.isDisposed)
    XCTAssertEqual(label.history, ["A", "B"])
    token.dispose()
  }

  func testObservingAfterTheSourceCompletedDeliversCompletedAtOnce() {
    let constant = Derived { 42 }
    let history = History<Int>()
    let token = history.observe(constant, options: .initial)
    XCTAssertEqual(history.events, [.initial(42), .completed])
    withExtendedLifetime(token) {}
  }

  func testADerivedValueCompletesWhenAllItsSourcesAreGone() {
    var first: Person? = Person(name: "A")
    var second: Person? = Person(name: "B")
    let both = Derived { "\(first?.name ?? "-") \(second?.name ?? "-")" }
    let history = History<String>()
    let token = history.observe(both)
    first = nil
    XCTAssertEqual(history.events, [], "one source is left")
    second!.name = "C"
    second = nil
    XCTAssertEqual(history.events, [.changed(old: "A B", new: "- C"), .completed])
    withExtendedLifetime(token) {}
  }

  func testAMappedValueCompletesWithItsSource() {
    var person: Person? = Person(name: "ada")
    let upper = person!.$name.map { $0.uppercased() }
    let history = History<String>()
    let token = history.observe(upper, options: .initial)
    person!.name = "grace"
    person = nil
    XCTAssertEqual(history.events, [.initial("ADA"), .changed(old: "ADA", new: "GRACE"), .completed])
    withExtendedLifetime(token) {}
  }

  func testTheSourceMayGoInsideItsOwnObserver() {
    var person: Person? = Person(name: "A")
    let history = History<String>()
    let token = person!.$name.observe { change in
      history.record(change)
      if case .changed = change { person = nil }
    }
    person!.name = "B"
    XCTAssertNil(person)
    XCTAssertEqual(history.events, [.changed(old: "A", new: "B"), .completed])
    withExtendedLifetime(token) {}
  }

  func testASourceThatGoesInsideATransactionCompletesAfterIt() throws {
    var person: Person? = Person(name: "A")
    let other = Property(0)
    let log = Log()
    let tokens = [
      person!.$name.observe { log.append("name \($0)") },
      other.observe { log.append("other \($0)") },
    ]
    try graph.transaction {
      other.value = 1
      person = nil
      log.append("body done")
    }
    XCTAssertEqual(log.entries, ["body done", "other changed(old: 0, new: 1)", "name completed"])
    withExtendedLifetime(tokens) {}
  }

  func testNothingDanglesWhenTheTokenOutlivesEverything() {
    var token: Disposable?
    do {
      let person = Person(name: "A")
      token = person.$name.observe { _ in }
      _ = person.$name.bind(to: ViewController(), at: \.title)
    }
    XCTAssertTrue(token!.isDisposed)
    token!.dispose()
    token = nil
    XCTAssertTrue(graph.snapshot().nodes.allSatisfy { $0.kind != .binding || $0.observerCount == 0 })
  }

  func testCompletionWatchersGetTheFinalValueWithoutWatchingWrites() {
    var node: Property<Int>? = Property(1)
    var events: [String] = []
    let watch = node!.observeCompletion(capturing: { events.append("final \($0)") }, completed: { events.append("done") })
    let observer = node!.observe { change in
      if case .completed = change { events.append("observer completed") }
    }
    node!.value = 2
    node!.value = 3
    XCTAssertEqual(events, [], "writes do not reach a watcher")
    node = nil
    XCTAssertEqual(events, ["final 3", "done", "observer completed"])
    withExtendedLifetime((watch, observer)) {}
  }

  func testADisposedCompletionWatcherHearsNothing() {
    var node: Property<Int>? = Property(1)
    var events: [String] = []
    let watch = node!.observeCompletion(capturing: { events.append("final \($0)") }, completed: { events.append("done") })
    watch.dispose()
    node = nil
    XCTAssertEqual(events, [])
    XCTAssertTrue(watch.isDisposed)
  }
}
