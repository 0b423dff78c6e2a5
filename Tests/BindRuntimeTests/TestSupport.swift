import Foundation
import XCTest
@testable import BindRuntime

// MARK: Models shared by the tests

/// A plain model object with observable properties.
final class Person {
  @Observed var name: String
  @Observed var age = 0
  @Observed var nickname: String? = nil
  @Observed var friend: Person? = nil
  let renamed = EventStream<String>()
  init(name: String) { self.name = name }
}

/// A view-model whose `user` can be replaced, for key-path chains.
final class ProfileViewModel {
  @Observed var user: Person? = nil
}

/// A struct with an observable property: copies share the observable cell.
struct Car {
  @Observed var model: String
}

/// A plain class with no observable properties: a one-way binding target.
final class ViewController {
  var title: String?
}

/// A binding target that records every value written into it.
final class RecordingLabel {
  private(set) var history: [String?] = []
  var text: String? { didSet { history.append(text) } }
  var isHidden = false
}

/// A control with observable text and an event, like the scripts' `TextField`.
final class TextField {
  @Observed var text = ""
  let editingChanged = EventStream<Void>()
}

/// A button-like control: state plus an event.
final class Button {
  @Observed var isEnabled = true
  let tap = EventStream<Void>()
}

// MARK: Recording

/// Records every event an observer saw, in order. Thread-safe, so stress
/// tests can share one.
final class History<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [Change<Value>] = []

  var events: [Change<Value>] {
    lock.lock(); defer { lock.unlock() }
    return storage
  }

  var count: Int {
    lock.lock(); defer { lock.unlock() }
    return storage.count
  }

  func record(_ change: Change<Value>) {
    lock.lock(); storage.append(change); lock.unlock()
  }

  /// Observes `value` and returns the token (keep it alive).
  func observe(_ value: ObservableValue<Value>, options: ObserveOptions = []) -> Disposable {
    value.observe(options: options) { [self] in record($0) }
  }
}

/// A thread-safe list of strings, for interleaving logs.
final class Log: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [String] = []

  var entries: [String] {
    lock.lock(); defer { lock.unlock() }
    return storage
  }

  func append(_ entry: String) {
    lock.lock(); storage.append(entry); lock.unlock()
  }
}

/// A thread-safe counter.
final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var storage = 0

  var value: Int {
    get { lock.lock(); defer { lock.unlock() }; return storage }
    set { lock.lock(); storage = newValue; lock.unlock() }
  }

  func increment(by amount: Int = 1) {
    lock.lock(); storage += amount; lock.unlock()
  }
}

// MARK: Base class

/// Base class for runtime tests. `ReactiveGraph.shared` is global: this saves
/// and restores its settings around each test, and collects the errors sent to
/// its `errorHandler`. An error that a test did not take with `takeErrors()`
/// fails the test in `tearDown`.
class RuntimeTestCase: XCTestCase {
  private var savedErrorHandler: ((Error) -> Void)?
  private var savedTracer: ((TraceEvent) -> Void)?
  private var savedFeedbackLimit = 0
  private var savedObserverDepthLimit = 0
  private let errors = ErrorSink()

  var graph: ReactiveGraph { ReactiveGraph.shared }

  override func setUp() {
    super.setUp()
    savedErrorHandler = graph.errorHandler
    savedTracer = graph.tracer
    savedFeedbackLimit = graph.feedbackLimit
    savedObserverDepthLimit = graph.observerDepthLimit
    let sink = errors
    graph.errorHandler = { sink.append($0) }
  }

  override func tearDown() {
    graph.errorHandler = savedErrorHandler!
    graph.tracer = savedTracer
    graph.feedbackLimit = savedFeedbackLimit
    graph.observerDepthLimit = savedObserverDepthLimit
    let unexpected = errors.take()
    XCTAssertTrue(unexpected.isEmpty, "unexpected errors reported: \(unexpected)")
    super.tearDown()
  }

  /// The errors reported to `ReactiveGraph.errorHandler` since the last call.
  func takeErrors() -> [Error] { errors.take() }

  /// Collects trace events while `body` runs, then removes the tracer.
  func trace(_ body: () throws -> Void) rethrows -> [String] {
    let log = Log()
    graph.tracer = { log.append($0.description) }
    defer { graph.tracer = nil }
    try body()
    return log.entries
  }
}

/// The errors a test's `errorHandler` received.
final class ErrorSink: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [Error] = []

  func append(_ error: Error) {
    lock.lock(); storage.append(error); lock.unlock()
  }

  func take() -> [Error] {
    lock.lock(); defer { lock.unlock() }
    let taken = storage
    storage.removeAll()
    return taken
  }
}

extension Array where Element == Error {
  /// The errors as `ReactiveError`s; anything else becomes a test failure.
  var reactiveErrors: [ReactiveError] {
    map { error in
      guard let reactive = error as? ReactiveError else {
        XCTFail("not a ReactiveError: \(error)")
        return .observerFeedback(depth: -1)
      }
      return reactive
    }
  }
}
