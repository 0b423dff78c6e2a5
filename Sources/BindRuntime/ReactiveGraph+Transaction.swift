/// Transactions: many writes, one propagation.
extension ReactiveGraph {
  /// Runs `body` as one transaction: its writes apply at once, but bindings and
  /// observers run once at the end, with the final values.
  ///
  /// Errors from the body are rethrown after the writes it made have propagated;
  /// a cycle found while propagating is thrown.
  @discardableResult
  public func transaction<T>(_ body: () throws -> T) throws -> T {
    lock.lock()
    batchDepth += 1
    let result = Result { try body() }
    batchDepth -= 1
    var deliveries = Deliveries()
    if batchDepth == 0 && !isPropagating {
      do {
        deliveries = try propagate()
      } catch {
        lock.unlock()
        throw error
      }
    }
    lock.unlock()
    try deliver(deliveries)
    return try result.get()
  }
}

/// Runs `body` as one transaction on the shared graph: writes apply at once,
/// observers and bindings run once at the end with the final values. Errors
/// (a binding cycle) go to ``ReactiveGraph/errorHandler``.
public func batch(_ body: () -> Void) {
  do { try ReactiveGraph.shared.transaction(body) } catch { ReactiveGraph.shared.report(error) }
}
