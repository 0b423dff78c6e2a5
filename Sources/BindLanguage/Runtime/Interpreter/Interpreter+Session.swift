import BindRuntime
import BindSyntax

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
  ///
  /// Compiled code holds the global frame and the interpreter strongly (a
  /// variable access must not pay for a weak or unowned load), so a session
  /// that created functions or types is a cycle until this runs: whoever
  /// creates many interpreters in one process MUST call it when done. It
  /// also releases the code compiled into the session's types, which their
  /// own inline caches would otherwise keep in a cycle. The interpreter is
  /// not usable afterwards.
  public func endSession() {
    connections.disposeAll()
    stopRecordingCauses()
    // A disposed observer's handler stays in its value's list until the list
    // sweeps; a value that outlives the session (in a cycle of its own, or
    // held by Swift) would keep the handler, its compiled code and so this
    // interpreter.
    ReactiveGraph.shared.releaseDisposedObservers()
    scheduler.close()
    hostTasks.cancelAll()
    for index in globalFrame.slots.indices { bindGlobal(index, to: .null) }
    // Compiled code's inline caches keep the type they saw last, and a type
    // owns the code of its methods and properties: a type whose own code
    // has used its members is a cycle that no cleared variable ends, and
    // the code in it holds this interpreter. Releasing the code ends it.
    registry.removeAll()
  }
}

/// Owns compiled script code whose inline caches may refer back to it (a
/// type and its methods): ``Interpreter/endSession()`` releases that code.
protocol OwnsCompiledCode: AnyObject {
  /// Lets go of the compiled code; the owner no longer runs it.
  func releaseCompiledCode()
}

extension ObjectType: OwnsCompiledCode {}
extension ValueTypeMembers: OwnsCompiledCode {}
