import SwiftSyntax
import SwiftSyntaxMacros

/// `@ScriptIgnored` and `@ScriptName`: markers that `@Scriptable` reads off
/// the members. They add nothing themselves.
public struct ScriptMarkerMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    []
  }
}
