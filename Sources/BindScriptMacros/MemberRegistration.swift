import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// Turns one member declaration of a `@Scriptable` class into the
/// `HostTypeBuilder` calls that register it, or into nothing (with a
/// warning when the member looks meant for scripts but cannot be taken).
struct MemberRegistration<Context: MacroExpansionContext> {
  let typeName: String
  let isObservable: Bool
  /// An `ObservableObject`: its `@Published` vars and its computed
  /// properties register through the BindScriptCombine adapter's
  /// `published`, so the file must import BindScriptCombine.
  let isObservableObject: Bool
  let context: Context

  static var maxParameters: Int { maxScriptParameters }

  /// The script name of each instance property registered so far, by its
  /// Swift name: what a computed property's getter may read.
  var propertyNames: [String: String] = [:]
  /// The getters of the computed properties registered so far, by script
  /// name, in declaration order.
  var getters: [(name: String, swiftName: String, body: Syntax)] = []

  mutating func calls(for decl: DeclSyntax) -> [String] {
    if let variable = decl.as(VariableDeclSyntax.self) { return calls(for: variable) }
    if let function = decl.as(FunctionDeclSyntax.self) { return calls(for: function) }
    if let initializer = decl.as(InitializerDeclSyntax.self) { return calls(for: initializer) }
    return []
  }

  // MARK: Properties and events

  private mutating func calls(for variable: VariableDeclSyntax) -> [String] {
    guard let rename = included(variable.attributes, variable.modifiers) else { return [] }
    // A static property is the type's, not an object's: see `staticCalls`.
    if variable.modifiers.isStatic { return [] }
    let isObserved = variable.attributes.hasAttribute(named: "Observed")
    let isIgnoredByObservation = variable.attributes.hasAttribute(named: "ObservationIgnored")
    let isVar = variable.bindingSpecifier.tokenKind == .keyword(.var)
    // A rename names one property; `var a, b` keeps the Swift names.
    let renames = variable.bindings.count == 1
    /// `swiftName` as written (`` `default` ``), `name` as scripts say it.
    func registration(for binding: PatternBindingSyntax, swiftName: String, name: String) -> String? {
      let isReadOnly = variable.modifiers.hasPrivateSetter || !binding.isWritable
      if isObserved {
        if isReadOnly { return "type.property(\(quoted(name)), readOnly: \\.$\(swiftName))" }
        // A `didSet` may write again: scripts then write through the
        // setter, and see one change to what Swift kept.
        if binding.accessorBlock?.isObserversOnly == true {
          return "type.property(\(quoted(name)), \\.$\(swiftName), setter: \\.\(swiftName))"
        }
        return "type.property(\(quoted(name)), \\.$\(swiftName))"
      }
      switch binding.declaredKind {
      case .observable: return "type.property(\(quoted(name)), readOnly: \\.\(swiftName))"
      case .event: return "type.event(\(quoted(name)), \\.\(swiftName))"
      case .plain where isObservableObject:
        let isPublished = variable.attributes.hasAttribute(named: "Published")
        // A get-only computed property reads `@Published` ones; any other
        // stored var of an ObservableObject announces no change.
        let isComputed = binding.accessorBlock != nil && !binding.isWritable
        guard isVar, isPublished || isComputed else { return nil }
        return isReadOnly
          ? "type.published(\(quoted(name)), readOnly: \\.\(swiftName))"
          : "type.published(\(quoted(name)), \\.\(swiftName))"
      case .plain:
        guard isObservable, isVar, !isIgnoredByObservation else { return nil }
        return isReadOnly
          ? "type.property(\(quoted(name)), readOnly: \\.\(swiftName))"
          : "type.property(\(quoted(name)), \\.\(swiftName))"
      }
    }
    var calls: [String] = []
    for binding in variable.bindings {
      guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
      let swiftName = identifier.identifier.text
      let unquoted = swiftName.trimmingCharacters(in: "`")
      let name = (renames ? rename : nil) ?? unquoted
      guard let call = registration(for: binding, swiftName: swiftName, name: name) else { continue }
      warnIfUnbridged(binding, "property '\(swiftName)'")
      propertyNames[unquoted] = name
      if let getter = binding.getterBody { getters.append((name, unquoted, getter)) }
      calls.append(call)
    }
    return calls
  }

