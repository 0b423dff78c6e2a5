import SwiftCompilerPlugin
import SwiftSyntaxMacros

@main
struct BindScriptMacrosPlugin: CompilerPlugin {
  let providingMacros: [Macro.Type] = [ScriptableMacro.self, ScriptableValueMacro.self, ScriptMarkerMacro.self, ScriptImplementableMacro.self]
}
