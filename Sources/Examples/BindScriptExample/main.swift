// A host app in a few lines: register Swift types, inject live objects, run
// scripts against them, then look at the Swift side.
//
//   swift run BindScriptExample                        # every example script
//   swift run BindScriptExample path/to/file.bind      # one script
//   swift run BindScriptExample --repeat 1000 Sources/Examples/Scripts/search.bind
//
//   swift run BindScriptExample --lifetimes             # interpreters that go at odd moments
//   swift run BindScriptExample --attach                # a live app: `bindscript attach PID`
//
// `--repeat N` runs each script N times, each in a new interpreter with new
// view-models, prints only the failures, and ends with the count and the
// wall time: the loop that shows a script over async view-models and
// virtual time never flakes (`make examples-soak`).
import BindLanguage
import BindScriptAttach
import BindScriptTesting
import BindSyntax
import ExampleCombineModels
import ExampleViewModels
import Foundation

/// What a host may do with interpreters, none of which may crash it: drop
/// one mid-session without `endSession()`, with a task asleep on its clock,
/// a repeating timer and a host call under way, while Swift keeps and writes
/// a model it observed; hold an object a host function made only through
/// the script; make hundreds and never end their sessions.
func runLifetimes() -> Never {
  let preferences = Preferences()
  do {
    let interpreter = Interpreter()
    interpreter.output = { _ in }
    try! ExampleTypes.configure(interpreter)
    try! PreferencesTypes.register(in: interpreter)
    try! interpreter.inject(preferences, as: "preferences")
    try! interpreter.run(Parser.parse("""
      observe preferences.fontSize
      observe search.titles
      search.query = "sw"
      every 5ms { preferences.increaseFontSize() }
      wait 20ms
      search.refresh()
      """, path: "dropped.bind"))
  }
  preferences.increaseFontSize()
  Thread.sleep(forTimeInterval: 0.1)
  print("dropped mid-session: Swift's model still works (font size \(preferences.fontSize))")

  let interpreter = Interpreter()
  try! PreferencesTypes.register(in: interpreter)
  try! interpreter.define("makePreferences()") { Preferences() }
  var printed: [String] = []
  interpreter.output = { printed.append($0) }
  try! interpreter.run(Parser.parse("""
    let made = makePreferences()
    made.increaseFontSize()
    print(made.fontSize)
    """, path: "factory.bind"))
  interpreter.endSession()
  print("an object a host function made: \(printed.joined(separator: " "))")

  for index in 0..<300 {
    let interpreter = Interpreter()
    interpreter.output = { _ in }
    try! PreferencesTypes.register(in: interpreter)
    try! interpreter.inject(preferences, as: "preferences")
    try! interpreter.run(Parser.parse("observe preferences.useDarkMode\nafter 1s { print(1) }", path: "never-ended.bind"))
    preferences.useDarkMode = index.isMultiple(of: 2)
  }
  preferences.remember("swift")
  print("300 sessions never ended: Swift's model still works (\(preferences.recentSearches))")
  exit(0)
}

/// A live app: its settings change on a timer (the volume steps up every
/// 200ms, as a slider someone drags), and its debug build starts the attach
/// point with the configure closure `ExampleCommand` uses, exposing its own
/// `settings` in place of the fresh one that closure makes. A session saved
/// here replays with `ExampleCommand test`. Runs until SIGTERM or SIGINT.
/// `--max-steps N` is each statement's step limit (the default otherwise).
func runAttached(maxSteps: Int) -> Never {
  MainActor.assumeIsolated {
    let settings = Settings()
    // `exit` (not the signal's default) runs the exit handlers, which remove
    // the socket. Installed before the socket's path is printed: a SIGTERM
    // sent as soon as it appears must not fall between `SIG_IGN` and the
    // source that handles it, where it would be lost.
    for signalNumber in [SIGTERM, SIGINT] {
      signal(signalNumber, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .main)
      source.setEventHandler { exit(0) }
      source.resume()
      signalSources.append(source)
    }
    do {
      let point = try BindScriptAttach.start(configure: configureAttached, expose: ["settings": settings], maxSteps: maxSteps)
      print("attach point: \(point.socketPath)")
      fflush(stdout)
    } catch {
      print("error: \(error)")
      exit(2)
    }
    let timer = DispatchSource.makeTimerSource(queue: .main)
    timer.schedule(deadline: .now() + .milliseconds(200), repeating: .milliseconds(200))
    timer.setEventHandler { MainActor.assumeIsolated { stepVolume(settings) } }
    timer.resume()
    withExtendedLifetime(timer) {}
    runningTimer = timer
  }
  dispatchMain()
}
/// The attached sessions' types: those `ExampleCommand`'s configure registers.
@MainActor func configureAttached(_ interpreter: Interpreter) throws {
  try ExampleTypes.configure(interpreter)
  try PreferencesTypes.configure(interpreter)
}

