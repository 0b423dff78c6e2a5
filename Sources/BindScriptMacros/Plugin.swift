import SwiftCompilerPlugin
import SwiftSyntaxMacros

@main
struct BindScriptMacrosPlugin: CompilerPlugin {
  let providingMacros: [Macro.Type] = [ScriptableMacro.self, ScriptMarkerMacro.self]
}
