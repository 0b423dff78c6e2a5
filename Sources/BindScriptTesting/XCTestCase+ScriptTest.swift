#if canImport(XCTest)
import BindLanguage
import BindTestRunner
import XCTest

extension XCTestCase {
  /// Runs the `.bind` script at `path` with `interpreter` and records each
  /// script failure as a test failure at the script's `path:line`. A
  /// failure without a line (an unreadable file) is recorded at the caller.
  ///
  /// ```swift
  /// func testLogin() {
  ///   assertScript(ScriptTest.path("login.bind"), interpreter: makeInterpreter())
  /// }
  /// ```
  /// - Returns: The result, for further checks.
  @discardableResult
  public func assertScript(
    _ path: String, interpreter: Interpreter = Interpreter(),
    file: StaticString = #filePath, line: UInt = #line
  ) -> FileTestResult {
    let result = ScriptTest.run(file: path, interpreter: interpreter)
    record(result, file: file, line: line)
    return result
  }

  /// Runs script text with `interpreter` and records each failure at
  /// `path:line` of the script (`path` names it; see `assertScript(_:)`).
  @discardableResult
  public func assertScript(
    source: String, path: String = "<script>", interpreter: Interpreter = Interpreter(),
    file: StaticString = #filePath, line: UInt = #line
  ) -> FileTestResult {
    let result = ScriptTest.run(source: source, path: path, interpreter: interpreter)
    record(result, file: file, line: line)
    return result
  }

  /// From any actor: runs the `.bind` script at `path` with a fresh
  /// interpreter `configure` prepared, and records each script failure at
  /// the script's `path:line`.
  ///
  /// The interpreter is made, configured, run and ended on the caller's
  /// actor (`isolation`), so a `@MainActor` test drives `@MainActor`
  /// view-models with no data race:
  ///
  /// ```swift
  /// @MainActor final class CounterTests: XCTestCase {
  ///   func testCounter() async {
  ///     let vm = CounterViewModel()
  ///     await assertScript(ScriptTest.path("counter.bind")) { interpreter in
  ///       try CounterViewModel.register(in: interpreter)
  ///       try interpreter.inject(vm, as: "vm")
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// (On Linux, the test methods of a `@MainActor` test class must be
  /// `async`: swift-corelibs-xctest cannot call a synchronous one.)
  /// A `configure` that throws is recorded at the caller.
  /// - Returns: The result, for further checks.
  @discardableResult
  public func assertScript(
    _ path: String, strict: Bool = false, isolation: isolated (any Actor)? = #isolation,
    file: StaticString = #filePath, line: UInt = #line,
    configure: (Interpreter) throws -> Void
  ) async -> FileTestResult {
    let result = await ScriptTest.run(file: path, source: nil, strict: strict, configure: configure)
    record(result, file: file, line: line)
    return result
  }

  /// From any actor: runs script text with a fresh interpreter `configure`
  /// prepared and records each failure at `path:line` of the script. See
  /// ``assertScript(_:isolation:file:line:configure:)``.
  @discardableResult
  public func assertScript(
    source: String, path: String = "<script>", isolation: isolated (any Actor)? = #isolation,
    file: StaticString = #filePath, line: UInt = #line,
    configure: (Interpreter) throws -> Void
  ) async -> FileTestResult {
    let result = await ScriptTest.run(file: path, source: source, configure: configure)
    record(result, file: file, line: line)
    return result
  }

  /// Records each failure of `result` at the script's `path:line`; on
  /// Apple platforms the first carries ``ScriptTest/attachments(of:)``.
  private func record(_ result: FileTestResult, file: StaticString, line: UInt) {
    let issues = ScriptTest.issues(of: result)
    #if canImport(Darwin)
    let attachments = ScriptTest.attachments(of: result)
    #endif
    for issue in issues {
      guard let scriptLine = issue.line else {
        XCTFail(issue.fullDescription, file: file, line: line)
        continue
      }
      #if canImport(Darwin)
      // XCTFail takes only a StaticString file; an XCTIssue can point anywhere.
      let location = XCTSourceCodeLocation(filePath: issue.path, lineNumber: scriptLine)
      var failure = XCTIssue(
        type: .assertionFailure, compactDescription: issue.message,
        detailedDescription: issue.fullDescription,
        sourceCodeContext: XCTSourceCodeContext(location: location))
      if issue == issues.first {
        for attachment in attachments {
          let file = XCTAttachment(data: Data(attachment.bytes), uniformTypeIdentifier: "public.data")
          file.name = attachment.name
          failure.add(file)
        }
      }
      record(failure)
      #else
      // swift-corelibs-xctest has no XCTIssue; this older entry point
      // takes the file as a String.
      recordFailure(withDescription: issue.fullDescription, inFile: issue.path, atLine: scriptLine, expected: true)
      #endif
    }
  }
}
#endif
