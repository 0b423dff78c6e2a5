import XCTest
@testable import BindRuntime

/// Runtime guarantee 4: one-way bindings into weak targets, `T` into `T?`.
final class BindingTests: RuntimeTestCase {
  func testTargetGetsTheCurrentValueAtOnceThenEveryChange() {
    let person = Person(name: "Ada")
    let label = RecordingLabel()
    let token = person.$name.bind(to: label, at: \.text)
    XCTAssertEqual(label.history, ["Ada"])
    person.name = "Grace"
    person.name = "Grace"
    person.name = "Linus"
    XCTAssertEqual(label.history, ["Ada", "Grace", "Linus"])
    withExtendedLifetime(token) {}
  }

  func testTBindsIntoAnOptionalKeyPathAndAnOptionalProperty() {
    let count = Property(1)
    let holder = OptionalHolder()
    let optional = Property<Int?>(nil)
    let history = History<Int?>()
    let observation = history.observe(optional)
    let tokens = [count.bind(to: holder, at: \.number), count.bind(to: optional)]
    count.value = 2
    XCTAssertEqual(holder.history, [1, 2])
    XCTAssertEqual(history.events, [.changed(old: nil, new: 1), .changed(old: 1, new: 2)])
    withExtendedLifetime((tokens, observation)) {}
  }

  func testBindingIntoAPropertyIsObservableDownstream() {
    let source = Property("a")
    let target = Property("")
    let history = History<String>()
    let observation = history.observe(target)
    let token = source.bind(to: target)
    source.value = "b"
    XCTAssertEqual(history.events, [.changed(old: "", new: "a"), .changed(old: "a", new: "b")])
    withExtendedLifetime((token, observation)) {}
  }

  func testBindingNeverKeepsItsTargetAlive() {
    let person = Person(name: "A")
    var view: ViewController? = ViewController()
    weak let weakView = view
    let token = person.$name.bind(to: view!, at: \.title)
    XCTAssertEqual(view?.title, "A")
    view = nil
    XCTAssertNil(weakView, "the binding must hold its target weakly")
    withExtendedLifetime(token) {}
  }

  func testDroppingTheTargetEndsTheBinding() {
    let person = Person(name: "A")
    var view: ViewController? = ViewController()
    weak let weakView = view
    let token = person.$name.bind(to: view!, at: \.title)
    let before = graph.snapshot().edges.count
    view = nil
    XCTAssertNil(weakView)
    person.name = "B"
    XCTAssertTrue(token.isDisposed)
    XCTAssertEqual(graph.snapshot().edges.count, before - 1, "the source no longer feeds the binding")
    XCTAssertTrue(takeErrors().isEmpty)
  }

  func testDroppingATargetPropertyEndsTheBinding() {
    let source = Property(1)
    var car: Car? = Car(model: "T")
    let model = Property("")
    let token = source.map { "model \($0)" }.bind(to: model)
    var carToken: Disposable? = source.map { "car \($0)" }.bind(to: car!.$model)
    weak let weakModel = car!.$model
    XCTAssertEqual(car?.model, "car 1")
    car = nil
    XCTAssertNil(weakModel)
    source.value = 2
    XCTAssertTrue(carToken!.isDisposed)
    XCTAssertFalse(token.isDisposed)
    XCTAssertEqual(model.value, "model 2")
    carToken = nil
  }

  func testDisposingTheTokenStopsTheBinding() {
    let source = Property(1)
    let holder = OptionalHolder()
    let token = source.bind(to: holder, at: \.number)
    source.value = 2
    token.dispose()
    source.value = 3
    XCTAssertEqual(holder.history, [1, 2])
    XCTAssertTrue(token.isDisposed)
  }

  func testOneSourceFeedsSeveralTargets() {
    let source = Property("x")
    let first = RecordingLabel(), second = RecordingLabel()
    let tokens = [source.bind(to: first, at: \.text), source.bind(to: second, at: \.text)]
    source.value = "y"
    XCTAssertEqual(first.history, ["x", "y"])
    XCTAssertEqual(second.history, ["x", "y"])
    withExtendedLifetime(tokens) {}
  }

  func testABoundExpressionIsKeptAliveByItsBinding() {
    let first = Property("Ada"), last = Property("Lovelace")
    let label = RecordingLabel()
    weak var weakDerived: Derived<String>?
    var token: Disposable?
    do {
      let full = Derived { "\(first.value) \(last.value)" }
      weakDerived = full
      token = full.bind(to: label, at: \.text)
    }
    XCTAssertNotNil(weakDerived)
    last.value = "Byron"
    XCTAssertFalse(token!.isDisposed)
    token = nil
    XCTAssertNil(weakDerived)
    first.value = "Augusta"
    XCTAssertEqual(label.history, ["Ada Lovelace", "Ada Byron"])
  }

  func testABindingRunsInsideThePropagationSoDownstreamReadsSeeIt() {
    let source = Property(1)
    let target = Property(0)
    let sum = Derived { source.value + target.value }
    let history = History<Int>()
    let observation = history.observe(sum, options: .initial)
    let token = source.bind(to: target)
    source.value = 5
    // Each write changes the sum once; no observer sees source and target disagree.
    XCTAssertEqual(history.events, [.initial(1), .changed(old: 1, new: 2), .changed(old: 2, new: 10)])
    withExtendedLifetime((token, observation)) {}
  }

  func testTracerSeesTheWriteThenTheBinding() throws {
    let source = Property(1, label: "vm.count")
    let target = Property(0, label: "label.count")
    let token = try source.bindChecked(to: target, label: "vm.count -> label.count")
    let steps = trace { source.value = 2 }
    XCTAssertEqual(
      steps,
      ["write vm.count: 1 -> 2", "bind vm.count -> label.count <- 2", "write label.count: 1 -> 2"])
    withExtendedLifetime(token) {}
  }
}

/// A plain class with an optional property, recording its writes.
final class OptionalHolder {
  private(set) var history: [Int?] = []
  var number: Int? { didSet { history.append(number) } }
}
