import BindRuntime
import BindScriptable
import BindSyntax
import Testing
@testable import BindLanguage

/// A `@MainActor` view-model whose initializers are isolated to the main
/// actor: its registration (an isolated conformance) calls them there.
@MainActor @Scriptable
final class ScriptedMainActorTally {
  @Observed var count = 0

  init(start: Int) {
    MainActor.preconditionIsolated()
    count = start
  }

  convenience init?(code: String, step: Int = 1) {
    guard let value = Int(code) else { return nil }
    self.init(start: value * step)
  }
}

@MainActor
struct ScriptableMainActorInitializerTests {
  @Test func aScriptMakesAMainActorViewModelWithItsInitializers() throws {
    let interpreter = Interpreter()
    defer { interpreter.endSession() }
    try interpreter.register(ScriptedMainActorTally.self)
    var lines: [String] = []
    interpreter.output = { lines.append($0) }
    let parsed = Parser.parse(
      """
      let a = ScriptedMainActorTally(start: 4)
      observe a.count
      a.count = 5
      print(ScriptedMainActorTally(code: "3", step: 2)?.count)
      print(ScriptedMainActorTally(code: "x") == nil)
      """)
    try interpreter.run(parsed)
    #expect(lines == ["a.count: 4 -> 5", "6", "true"])
  }
}