  /// One `type.computed(_:reads:)` per computed property whose getter names
  /// other registered properties of the class, for the graph's edges; made
  /// once every member is known, as a getter may read one declared after it.
  func computedReadsCalls() -> [String] {
    getters.compactMap { getter in
      var seen = Set<String>()
      let sources = PropertyReferences.names(in: getter.body).compactMap { swiftName -> String? in
        guard swiftName != getter.swiftName, let name = propertyNames[swiftName], seen.insert(name).inserted else {
          return nil
        }
        return name
      }
      guard !sources.isEmpty else { return nil }
      return "type.computed(\(quoted(getter.name)), reads: [\(sources.map(quoted).joined(separator: ", "))])"
    }
  }

  // MARK: Methods

  private func calls(for function: FunctionDeclSyntax) -> [String] {
    guard case .identifier = function.name.tokenKind else { return [] }  // operators
    guard let rename = included(function.attributes, function.modifiers) else { return [] }
    let what = "method '\(function.name.text)'"
    if function.modifiers.isStatic, isScriptFactory(function) {
      return ["type.constructor { [unowned interpreter] in \(typeName).makeForScripts(in: interpreter) }"]
    }
    if function.modifiers.isStatic { return [] }  // see `staticCalls`
    guard let parts = callableParts(of: function, what: what) else { return [] }
    let closureParameters = ["object: \(typeName)"] + parts.parameters
    return [
      "type.method(\(quoted(parts.signature(rename)))) { (\(closureParameters.joined(separator: ", ")))\(parts.effects) -> \(parts.result) in \(parts.call(on: "object")) }"
    ]
  }

  /// A function as a registration calls it: its script signature, the
  /// closure's parameters, effects and result, and the call of the Swift
  /// function; `nil` (with a warning) when scripts cannot call it.
  private struct CallableParts {
    let base: String
    let labels: String
    let parameters: [String]
    let effects: String
    let result: String
    let prefix: String
    let name: String
    let arguments: [String]

    func signature(_ rename: String?) -> String {
      if let rename, rename.contains("(") { rename } else { "\(rename ?? base)(\(labels))" }
    }

    func call(on receiver: String) -> String {
      "\(prefix)\(receiver).\(name)(\(arguments.joined(separator: ", ")))"
    }
  }

