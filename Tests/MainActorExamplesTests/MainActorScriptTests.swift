import BindLanguage
import BindScriptTesting
import MainActorViewModels
import Testing

/// The main-actor examples' scripts through `await expectScript`, from a
/// `@MainActor` suite as an app's own tests run them: `wait` runs the
/// view-models' main-actor tasks, and every host read (the cart's getter
/// checks it) happens on the main queue.
@MainActor
@Suite struct MainActorScriptTests {
  /// Each script of the folder is a test case of its own, named by its file.
  @Test(arguments: ScriptTest.scripts(in: MainActorExampleTypes.scriptsFolder))
  func scriptPasses(_ script: ScriptFile) async {
    let result = await expectScript(script) { try MainActorExampleTypes.register(in: $0) }
    #expect(result.passed)
  }

  @Test func everyScriptOfTheFolderIsACase() {
    #expect(ScriptTest.scripts(in: MainActorExampleTypes.scriptsFolder).map(\.name) == ["bad-input.bind", "banner.bind", "cart.bind", "debounce.bind"])
  }

  /// A view-model the test made and injected: the script's `wait` runs its
  /// debounce, and the test sees the outcome afterwards.
  @Test func anInjectedModelsTasksRunAtWait() async {
    var model: QuickSearchModel?
    await expectScript(source: """
      observe search.results
      search.text = "ru"
      wait 500ms
      #> search.results: [] -> ["Rust"]
      """, path: "injected.bind") { interpreter in
      let clock = interpreter.scheduler.clock
      let search = QuickSearchModel(catalog: Catalog(clock: clock), clock: clock)
      model = search
      try MainActorExampleTypes.register(in: interpreter)
      try interpreter.inject(search, as: "search")
    }
    #expect(model?.results == ["Rust"])
  }
}
