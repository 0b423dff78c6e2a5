import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Scriptable`: writes `extension T: ScriptableType` whose
/// `register(in:as:)` describes every member scripts can use to a
/// `HostTypeBuilder`, one builder call per member (see `MemberRegistration`).
public struct ScriptableMacro: ExtensionMacro {
  public static func expansion(
    of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    guard let classDecl = declaration.as(ClassDeclSyntax.self) else {
      context.diagnose(Diagnostic(node: node, message: ScriptableDiagnostic.notAClass))
      return []
    }
    guard classDecl.genericParameterClause == nil else {
      context.diagnose(Diagnostic(node: node, message: ScriptableDiagnostic.genericClass))
      return []
    }
    let typeName = type.trimmedDescription
    if node.arguments != nil, stringArgument(of: node) == nil {
      context.diagnose(Diagnostic(node: node, message: ScriptableDiagnostic.badName))
      return []
    }
    // A nested type is named as Swift qualifies it: `LoginViewModel.Form`.
    let scriptName = stringArgument(of: node) ?? typeName
    let hasScriptFactory = classDecl.memberBlock.members.contains { member in
      member.decl.as(FunctionDeclSyntax.self).map { isScriptFactory($0) } ?? false
    }
    var registration = MemberRegistration(
      typeName: typeName, isObservable: classDecl.attributes.hasAttribute(named: "Observable"),
      isObservableObject: classDecl.inheritanceClause?.inheritedTypes.contains {
        $0.type.trimmedDescription.hasSuffix("ObservableObject")
      } ?? false,
      context: context, hasScriptFactory: hasScriptFactory)
    registration.initializers = classDecl.memberBlock.members.compactMap { $0.decl.as(InitializerDeclSyntax.self) }.filter {
      !$0.modifiers.isPrivate && !$0.attributes.hasAttribute(named: "ScriptIgnored") && $0.genericParameterClause == nil
        && $0.signature.effectSpecifiers?.asyncSpecifier == nil
        && $0.signature.parameterClause.parameters.allSatisfy { $0.unsupportedReason == nil }
    }
    registration.warnIndistinguishableOverloads(in: classDecl.memberBlock.members)
    var calls: [String] = []
    for member in classDecl.memberBlock.members { calls += registration.calls(for: member.decl) }
    calls += registration.computedReadsCalls()
    let body = calls.map { "\n      " + $0 }.joined()
    let statics = classDecl.memberBlock.members.flatMap { registration.staticCalls(for: $0.decl) }
    // A @MainActor class conforms on the main actor (an isolated
    // conformance), so that its registration may name its isolated members
    // and is called where its objects live.
    let isolation = classDecl.attributes.hasAttribute(named: "MainActor") ? "@MainActor " : ""
    // The statics are the type's members once it exists.
    let registered =
      statics.isEmpty
      ? "try interpreter.register(\(typeName).self, as: name) { type in\(body)\n    }"
      : "let objectType = try interpreter.register(\(typeName).self, as: name) { type in\(body)\n    }"
        + statics.map { "\n    " + $0 }.joined() + "\n    return objectType"
    let decl: DeclSyntax = """
      extension \(raw: typeName): \(raw: isolation)BindScriptable.ScriptableType {
        public static var scriptTypeName: String { \(literal: scriptName) }

        @discardableResult
        public static func register(in interpreter: Interpreter, as name: String = \(literal: scriptName)) throws -> ObjectType {
          \(raw: registered)
        }
      }
      """
    return [decl.cast(ExtensionDeclSyntax.self)]
  }
}

/// The text of an attribute's first argument when it is a plain string
/// literal (`@Scriptable("Form")`, `@ScriptName("pick")`).
func stringArgument(of attribute: AttributeSyntax) -> String? {
  guard case .argumentList(let arguments) = attribute.arguments,
    let literal = arguments.first?.expression.as(StringLiteralExprSyntax.self),
    literal.segments.count == 1,
    case .stringSegment(let segment) = literal.segments.first
  else { return nil }
  return segment.content.text
}

extension AttributeListSyntax {
  /// The attribute named `name` (or `Module.name`), if present.
  func attribute(named name: String) -> AttributeSyntax? {
    for element in self {
      guard case .attribute(let attribute) = element else { continue }
      let written = attribute.attributeName.trimmedDescription
      if written == name || written.hasSuffix(".\(name)") { return attribute }
    }
    return nil
  }

  func hasAttribute(named name: String) -> Bool { attribute(named: name) != nil }
}

extension DeclModifierListSyntax {
  /// `private` or `fileprivate` on the declaration itself (not `private(set)`).
  var isPrivate: Bool {
    contains { ($0.name.tokenKind == .keyword(.private) || $0.name.tokenKind == .keyword(.fileprivate)) && $0.detail == nil }
  }

  /// `private(set)` or `fileprivate(set)`: scripts must not write what
  /// code outside the type cannot.
  var hasPrivateSetter: Bool {
    contains { ($0.name.tokenKind == .keyword(.private) || $0.name.tokenKind == .keyword(.fileprivate)) && $0.detail != nil }
  }

  var isStatic: Bool {
    contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
  }
}
