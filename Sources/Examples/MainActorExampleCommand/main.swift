// An app's own command in Swift 6 language mode, over @MainActor
// view-models: `mainOnMainActor` runs the command, `configure` and every
// script on the main thread, the view-models' actor.
//
//   swift run MainActorExampleCommand          # the REPL: `emit counter.increment`
//   swift run MainActorExampleCommand test Sources/Examples/MainActorScripts
import BindLanguage
import BindRuntime
import BindScriptCommandLine
import MainActorViewModels

/// A counter as a Swift 6 app writes one: isolated to the main actor.
@MainActor
final class CounterViewModel {
  @Observed var count = 0
  let increment = EventStream<Void>()
  private var tokens: [Disposable] = []

  init() {
    tokens.append(increment.on { [unowned self] in
      // Traps unless scripts drive this object on the main actor.
      MainActor.preconditionIsolated()
      count += 1
    })
  }

  /// An async main-actor method, as a view-model's `save()` or `submit()`:
  /// it suspends, and resumes on the main actor.
  func add(_ amount: Int) async -> Int {
    await Task.yield()
    MainActor.preconditionIsolated()
    count += amount
    return count
  }
}

let counter = CounterViewModel()
BindScriptApp.mainOnMainActor(commandName: "MainActorExampleCommand") { interpreter in
  try interpreter.register(CounterViewModel.self, as: "Counter") { type in
    type.property("count", \.$count)
    type.event("increment", \.increment)
    type.method("add(_:)") { (counter: CounterViewModel, amount: Int) async -> Int in await counter.add(amount) }
    type.constructor { CounterViewModel() }
  }
  try interpreter.inject(counter, as: "counter")
  try MainActorExampleTypes.register(in: interpreter)
}
