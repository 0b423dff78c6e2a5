import BenchSupport
import BindLanguage
import BindScriptable
import BindSyntax

/// What registering an app's `@Scriptable` types costs when a command, a
/// REPL or a test starts: 200 view-models (RegistrationModels.swift; each
/// with three properties, a computed one, two initializers, three methods
/// and a static constant) registered into a fresh interpreter, next to the
/// same number of script-declared types of the same shape compiled into
/// one.
extension EmbeddingSection {
  static let registrationKey = "register-200"

  static var registrationScenario: Scenario {
    Scenario(
      key: registrationKey, title: "register 200 `@Scriptable` types (script: declare 200 `type`s)", unit: "ns/200 types",
      contestants: [
        Contestant(script, .time(unitsPerIteration: 1) { declareScriptTypes() }),
        Contestant(host, .time(unitsPerIteration: 1) { registerHostTypes() }),
        Contestant(empty, .unavailable("no loop here")),
      ])
  }

  /// Issue 28: registering 200 `@Scriptable` types takes under 20 ms.
  static let registrationGoal = Goal("\(host) registers 200 @Scriptable types in under 20 ms") { result in
    guard let hostTime = result.value(registrationKey, host) else { return (nil, "not measured") }
    let milliseconds = hostTime / 1_000_000
    let ratio = result.value(registrationKey, script).map { " (\(format(hostTime / $0))× declaring 200 script types)" } ?? ""
    return (milliseconds < 20, "\(format(milliseconds)) ms\(ratio)")
  }

  private static func registerHostTypes() -> Workload {
    var registered = 0
    return Workload(
      run: { iterations in
        for _ in 0..<iterations {
          let interpreter = Interpreter()
          do {
            for model in registrationModels { try model.register(in: interpreter, as: model.scriptTypeName) }
          } catch {
            fatalError("registration failed: \(error)")
          }
          registered = interpreter.typesByName.values.filter { $0.name.hasPrefix("Model") }.count
          interpreter.endSession()
        }
      },
      check: { registered == 200 ? nil : "CHECK FAILED: \(registered) types registered, expected 200" })
  }

  private static func declareScriptTypes() -> Workload {
    let source = (1...200).map { index in
      let name = "Model" + String(index).leftPadded(to: 3)
      return """
        type \(name) {
          var count: Int = 0
          var title: String = ""
          var done: Bool = false
          static let limit = \(index)
          func bump(by step: Int) { count += step }
          func rename(_ title: String) { self.title = title }
          func finish() { done = true }
        }
        """
    }.joined(separator: "\n")
    let program = Parser.parse(source, path: "types.bind")
    var declared = 0
    return Workload(
      run: { iterations in
        for _ in 0..<iterations {
          let interpreter = Interpreter()
          do {
            try interpreter.run(program)
          } catch {
            fatalError("declaration failed: \(error)")
          }
          declared = interpreter.typesByName.values.filter { $0.name.hasPrefix("Model") }.count
          interpreter.endSession()
        }
      },
      check: { declared == 200 ? nil : "CHECK FAILED: \(declared) types declared, expected 200" })
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
