// A host app in a few lines: register Swift types, inject live objects, run
// scripts against them, then look at the Swift side.
//
//   swift run BindScriptExample                        # every example script
//   swift run BindScriptExample path/to/file.bind      # one script
//   swift run BindScriptExample --repeat 1000 Sources/Examples/Scripts/search.bind
//
// `--repeat N` runs each script N times, each in a new interpreter with new
// view-models, prints only the failures, and ends with the count and the
// wall time: the loop that shows a script over async view-models and
// virtual time never flakes (`make examples-soak`).
import BindLanguage
import BindScriptTesting
import ExampleCombineModels
import ExampleViewModels
import Foundation

var arguments = Array(CommandLine.arguments.dropFirst())
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
