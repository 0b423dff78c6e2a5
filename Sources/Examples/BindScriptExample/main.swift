// A host app in a few lines: register Swift types, inject a live object, run
// scripts against them, then look at the Swift side.
//
//   swift run BindScriptExample                   # both example scripts
//   swift run BindScriptExample path/to/file.bind # one script
import BindLanguage
import BindScriptTesting
import ExampleViewModels
import Foundation

let arguments = CommandLine.arguments.dropFirst()
let scripts = arguments.isEmpty
  ? ["login.bind", "search.bind"].map { ExampleTypes.scriptsFolder + "/" + $0 }
  : Array(arguments)

var failed = 0
for path in scripts {
  let interpreter = Interpreter()
  let vm = LoginViewModel()
  do {
    try ExampleTypes.register(in: interpreter)
    try interpreter.inject(vm, as: "vm")
  } catch {
    print("error: \(error)")
    exit(2)
  }
  // Run as a test script: output is checked against the `#>` lines.
  let result = ScriptTest.run(file: path, interpreter: interpreter)
  for step in result.steps {
    for line in step.actual { print("  \(line)") }
  }
  if result.passed {
    print("PASS \(path)")
  } else {
    failed += 1
    print("FAIL \(path)")
    for failure in result.failures {
      print("  \(path):\(failure.line.map(String.init) ?? "?"): \(failure.message)")
      for detail in failure.details { print("    \(detail)") }
    }
  }
  if path.hasSuffix("login.bind") {
    print("  Swift sees: user = \(vm.user?.name ?? "nil"), username = \(vm.username)")
  }
  // End the session's observers before `vm` goes, or they print `completed`.
  interpreter.endSession()
  withExtendedLifetime(vm) {}
}
exit(failed == 0 ? 0 : 1)
