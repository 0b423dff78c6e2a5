import BenchSupport
import BindLanguage
import BindSyntax

/// What a Swift call into a protocol method a script implements (a fake
/// written in a script, issue 28) costs, next to a script's call of the same
/// script method: the script runs `for i in 1...n { s = f.value(i) }`; Swift
/// runs `for i in 1...n { s = store.value(i) }` on the `any ValueStore`
/// that the script's `f` became when it was passed to a host method.
enum ScriptImplementationCalls {
  /// The protocol, as an app declares it.
  protocol ValueStore {
    func value(_ x: Int) -> Int
  }

  /// What `@ScriptImplementable` writes for `ValueStore` (the macro is not
  /// built here: swift-syntax in release takes minutes).
  final class ScriptedValueStore: ValueStore, ScriptImplemented {
    let scriptImplementation: ScriptImplementation
    init(scriptImplementation: ScriptImplementation) { self.scriptImplementation = scriptImplementation }
    func value(_ a0: Int) -> Int { scriptImplementation.callOrFallback(0, a0) }
  }

  /// Where the script hands its fake to Swift.
  final class Sink {
    var store: (any ValueStore)?
  }

  static let scenario = Scenario(
    key: "fake-call", title: "call `f.value(i)`: a script's call vs Swift's call of the script-implemented protocol method",
    unit: "ns/call",
    contestants: [
      Contestant(EmbeddingSection.script, .time(unitsPerIteration: EmbeddingSection.opsPerIteration) { workload(fromSwift: false) }),
      Contestant(EmbeddingSection.host, .time(unitsPerIteration: EmbeddingSection.opsPerIteration) { workload(fromSwift: true) }),
      Contestant(EmbeddingSection.empty, .time(unitsPerIteration: EmbeddingSection.opsPerIteration) {
        EmbeddingSection.workload(.script, body: "s = i")
      }),
    ])

  /// Issue 28: a Swift call into a script-implemented protocol method costs at most 3× a script-to-script call.
  static let goal = Goal("\(EmbeddingSection.host) within 3× of \(EmbeddingSection.script) on fake-call") { result in
    guard let swiftTime = result.value("fake-call", EmbeddingSection.host),
      let scriptTime = result.value("fake-call", EmbeddingSection.script),
      let loop = result.value("fake-call", EmbeddingSection.empty)
    else { return (nil, "not measured") }
    let whole = swiftTime / scriptTime
    let net = swiftTime / max(scriptTime - loop, 1e-9)
    return (whole <= 3, "\(format(whole))× the script's whole loop step, \(format(net))× its call alone (minus the empty loop)")
  }

  static func workload(fromSwift: Bool) -> Workload {
    let interpreter = Interpreter()
    let sink = Sink()
    let source = """
      type Fake: ValueStore { func value(_ x: Int) -> Int { x } }
      let f = Fake()
      sink.keep(f)
      var s = 0
      func loop(n) { for i in 1...n { s = f.value(i) } }
      """
    do {
      try interpreter.registerProtocol(
        (any ValueStore).self, as: "ValueStore", implementedBy: { ScriptedValueStore(scriptImplementation: $0) }
      ) { requirements in
        requirements.method("value(_:)", parameters: [Int.self], returns: Int.self)
      }
      try interpreter.register(Sink.self, as: "Sink") { type in
        type.method("keep(_:)") { (sink: Sink, store: any ValueStore) in sink.store = store }
      }
      try interpreter.inject(sink, as: "sink")
      try interpreter.run(Parser.parse(source, path: "fake.bind"))
    } catch {
      fatalError("setup failed: \(error)")
    }
    guard let store = sink.store else { fatalError("the script's fake did not reach Swift") }
    var total = 0
    var expected = 0
    if fromSwift {
      return Workload(
        run: { iterations in
          let n = iterations * EmbeddingSection.opsPerIteration
          var sum = 0
          for i in 1...n { sum &+= store.value(i) }
          total &+= sum
          expected &+= n * (n + 1) / 2
        },
        check: { total == expected ? nil : "CHECK FAILED: Swift summed \(total), expected \(expected)" })
    }
    let call = Parser.parse("loop(\(EmbeddingSection.opsPerIteration))", path: "run.bind")
    return Workload(run: { iterations in
      for _ in 0..<iterations {
        do {
          _ = try interpreter.execute(call.statements[0], in: call.file)
        } catch {
          fatalError("run failed: \(error)")
        }
      }
    })
  }
}
