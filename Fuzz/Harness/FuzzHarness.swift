import BindFormatter
import BindLanguage
import BindPlatform
import BindRuntime
import BindSyntax

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
    /// Whether the script declares a type with an object-typed property
    /// (`var friend: Person?`, `var items: [Item]`). Such references are
    /// strong (Grammar.md §6), so the script itself may build a cycle that outlives
    /// the session, as it would in Swift: not the interpreter's leak.
    public var mayFormReferenceCycles: Bool
    /// What `bindscript fmt` got wrong with an input that parses: the
    /// formatted text is another program, or formatting it again changes
    /// it. `nil` when formatting kept the program and is idempotent.
    public var formatProblem: String?

    /// The leaks this outcome shows, as messages (empty when clean). Leaks
    /// are not judged for scripts that may build reference cycles of their
    /// own (`mayFormReferenceCycles`); a busy graph always counts.
    public var problems: [String] {
      var problems: [String] = []
      if !mayFormReferenceCycles {
        if !interpreterReleased { problems.append("the interpreter was not released (a reference cycle)") }
        if liveNodesAfter > liveNodesBefore {
          problems.append("\(liveNodesAfter - liveNodesBefore) graph node(s) outlived the input")
        }
      }
      if !graphIsIdle { problems.append("the shared graph was left busy (inside a batch or propagation)") }
      if let formatProblem { problems.append("fmt: \(formatProblem)") }
      return problems
    }
  }

  /// Wraps the part of an input that runs the script, from creating its
  /// interpreter to ending its session. The flag says whether the script may
  /// build reference cycles of its own (see `Outcome.mayFormReferenceCycles`);
  /// the fuzzer uses it to hide those allocations from LeakSanitizer.
  public typealias RunWrapper = (_ mayFormReferenceCycles: Bool, _ run: () -> Void) -> Void

  /// Runs a fuzzing driver (libFuzzer's loop) for the whole process: on a
  /// thread with a 256 MiB stack (reserved, not committed), so inputs run in
  /// place rather than on a thread of their own, and with the shared graph's
  /// error printing off, since errors a plain setter cannot throw (a binding
  /// cycle) would print a line per input.
  public static func runDriver(_ driver: @escaping () -> CInt) -> CInt {
    ReactiveGraph.shared.errorHandler = { _ in }
    return LargeStack.run(stackSize: 256 << 20, driver)
  }

  /// Runs one input on a thread with a large stack (see `LargeStack`), or in
  /// place when the caller is on one already.
  public static func run(
    bytes: [UInt8], limits: Limits = Limits(), wrappingRun wrapper: @escaping RunWrapper = { $1() }
  ) -> Outcome {
    LargeStack.run { runOnCurrentThread(bytes: bytes, limits: limits, wrappingRun: wrapper) }
  }

  /// Runs one input on the calling thread, which needs a stack of several
  /// MiB (more under sanitizers).
  public static func runOnCurrentThread(
    bytes: [UInt8], limits: Limits = Limits(), wrappingRun wrapper: RunWrapper = { $1() }
  ) -> Outcome {
    let before = liveNodeCount()
    let renderer = DiagnosticRenderer(useColor: false)
    var formatProblem: String?
    func finish(_ stage: Stage, _ message: String?, lines: Int = 0, released: Bool = true, cycles: Bool = false)
      -> Outcome
    {
      Outcome(
        stage: stage, message: message, outputLines: lines, interpreterReleased: released,
        liveNodesBefore: before, liveNodesAfter: liveNodeCount(), graphIsIdle: graphIsIdle(),
        mayFormReferenceCycles: cycles, formatProblem: formatProblem)
    }
    let file: SourceFile
    do {
      file = try SourceFile(path: "fuzz.bind", bytes: bytes)
    } catch let error as InvalidUTF8Error {
      _ = renderer.render([error.diagnostic], in: error.file)
      return finish(.invalidUTF8, error.diagnostic.message)
    } catch {
      return finish(.invalidUTF8, "\(error)")
    }
    let parsed = Parser.parseOnCurrentThread(file)
    _ = renderer.render(parsed.diagnostics, in: parsed.file)
    if let first = parsed.diagnostics.first(where: { $0.severity == .error }) {
      return finish(.syntaxError, first.message)
    }
    _ = ASTDump.dump(parsed.statements)
    formatProblem = formatterProblem(file)
    check(parsed)
    let cycles = mayFormReferenceCycles(parsed.statements)
    let reference = WeakReference()
    var result: (stage: Stage, message: String?, lines: Int) = (.ran, nil, 0)
    wrapper(cycles) {
      // A cycle of the script's own keeps what its code refers to: the
      // syntax tree and the source too, which are made again here, inside
      // the wrapper (where the fuzzer stops LeakSanitizer from judging).
      let program = cycles ? ((try? SourceFile(path: "fuzz.bind", bytes: bytes)).map(Parser.parseOnCurrentThread) ?? parsed) : parsed
      result = run(program, limits: limits, remembering: reference)
    }
    return finish(
      result.stage, result.message, lines: result.lines, released: reference.object == nil, cycles: cycles)
  }

  /// What `bindscript check` and the language server do with the input:
  /// compile every statement, then the member pass; nothing runs.
  private static func check(_ parsed: ParseResult) {
    let interpreter = Interpreter()
    interpreter.output = { _ in }
    interpreter.readFile = { path in throw FileSystem.FileError(path: path, reason: "no files in the fuzzer") }
    for error in interpreter.check(parsed) {
      _ = DiagnosticRenderer(useColor: false).render([error.diagnostic], in: error.file ?? parsed.file)
    }
    interpreter.endSession()
  }

  /// Runs `parsed` in an interpreter that exists only for this call;
  /// `reference` is left pointing at it, to tell whether it was released.
  private static func run(
    _ parsed: ParseResult, limits: Limits, remembering reference: WeakReference
  ) -> (stage: Stage, message: String?, lines: Int) {
    let interpreter = Interpreter(options: options(limits))
    reference.object = interpreter
    var lines = 0
    interpreter.output = { _ in lines += 1 }
    // No file system: an input may name any path (`import "/dev/zero"`).
    interpreter.readFile = { path in throw FileSystem.FileError(path: path, reason: "no files in the fuzzer") }
    var result: (stage: Stage, message: String?, lines: Int)
    do {
      try interpreter.run(parsed)
      result = (.ran, nil, lines)
    } catch let error as ScriptError {
      _ = DiagnosticRenderer(useColor: false).render([error.diagnostic], in: error.file ?? parsed.file)
      result = (.runtimeError, error.message, lines)
    } catch {
      result = (.runtimeError, "\(error)", lines)
    }
    // What every host that creates many interpreters must do (see
    // `endSession`): compiled code and the global frame refer to each other.
    interpreter.endSession()
    return result
  }

  /// Whether a type declared in `statements` has a property that holds
  /// objects, through which the script can build a cycle of its own.
  static func mayFormReferenceCycles(_ statements: [Statement]) -> Bool {
    func holdsObjects(_ type: TypeAnnotation) -> Bool {
      switch type {
      case .named(let name, _): return !["Int", "Double", "String", "Bool"].contains(name)
      case .optional(let wrapped, _), .array(let wrapped, _): return holdsObjects(wrapped)
      case .dictionary(_, let value, _): return holdsObjects(value)
      case .generic(_, let arguments, _): return arguments.contains(where: holdsObjects)
      case .tuple(let elements, _): return elements.contains { holdsObjects($0.type) }
      case .function: return true
      }
    }
    // A closure stored where its own frame holds it (`inner = { inner }`
    // in a function) is a cycle in Swift too.
    if SyntaxWalk.mayStoreCapturingClosures(statements) { return true }
    // A property without a written type takes its default's, which may be an object.
    func mayHoldObjects(_ declaration: TypeDeclaration) -> Bool {
      declaration.properties.contains { $0.type.map(holdsObjects) ?? true }
        || declaration.nestedTypes.contains(where: mayHoldObjects)
    }
    return statements.contains { statement in
      guard case .typeDeclaration(let declaration) = statement else { return false }
      return mayHoldObjects(declaration)
    }
  }

  /// Formats an input that parses: `Formatter` itself throws when its
  /// output would lex or parse differently; a second pass must change
  /// nothing.
  static func formatterProblem(_ file: SourceFile) -> String? {
    do {
      let formatted = try Formatter.format(file)
      let again = try Formatter.format(SourceFile(path: file.path, text: formatted))
      return again == formatted ? nil : "formatting is not idempotent"
    } catch {
      return "\(error)"
    }
  }

  private static func options(_ limits: Limits) -> Interpreter.Options {
    var options = Interpreter.Options()
    options.maxSteps = limits.maxSteps
    options.maxCallDepth = limits.maxCallDepth
    return options
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
