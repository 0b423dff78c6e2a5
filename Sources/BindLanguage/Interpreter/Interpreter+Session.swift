/// Ending a session, for the REPL's `:reset`.
extension Interpreter {
  /// Ends every binding, observer and handler and forgets every global
  /// variable's value, so the session's objects are released.
  ///
  /// Dropping the interpreter alone is not enough: handler closures refer
  /// back to the interpreter and to the global frame, and the objects hold
  /// those closures, so the cycle MUST be broken by disposing the
  /// connections first. They are disposed before the variables are cleared
  /// so that no observer prints `completed` while the session is torn down.
  public func endSession() {
    connections.disposeAll()
    for index in globalFrame.slots.indices { globalFrame.slots[index] = .null }
  }
}