  private func callableParts(of function: FunctionDeclSyntax, what: String) -> CallableParts? {
    if let generics = function.genericParameterClause {
      warn(generics, what, "generic methods cannot be called from scripts")
      return nil
    }
    let parameters = Array(function.signature.parameterClause.parameters)
    if parameters.count > Self.maxParameters {
      warn(function.signature.parameterClause, what, "it has \(parameters.count) parameters; scripts call methods of at most \(Self.maxParameters)")
      return nil
    }
    for parameter in parameters {
      if let reason = parameter.unsupportedReason {
        warn(parameter, what, reason)
        return nil
      }
    }
    for parameter in parameters { warnIfUnbridged(parameter.type, what) }
    if let returned = function.signature.returnClause?.type { warnIfUnbridged(returned, what) }
    let effects = function.signature.effectSpecifiers
    let isAsync = effects?.asyncSpecifier != nil
    let isThrowing = effects?.throwsClause != nil
    return CallableParts(
      base: function.name.text.trimmingCharacters(in: "`"),
      labels: parameters.map { "\($0.firstName.text.trimmingCharacters(in: "`")):" }.joined(),
      parameters: parameters.enumerated().map { "\(Self.argumentName($0)): \($1.type.trimmedDescription)" },
      effects: (isAsync ? " async" : "") + (isThrowing ? " throws" : ""),
      result: function.signature.returnClause?.type.trimmedDescription ?? "Void",
      prefix: (isThrowing ? "try " : "") + (isAsync ? "await " : ""),
      name: function.name.text,
      arguments: parameters.enumerated().map { index, parameter in
        let label = parameter.firstName.text == "_" ? "" : "\(parameter.firstName.text): "
        return "\(label)\(Self.argumentName(index))"
      })
  }

  // MARK: Overloads

  /// Warns at each method or initializer that scripts can never tell from
  /// an earlier one: same name and labels, and parameter types that are one
  /// type to scripts (`TimeInterval` and `Double`). Both register; a call
  /// of them is an error listing both, at run time.
  func warnIndistinguishableOverloads(in members: MemberBlockItemListSyntax) {
    var seen: [String: String] = [:]
    for member in members {
      let key: String
      let node: Syntax
      let what: String
      let parameters: FunctionParameterListSyntax
      if let function = member.decl.as(FunctionDeclSyntax.self) {
        guard included(function.attributes, function.modifiers) != nil else { continue }
        parameters = function.signature.parameterClause.parameters
        what = "method '\(function.name.text)(\(parameters.map { "\($0.firstName.text):" }.joined()))'"
        key = (function.modifiers.isStatic ? "static " : "") + what
        node = Syntax(function.name)
      } else if let initializer = member.decl.as(InitializerDeclSyntax.self) {
        guard included(initializer.attributes, initializer.modifiers) != nil else { continue }
        parameters = initializer.signature.parameterClause.parameters
        what = "initializer 'init(\(parameters.map { "\($0.firstName.text):" }.joined()))'"
        key = what
        node = Syntax(initializer.initKeyword)
      } else {
        continue
      }
      let scriptTypes = parameters.map { Self.scriptTypeName(of: $0.type) }.joined(separator: ", ")
      let swiftTypes = parameters.map { $0.type.trimmedDescription }.joined(separator: ", ")
      if let earlier = seen[key + "|" + scriptTypes], earlier != swiftTypes {
        context.diagnose(
          Diagnostic(node: node, message: ScriptableDiagnostic.indistinguishableOverload(what, swiftTypes, earlier, scriptTypes)))
      } else {
        seen[key + "|" + scriptTypes] = swiftTypes
      }
    }
  }

  /// The type scripts see for a parameter type, as far as syntax tells:
  /// Swift's floating-point types are all a script's `Double`.
  private static func scriptTypeName(of type: TypeSyntax) -> String {
    let written = type.trimmedDescription
    return ["TimeInterval", "CGFloat", "Float", "Float32", "Float64"].contains(written) ? "Double" : written
  }

  // MARK: Statics

  /// The calls, after the type's registration, that make its `static let`s,
  /// `static var`s and `static func`s members of the script type
  /// (`ComposerViewModel.maxLength`), under the script name `name` is at
  /// run time. A constant whose type does not bridge is left out at run
  /// time, quietly: an app's statics are many and none is a mistake.
  func staticCalls(for decl: DeclSyntax) -> [String] {
    if let variable = decl.as(VariableDeclSyntax.self), variable.modifiers.isStatic {
      guard let rename = included(variable.attributes, variable.modifiers) else { return [] }
      return variable.bindings.compactMap { binding in
        guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self) else { return nil }
        let swiftName = identifier.identifier.text
        let name = (variable.bindings.count == 1 ? rename : nil) ?? swiftName.trimmingCharacters(in: "`")
        return "try interpreter.defineStatic(\(quoted(name)), of: name, \(typeName).\(swiftName))"
      }
    }
    guard let function = decl.as(FunctionDeclSyntax.self), function.modifiers.isStatic, !isScriptFactory(function),
      case .identifier = function.name.tokenKind,
      let rename = included(function.attributes, function.modifiers),
      let parts = callableParts(of: function, what: "static method '\(function.name.text)'")
    else { return [] }
    return [
      "try interpreter.define(\"\\(name).\(parts.signature(rename))\") { (\(parts.parameters.joined(separator: ", ")))\(parts.effects) -> \(parts.result) in \(parts.call(on: typeName)) }"
    ]
  }

  static func argumentName(_ index: Int) -> String { scriptArgumentName(index) }

  // MARK: Initializers

  /// Whether the class declares a script factory, which then is its only
  /// constructor: its `init`s are not registered.
  var hasScriptFactory: Bool
  /// The class's initializers, to tell which one Swift would call for a
  /// signature that several make (`init()` and `init(start: Int = 0)`).
  var initializers: [InitializerDeclSyntax] = []

