import BindLanguage
import BindRuntime

/// The example view-models as script types, registered by hand with the
/// builder (by plain key paths, as `@Observable` classes register), and the
/// objects every example script finds: what an app writes once to let
/// scripts, its tests and its own command drive its Swift classes.
public enum ExampleTypes {
  /// Registers `SearchHit`, `FakeSearchService`, `SearchViewModel`,
  /// `SignUpViewModel`, `Settings`, `TodoItem` and `TodoList`.
  ///
  /// The constructors scripts call (`SearchViewModel()`, `SignUpForm()`)
  /// give the new objects the interpreter's clock, so their sleeps follow
  /// the script's `wait`.
  public static func register(in interpreter: Interpreter) throws {
    let scheduler = interpreter.scheduler
    try interpreter.register(SearchHit.self, as: "SearchHit") { type in
      type.property("title", \.title)
      type.property("score", \.score)
    }
    try interpreter.register(FakeSearchService.self, as: "FakeSearchService") { type in
      type.property("isOffline", \.isOffline)
      type.property("requestCount", \.requestCount)
      type.constructor { FakeSearchService(clock: scheduler.clock) }
    }
    try interpreter.register(SearchViewModel.self, as: "SearchViewModel") { type in
      type.property("query", \.query)
      type.property("results", \.results)
      type.property("titles", \.titles)
      type.property("isLoading", \.isLoading)
      type.property("error", \.error)
      type.method("refresh()") { (vm: SearchViewModel) async in await vm.refresh() }
      type.method("clear()") { vm in vm.clear() }
      type.constructor {
        SearchViewModel(service: FakeSearchService(clock: scheduler.clock), clock: scheduler.clock)
      }
    }
    try interpreter.register(SignUpViewModel.self, as: "SignUpViewModel") { type in
      type.property("email", \.email)
      type.property("password", \.password)
      type.property("confirmation", \.confirmation)
      type.property("emailError", \.emailError)
      type.property("passwordError", \.passwordError)
      type.property("confirmationError", \.confirmationError)
      type.property("canSubmit", \.canSubmit)
      type.property("isSubmitting", \.isSubmitting)
      type.property("accountID", \.accountID)
      type.method("submit()") { (form: SignUpViewModel) async throws in try await form.submit() }
      type.constructor { SignUpViewModel(service: FakeAccountService(clock: scheduler.clock)) }
    }
    try interpreter.register(Settings.self, as: "Settings") { type in
      type.property("volume", \.volume)
      type.property("theme", \.theme)
      type.property("outputDevice", \.outputDevice)
      type.property("isLoud", \.isLoud)
      type.method("connectHeadphones()") { settings in settings.connectHeadphones() }
      type.method("reset()") { settings in settings.reset() }
      type.constructor { Settings() }
    }
    try interpreter.register(TodoItem.self, as: "TodoItem") { type in
      type.property("title", \.title)
      type.property("isDone", \.isDone)
    }
    try interpreter.register(TodoList.self, as: "TodoList") { type in
      type.property("items", \.items)
      type.property("remaining", \.remaining)
      type.property("lines", \.lines)
      type.method("add(title:)") { (list: TodoList, title: String) throws in try list.add(title: title) }
      type.method("toggle(at:)") { (list: TodoList, index: Int) throws in try list.toggle(at: index) }
      type.method("remove(at:)") { (list: TodoList, index: Int) throws in try list.remove(at: index) }
      type.method("clearCompleted()") { list in list.clearCompleted() }
      type.method("clear()") { list in list.clear() }
      type.constructor { TodoList() }
    }
  }

  /// Registers the types and injects the objects the example scripts use:
  /// `search` (a ``SearchViewModel`` over `service`, a ``FakeSearchService``
  /// answering after 200ms), `form` (a ``SignUpViewModel`` whose service
  /// answers after 500ms), `settings` and `todos`. Every clock is the
  /// interpreter's, so the scripts' `wait` and `await` move it.
  ///
  /// - Parameter settings: the app's settings; the command passes one that
  ///   outlives the interpreter (a REPL `:reset` keeps it), tests a new one.
  public static func configure(_ interpreter: Interpreter, settings: Settings = Settings()) throws {
    try register(in: interpreter)
    let clock = interpreter.scheduler.clock
    let service = FakeSearchService(clock: clock)
    try interpreter.inject(service, as: "service")
    try interpreter.inject(SearchViewModel(service: service, clock: clock), as: "search")
    try interpreter.inject(SignUpViewModel(service: FakeAccountService(clock: clock)), as: "form")
    try interpreter.inject(settings, as: "settings")
    try interpreter.inject(TodoList(), as: "todos")
  }

  /// The folder of the example scripts, found from this source file.
  public static var scriptsFolder: String {
    var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(2)
    return parts.joined(separator: "/") + "/Scripts"
  }
}
