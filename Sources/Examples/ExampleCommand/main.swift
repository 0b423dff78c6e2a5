// An app's own BindScript command: the `bindscript` command line (REPL,
// run, test, check, graph) over the example view-models.
//
//   swift run ExampleCommand                                   # the REPL
//   swift run ExampleCommand test Sources/Examples/Scripts --jobs 2
//
// `configure` prepares every interpreter the command makes: `SearchViewModel`
// and friends are script types, and `vm` is this process's LoginViewModel.
import BindScriptCommandLine
import ExampleViewModels

let vm = LoginViewModel()
BindScriptApp.main(commandName: "ExampleCommand") { interpreter in
  try ExampleTypes.register(in: interpreter)
  try interpreter.inject(vm, as: "vm")
}