/// What the app's timer does: the volume one step up, 10 wrapping to 0.
@MainActor func stepVolume(_ settings: Settings) {
  settings.volume = settings.volume == 10 ? 0 : settings.volume + 1
}

/// What the attach point costs an app while nobody is attached
/// (Benchmarks/Attach/bench_attach.py): `count` main-queue events, each a
/// step of the volume, after starting the attach point unless `attach` is
/// false; then exits. The two runs' CPU times are compared.
func runEvents(_ count: Int, attach: Bool) -> Never {
  MainActor.assumeIsolated {
    let settings = Settings()
    if attach {
      do {
        try BindScriptAttach.start(configure: configureAttached, expose: ["settings": settings])
      } catch {
        print("error: \(error)")
        exit(2)
      }
    }
    stepVolume(settings, times: count)
  }
  dispatchMain()
}

/// `stepVolume` `remaining` times, each in an event of its own on the main queue.
@MainActor func stepVolume(_ settings: Settings, times remaining: Int) {
  guard remaining > 0 else { exit(0) }
  stepVolume(settings)
  DispatchQueue.main.async { MainActor.assumeIsolated { stepVolume(settings, times: remaining - 1) } }
}

nonisolated(unsafe) var signalSources: [any DispatchSourceSignal] = []
nonisolated(unsafe) var runningTimer: (any DispatchSourceTimer)?

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments == ["--lifetimes"] { runLifetimes() }
if arguments.first == "--events" {
  guard let count = arguments.dropFirst().first.flatMap({ Int($0) }), count >= 0,
    arguments.count == 2 || (arguments.count == 3 && arguments[2] == "--no-attach")
  else {
    print("usage: BindScriptExample --events N [--no-attach]")
    exit(2)
  }
  runEvents(count, attach: arguments.count == 2)
}
if arguments.first == "--attach" {
  guard arguments.count == 1 || (arguments.count == 3 && arguments[1] == "--max-steps" && Int(arguments[2]).map { $0 > 0 } == true) else {
    print("usage: BindScriptExample --attach [--max-steps N]")
    exit(2)
  }
  runAttached(maxSteps: arguments.count == 3 ? Int(arguments[2])! : Interpreter.Options().maxSteps)
}
var repeats = 1
if let flag = arguments.firstIndex(of: "--repeat") {
  guard flag + 1 < arguments.count, let count = Int(arguments[flag + 1]), count > 0 else {
    print("usage: BindScriptExample [--repeat N] [FILE.bind ...]")
    exit(2)
  }
  repeats = count
  arguments.removeSubrange(flag...(flag + 1))
}
let scripts = arguments.isEmpty
  ? ["search.bind", "signup.bind", "settings.bind", "preferences.bind", "todos.bind"].map { ExampleTypes.scriptsFolder + "/" + $0 }
  : arguments

/// Runs `path` once in a new interpreter; returns whether it passed, and
/// prints what it printed (`verbose`) or its failures.
func runOnce(_ path: String, verbose: Bool) -> Bool {
  let interpreter = Interpreter()
  // End the session's observers before the view-models go, or they print `completed`.
  defer { interpreter.endSession() }
  do {
    try ExampleTypes.configure(interpreter)
    try PreferencesTypes.configure(interpreter)
  } catch {
    print("error: \(error)")
    exit(2)
  }
  // Run as a test script: output is checked against the `#>` lines.
  let result = ScriptTest.run(file: path, interpreter: interpreter)
  if verbose {
    for step in result.steps {
      for line in step.actual { print("  \(line)") }
    }
  }
  if !result.passed {
    print("FAIL \(path)")
    for failure in result.failures {
      print("  \(path):\(failure.line.map(String.init) ?? "?"): \(failure.message)")
      for detail in failure.details { print("    \(detail)") }
    }
  } else if verbose {
    print("PASS \(path)")
  }
  if verbose, interpreter.scheduler.now > .zero {
    // The script waited for its view-models' debounces and services: on the
    // virtual clock, so none of it was real time.
    print("  virtual time: \(interpreter.scheduler.now)")
  }
  return result.passed
}

var failed = 0
for path in scripts {
  let start = ContinuousClock.now
  var failures = 0
  for _ in 0..<repeats where !runOnce(path, verbose: repeats == 1) {
    failures += 1
  }
  failed += failures
  if repeats > 1 {
    let elapsed = start.duration(to: .now)
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    print("\(path): \(repeats) runs, \(failures) failed, \(String(format: "%.2f", seconds))s wall time")
  }
}
exit(failed == 0 ? 0 : 1)
