import XCTest
@testable import BindRuntime

/// A control exposing a read-only view of its state and a write-only sink.
private final class Stepper {
  @Observed private(set) var count = 0
  /// Read-only: callers can read and observe, not write.
  var countView: ObservableValue<Int> { $count }
  /// Write-only: callers can bind values in, not read them.
  var stepSink: Sink<Int> { Sink(self) { stepper, step in stepper.count += step } }
}

/// Runtime guarantee 10: events without a current value, read-only views, write-only sinks.
final class EventTests: RuntimeTestCase {
  func testHandlersRunInRegistrationOrderWithThePayload() {
    let picked = EventStream<Int>()
    let log = Log()
    let tokens = ["first", "second", "third"].map { name in picked.on { log.append("\(name) \($0)") } }
    picked.send(1)
    picked.send(2)
    XCTAssertEqual(log.entries, ["first 1", "second 1", "third 1", "first 2", "second 2", "third 2"])
    withExtendedLifetime(tokens) {}
  }

  func testEventsHaveNoCurrentValueSoLateHandlersMissEarlierEvents() {
    let button = Button()
    var taps = 0
    button.tap.send()
    let token = button.tap.on { taps += 1 }
    button.tap.send()
    button.tap.send()
    XCTAssertEqual(taps, 2)
    withExtendedLifetime(token) {}
  }

  func testDisposingAHandlerRemovesIt() throws {
    let stream = EventStream<String>()
    let log = Log()
    let first = stream.on { log.append("first \($0)") }
    let second = stream.on { log.append("second \($0)") }
    try stream.emit("a")
    first.dispose()
    first.dispose()
    try stream.emit("b")
    XCTAssertEqual(log.entries, ["first a", "second a", "second b"])
    XCTAssertEqual(stream.handlerCount, 1)
    withExtendedLifetime(second) {}
  }

  func testAHandlerWritesAndItsPropagationFinishesBeforeTheNextHandler() {
    let button = Button()
    let count = Property(0)
    let log = Log()
    let tokens = [
      count.observeChanges { _, new in log.append("count \(new)") },
      button.tap.on { log.append("handler 1"); count.value += 1 },
      button.tap.on { log.append("handler 2 sees \(count.value)") },
    ]
    button.tap.send()
    XCTAssertEqual(log.entries, ["handler 1", "count 1", "handler 2 sees 1"])
    withExtendedLifetime(tokens) {}
  }

  func testForwardingAnEventToAnother() {
    let button = Button()
    let submit = EventStream<Void>()
    var submits = 0
    let tokens = [button.tap.forward(to: submit), submit.on { submits += 1 }]
    button.tap.send()
    button.tap.send()
    XCTAssertEqual(submits, 2)
    withExtendedLifetime(tokens) {}
  }

  func testBindingAnEventIntoASink() {
    let picked = EventStream<Int>()
    let stepper = Stepper()
    let token = picked.bind(to: stepper.stepSink)
    picked.send(2)
    picked.send(3)
    XCTAssertEqual(stepper.count, 5)
    token.dispose()
    picked.send(4)
    XCTAssertEqual(stepper.count, 5)
  }

  func testAValueBoundIntoASinkGetsTheValueAtOnceThenChanges() {
    let text = Property("a")
    let log = Log()
    let token = text.bind(to: Sink { log.append($0) })
    text.value = "b"
    XCTAssertEqual(log.entries, ["a", "b"])
    withExtendedLifetime(token) {}
  }

  func testASinkHoldsItsTargetWeaklyAndTheBindingEndsWithIt() {
    let step = Property(1)
    var stepper: Stepper? = Stepper()
    weak let weakStepper = stepper
    let token = step.bind(to: stepper!.stepSink)
    step.value = 2
    XCTAssertEqual(stepper?.count, 3)
    stepper = nil
    XCTAssertNil(weakStepper)
    step.value = 3
    XCTAssertTrue(token.isDisposed)
  }

  func testAReadOnlyViewObservesTheProperty() {
    let stepper = Stepper()
    let view = stepper.countView
    let history = History<Int>()
    let token = history.observe(view, options: .initial)
    let step = Property(2).bind(to: stepper.stepSink)
    XCTAssertEqual(view.value, 2)
    XCTAssertEqual(history.events, [.initial(0), .changed(old: 0, new: 2)])
    withExtendedLifetime((token, step)) {}
  }

  func testADerivedValueIsReadOnly() {
    let a = Property(1)
    let doubled: ObservableValue<Int> = Derived { a.value * 2 }
    XCTAssertFalse(doubled is Property<Int>, "nothing can write a derived value")
    a.value = 2
    XCTAssertEqual(doubled.value, 4)
  }

  func testEventsFromAnObjectWithPayload() {
    let person = Person(name: "A")
    let log = Log()
    let token = person.renamed.on { log.append($0) }
    let observation = person.$name.observeChanges { _, new in person.renamed.send(new) }
    person.name = "B"
    person.name = "C"
    XCTAssertEqual(log.entries, ["B", "C"])
    withExtendedLifetime((token, observation)) {}
  }
}
