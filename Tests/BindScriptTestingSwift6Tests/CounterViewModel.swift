import BindLanguage
import BindRuntime

/// A view-model as a Swift 6 app writes one: isolated to the main actor.
@MainActor
final class CounterViewModel {
  @Observed var count = 0
  @Observed var title = "Counter"
  /// Whether `count` may go up.
  lazy var canIncrement = Derived { [unowned self] in count < limit }
  /// The user pressed "+".
  let increment = EventStream<Void>()
  let limit: Int
  /// How many increments ran, each checked to be on the main actor.
  private(set) var incrementsOnMainActor = 0
  private var tokens: [Disposable] = []

  init(limit: Int = 3) {
    self.limit = limit
    tokens.append(increment.on { [unowned self] in
      // Traps unless the script drives this object on the main actor.
      MainActor.preconditionIsolated("scripts must drive a @MainActor view-model on the main actor")
      incrementsOnMainActor += 1
      if canIncrement.value { count += 1 }
    })
  }

  /// Saves the count: an async `@MainActor` method whose work after each
  /// suspension is a main-actor job, as a real app's submit is. It changes
  /// observable state before and after awaiting a nonisolated service.
  func save() async throws {
    title = "Saving"
    let stored = try await Self.store(count)
    MainActor.preconditionIsolated("save() resumes on the main actor")
    title = "Saved \(stored)"
    count = 0
  }

  /// Asks the store for the count: an async `@MainActor` method with a
  /// value, whose work after the store answers is a main-actor job.
  func fetchCount() async throws -> Int {
    let stored = try await Self.store(count)
    MainActor.preconditionIsolated("fetchCount() resumes on the main actor")
    title = "Fetched \(stored)"
    return stored
  }

  /// The store a save goes to: off the main actor, as a network call is.
  /// Fails for a negative count.
  nonisolated private static func store(_ count: Int) async throws -> Int {
    await Task.yield()
    guard count >= 0 else { throw StoreError() }
    return count
  }

  struct StoreError: Error, CustomStringConvertible {
    var description: String { "the store refuses a negative count" }
  }

  /// Makes `Counter` a script type; called on the main actor, where the
  /// key paths to its isolated properties may be formed.
  static func register(in interpreter: Interpreter) throws {
    try interpreter.register(CounterViewModel.self, as: "Counter") { type in
      type.property("count", \.$count)
      type.property("title", \.$title)
      type.property("canIncrement", \.canIncrement)
      type.event("increment", \.increment)
      type.constructor { CounterViewModel() }
      type.method("save()") { (vm: CounterViewModel) async throws in try await vm.save() }
      type.method("fetchCount()") { (vm: CounterViewModel) async throws -> Int in try await vm.fetchCount() }
      type.method("set(count:)") { (vm: CounterViewModel, count: Int) in vm.count = count }
    }
  }

  /// The folder of this target's scripts.
  nonisolated static func script(_ name: String) -> String {
    var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast()
    return parts.joined(separator: "/") + "/Scripts/" + name
  }
}