  /// One `type.constructor` per signature scripts may call `init` with: the
  /// declared one, and one per choice of defaulted parameters left out, so
  /// that Swift evaluates the defaults. A plain `init()` (or one whose every
  /// parameter has a default) is the plain `type.constructor { T() }`, to
  /// which a call's labels may also be property writes.
  private func calls(for initializer: InitializerDeclSyntax) -> [String] {
    guard !hasScriptFactory, included(initializer.attributes, initializer.modifiers) != nil else { return [] }
    let parameters = Array(initializer.signature.parameterClause.parameters)
    let what = "initializer '\(Self.signature(parameters))'"
    if let generics = initializer.genericParameterClause {
      return skip(generics, what, "generic initializers cannot be called from scripts")
    }
    let effects = initializer.signature.effectSpecifiers
    if effects?.asyncSpecifier != nil {
      return skip(initializer.initKeyword, what, "a script's constructor cannot be async; give scripts a synchronous init, or a static makeForScripts(in:)")
    }
    if parameters.count > Self.maxParameters {
      return skip(initializer.signature.parameterClause, what, "it has \(parameters.count) parameters; scripts call initializers of at most \(Self.maxParameters)")
    }
    for parameter in parameters {
      if let reason = parameter.unsupportedReason { return skip(parameter, what, reason) }
    }
    let isThrowing = effects?.throwsClause != nil
    let isFailable = initializer.optionalMark != nil
    let ownIndex = initializers.firstIndex { $0.id == initializer.id }
    return Self.callableForms(of: parameters).compactMap { given, omitted in
      // Another init that Swift prefers for the same labels and types
      // registers them (other types: an overload).
      let labels = given.map(\.label)
      let types = given.map { $0.parameter.type.trimmedDescription }
      let preferred = initializers.enumerated().contains { index, other in
        guard index != ownIndex, let otherOmitted = Self.omittedCount(of: other, toMatch: labels, types: types) else {
          return false
        }
        return otherOmitted < omitted || (otherOmitted == omitted && index < (ownIndex ?? 0))
      }
      if preferred { return nil }
      if given.isEmpty, !isThrowing, !isFailable { return "type.constructor { \(typeName)() }" }
      let closureParameters = given.enumerated().map { "\(Self.argumentName($0)): \($1.parameter.type.trimmedDescription)" }
      let arguments = given.enumerated().map { index, form in
        (form.label.map { "\($0): " } ?? "") + Self.argumentName(index)
      }
      let result = typeName + (isFailable ? "?" : "")
      let signature = "init(\(labels.map { "\($0 ?? "_"):" }.joined()))"
      let call = (isThrowing ? "try " : "") + "\(typeName)(\(arguments.joined(separator: ", ")))"
      return "type.constructor(\(quoted(signature)), skipsUnbridged: true) { (\(closureParameters.joined(separator: ", ")))\(isThrowing ? " throws" : "") -> \(result) in \(call) }"
    }
  }

  /// A parameter as a call passes it: its label (`nil` for `_`).
  private typealias GivenParameter = (label: String?, parameter: FunctionParameterSyntax)

  /// Every way a call may pass `parameters`, as Swift allows: all of them,
  /// then with each choice of defaulted ones left out (fewest first), each
  /// with how many it leaves out.
  private static func callableForms(of parameters: [FunctionParameterSyntax]) -> [(given: [GivenParameter], omitted: Int)] {
    let defaulted = parameters.indices.filter { parameters[$0].defaultValue != nil }
    let choices = (0..<(1 << defaulted.count)).sorted { ($0.nonzeroBitCount, $0) < ($1.nonzeroBitCount, $1) }
    return choices.map { choice in
      let left = Set(defaulted.enumerated().filter { choice & (1 << $0.offset) != 0 }.map(\.element))
      let given = parameters.indices.filter { !left.contains($0) }.map { index in
        (label: label(of: parameters[index]), parameter: parameters[index])
      }
      return (given, left.count)
    }
  }

  /// How many defaulted parameters `initializer` leaves out for a call
  /// with `labels`, or `nil` if it cannot take such a call.
  private static func omittedCount(of initializer: InitializerDeclSyntax, toMatch labels: [String?], types: [String]) -> Int? {
    let parameters = Array(initializer.signature.parameterClause.parameters)
    guard parameters.count <= maxParameters else { return nil }
    return callableForms(of: parameters).first {
      $0.given.map(\.label) == labels && $0.given.map { $0.parameter.type.trimmedDescription } == types
    }?.omitted
  }

  private static func label(of parameter: FunctionParameterSyntax) -> String? {
    parameter.firstName.text == "_" ? nil : parameter.firstName.text.trimmingCharacters(in: "`")
  }

  /// `init(start:step:)`.
  private static func signature(_ parameters: [FunctionParameterSyntax]) -> String {
    "init(" + parameters.map { "\(label(of: $0) ?? "_"):" }.joined() + ")"
  }

  // MARK: Helpers

  /// `nil` when the member is left out (private, `@ScriptIgnored`);
  /// otherwise its `@ScriptName`, or `.some(nil)` for its Swift name.
  private func included(_ attributes: AttributeListSyntax, _ modifiers: DeclModifierListSyntax) -> String?? {
    if modifiers.isPrivate || attributes.hasAttribute(named: "ScriptIgnored") { return nil }
    guard let rename = attributes.attribute(named: "ScriptName") else { return .some(nil) }
    guard let name = stringArgument(of: rename) else {
      context.diagnose(Diagnostic(node: rename, message: ScriptableDiagnostic.badName))
      return nil
    }
    return .some(name)
  }

