import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@ScriptableValue`: writes `extension T: ScriptableValueType` whose
/// `register(in:as:)` describes a struct's stored fields and initializer to
/// `registerStruct`, or an enum's cases (with their constructors and
/// extractors) to `registerEnum`.
public struct ScriptableValueMacro: ExtensionMacro {
  public static func expansion(
    of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    if node.arguments != nil, stringArgument(of: node) == nil {
      context.diagnose(Diagnostic(node: node, message: ScriptableDiagnostic.badName))
      return []
    }
    let typeName = type.trimmedDescription
    let body: String
    let scriptName: String
    if let structDecl = declaration.as(StructDeclSyntax.self) {
      guard structDecl.genericParameterClause == nil else { return fail(node, context, .genericValue) }
      scriptName = stringArgument(of: node) ?? typeName
      guard let registration = structRegistration(structDecl, typeName: typeName, node: node, context: context) else {
        return []
      }
      body = registration
    } else if let enumDecl = declaration.as(EnumDeclSyntax.self) {
      guard enumDecl.genericParameterClause == nil else { return fail(node, context, .genericValue) }
      scriptName = stringArgument(of: node) ?? typeName
      guard let registration = enumRegistration(enumDecl, typeName: typeName, context: context) else { return [] }
      body = registration
    } else {
      return fail(node, context, .notAValue)
    }
    let decl: DeclSyntax = """
      extension \(raw: typeName): BindScriptable.ScriptableValueType {
        public static var scriptTypeName: String { \(literal: scriptName) }

        public static func register(in interpreter: BindScriptable.ScriptableInterpreter, as name: String) throws {
      \(raw: body)
        }
      }
      """
    return [decl.cast(ExtensionDeclSyntax.self)]
  }

  private static func fail(
    _ node: AttributeSyntax, _ context: some MacroExpansionContext, _ message: ScriptableDiagnostic
  ) -> [ExtensionDeclSyntax] {
    context.diagnose(Diagnostic(node: node, message: message))
    return []
  }

  // MARK: Structs

  /// `registerStruct` with one `field` per stored property and the
  /// memberwise initializer (or a declared `init` with the fields' labels).
  private static func structRegistration(
    _ decl: StructDeclSyntax, typeName: String, node: AttributeSyntax, context: some MacroExpansionContext
  ) -> String? {
    var fields: [(name: String, hasDefault: Bool)] = []
    var ignoredWithoutDefault: [String] = []
    for member in decl.memberBlock.members {
      guard let variable = member.decl.as(VariableDeclSyntax.self), !variable.modifiers.isStatic else { continue }
      let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
      for binding in variable.bindings {
        guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
        // Computed properties are not stored; a `let` with a value is not in
        // the memberwise initializer.
        if let accessors = binding.accessorBlock, !accessors.isObserversOnly { continue }
        if isLet && binding.initializer != nil { continue }
        let name = identifier.identifier.text.trimmingCharacters(in: "`")
        let hasDefault = binding.initializer != nil || binding.typeAnnotation?.type.is(OptionalTypeSyntax.self) == true
        if variable.attributes.hasAttribute(named: "ScriptIgnored") {
          if !hasDefault { ignoredWithoutDefault.append(name) }
          continue
        }
        if variable.modifiers.isPrivate {
          context.diagnose(Diagnostic(node: binding, message: ScriptableDiagnostic.privateField(name)))
          return nil
        }
        fields.append((name, hasDefault))
      }
    }
    if let name = ignoredWithoutDefault.first {
      context.diagnose(Diagnostic(node: node, message: ScriptableDiagnostic.ignoredFieldWithoutDefault(name)))
      return nil
    }
    let declaredInits = decl.memberBlock.members.compactMap { $0.decl.as(InitializerDeclSyntax.self) }
    let fieldLabels = fields.map(\.name)
    var initializer: String? = nil
    if declaredInits.isEmpty {
      initializer = typeName
    } else if declaredInits.contains(where: { $0.labels == fieldLabels && $0.optionalMark == nil && !$0.modifiers.isPrivate }) {
      initializer = typeName
    } else {
      context.diagnose(Diagnostic(node: node, message: ScriptableDiagnostic.noFieldInitializer(typeName, fieldLabels)))
    }
    var lines = fields.map { "      type.field(\"\($0.name)\", \\.\($0.name))" }
    if let initializer {
      let arguments = fields.map { "\($0.name): $0.value(\"\($0.name)\")" }.joined(separator: ", ")
      lines.append("      type.initializer { try \(initializer)(\(arguments)) }")
    }
    return "    try interpreter.registerStruct(\(typeName).self, as: name) { type in\n"
      + lines.joined(separator: "\n") + "\n    }"
  }

  // MARK: Enums

  /// `registerEnum` with one `case` per enum case: how to make it, how to
  /// recognise it and take out its associated values, and its raw value.
  private static func enumRegistration(
    _ decl: EnumDeclSyntax, typeName: String, context: some MacroExpansionContext
  ) -> String? {
    let rawType = decl.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription
    let rawKind: String? = rawType == "String" ? "string" : (rawType == "Int" ? "int" : nil)
    var lines: [String] = []
    for member in decl.memberBlock.members {
      guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
      if caseDecl.attributes.hasAttribute(named: "ScriptIgnored") {
        context.diagnose(Diagnostic(node: caseDecl, message: ScriptableDiagnostic.ignoredCase))
        return nil
      }
      for element in caseDecl.elements {
        let swiftName = element.name.text
        let name = swiftName.trimmingCharacters(in: "`")
        let parameters = Array(element.parameterClause?.parameters ?? [])
        let described = parameters.map { parameter in
          let label = parameter.firstName.map { "\"\($0.text)\"" } ?? "nil"
          return "(\(label), (\(parameter.type.trimmedDescription)).self)"
        }
        let made = parameters.enumerated().map { index, parameter in
          (parameter.firstName.map { "\($0.text): " } ?? "") + "$0[\(index)] as! \(parameter.type.trimmedDescription)"
        }
        let bound = parameters.indices.map { "let v\($0)" }
        let make = parameters.isEmpty ? "{ _ in .\(swiftName) }" : "{ .\(swiftName)(\(made.joined(separator: ", "))) }"
        let pattern = parameters.isEmpty ? ".\(swiftName)" : ".\(swiftName)(\(bound.joined(separator: ", ")))"
        let extracted = "[" + parameters.indices.map { "v\($0)" }.joined(separator: ", ") + "]"
        let rawValue = rawKind.map { ", rawValue: .\($0)(\(typeName).\(swiftName).rawValue)" } ?? ""
        lines.append(
          "      type.case(\"\(name)\", associatedValues: [\(described.joined(separator: ", "))]\(rawValue), make: \(make), extract: { if case \(pattern) = $0 { return \(extracted) } else { return nil } })"
        )
      }
    }
    return "    try interpreter.registerEnum(\(typeName).self, as: name) { type in\n"
      + lines.joined(separator: "\n") + "\n    }"
  }
}

extension AccessorBlockSyntax {
  /// Only `willSet`/`didSet`: the property is still stored.
  var isObserversOnly: Bool {
    guard case .accessors(let accessors) = self.accessors else { return false }
    return accessors.allSatisfy {
      $0.accessorSpecifier.tokenKind == .keyword(.willSet) || $0.accessorSpecifier.tokenKind == .keyword(.didSet)
    }
  }
}

extension InitializerDeclSyntax {
  /// The argument labels, `_` for none.
  var labels: [String] {
    signature.parameterClause.parameters.map { $0.firstName.text.trimmingCharacters(in: "`") }
  }
}
