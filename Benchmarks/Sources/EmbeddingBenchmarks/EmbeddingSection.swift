import BenchSupport
import BindLanguage
import BindRuntime
import BindSyntax

/// What a property read and write through the embedding bridge costs, next
/// to the same statement on a script-declared type: the interpreter runs
/// `for i in 1...n { s = v.count }` (read) and `for i in 1...n { v.count = i }`
/// (write), where `v` is either an object of `type Counter { var count: Int }`
/// or a Swift `HostCounter` (`@Observed var count = 0`) registered under the
/// same name. An empty loop is measured too, so the goal can compare the
/// property operations alone.
public enum EmbeddingSection {
  static let script = "script type"
  static let host = "host type"
  static let empty = "empty loop"

  public static func make() -> Section {
    Section(
      title: "Embedding: a host property through the bridge vs a script-declared property",
      baseline: script,
      implementations: [script, host, empty],
      scenarios: [
        Scenario(
          key: "bridge-read", title: "read `s = v.count`", unit: "ns/read",
          contestants: [
            Contestant(script, .time(unitsPerIteration: opsPerIteration) { workload(.script, body: "s = v.count") }),
            Contestant(host, .time(unitsPerIteration: opsPerIteration) { workload(.host, body: "s = v.count") }),
            Contestant(empty, .time(unitsPerIteration: opsPerIteration) { workload(.script, body: "s = i") }),
          ]),
        Scenario(
          key: "bridge-write", title: "write `v.count = i`", unit: "ns/write",
          contestants: [
            Contestant(script, .time(unitsPerIteration: opsPerIteration) { workload(.script, body: "v.count = i") }),
            Contestant(host, .time(unitsPerIteration: opsPerIteration) { workload(.host, body: "v.count = i") }),
            Contestant(empty, .time(unitsPerIteration: opsPerIteration) { workload(.script, body: "s = i") }),
          ]),
        Scenario(
          key: "bridge-observed", title: "write with one script observer", unit: "ns/write",
          contestants: [
            Contestant(script, .time(unitsPerIteration: opsPerIteration) { workload(.script, body: "v.count = i", observed: true) }),
            Contestant(host, .time(unitsPerIteration: opsPerIteration) { workload(.host, body: "v.count = i", observed: true) }),
            Contestant(empty, .time(unitsPerIteration: opsPerIteration) { workload(.script, body: "s = i") }),
          ]),
        Scenario(
          key: "struct-field-read", title: "read `s = v.hit.score` (a struct-typed property, then its field)", unit: "ns/read",
          contestants: [
            Contestant(script, .time(unitsPerIteration: opsPerIteration) { workload(.script, body: "s = v.hit.score") }),
            Contestant(host, .time(unitsPerIteration: opsPerIteration) { workload(.host, body: "s = v.hit.score") }),
            Contestant(empty, .time(unitsPerIteration: opsPerIteration) { workload(.script, body: "s = i") }),
          ]),
        Scenario(
          key: "host-method-call", title: "call `v.nothing()` (host method) vs `nothing()` (script function)", unit: "ns/call",
          contestants: [
            Contestant(script, .time(unitsPerIteration: opsPerIteration) { workload(.script, body: "nothing()") }),
            Contestant(host, .time(unitsPerIteration: opsPerIteration) { workload(.host, body: "v.nothing()") }),
            Contestant(empty, .time(unitsPerIteration: opsPerIteration) { workload(.script, body: "s = i") }),
          ]),
        ScriptImplementationCalls.scenario,
        registrationScenario,
      ],
      goals: ["bridge-read", "bridge-write", "bridge-observed"].map(goal) + [methodGoal, structGoal, ScriptImplementationCalls.goal, registrationGoal],
      notes: [
        "Each iteration is one loop step of the interpreter running the statement shown; `empty loop` runs `s = i`.",
        "Ratios: `host type` / `script type`, first for the whole statement, then for the property operation alone (both minus the empty loop).",
        "`host-method-call`: `script type` calls a script `func nothing() {}`; `host type` calls a registered Swift method that does nothing (`type.method(\"nothing()\") { _ in }`).",
        "`struct-field-read`: `v.hit` is a registered Swift struct `Hit { title: String, score: Int }` in both: on the `script type`, a script object's property declared `var hit: Hit` (set from a host function, as script `struct` syntax is not on main yet); on the `host type`, the Swift object's `@Observed var hit: Hit`, converted to a StructValue on each read. The field read (`.score`) is the same code in both.",
        "`fake-call`: `script type` runs `for i in 1...100 { s = f.value(i) }` in a script, `f` an object of `type Fake: ValueStore { func value(_ x: Int) -> Int { x } }`; `host type` is Swift calling `store.value(i)` 100 times on the `any ValueStore` the same `f` became when the script passed it to a host method (the class `@ScriptImplementable` writes, by hand). Ratio: Swift's call / the script's loop step, and / the script's call alone (loop step minus the empty loop).",
        "`register-200`: a fresh interpreter per iteration; `host type` registers the 200 `@Scriptable` classes of RegistrationModels.swift (macro-written registrations), `script type` runs a parsed program declaring 200 script types of the same shape.",
        "A host read or write goes straight to the Swift `Property<Int>` through an accessor specialized for `Int`; a script observer observes the Swift node itself.",
      ])
  }