  private func skip(_ node: some SyntaxProtocol, _ what: String, _ reason: String) -> [String] {
    warn(node, what, reason)
    return []
  }

  /// Registered all the same (at run time it is left out, and a script
  /// that names it is told why), but said now, where the fix is made.
  private func warnIfUnbridged(_ type: TypeSyntax, _ what: String) {
    guard let name = TypeSyntax.knownUnbridgedName(type) else { return }
    context.diagnose(Diagnostic(node: type, message: ScriptableDiagnostic.unbridged(what, name)))
  }

  /// A property by its written type or, when it has none, by the type its
  /// initializer makes (`var formatter = NumberFormatter()`), as Swift
  /// infers it.
  private func warnIfUnbridged(_ binding: PatternBindingSyntax, _ what: String) {
    if let type = binding.typeAnnotation?.type { return warnIfUnbridged(type, what) }
    guard let made = binding.initializer?.value.as(FunctionCallExprSyntax.self)?.calledExpression,
      let name = TypeSyntax.knownUnbridgedName(made)
    else { return }
    context.diagnose(Diagnostic(node: made, message: ScriptableDiagnostic.unbridged(what, name)))
  }

  private func warn(_ node: some SyntaxProtocol, _ what: String, _ reason: String) {
    context.diagnose(Diagnostic(node: node, message: ScriptableDiagnostic.skipped(what, reason)))
  }

  private func quoted(_ text: String) -> String { "\"\(text)\"" }
}

extension PatternBindingSyntax {
  /// How the declared type (or the initializer's type) registers.
  enum Kind { case observable, event, plain }

  var declaredKind: Kind {
    let written =
      typeAnnotation.map { $0.type.trimmedDescription }
      ?? initializer.flatMap { $0.value.as(FunctionCallExprSyntax.self)?.calledExpression.trimmedDescription }
      ?? ""
    let base = String(written.prefix { $0 != "<" }).split(separator: ".").last.map(String.init) ?? ""
    switch base {
    case "Derived", "Property", "ObservableValue": return .observable
    case "EventStream": return .event
    default: return .plain
    }
  }

  /// The body of a computed property's getter (`{ items.count }`, or the
  /// `get { … }` beside a `set`); `nil` for a stored property.
  var getterBody: Syntax? {
    switch accessorBlock?.accessors {
    case .getter(let body): return Syntax(body)
    case .accessors(let accessors):
      let getter = accessors.first {
        $0.accessorSpecifier.tokenKind == .keyword(.get) || $0.accessorSpecifier.tokenKind == .keyword(._read)
      }
      return getter?.body.map(Syntax.init)
    case nil: return nil
    }
  }

  /// A stored var (with or without observers), or a computed one with a setter.
  var isWritable: Bool {
    guard let accessorBlock else { return true }
    switch accessorBlock.accessors {
    case .getter: return false
    case .accessors(let accessors):
      let kinds = accessors.map(\.accessorSpecifier.tokenKind)
      if kinds.contains(.keyword(.get)) || kinds.contains(.keyword(._read)) {
        return kinds.contains(.keyword(.set)) || kinds.contains(.keyword(._modify))
      }
      return true  // willSet/didSet only: stored
    }
  }
}

extension FunctionParameterSyntax {
  /// Why scripts cannot pass this parameter, or `nil`.
  var unsupportedReason: String? {
    let name = (secondName ?? firstName).text
    if ellipsis != nil { return "variadic parameter '\(name)' cannot be passed from scripts" }
    var type = TypeSyntax(self.type)
    if let attributed = type.as(AttributedTypeSyntax.self) {
      if attributed.specifiers.contains(where: { $0.trimmedDescription == "inout" }) {
        return "inout parameter '\(name)' cannot be passed from scripts"
      }
      type = attributed.baseType
    }
    if let opaque = type.as(SomeOrAnyTypeSyntax.self), opaque.someOrAnySpecifier.tokenKind == .keyword(.some) {
      return "opaque parameter '\(name)' makes the method generic"
    }
    if type.is(FunctionTypeSyntax.self) { return "closure parameter '\(name)' does not bridge to scripts" }
    return nil
  }
}

