import BindSyntax

/// What a session's statements share: its global variables (their scope
/// and frame), its connections (bindings, observers, handlers) and the
/// files it imported.
///
/// One per ``Interpreter`` (``Interpreter/session``). Compiled code that
/// writes globals at run time captures it, not the interpreter, so a write
/// reaches it in as many loads as when these were the interpreter's fields.
final class Session {
  /// The session's bindings, observers and handlers.
  let connections = Connections()
  let globalScope = FunctionScope(parent: nil)
  let globalFrame = Frame(parent: nil)
  /// The files imported (or run) so far, resolved: each runs once.
  var importedPaths: Set<String> = []
  /// The top-level variables of each hoisted file (by path, "" for REPL
  /// input), which code outside functions may not name before their
  /// declaration (see ``Resolver/topLevelDeclarations(of:)``).
  private var topLevelDeclarationsByFile: [String: [String: Identifier]] = [:]
  /// Member writes under way that use the object of a `let` without
  /// retaining it (`Compiler.compileMemberAssignment`).
  @exclusivity(unchecked) var borrowingWrites = 0
  /// Values that a top-level declaration replaced while such a write was
  /// under way: released when the last of those writes ends.
  @exclusivity(unchecked) private var keptForBorrowingWrites: [Value] = []

  /// The top-level variables of `file`, if it was hoisted.
  func topLevelDeclarations(in file: SourceFile) -> [String: Identifier] {
    topLevelDeclarationsByFile[file.path ?? ""] ?? [:]
  }

  /// Records the top-level variables of `statements`, hoisted from `file`.
  func recordTopLevelDeclarations(of statements: [Statement], in file: SourceFile) {
    topLevelDeclarationsByFile[file.path ?? ""] = Resolver.topLevelDeclarations(of: statements)
  }

  /// Gives the global frame a slot for every variable declared so far.
  func ensureGlobalCapacity() {
    let missing = globalScope.slotCount - globalFrame.slots.count
    if missing > 0 { globalFrame.slots.append(contentsOf: repeatElement(.null, count: missing)) }
  }

  /// Stores a top-level declaration's value into its global slot. A name
  /// declared again (the REPL, an imported file) replaces the old value,
  /// which is kept until the writes that may be using it end.
  @inline(__always) func bindGlobal(_ slot: Int, to value: Value) {
    if borrowingWrites > 0 { keptForBorrowingWrites.append(globalFrame.slots[slot]) }
    globalFrame.slots[slot] = value
  }

  /// Ends a write counted in ``borrowingWrites``.
  @inline(__always) func endBorrowingWrite() {
    borrowingWrites -= 1
    if borrowingWrites == 0 && !keptForBorrowingWrites.isEmpty { releaseKeptValues() }
  }

  @inline(never) private func releaseKeptValues() {
    // Taken out first: a deinit may run scripts that write and declare.
    let kept = keptForBorrowingWrites
    keptForBorrowingWrites = []
    withExtendedLifetime(kept) {}
  }
}

// The session's parts as the interpreter's own, for the code (the
// embedding API, the REPL's commands, tests) written before the session
// was a part of its own.
extension Interpreter {
  /// The session's bindings, observers and handlers.
  public var connections: Connections { session.connections }
  var globalScope: FunctionScope { session.globalScope }
  var globalFrame: Frame { session.globalFrame }
  func ensureGlobalCapacity() { session.ensureGlobalCapacity() }
  @inline(__always) func bindGlobal(_ slot: Int, to value: Value) { session.bindGlobal(slot, to: value) }
}
