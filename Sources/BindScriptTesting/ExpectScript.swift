#if canImport(Testing)
import BindLanguage
import BindTestRunner
import Testing

/// Swift Testing: runs the `.bind` script at `path` with `interpreter` and
/// records each script failure as an issue at the script's `path:line`.
///
/// ```swift
/// @Test func login() {
///   expectScript(ScriptTest.path("login.bind"), interpreter: makeInterpreter())
/// }
/// ```
/// - Returns: The result, for further checks.
@discardableResult
public func expectScript(
  _ path: String, interpreter: Interpreter = Interpreter(),
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> FileTestResult {
  let result = ScriptTest.run(file: path, interpreter: interpreter)
  recordIssues(of: result, at: sourceLocation)
  return result
}

/// Swift Testing: runs script text with `interpreter` and records each
/// failure at `path:line` of the script.
@discardableResult
public func expectScript(
  source: String, path: String = "<script>", interpreter: Interpreter = Interpreter(),
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> FileTestResult {
  let result = ScriptTest.run(source: source, path: path, interpreter: interpreter)
  recordIssues(of: result, at: sourceLocation)
  return result
}

/// Swift Testing, from any actor: runs the `.bind` script at `path` with a
/// fresh interpreter `configure` prepared, and records each script failure
/// as an issue at the script's `path:line`.
///
/// The interpreter is made, configured, run and ended on the caller's
/// actor (`isolation`), so a `@MainActor` test drives `@MainActor`
/// view-models with no data race and no `Sendable` requirement:
///
/// ```swift
/// @Test @MainActor func counter() async {
///   let vm = CounterViewModel()
///   await expectScript(ScriptTest.path("counter.bind")) { interpreter in
///     try CounterViewModel.register(in: interpreter)
///     try interpreter.inject(vm, as: "vm")
///   }
///   #expect(vm.count == 2)
/// }
/// ```
///
/// A `configure` that throws is recorded at the caller. The interpreter's
/// session ends when the script has run; objects the test holds keep
/// their state. With `strict`, a script that ends with timers or Swift
/// tasks still to run fails, naming each, and so does one that never
/// checks what an awaited call changed (`bindscript test --strict`).
/// - Returns: The result, for further checks.
@discardableResult
public func expectScript(
  _ path: String, strict: Bool = false, isolation: isolated (any Actor)? = #isolation,
  sourceLocation: Testing.SourceLocation = #_sourceLocation,
  configure: (Interpreter) throws -> Void
) async -> FileTestResult {
  let result = await ScriptTest.run(file: path, source: nil, strict: strict, configure: configure)
  recordIssues(of: result, at: sourceLocation)
  return result
}

/// Swift Testing, from any actor: runs script text with a fresh interpreter
/// `configure` prepared and records each failure at `path:line` of the
/// script. See ``expectScript(_:isolation:sourceLocation:configure:)``.
@discardableResult
public func expectScript(
  source: String, path: String = "<script>", isolation: isolated (any Actor)? = #isolation,
  sourceLocation: Testing.SourceLocation = #_sourceLocation,
  configure: (Interpreter) throws -> Void
) async -> FileTestResult {
  let result = await ScriptTest.run(file: path, source: source, configure: configure)
  recordIssues(of: result, at: sourceLocation)
  return result
}

/// Swift Testing, from any actor: runs one script of a folder (an argument
/// from ``ScriptTest/scripts(in:nextTo:)``, so each script is a test case)
/// with a fresh interpreter `configure` prepared. As
/// ``expectScript(_:isolation:sourceLocation:configure:)``.
@discardableResult
public func expectScript(
  _ script: ScriptFile, strict: Bool = false, isolation: isolated (any Actor)? = #isolation,
  sourceLocation: Testing.SourceLocation = #_sourceLocation,
  configure: (Interpreter) throws -> Void
) async -> FileTestResult {
  await expectScript(script.path, strict: strict, sourceLocation: sourceLocation, configure: configure)
}

/// Records each failure as an issue at the script's `path:line`, and a
/// failed result's ``ScriptTest/attachments(of:)`` on the test.
private func recordIssues(of result: FileTestResult, at caller: Testing.SourceLocation) {
  for issue in ScriptTest.issues(of: result) {
    let location = issue.line.map { line in
      Testing.SourceLocation(fileID: "BindScript/" + fileName(issue.path), filePath: issue.path, line: line, column: 1)
    }
    Issue.record(Comment(rawValue: issue.fullDescription), sourceLocation: location ?? caller)
  }
  for attachment in ScriptTest.attachments(of: result) {
    Attachment.record(attachment.bytes, named: attachment.name, sourceLocation: caller)
  }
}

/// The last component of `path`.
private func fileName(_ path: String) -> String {
  path.split(separator: "/").last.map(String.init) ?? path
}
#endif