extension TypeSyntax {
  /// The name of one of Foundation's classes a script can never hold
  /// (formatters, coders, queues) that `type` (a type, or the name an
  /// initializer call makes) spells, for the warning that names the member;
  /// `nil` for any other type, since a macro sees only syntax and cannot
  /// know what an app registers. A member of such a type is left out at
  /// run time anyway.
  static func knownUnbridgedName(_ type: some SyntaxProtocol) -> String? {
    var base = Syntax(type)
    if let optional = base.as(OptionalTypeSyntax.self) { base = Syntax(optional.wrappedType) }
    if let optional = base.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { base = Syntax(optional.wrappedType) }
    let name = base.trimmedDescription
    let last = name.split(separator: ".").last.map(String.init) ?? name
    return Self.knownUnbridged.contains(last) ? last : nil
  }

  private static let knownUnbridged: Set<String> = [
    "NumberFormatter", "DateFormatter", "ISO8601DateFormatter", "DateComponentsFormatter", "MeasurementFormatter",
    "ByteCountFormatter", "RelativeDateTimeFormatter", "ListFormatter", "PersonNameComponentsFormatter",
    "JSONEncoder", "JSONDecoder", "PropertyListEncoder", "PropertyListDecoder", "NSCache", "OperationQueue",
    "DispatchQueue", "URLSession", "NotificationCenter", "FileManager", "UserDefaults", "Timer", "NSLock",
  ]
}

extension String {
  func trimmingCharacters(in character: Character) -> String {
    String(drop { $0 == character }.reversed().drop { $0 == character }.reversed())
  }
}

/// The largest parameter count the builders' `method`, `constructor` and
/// `initializer` take.
let maxScriptParameters = 4

/// The name of a registration closure's parameter `index`: `a`, `b`, ….
func scriptArgumentName(_ index: Int) -> String { ["a", "b", "c", "d"][index] }

/// Whether `function` is `static func makeForScripts(in:)`: the factory
/// scripts' constructor calls, given the interpreter (its clock, its
/// services), in place of `init()`.
func isScriptFactory(_ function: FunctionDeclSyntax) -> Bool {
  let parameters = function.signature.parameterClause.parameters
  return function.modifiers.isStatic && function.name.text == "makeForScripts" && parameters.count == 1
    && parameters.first?.firstName.text == "in" && function.signature.effectSpecifiers == nil
    && function.genericParameterClause == nil
}

/// The names a getter reads its own object's properties by, in order of
/// first use: `self.x`, and a bare `x` (the first name of `x.y.z`), unless
/// the getter declares an `x` of its own (a local, a closure's parameter),
/// which then hides the property in the whole getter. Syntax only: the
/// caller keeps the names that are properties.
final class PropertyReferences: SyntaxVisitor {
  private var names: [String] = []
  private var declared = Set<String>()

  static func names(in body: Syntax) -> [String] {
    let declarations = PropertyReferences(viewMode: .sourceAccurate)
    declarations.walk(body)
    let references = PropertyReferences(viewMode: .sourceAccurate)
    references.declared = declarations.declared
    references.walk(body)
    return references.names
  }

  override func visit(_ node: IdentifierPatternSyntax) -> SyntaxVisitorContinueKind {
    declared.insert(node.identifier.text.trimmingCharacters(in: "`"))
    return .visitChildren
  }

  override func visit(_ node: ClosureShorthandParameterSyntax) -> SyntaxVisitorContinueKind {
    declared.insert(node.name.text.trimmingCharacters(in: "`"))
    return .visitChildren
  }

  override func visit(_ node: ClosureParameterSyntax) -> SyntaxVisitorContinueKind {
    declared.insert((node.secondName ?? node.firstName).text.trimmingCharacters(in: "`"))
    return .visitChildren
  }

  override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind {
    declared.insert((node.secondName ?? node.firstName).text.trimmingCharacters(in: "`"))
    return .visitChildren
  }

  /// `if let items { … }` reads `self.items`.
  override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
    if node.initializer == nil, let pattern = node.pattern.as(IdentifierPatternSyntax.self) {
      names.append(pattern.identifier.text.trimmingCharacters(in: "`"))
    }
    return .visitChildren
  }

  override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
    guard case .identifier(let text) = node.baseName.tokenKind else { return .visitChildren }
    let name = text.trimmingCharacters(in: "`")
    if let member = node.parent?.as(MemberAccessExprSyntax.self), member.declName.id == node.id {
      // `self.items`; not `other.items`, `.items` or `items.count`'s `count`.
      if member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) { names.append(name) }
    } else if node.parent?.is(KeyPathPropertyComponentSyntax.self) != true, !declared.contains(name) {
      names.append(name)
    }
    return .visitChildren
  }
}
