import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@ScriptImplementable`: writes, beside a protocol `P`, the class
/// `ScriptedP` that implements `P` by calling a script's value (a fake
/// written in a script), and whose `register(in:)` lets scripts implement
/// `P` (``Interpreter/registerProtocol(_:as:implementedBy:_:)``).
///
/// Each method requirement becomes a method that calls the script's, by
/// its index in the protocol: `async` ones through `callAsync`, which
/// suspends at the script's `wait`s, and those that cannot throw through
/// the `…OrFallback` forms. A `@MainActor` protocol's class is `@MainActor`.
public struct ScriptImplementableMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let protocolDecl = declaration.as(ProtocolDeclSyntax.self) else {
      context.diagnose(Diagnostic(node: node, message: ScriptableDiagnostic.notAProtocol))
      return []
    }
    if node.arguments != nil, stringArgument(of: node) == nil {
      context.diagnose(Diagnostic(node: node, message: ScriptableDiagnostic.badName))
      return []
    }
    let protocolName = protocolDecl.name.text
    let scriptName = stringArgument(of: node) ?? protocolName
    let access = protocolDecl.modifiers.contains { $0.name.tokenKind == .keyword(.public) } ? "public " : ""
    var requirements: [String] = []
    var methods: [String] = []
    for member in protocolDecl.memberBlock.members {
      guard let function = member.decl.as(FunctionDeclSyntax.self) else {
        context.diagnose(Diagnostic(node: member.decl, message: ScriptableDiagnostic.unimplementableMember))
        return []
      }
      guard let forms = methodForms(function, index: requirements.count, access: access, context: context) else { return [] }
      requirements.append(forms.requirement)
      methods.append(forms.method)
    }
    let isMainActor = protocolDecl.attributes.hasAttribute(named: "MainActor")
    let className = "Scripted\(protocolName)"
    let conformances = isMainActor ? "" : ", @unchecked Sendable"
    let body = requirements.map { "\n        requirements.\($0)" }.joined()
    let decl: DeclSyntax = """
      /// \(raw: protocolName) implemented by a script's value (a fake written in a script):
      /// register it with `try \(raw: className).register(in: interpreter)`.
      \(raw: isMainActor ? "@MainActor " : "")\(raw: access)final class \(raw: className): \(raw: protocolName), BindScriptable.ScriptImplemented\(raw: conformances) {
        \(raw: access)nonisolated let scriptImplementation: BindScriptable.ScriptImplementation

        \(raw: access)nonisolated init(scriptImplementation: BindScriptable.ScriptImplementation) {
          self.scriptImplementation = scriptImplementation
        }

        /// Lets scripts implement `\(raw: protocolName)`, named `name`; call it before
        /// registering the types whose members use the protocol.
        \(raw: access)nonisolated static func register(in interpreter: BindScriptable.ScriptableInterpreter, as name: String = \(literal: scriptName)) throws {
          try interpreter.registerProtocol((any \(raw: protocolName)).self, as: name, implementedBy: { \(raw: className)(scriptImplementation: $0) }) { requirements in\(raw: body)
          }
        }

      \(raw: methods.joined(separator: "\n\n"))
      }
      """
    return [decl]
  }

  /// The builder call that describes `function` and the method that
  /// implements it, or `nil` (diagnosed) when scripts cannot implement it.
  private static func methodForms(
    _ function: FunctionDeclSyntax, index: Int, access: String, context: some MacroExpansionContext
  ) -> (requirement: String, method: String)? {
    let what = "requirement '\(function.name.text)'"
    if function.modifiers.isStatic {
      context.diagnose(Diagnostic(node: function, message: ScriptableDiagnostic.unimplementable(what, "a static requirement is the type's, not a value's")))
      return nil
    }
    if let generics = function.genericParameterClause {
      context.diagnose(Diagnostic(node: generics, message: ScriptableDiagnostic.unimplementable(what, "a generic method cannot be called into scripts")))
      return nil
    }
    let parameters = Array(function.signature.parameterClause.parameters)
    for parameter in parameters {
      if let reason = parameter.unsupportedReason {
        context.diagnose(Diagnostic(node: parameter, message: ScriptableDiagnostic.unimplementable(what, reason)))
        return nil
      }
    }
    let effects = function.signature.effectSpecifiers
    let isAsync = effects?.asyncSpecifier != nil
    let isThrowing = effects?.throwsClause != nil
    let labels = parameters.map { "\($0.firstName.text.trimmingCharacters(in: "`")):" }.joined()
    let name = function.name.text
    let signature = "\(name.trimmingCharacters(in: "`"))(\(labels))"
    let types = parameters.map { "(\($0.type.trimmedDescription)).self" }
    let result = function.signature.returnClause?.type.trimmedDescription
    var requirement = "method(\"\(signature)\", parameters: [\(types.joined(separator: ", "))]"
    if let result { requirement += ", returns: (\(result)).self" }
    requirement += ", isAsync: \(isAsync), isThrowing: \(isThrowing))"
    let declared = parameters.enumerated().map { position, parameter in
      "\(parameter.firstName.text) a\(position): \(parameter.type.trimmedDescription)"
    }
    let arguments = [String(index)] + parameters.indices.map { "a\($0)" }
    let entry = (isAsync ? "callAsync" : "call") + (isThrowing ? "" : "OrFallback")
    let call = (isThrowing ? "try " : "") + (isAsync ? "await " : "")
      + "scriptImplementation.\(entry)(\(arguments.joined(separator: ", ")))"
    let method = """
        \(access)func \(name)(\(declared.joined(separator: ", ")))\(isAsync ? " async" : "")\(isThrowing ? " throws" : "")\(result.map { " -> \($0)" } ?? "") {
          return \(call)
        }
      """
    return (requirement, method)
  }
}
