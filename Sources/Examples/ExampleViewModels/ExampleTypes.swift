import BindLanguage
import BindRuntime

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The example view-models as script types (`@Scriptable` classes; the
/// value types registered with the builder), and the objects every example script finds: what an app writes once to let
/// scripts, its tests and its own command drive its Swift classes.
public enum ExampleTypes {
  /// Registers the value types `SearchHit`, `SubmitState` and `Todo`, and
  /// the classes `FakeSearchService`, `SearchViewModel`, `SignUpViewModel`,
  /// `Settings` and `TodoList`.
  ///
  /// The constructors scripts call (`SearchViewModel()`,
  /// `SignUpViewModel()`) are the classes' `makeForScripts(in:)`, which give
  /// the new objects the interpreter's clock, so their sleeps follow the
  /// script's `wait`.
  public static func register(in interpreter: Interpreter) throws {
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
    // The classes are `@Scriptable`: each registers what it declares, and
    // its `makeForScripts(in:)` is the scripts' constructor.
    try FakeSearchService.register(in: interpreter)
    try SearchViewModel.register(in: interpreter)
    try SignUpViewModel.register(in: interpreter)
    try Settings.register(in: interpreter)
    try TodoList.register(in: interpreter)
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
