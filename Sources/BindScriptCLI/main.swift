// The `bindscript` command: the command line with BindScript's own types
// only. An app's command is the same call with a `configure` closure.
import BindScriptCommandLine

BindScriptApp.main()
