#if canImport(Testing)
import BindLanguage
import BindScriptTesting
import Testing

/// The Swift Testing helper: issues at the script's `path:line`.
@Suite struct ExpectScriptTests {
  @Test func passingScript() {
    let result = expectScript(source: "print(\"hi\")\n#> hi\n")
    #expect(result.passed)
  }

  @Test func failureIsRecordedAtTheScriptLine() {
    withKnownIssue {
      expectScript(source: "let l = Label()\nassert(l.text == \"x\")\n", path: "/scripts/known.bind")
    } matching: { issue in
      issue.sourceLocation?.filePath == "/scripts/known.bind" && issue.sourceLocation?.line == 2
        && (issue.comments.first?.rawValue.contains("('l.text' is nil)") ?? false)
    }
  }
}
#endif
