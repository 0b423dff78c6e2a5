import BindSyntax

// An initializer used as a function value: `[1, 2].map(String.init)`,
// `names.map(User.init(name:))`, `["1", "x"].compactMap(Int.init)`.
extension Compiler {
  /// `Type.init` or `Type.init(label:…)` as a value, rewritten as the
  /// closure Swift's reference means (`{ value0 in String(value0) }`,
  /// `{ value0 in User(name: value0) }`), or nil when `expression` is no
  /// such reference. A call (`String.init(3)`) is the call `String(3)`
  /// (see ``initializerCall(_:)``).
  func initializerReference(_ expression: Expression) throws -> Expression? {
    guard case .member(.name(let typeName, let typeRange), let member, let range) = expression,
      var labels = member.initializerLabels, isInitializable(typeName, at: typeRange)
    else { return nil }
    if labels.isEmpty { labels = try initializerLabels(of: typeName, at: range) }
    let parameters = labels.indices.map { Identifier("value\($0)", range: range) }
    let arguments = zip(labels, parameters).map { label, parameter in
      Argument(label: label.map { Identifier($0, range: range) }, value: .name(parameter.name, range), range: range)
    }
    let call = Expression.call(.name(typeName, typeRange), arguments, range)
    return .closure(ClosureExpression(
      parameters: parameters.map { ClosureExpression.Parameter(name: $0, type: nil) }, resultType: nil,
      body: Block(statements: [.expression(call)], range: range)))
  }

  /// `String.init(3)`, `User.init(name: "a")`: the callee of a call that
  /// names an initializer, as the type's name (`String(3)`), or nil.
  func initializerCall(_ callee: Expression) -> Expression? {
    guard case .member(.name(let typeName, let typeRange), let member, _) = callee,
      member.initializerLabels != nil, isInitializable(typeName, at: typeRange)
    else { return nil }
    return .name(typeName, typeRange)
  }

  /// Whether `name` is a type whose initializers a script can call:
  /// a built-in conversion (`String`, `Int`, …) or a type the script or
  /// the host declares, not shadowed by a variable.
  private func isInitializable(_ name: String, at range: SourceRange) -> Bool {
    guard resolve(name, at: range) == nil else { return false }
    return Self.conversionNames.contains(name) || interpreter.registry.isTypeName(name)
      || interpreter.registry.hostValueTypes[name] != nil || FoundationInitializers.typeNames.contains(name)
  }

  /// The built-in conversions a bare `Type.init` calls with one unlabelled
  /// argument, as Swift's `init(_:)`.
  private static let conversionNames: Set<String> = ["String", "Int", "Double", "Bool", "Set", "Decimal"]

  /// The labels of the one initializer a bare `Type.init` can mean: a
  /// conversion's `(_:)`, an enum's `(rawValue:)`, the type's only `init`,
  /// or a struct's (or `type`'s) stored properties, as its memberwise
  /// initializer takes them. Several `init`s need the labels written.
  private func initializerLabels(of typeName: String, at range: SourceRange) throws -> [String?] {
    if Self.conversionNames.contains(typeName) { return [nil] }
    if interpreter.registry.enumTypes[typeName] != nil { return ["rawValue"] }
    var initializers: [ScriptMethod] = []
    var storedNames: [String]?
    if let type = interpreter.registry.types[typeName], type.host == nil {
      (initializers, storedNames) = (type.initializers, type.stored.map(\.name))
    } else if let type = interpreter.registry.structTypes[typeName], interpreter.registry.hostValueTypes[typeName] == nil {
      (initializers, storedNames) = (type.scriptMembers.initializers, type.fields.map(\.name))
    }
    if initializers.count == 1 { return initializers[0].signature.parameters.map(\.label) }
    if initializers.isEmpty, let storedNames { return storedNames }
    throw error(
      .statement(.initializerReferenceNeedsLabels(
        typeName: typeName, forms: initializers.map(\.signature.fullName))),
      at: range)
  }
}
