/// How a change enters the graph: every write that has something to
/// propagate, every transaction, new binding and new effect goes through
/// ``ReactiveGraph/withPropagation(alreadyLocked:_:settle:)``.
extension ReactiveGraph {
  /// Runs `change` under the lock, propagates what it queued, releases the
  /// lock, and only then runs the observers: lock → change → propagate →
  /// unlock → deliver, the one place that sequence is written.
  ///
  /// Two paths keep a shorter form of it, each for a reason of its own: the
  /// fast path of ``Property/set(_:)`` (nothing to propagate; it delivers
  /// typed values to its own observers) and the deinit of a value
  /// (``ObservableValue/endOfLife()``: it cannot throw, and its `.completed`
  /// MUST reach every observer). Both release the lock before calling out.
  ///
  /// Inside a propagation or transaction already under way (on this thread,
  /// since it holds the lock) `change` only queues its work: the propagation
  /// under way brings it up to date and delivers it at its end.
  ///
  /// - Parameters:
  ///   - alreadyLocked: the caller took the lock itself (a write that first
  ///     checked for its fast path); it is released all the same.
  ///   - change: writes values or queues nodes. Lock held.
  ///   - settle: runs after the propagation, before the lock is released,
  ///     with whether `change` and the propagation succeeded: the place to
  ///     undo a half-made connection. Lock held.
  /// - Returns: what `change` returned.
  /// - Throws: what `change` throws, a cycle found while propagating, or
  ///   ``ReactiveError/observerFeedback(depth:)`` from the delivery.
  ///
  /// Always inlined, so that its closures cost nothing (no context, no call)
  /// on a write's path.
  @inline(__always)
  func withPropagation<T>(
    alreadyLocked: Bool = false, _ change: () throws -> T, settle: (_ succeeded: Bool) -> Void = { _ in }
  ) throws -> T {
    if !alreadyLocked { lock.lock() }
    let result: T
    let deliveries: Deliveries?
    do {
      result = try change()
    } catch {
      // A propagation of our own must not leave half-queued work behind; one
      // under way further out cleans up as this error reaches it.
      if !isBusy { abandonPropagation() }
      settle(false)
      lock.unlock()
      throw error
    }
    do {
      deliveries = isBusy ? nil : try propagate()
    } catch {
      settle(false)
      lock.unlock()
      throw error
    }
    settle(true)
    let depthLimit = storedObserverDepthLimit
    // A derived value that failed kept its error as its state; the rest of
    // the graph is up to date and its observers hear of it, then the writer
    // learns of the failure.
    let failure = isBusy ? nil : evaluationFailure
    if failure != nil { evaluationFailure = nil }
    lock.unlock()
    if let deliveries { try deliver(deliveries, depthLimit: depthLimit) }
    if let failure { throw failure }
    return result
  }

  /// Runs `body` as one transaction: its writes apply at once, but bindings and
  /// observers run once at the end, with the final values.
  ///
  /// Errors from the body are rethrown after the writes it made have propagated;
  /// a cycle found while propagating is thrown.
  @discardableResult
  public func transaction<T>(_ body: () throws -> T) throws -> T {
    // The body's own errors are kept for after the propagation.
    try withPropagation {
      batchDepth += 1
      defer { batchDepth -= 1 }
      return Result { try body() }
    }.get()
  }
}

/// Runs `body` as one transaction on the shared graph: writes apply at once,
/// observers and bindings run once at the end with the final values. Errors
/// (a binding cycle) go to ``ReactiveGraph/errorHandler``.
public func batch(_ body: () -> Void) {
  do { try ReactiveGraph.shared.transaction(body) } catch { ReactiveGraph.shared.report(error) }
}
