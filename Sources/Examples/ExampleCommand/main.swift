// An app's own BindScript command: the `bindscript` command line (REPL,
// run, test, check, graph) over the example view-models.
//
//   swift run ExampleCommand                                   # the REPL
//   swift run ExampleCommand test Sources/Examples/Scripts --jobs 2
//
// `configure` prepares every interpreter the command makes: the example
// types, and the objects the scripts use (`search`, `service`, `form`,
// `todos`, `preferences`, made anew with the interpreter's clock, and
// `settings`, this process's own, which a REPL `:reset` keeps).
import BindScriptCommandLine
import ExampleCombineModels
import ExampleViewModels

let settings = Settings()
BindScriptApp.main(commandName: "ExampleCommand") { interpreter in
  try ExampleTypes.configure(interpreter, settings: settings)
  try PreferencesTypes.configure(interpreter)
}
