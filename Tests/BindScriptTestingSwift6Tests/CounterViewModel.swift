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

  /// Makes `Counter` a script type; called on the main actor, where the
  /// key paths to its isolated properties may be formed.
  static func register(in interpreter: Interpreter) throws {
    try interpreter.register(CounterViewModel.self, as: "Counter") { type in
      type.property("count", \.$count)
      type.property("title", \.$title)
      type.property("canIncrement", \.canIncrement)
      type.event("increment", \.increment)
      type.constructor { CounterViewModel() }
    }
  }

  /// The folder of this target's scripts.
  nonisolated static func script(_ name: String) -> String {
    var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast()
    return parts.joined(separator: "/") + "/Scripts/" + name
  }
}
