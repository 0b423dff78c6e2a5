#if canImport(Testing)
import BindLanguage
import BindScriptTesting
import Testing

/// `await expectScript` from `@MainActor` Swift Testing tests in Swift 6
/// language mode: the interpreter is made, configured and run on the main
/// actor, where the view-model lives.
@MainActor
@Suite struct MainActorSwiftTestingTests {
  @Test func scriptDrivesAMainActorViewModel() async {
    let vm = CounterViewModel()
    let result = await expectScript(CounterViewModel.script("counter.bind")) { interpreter in
      try CounterViewModel.register(in: interpreter)
      try interpreter.inject(vm, as: "vm")
    }
    #expect(result.passed)
    #expect(vm.count == 2)
    #expect(vm.incrementsOnMainActor == 2)
  }

  /// `await vm.save()`, a `@MainActor async` method, from a `@MainActor`
  /// test: its main-actor jobs run while the test is suspended, and the
  /// observer lines its writes cause are that statement's output.
  @Test func awaitsAMainActorAsyncMethod() async {
    let vm = CounterViewModel()
    let result = await expectScript(CounterViewModel.script("save.bind")) { interpreter in
      try CounterViewModel.register(in: interpreter)
      try interpreter.inject(vm, as: "vm")
    }
    #expect(result.passed)
    #expect(vm.title == "Saved 1")
    #expect(vm.count == 0)
  }

  /// The awaited method's error is recorded at its line of the script.
  @Test func anAwaitedMethodsErrorPointsAtTheScriptLine() async {
    let vm = CounterViewModel()
    await withKnownIssue {
      await expectScript(source: "vm.set(count: -1)\nawait vm.save()\n", path: "/scripts/save.bind") { interpreter in
        try CounterViewModel.register(in: interpreter)
        try interpreter.inject(vm, as: "vm")
      }
    } matching: { issue in
      issue.sourceLocation?.filePath == "/scripts/save.bind" && issue.sourceLocation?.line == 2
        && (issue.comments.first?.rawValue.contains("'save()' threw an error: the store refuses a negative count") ?? false)
    }
    #expect(vm.title == "Saving")
  }

  /// `let x = await vm.fetchCount()`, `x = await …`, `print(await …)`:
  /// each await whose value the statement uses suspends the test while
  /// the main-actor method runs, and the value flows on (into an observer
  /// line, a declaration, an argument).
  @Test func awaitedValuesFlowIntoTheScript() async {
    let vm = CounterViewModel()
    let result = await expectScript(CounterViewModel.script("await-values.bind")) { interpreter in
      try CounterViewModel.register(in: interpreter)
      try interpreter.inject(vm, as: "vm")
    }
    #expect(result.passed)
    #expect(vm.title == "Fetched 4")
  }

  /// An error the awaited method throws, where its value is used, is
  /// recorded at the statement's line.
  @Test func anAwaitedValuesErrorPointsAtTheScriptLine() async {
    let vm = CounterViewModel()
    let source = "vm.set(count: -1)\nlet stored = await vm.fetchCount()\n"
    await withKnownIssue {
      await expectScript(source: source, path: "/scripts/fetch.bind") { interpreter in
        try CounterViewModel.register(in: interpreter)
        try interpreter.inject(vm, as: "vm")
      }
    } matching: { issue in
      issue.sourceLocation?.filePath == "/scripts/fetch.bind" && issue.sourceLocation?.line == 2
        && (issue.comments.first?.rawValue.contains("'fetchCount()' threw an error: the store refuses a negative count") ?? false)
    }
    #expect(vm.title == "Counter")
  }

  /// Inside a script function the interpreter cannot suspend: the call
  /// fails at once, located, saying to await at statement level.
  @Test func awaitInsideAFunctionSaysWhy() async {
    let vm = CounterViewModel()
    let source = "func save() { await vm.save() }\nsave()\n#> error: 'await' cannot finish here: .* (re)\n"
    let result = await expectScript(source: source, path: "/scripts/nested.bind") { interpreter in
      try CounterViewModel.register(in: interpreter)
      try interpreter.inject(vm, as: "vm")
    }
    #expect(result.passed)
  }

  @Test func failureIsRecordedAtTheScriptLine() async {
    let vm = CounterViewModel(limit: 1)
    await withKnownIssue {
      await expectScript(source: "emit vm.increment\nemit vm.increment\nvm.count\n#> 2\n", path: "/scripts/limit.bind") {
        interpreter in
        try CounterViewModel.register(in: interpreter)
        try interpreter.inject(vm, as: "vm")
      }
    } matching: { issue in
      issue.sourceLocation?.filePath == "/scripts/limit.bind" && issue.sourceLocation?.line == 3
        && (issue.comments.first?.rawValue.contains("output differs") ?? false)
    }
    #expect(vm.count == 1)
  }

  @Test func aConfigureErrorIsRecordedAtTheCaller() async {
    await withKnownIssue {
      await expectScript(source: "vm.count\n") { interpreter in
        try CounterViewModel.register(in: interpreter)
        try CounterViewModel.register(in: interpreter)
      }
    } matching: { issue in
      (issue.comments.first?.rawValue == "cannot set up the interpreter: a type named 'Counter' is already registered")
        && issue.sourceLocation?.fileName == "MainActorSwiftTestingTests.swift"
    }
  }

  /// The synchronous helper, with an interpreter built on the main actor,
  /// from a synchronous `@MainActor` test.
  @Test func synchronousHelperWithAnInterpreterBuiltHere() throws {
    let vm = CounterViewModel()
    let interpreter = Interpreter()
    try CounterViewModel.register(in: interpreter)
    try interpreter.inject(vm, as: "vm")
    defer { interpreter.endSession() }
    #expect(expectScript(source: "emit vm.increment\nvm.count\n#> 1\n", interpreter: interpreter).passed)
    #expect(vm.count == 1)
  }

  /// Scripts run on the main thread, not a large-stack thread. The main
  /// thread's stack (8 MiB as a rule) holds a few hundred calls with an
  /// expression nested to the parser's limit at the deepest; a runaway
  /// recursion ends in the interpreter's stack check, never an overflow.
  @Test func deepScriptsFitTheMainThreadsStack() async {
    // `0 + (0 + (…))`: an operation per level, two levels of the parser's 256.
    let open = String(repeating: "0 + (", count: 120), close = String(repeating: ")", count: 120)
    let source = """
      func depth(n) {
        if n == 0 { return \(open)0\(close) }
        return 1 + depth(n - 1)
      }
      depth(395)
      #> 395
      func forever(n) { return forever(n + 1) }
      forever(1)
      #> error: out of stack space after \\d+ nested calls; is a function calling itself without end\\? (re)

      """
    #expect(await expectScript(source: source) { _ in }.passed)
  }
}
#endif
