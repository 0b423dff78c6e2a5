import BindRuntime

/// What the fuzz target does with one input: the same function for the
/// libFuzzer target (`Fuzz/`, `make fuzz`) and for the regression corpus that
/// `swift test` replays (`Tests/FuzzCorpus`), so a crash found by one
/// reproduces in the other.
///
/// An input goes the way a script goes through `bindscript run`: bytes to a
/// `SourceFile` (invalid UTF-8 is an error, not a crash), parse, render the
/// diagnostics, and, when it parsed, run it in a fresh `Interpreter` with
/// small limits. Errors are expected outcomes; a crash, a hang or memory that
/// outlives the input is a bug.
public enum FuzzHarness {
  /// The limits a fuzz input runs under: small, so every input is fast.
  public struct Limits: Sendable {
    /// Loop iterations and calls per top-level statement.
    public var maxSteps = 10_000
    /// How deeply functions and handlers may call each other.
    public var maxCallDepth = 64
    public init() {}
  }

  /// How far an input got.
  public enum Stage: String, Sendable {
    case invalidUTF8, syntaxError, runtimeError, ran
  }

  /// The result of one input.
  public struct Outcome: Sendable {
    public var stage: Stage
    /// The first diagnostic or error message, if any.
    public var message: String?
    /// Lines the script printed (observers, `print`, echoed values).
    public var outputLines: Int
    /// Whether the interpreter was deallocated once the input was done and
    /// its session ended (`endSession`): a `false` means a reference cycle
    /// keeps the whole session alive.
    public var interpreterReleased: Bool
    /// Graph nodes alive before the input and after its interpreter was
    /// released: more after than before means the input leaked nodes into
    /// `ReactiveGraph.shared`.
    public var liveNodesBefore: Int
    public var liveNodesAfter: Int
    /// Whether a fresh property still notifies its observer synchronously
    /// after the input: `false` means the input left the shared graph inside
    /// a batch or a propagation.
    public var graphIsIdle: Bool

    /// The leaks this outcome shows, as messages (empty when clean).
    public var problems: [String] {
      var problems: [String] = []
      if !interpreterReleased { problems.append("the interpreter was not released (a reference cycle)") }
      if liveNodesAfter > liveNodesBefore {
        problems.append("\(liveNodesAfter - liveNodesBefore) graph node(s) outlived the input")
      }
      if !graphIsIdle { problems.append("the shared graph was left busy (inside a batch or propagation)") }
      return problems
    }
  }

  /// Runs one input on a thread with a large stack (see `LargeStack`).
  public static func run(bytes: [UInt8], limits: Limits = Limits()) -> Outcome {
    LargeStack.run { runOnCurrentThread(bytes: bytes, limits: limits) }
  }

  /// Runs one input on the calling thread, which needs a stack of several
  /// MiB (more under sanitizers).
  public static func runOnCurrentThread(bytes: [UInt8], limits: Limits = Limits()) -> Outcome {
    let before = liveNodeCount()
    let released = WeakReference()
    let result = evaluate(bytes, limits: limits, remembering: released)
    return Outcome(
      stage: result.stage, message: result.message, outputLines: result.lines,
      interpreterReleased: released.object == nil, liveNodesBefore: before, liveNodesAfter: liveNodeCount(),
      graphIsIdle: graphIsIdle())
  }

  private static func options(_ limits: Limits) -> Interpreter.Options {
    var options = Interpreter.Options()
    options.maxSteps = limits.maxSteps
    options.maxCallDepth = limits.maxCallDepth
    return options
  }

  /// Runs `bytes` in an interpreter that exists only for this call;
  /// `reference` is left pointing at it, to tell whether it was released.
  private static func evaluate(
    _ bytes: [UInt8], limits: Limits, remembering reference: WeakReference
  ) -> (stage: Stage, message: String?, lines: Int) {
    let interpreter = Interpreter(options: options(limits))
    reference.object = interpreter
    let result = evaluate(bytes, in: interpreter)
    // What every host that creates many interpreters must do (see
    // `endSession`): compiled code and the global frame refer to each other.
    interpreter.endSession()
    return result
  }

  private static func evaluate(_ bytes: [UInt8], in interpreter: Interpreter) -> (stage: Stage, message: String?, lines: Int) {
    let renderer = DiagnosticRenderer(useColor: false)
    let file: SourceFile
    do {
      file = try SourceFile(path: "fuzz.bind", bytes: bytes)
    } catch let error as InvalidUTF8Error {
      _ = renderer.render([error.diagnostic], in: error.file)
      return (.invalidUTF8, error.diagnostic.message, 0)
    } catch {
      return (.invalidUTF8, "\(error)", 0)
    }
    let parsed = Parser.parseOnCurrentThread(file)
    _ = renderer.render(parsed.diagnostics, in: parsed.file)
    if let first = parsed.diagnostics.first(where: { $0.severity == .error }) {
      return (.syntaxError, first.message, 0)
    }
    _ = ASTDump.dump(parsed.statements)
    var lines = 0
    interpreter.output = { _ in lines += 1 }
    // No file system: an input may name any path (`import "/dev/zero"`).
    interpreter.readFile = { path in throw FileSystem.FileError(path: path, reason: "no files in the fuzzer") }
    do {
      try interpreter.run(parsed)
    } catch let error as ScriptError {
      _ = renderer.render([error.diagnostic], in: error.file ?? parsed.file)
      return (.runtimeError, error.message, lines)
    } catch {
      return (.runtimeError, "\(error)", lines)
    }
    return (.ran, nil, lines)
  }

  private static func liveNodeCount() -> Int {
    ReactiveGraph.shared.snapshot().nodes.count
  }

  private static func graphIsIdle() -> Bool {
    let probe = Property(0, label: "fuzz.probe")
    var notified = false
    let subscription = probe.observe { _ in notified = true }
    probe.value = 1
    subscription.dispose()
    return notified
  }
}

/// A weak reference, to tell whether an object was released.
private final class WeakReference {
  weak var object: AnyObject?
}
