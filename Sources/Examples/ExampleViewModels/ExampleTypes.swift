import BindLanguage
import BindRuntime

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The example view-models as script types, registered by hand with the
/// builder (by plain key paths, as `@Observable` classes register), and the
/// objects every example script finds: what an app writes once to let
/// scripts, its tests and its own command drive its Swift classes.
public enum ExampleTypes {
  /// Registers the value types `SearchHit`, `SubmitState` and `Todo`, and
  /// the classes `FakeSearchService`, `SearchViewModel`, `SignUpViewModel`,
  /// `Settings` and `TodoList`.
  ///
  /// The constructors scripts call (`SearchViewModel()`, `SignUpForm()`)
  /// give the new objects the interpreter's clock, so their sleeps follow
  /// the script's `wait`.
  public static func register(in interpreter: Interpreter) throws {
    let scheduler = interpreter.scheduler
    try interpreter.registerStruct(SearchHit.self, as: "SearchHit") { type in
      type.field("title", \.title)
      type.field("score", \.score)
      type.initializer { try SearchHit(title: $0.value("title"), score: $0.value("score")) }
    }
    try interpreter.registerEnum(SubmitState.self, as: "SubmitState") { type in
      type.case("idle", .idle)
      type.case("submitting", .submitting)
      type.case("failed", SubmitState.failed) { if case .failed(let message) = $0 { message } else { nil } }
      type.case("succeeded", label: "accountID", SubmitState.succeeded) {
        if case .succeeded(let id) = $0 { id } else { nil }
      }
    }
    try interpreter.registerStruct(Todo.self, as: "Todo") { type in
      type.field("title", \.title)
      type.field("isDone", \.isDone)
      type.field("added", \.added)
      type.initializer { try Todo(title: $0.value("title"), isDone: $0.value("isDone"), added: $0.value("added")) }
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
      type.property("state", \.state)
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
    try interpreter.register(TodoList.self, as: "TodoList") { type in
      type.property("items", \.items)
      type.property("remaining", \.remaining)
      type.property("lines", \.lines)
      type.method("add(title:)") { (list: TodoList, title: String) throws in try list.add(title: title) }
      type.method("add(_:)") { (list: TodoList, todo: Todo) throws in try list.add(todo) }
      type.method("item(at:)") { (list: TodoList, index: Int) throws in try list.item(at: index) }
      type.method("added(before:)") { (list: TodoList, date: Date) in list.added(before: date) }
      type.method("toggle(at:)") { (list: TodoList, index: Int) throws in try list.toggle(at: index) }
      type.method("remove(at:)") { (list: TodoList, index: Int) throws in try list.remove(at: index) }
      type.method("clearCompleted()") { list in list.clearCompleted() }
      type.method("clear()") { list in list.clear() }
      type.constructor { TodoList(now: clockDate(scheduler)) }
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
    try interpreter.inject(TodoList(now: clockDate(interpreter.scheduler)), as: "todos")
  }

  /// The date the example scripts start at: 2026-11-25 08:41:04 UTC.
  public static let startDate = Date(timeIntervalSince1970: 1_795_596_064)

  /// Dates on the script's clock: ``startDate`` plus the time the script let
  /// pass, so `wait 1s` moves them and every run gives the same dates.
  static func clockDate(_ scheduler: Scheduler) -> () -> Date {
    {
      let (seconds, attoseconds) = scheduler.now.components
      return startDate.addingTimeInterval(Double(seconds) + Double(attoseconds) / 1e18)
    }
  }

  /// The folder of the example scripts, found from this source file.
  public static var scriptsFolder: String {
    var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(2)
    return parts.joined(separator: "/") + "/Scripts"
  }
}
