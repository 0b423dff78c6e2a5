// This file imports BindScriptable and nothing else of BindScript, as an
// app's model file does: the code the macros write must compile here.
import BindScriptable

@ScriptableValue
struct OnlyScriptableImported: Equatable {
  var name: String
  var count: Int
}

@ScriptableValue
enum OnlyScriptableImportedState: Equatable {
  case idle
  case failed(String)
}
