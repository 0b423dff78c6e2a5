import BindLanguage
import BindScriptTesting
import XCTest

/// `await assertScript` from a `@MainActor` XCTest case in Swift 6
/// language mode. (swift-corelibs-xctest can only run the methods of a
/// `@MainActor` class when they are `async`.)
@MainActor
final class MainActorXCTestTests: XCTestCase {
  /// Failures the test under way recorded, caught instead of failing it.
  /// XCTest reports failures through a nonisolated method; the tests run on
  /// the main thread, so it is the only thread that touches these.
  nonisolated(unsafe) private var recorded: [(description: String, path: String, line: Int)] = []
  nonisolated(unsafe) private var capturing = false

  #if canImport(Darwin)
  override nonisolated func record(_ issue: XCTIssue) {
    guard capturing else { return super.record(issue) }
    let location = issue.sourceCodeContext.location
    recorded.append((issue.detailedDescription ?? issue.compactDescription, location?.fileURL.path ?? "", location?.lineNumber ?? 0))
  }
  #else
  override nonisolated func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
    guard capturing else {
      return super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
    }
    recorded.append((description, filePath, lineNumber))
  }
  #endif

  func testScriptDrivesAMainActorViewModel() async {
    let vm = CounterViewModel()
    let result = await assertScript(CounterViewModel.script("counter.bind")) { interpreter in
      try CounterViewModel.register(in: interpreter)
      try interpreter.inject(vm, as: "vm")
    }
    XCTAssertTrue(result.passed)
    XCTAssertEqual(vm.count, 2)
    XCTAssertEqual(vm.incrementsOnMainActor, 2)
  }

  /// `await vm.save()`, a `@MainActor async` method, from a `@MainActor`
  /// XCTest: the observer lines its main-actor writes cause are checked in
  /// that statement's transcript.
  func testAwaitsAMainActorAsyncMethod() async {
    let vm = CounterViewModel()
    let result = await assertScript(CounterViewModel.script("save.bind")) { interpreter in
      try CounterViewModel.register(in: interpreter)
      try interpreter.inject(vm, as: "vm")
    }
    XCTAssertTrue(result.passed)
    XCTAssertEqual(vm.title, "Saved 1")
  }

  func testAnAwaitedMethodsErrorPointsAtTheScriptLine() async {
    let vm = CounterViewModel()
    capturing = true
    await assertScript(source: "vm.set(count: -1)\nawait vm.save()\nvm.title\n#> \"Saved\"\n", path: "/scripts/save.bind") {
      interpreter in
      try CounterViewModel.register(in: interpreter)
      try interpreter.inject(vm, as: "vm")
    }
    capturing = false
    XCTAssertEqual(recorded.map(\.path), ["/scripts/save.bind", "/scripts/save.bind"])
    XCTAssertEqual(recorded.map(\.line), [2, 3])
    XCTAssertTrue(recorded.first?.description.contains("'save()' threw an error: the store refuses a negative count") ?? false, "\(recorded)")
  }

  /// Awaits whose values the statement uses: a declaration, an
  /// assignment observed by the script, arguments.
  func testAwaitedValuesFlowIntoTheScript() async {
    let vm = CounterViewModel()
    let result = await assertScript(CounterViewModel.script("await-values.bind")) { interpreter in
      try CounterViewModel.register(in: interpreter)
      try interpreter.inject(vm, as: "vm")
    }
    XCTAssertTrue(result.passed)
    XCTAssertEqual(vm.title, "Fetched 4")
  }

  func testAnAwaitedValuesErrorPointsAtTheScriptLine() async {
    let vm = CounterViewModel()
    capturing = true
    await assertScript(source: "vm.set(count: -1)\nvar stored = await vm.fetchCount()\n", path: "/scripts/fetch.bind") {
      interpreter in
      try CounterViewModel.register(in: interpreter)
      try interpreter.inject(vm, as: "vm")
    }
    capturing = false
    XCTAssertEqual(recorded.map(\.path), ["/scripts/fetch.bind"])
    XCTAssertEqual(recorded.map(\.line), [2])
    XCTAssertTrue(
      recorded.first?.description.contains("'fetchCount()' threw an error: the store refuses a negative count") ?? false, "\(recorded)")
  }

  func testFailuresPointAtTheScriptLine() async {
    let vm = CounterViewModel(limit: 1)
    capturing = true
    await assertScript(source: "emit vm.increment\nemit vm.increment\nassert(vm.count == 2)\n", path: "/scripts/limit.bind") {
      interpreter in
      try CounterViewModel.register(in: interpreter)
      try interpreter.inject(vm, as: "vm")
    }
    capturing = false
    XCTAssertEqual(recorded.map(\.path), ["/scripts/limit.bind"])
    XCTAssertEqual(recorded.map(\.line), [3])
    XCTAssertTrue(recorded.first?.description.contains("assertion failed: vm.count == 2 ('vm.count' is 1)") ?? false, "\(recorded)")
  }

  func testAConfigureErrorIsRecordedAtTheCaller() async {
    capturing = true
    let result = await assertScript(source: "1\n") { _ in throw CocoaLikeError() }
    capturing = false
    XCTAssertFalse(result.passed)
    XCTAssertEqual(recorded.map(\.path), [#filePath])
    XCTAssertTrue(recorded.first?.description.hasSuffix("cannot set up the interpreter: the database is closed") ?? false, "\(recorded)")
  }

  /// The synchronous helper, with an interpreter built on the main actor.
  func testSynchronousHelperWithAnInterpreterBuiltHere() async throws {
    let vm = CounterViewModel()
    let interpreter = Interpreter()
    try CounterViewModel.register(in: interpreter)
    try interpreter.inject(vm, as: "vm")
    defer { interpreter.endSession() }
    XCTAssertTrue(assertScript(source: "emit vm.increment\nvm.count\n#> 1\n", interpreter: interpreter).passed)
    XCTAssertEqual(vm.count, 1)
  }
}

private struct CocoaLikeError: Error, CustomStringConvertible {
  var description: String { "the database is closed" }
}
