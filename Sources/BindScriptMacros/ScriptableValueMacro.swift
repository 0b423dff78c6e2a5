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
    var body: String
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
    // Its statics, once the type exists: `Money.zero`, `Money.parse(_:)`.
    let statics = MemberRegistration(
      typeName: typeName, isObservable: false, isObservableObject: false, context: context, hasScriptFactory: false)
    let staticCalls = declaration.memberBlock.members.flatMap { statics.staticCalls(for: $0.decl) }
    body += staticCalls.map { "\n    " + $0 }.joined()
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
    // The memberwise initializer's parameters, as Swift synthesizes it.
    var memberwise: [InitParameter] = []
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
        memberwise.append(
          InitParameter(label: name, type: binding.typeAnnotation?.type.trimmedDescription, hasDefault: hasDefault))
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
    lines += initializerCalls(declaredInits, memberwise: memberwise, typeName: typeName)
    if let initializer {
      let arguments = fields.map { "\($0.name): $0.value(\"\($0.name)\")" }.joined(separator: ", ")
      lines.append("      type.initializer { try \(initializer)(\(arguments)) }")
    }
    return "    try interpreter.registerStruct(\(typeName).self, as: name) { type in\n"
      + lines.joined(separator: "\n") + "\n    }"
  }

  /// A parameter of an initializer scripts may call: its label (`nil` for
  /// `_`), its type as written (`nil` when not written: the form is then
  /// left out), and whether it has a default.
  struct InitParameter {
    let label: String?
    let type: String?
    let hasDefault: Bool
  }

  /// One `type.initializer("init(…)")` per way a script may call the
  /// struct's own initializers, as Swift allows: the declared ones (or,
  /// without any, the memberwise one), each with every choice of defaulted
  /// parameters left out, so that Swift evaluates the defaults
  /// (`LineItem(name: "Tea", unitPrice: 2.5)` for `quantity: Int = 1`).
  /// Forms of more than 4 parameters are left out (the memberwise form
  /// with every field still works), and so is a form an earlier one has.
  private static func initializerCalls(
    _ declared: [InitializerDeclSyntax], memberwise: [InitParameter], typeName: String
  ) -> [String] {
    var signatures: [[InitParameter]] = []
    var throwing: [Bool] = []
    for initializer in declared {
      guard !initializer.modifiers.isPrivate, initializer.optionalMark == nil, initializer.genericParameterClause == nil,
        initializer.signature.effectSpecifiers?.asyncSpecifier == nil,
        !initializer.attributes.hasAttribute(named: "ScriptIgnored"),
        initializer.signature.parameterClause.parameters.allSatisfy({ $0.unsupportedReason == nil })
      else { continue }
      signatures.append(initializer.signature.parameterClause.parameters.map { parameter in
        InitParameter(
          label: parameter.firstName.text == "_" ? nil : parameter.firstName.text.trimmingCharacters(in: "`"),
          type: parameter.type.trimmedDescription, hasDefault: parameter.defaultValue != nil)
      })
      throwing.append(initializer.signature.effectSpecifiers?.throwsClause != nil)
    }
    if declared.isEmpty {
      signatures.append(memberwise)
      throwing.append(false)
    }
    var seen: Set<String> = []
    var calls: [String] = []
    for (parameters, isThrowing) in zip(signatures, throwing) {
      guard parameters.allSatisfy({ $0.type != nil }) else { continue }
      let defaulted = parameters.indices.filter { parameters[$0].hasDefault }
      let choices = (0..<(1 << defaulted.count)).sorted { ($0.nonzeroBitCount, $0) < ($1.nonzeroBitCount, $1) }
      for choice in choices {
        let left = Set(defaulted.enumerated().filter { choice & (1 << $0.offset) != 0 }.map(\.element))
        let given = parameters.indices.filter { !left.contains($0) }.map { parameters[$0] }
        guard given.count <= maxScriptParameters else { continue }
        let labels = given.map { "\($0.label ?? "_"):" }.joined()
        let key = labels + given.map { $0.type! }.joined(separator: ",")
        guard seen.insert(key).inserted else { continue }
        let names = given.indices.map(scriptArgumentName)
        let closureParameters = zip(names, given).map { "\($0): \($1.type!)" }.joined(separator: ", ")
        let arguments = zip(names, given).map { ($1.label.map { "\($0): " } ?? "") + $0 }.joined(separator: ", ")
        calls.append(
          "      type.initializer(\"init(\(labels))\") { (\(closureParameters))\(isThrowing ? " throws" : "") -> \(typeName) in \(isThrowing ? "try " : "")\(typeName)(\(arguments)) }"
        )
      }
    }
    return calls
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
