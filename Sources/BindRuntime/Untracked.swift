extension ReactiveGraph {
  /// Runs `body` without recording what it reads: inside a ``Derived``
  /// computation or an ``Effect``, the values `body` reads do not become
  /// dependencies (Preact's `untracked`, S.js's `sample`, Solid's `untrack`).
  ///
  /// ```swift
  /// let label = Derived { "\(vm.name.value) (\(untracked { vm.visits.value }))" }
  /// ```
  ///
  /// Outside any evaluation it simply runs `body`. Writes inside it are
  /// writes as anywhere else.
  public func untracked<T>(_ body: () throws -> T) rethrows -> T {
    // Only the thread that holds the lock can be evaluating; any other has
    // nothing to suspend, and must not take the lock around user code.
    guard lock.isHeldByCurrentThread else { return try body() }
    lock.lock()
    let saved = trackerRef
    trackerRef = nil
    lock.unlock()
    defer {
      lock.lock()
      trackerRef = saved
      lock.unlock()
    }
    return try body()
  }
}

/// Runs `body` on the shared graph without recording what it reads
/// (``ReactiveGraph/untracked(_:)``).
public func untracked<T>(_ body: () throws -> T) rethrows -> T {
  try ReactiveGraph.shared.untracked(body)
}

extension ObservableValue {
  /// The current value, read without becoming a dependency of the
  /// computation under way (Preact's `peek()`).
  public func peek() -> Value {
    // Through `value`, not `storage`: an inactive derived value must catch
    // up with writes made since it was last read, as any read does.
    ReactiveGraph.shared.untracked { value }
  }
}
