/// A stream of events without a current value (RxCocoa's `ControlEvent`),
/// such as a button's `tap`.
///
/// Handlers run synchronously, in registration order, on the sender's thread,
/// outside the graph lock: a handler's writes start their own propagations.
public final class EventStream<Payload> {
  private var handlers: ContiguousArray<HandlerEntry<Payload>> = []
  /// A name for diagnostics.
  public let label: String?
  /// What a stream made by an operator keeps alive and ends with it (its
  /// subscription to the source, its pending timers). Set once, at creation.
  var operatorState: AnyObject?

  /// Creates a stream.
  public init(label: String? = nil) { self.label = label }

  /// Sends an event to every handler. Errors (handlers that send events that
  /// loop) go to ``ReactiveGraph/errorHandler``.
  public func send(_ payload: Payload) {
    do { try emit(payload) } catch { ReactiveGraph.shared.report(error) }
  }

  /// Sends an event, throwing ``ReactiveError/observerFeedback(depth:)`` when
  /// handlers keep re-sending events without end.
  public func emit(_ payload: Payload) throws {
    let graph = ReactiveGraph.shared
    graph.lock.lock()
    let entries = handlers
    let depthLimit = graph.storedObserverDepthLimit
    graph.lock.unlock()
    // Handlers MUST run after the unlock, like observers (see `ReactiveGraph.lock`).
    try graph.withDeliveryDepth(limit: depthLimit) {
      for entry in entries where entry.isActive { entry.handler(payload) }
    }
  }

  /// Registers a handler; dispose the token to remove it.
  @discardableResult
  public func on(_ handler: @escaping (Payload) -> Void) -> Disposable {
    let graph = ReactiveGraph.shared
    graph.lock.lock()
    let entry = HandlerEntry(sequence: graph.nextSequence(), handler: handler)
    handlers.append(entry)
    graph.lock.unlock()
    return HandlerToken(stream: self, entry: entry)
  }

  /// Forwards every event to `other` (`bind button.tap -> vm.submit`).
  @discardableResult
  public func forward(to other: EventStream<Payload>) -> Disposable {
    on { [weak other] payload in other?.send(payload) }
  }

  /// Sends every event into a write-only sink.
  @discardableResult
  public func bind(to sink: Sink<Payload>) -> Disposable {
    on { payload in _ = try? sink.apply(payload) }
  }

  /// The number of registered handlers.
  public var handlerCount: Int { ReactiveGraph.shared.withLock { handlers.count } }

  fileprivate func remove(_ entry: HandlerEntry<Payload>) {
    handlers.removeAll { $0 === entry }
  }
}

extension EventStream where Payload == Void {
  /// Sends an event without payload.
  public func send() { send(()) }
}

final class HandlerEntry<Payload>: AnyObserverEntry {
  let handler: (Payload) -> Void
  init(sequence: Int, handler: @escaping (Payload) -> Void) {
    self.handler = handler
    super.init(sequence: sequence)
  }
}

final class HandlerToken<Payload>: Disposable {
  private weak var stream: EventStream<Payload>?
  private let entry: HandlerEntry<Payload>

  init(stream: EventStream<Payload>, entry: HandlerEntry<Payload>) {
    self.stream = stream
    self.entry = entry
  }

  deinit { dispose() }

  var isDisposed: Bool { !entry.isActive }

  func dispose() {
    guard entry.end(.disposed) else { return }
    ReactiveGraph.shared.withLock { stream?.remove(entry) }
  }
}

/// A write-only binding target (RxCocoa's `Binder`): values go in, nothing
/// can be read or observed.
public struct Sink<Value> {
  /// Applies a value; false once the target is gone.
  let apply: (Value) throws -> Bool

  /// A sink into `target`, held weakly.
  public init<Target: AnyObject>(_ target: Target, _ apply: @escaping (Target, Value) -> Void) {
    self.apply = { [weak target] value in
      guard let target else { return false }
      apply(target, value)
      return true
    }
  }

  /// A sink that calls `apply` with every value.
  public init(_ apply: @escaping (Value) -> Void) {
    self.apply = { value in
      apply(value)
      return true
    }
  }
}

extension ReactiveGraph {
  /// Runs observer or handler calls one level deeper, refusing to go past
  /// `limit` (``observerDepthLimit``, read under the lock): a loop of writes
  /// becomes an error, not a stack overflow.
  func withDeliveryDepth(limit: Int, _ body: () throws -> Void) throws {
    let cell = deliveryDepthCell
    let depth = try enterDeliveryLevel(cell, limit: limit)
    defer { cell.pointee = depth }
    try body()
  }
}
