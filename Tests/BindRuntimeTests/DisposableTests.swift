import XCTest
@testable import BindRuntime

/// An object whose observations live in a bag tied to its own lifetime.
private final class Screen: DisposeBagProvider {
  let bag = DisposeBag()
  let log: Log

  init(person: Person, log: Log) {
    self.log = log
    person.$name.observeChanges { [log] _, new in log.append("name \(new)") }.disposed(by: bag)
    person.$age.observeChanges { [log] _, new in log.append("age \(new)") }.disposed(by: bag)
  }
}

/// Runtime guarantee 3: tokens, self-disposal on deinit, and dispose bags.
final class DisposableTests: RuntimeTestCase {
  func testDisposeStopsDeliveryAtOnce() {
    let value = Property(0)
    let history = History<Int>()
    let token = history.observe(value)
    value.value = 1
    token.dispose()
    value.value = 2
    XCTAssertEqual(history.events, [.changed(old: 0, new: 1)])
    XCTAssertTrue(token.isDisposed)
  }

  func testDisposingALaterObserverDuringDeliverySkipsItForThatChange() {
    let value = Property(0)
    let later = History<Int>()
    var laterToken: Disposable?
    let first = value.observeChanges { _, new in if new == 2 { laterToken?.dispose() } }
    laterToken = later.observe(value)
    value.value = 1
    value.value = 2
    value.value = 3
    XCTAssertEqual(later.events, [.changed(old: 0, new: 1)])
    withExtendedLifetime(first) {}
  }

  func testDisposeIsIdempotentForEveryKindOfToken() throws {
    let source = Property("a")
    let target = Property("")
    let partner = Property("b")
    let stream = EventStream<Int>()
    var actions = 0
    let tokens: [Disposable] = [
      source.observe { _ in },
      source.bind(to: target),
      source.bindTwoWay(with: partner),
      stream.on { _ in },
      try Effect { _ = source.value },
      ActionDisposable { actions += 1 },
    ]
    for token in tokens {
      XCTAssertFalse(token.isDisposed, "\(type(of: token))")
      token.dispose()
      token.dispose()
      XCTAssertTrue(token.isDisposed, "\(type(of: token))")
      token.dispose()
      XCTAssertTrue(token.isDisposed, "\(type(of: token))")
    }
    XCTAssertEqual(actions, 1)
    XCTAssertEqual(graph.withLock { source.observerCount }, 0)
    XCTAssertEqual(stream.handlerCount, 0)
  }

  func testADeallocatedTokenDisposesItself() {
    let value = Property(0)
    let history = History<Int>()
    weak var weakToken: Disposable?
    do {
      let token = history.observe(value)
      weakToken = token
      value.value = 1
    }
    XCTAssertNil(weakToken)
    value.value = 2
    XCTAssertEqual(history.events, [.changed(old: 0, new: 1)])
    XCTAssertEqual(graph.withLock { value.observerCount }, 0)
  }

  func testADeallocatedBindingTokenEndsTheBinding() {
    let source = Property("a")
    let view = RecordingLabel()
    do {
      let token = source.bind(to: view, at: \.text)
      source.value = "b"
      withExtendedLifetime(token) {}
    }
    source.value = "c"
    XCTAssertEqual(view.history, ["a", "b"])
  }

  func testABagDisposesItsTokensWhenEmptiedAndCanBeReused() {
    let value = Property(0)
    let history = History<Int>()
    let bag = DisposeBag()
    let token = history.observe(value).disposed(by: bag)
    XCTAssertEqual(bag.count, 1)
    value.value = 1
    bag.dispose()
    XCTAssertTrue(token.isDisposed)
    XCTAssertEqual(bag.count, 0)
    value.value = 2
    history.observe(value).disposed(by: bag)
    value.value = 3
    XCTAssertEqual(history.events, [.changed(old: 0, new: 1), .changed(old: 2, new: 3)])
  }

  func testADeallocatedBagDisposesItsTokens() {
    let value = Property(0)
    let history = History<Int>()
    var bag: DisposeBag? = DisposeBag()
    weak let weakBag = bag
    weak var weakToken: Disposable?
    do {
      let token = history.observe(value)
      token.disposed(by: bag!)
      weakToken = token
    }
    XCTAssertNotNil(weakToken, "the bag keeps the token")
    value.value = 1
    bag = nil
    XCTAssertNil(weakBag)
    XCTAssertNil(weakToken)
    value.value = 2
    XCTAssertEqual(history.events, [.changed(old: 0, new: 1)])
  }

  func testABagTiedToItsOwnerEndsWithTheOwner() {
    let person = Person(name: "A")
    let log = Log()
    var screen: Screen? = Screen(person: person, log: log)
    weak let weakScreen = screen
    weak let weakBag = screen!.bag
    person.name = "B"
    person.age = 1
    screen = nil
    XCTAssertNil(weakScreen)
    XCTAssertNil(weakBag)
    person.name = "C"
    person.age = 2
    XCTAssertEqual(log.entries, ["name B", "age 1"])
    XCTAssertEqual(graph.withLock { person.$name.observerCount + person.$age.observerCount }, 0)
  }

  func testObservingNeverKeepsTheObservedObjectAlive() {
    var person: Person? = Person(name: "A")
    weak let weakPerson = person
    let token = person!.$name.observe { _ in }
    person = nil
    XCTAssertNil(weakPerson)
    XCTAssertTrue(token.isDisposed, "the observation completed with its source")
  }

  func testObservingADerivedValueKeepsItAliveUntilDisposed() {
    let value = Property(2)
    let history = History<Int>()
    weak var weakDerived: Derived<Int>?
    var token: Disposable?
    do {
      let doubled = Derived { value.value * 2 }
      weakDerived = doubled
      token = history.observe(doubled)
    }
    XCTAssertNotNil(weakDerived)
    value.value = 3
    token?.dispose()
    token = nil
    XCTAssertNil(weakDerived)
    value.value = 4
    XCTAssertEqual(history.events, [.changed(old: 4, new: 6)])
  }
}