  enum Kind { case script, host }

  /// Loop steps per harness iteration: enough that the statement that
  /// starts the loop costs nothing next to it, even when a busy machine
  /// makes the harness calibrate to a handful of iterations.
  static let opsPerIteration = 100

  /// Holds the loop count, so the timed statement is parsed once.
  final class Parameters {
    @Observed var steps = 0
  }

  /// The Swift class behind the host type.
  final class HostCounter {
    @Observed var count = 0
    @Observed var hit = Hit(title: "Swift", score: 3)
  }

  static func goal(_ key: String) -> Goal {
    Goal("\(host) within 1.5× of \(script) on \(key) (property operation alone)") { result in
      guard let hostTime = result.value(key, host), let scriptTime = result.value(key, script),
        let loop = result.value(key, empty)
      else { return (nil, "not measured") }
      let whole = hostTime / scriptTime
      let net = max(hostTime - loop, 0) / max(scriptTime - loop, 1e-9)
      return (net <= 1.5, "\(format(whole))× whole statement, \(format(net))× property operation alone")
    }
  }

  /// Issue 12: a host method that does nothing costs at most 2× a call of a script function.
  static let methodGoal = Goal("\(host) within 2× of \(script) on host-method-call (whole statement)") { result in
    guard let hostTime = result.value("host-method-call", host), let scriptTime = result.value("host-method-call", script),
      let loop = result.value("host-method-call", empty)
    else { return (nil, "not measured") }
    let whole = hostTime / scriptTime
    let net = max(hostTime - loop, 0) / max(scriptTime - loop, 1e-9)
    return (whole <= 2, "\(format(whole))× whole statement, \(format(net))× call alone")
  }

  /// Issue 12: a read of a bridged struct's property costs at most 2× a script struct's.
  static let structGoal = Goal("\(host) within 2× of \(script) on struct-field-read (whole statement)") { result in
    guard let hostTime = result.value("struct-field-read", host), let scriptTime = result.value("struct-field-read", script),
      let loop = result.value("struct-field-read", empty)
    else { return (nil, "not measured") }
    let whole = hostTime / scriptTime
    let net = max(hostTime - loop, 0) / max(scriptTime - loop, 1e-9)
    return (whole <= 2, "\(format(whole))× whole statement, \(format(net))× read alone")
  }

  /// A Swift struct, registered as the script type `Hit`.
  struct Hit {
    var title: String
    var score: Int
  }

  /// An interpreter with `v` (of the kind asked) and a function `loop(n)`
  /// running `body` n times; each run calls it once.
  static func workload(_ kind: Kind, body: String, observed: Bool = false) -> Workload {
    let interpreter = Interpreter()
    var printed = 0
    interpreter.output = { _ in printed += 1 }
    let counter = HostCounter()
    var setup = "var s = 0\n"
    do {
      try interpreter.registerStruct(Hit.self, as: "Hit") { type in
        type.field("title", \.title)
        type.field("score", \.score)
        type.initializer { try Hit(title: $0.value("title"), score: $0.value("score")) }
      }
      try interpreter.define("makeHit()") { Hit(title: "Swift", score: 3) }
    } catch {
      fatalError("registration failed: \(error)")
    }
    switch kind {
    case .script:
      setup += "type Counter { var count: Int = 0\n var hit: Hit }\nlet v = Counter(hit: makeHit())\n"
    case .host:
      do {
        try interpreter.register(HostCounter.self, as: "Counter") { type in
          type.property("count", \.$count)
          type.property("hit", \.$hit)
          type.method("nothing()") { _ in }
        }
        try interpreter.inject(counter, as: "v")
      } catch {
        fatalError("registration failed: \(error)")
      }
    }
    if observed { setup += "observe v.count { n in s = n }\n" }
    setup += "func nothing() {}\n"
    setup += "func loop(n) {\n  v.count = 0\n  for i in 1...n { \(body) }\n}\n"
    let parameters = Parameters()
    let call = Parser.parse("loop(p.steps)", path: "run.bind")
    do {
      try interpreter.register(Parameters.self, as: "Parameters") { type in type.property("steps", \.$steps) }
      try interpreter.inject(parameters, as: "p")
      try interpreter.run(Parser.parse(setup, path: "setup.bind"))
      // Warm up: first runs allocate what later runs reuse.
      parameters.steps = 10_000
      _ = try interpreter.execute(call.statements[0], in: call.file)
    } catch {
      fatalError("setup failed: \(error)")
    }
    var last = 0
    return Workload(
      run: { iterations in
        last = iterations * opsPerIteration
        parameters.steps = last
        do {
          _ = try interpreter.execute(call.statements[0], in: call.file)
        } catch {
          fatalError("run failed: \(error)")
        }
      },
      check: {
        guard body.hasPrefix("v.count") else { return nil }
        if kind == .host, counter.count != last { return "CHECK FAILED: Swift sees \(counter.count), expected \(last)" }
        if observed, printed != 0 { return "CHECK FAILED: unexpected output" }
        return nil
      })
  }
}
