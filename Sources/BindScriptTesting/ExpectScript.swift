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

private func recordIssues(of result: FileTestResult, at caller: Testing.SourceLocation) {
  for issue in ScriptTest.issues(of: result) {
    let location = issue.line.map { line in
      Testing.SourceLocation(fileID: "BindScript/" + fileName(issue.path), filePath: issue.path, line: line, column: 1)
    }
    Issue.record(Comment(rawValue: issue.fullDescription), sourceLocation: location ?? caller)
  }
}

/// The last component of `path`.
private func fileName(_ path: String) -> String {
  path.split(separator: "/").last.map(String.init) ?? path
}
#endif
