import BindPlatform
import BindRuntime
import BindSyntax

// What the REPL's commands and completion read, and what compiled code
// asks of its session beyond limits and time: events and imports.
extension Interpreter {
  /// The global variables and their values, in declaration order.
  /// Static members (`Item.pageSize`, see `Compiler.staticName`) are not among them.
  public var globals: [(name: String, value: Value)] {
    globalScope.visibleNames.compactMap { name in
      guard !name.contains("."), let variable = globalScope.lookup(name), variable.slot < globalFrame.slots.count else { return nil }
      return (name, globalFrame.slots[variable.slot])
    }
  }

  /// Every type, built-in and declared, by name.
  public var typesByName: [String: ObjectType] {
    loadPrelude()
    return types
  }

  /// Sends an event after checking its payload against the declared type.
  func emit(_ event: ScriptEvent, payload: Value?) throws {
    let value: Value
    if let type = event.payload {
      guard let payload else {
        throw ScriptError(.payloadMismatch(event: event.displayName, expected: "\(type)", given: nil))
      }
      guard let checked = type.coerce(payload) else {
        throw ScriptError(.payloadMismatch(event: event.displayName, expected: "\(type)", given: payload.typeName))
      }
      value = checked
    } else {
      if payload != nil { throw ScriptError(.payloadMismatch(event: event.displayName, expected: nil, given: nil)) }
      value = .null
    }
    do {
      try event.stream.emit(value)
    } catch let error as ReactiveError {
      throw ScriptError(.reactive(error))
    }
    try throwPendingError()
  }

  /// Runs another file once per session; its path is relative to the importer.
  func importFile(_ path: String, from importer: SourceFile, at range: SourceRange) throws {
    let resolved = FileSystem.resolve(path, relativeTo: importer.path)
    guard session.importedPaths.insert(resolved).inserted else { return }
    let file: SourceFile
    do {
      file = try SourceFile.load(path: resolved, read: readFile)
    } catch .unreadable(_, let reason) {
      throw ScriptError(.importFailed(path: path, reason: reason), at: range, in: importer)
    } catch .invalidUTF8(let error) {
      throw ScriptError(.syntax(error.diagnostic.message), at: error.diagnostic.range, in: error.file)
    }
    let parsed = Parser.parse(file)
    if let first = parsed.diagnostics.first(where: { $0.severity == .error }) {
      throw ScriptError(.syntax(first.message), at: first.range, in: file)
    }
    try run(parsed)
  }
}
