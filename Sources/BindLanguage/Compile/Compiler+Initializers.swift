import BindSyntax

// Swift's `init` in script types and structs:
//
//   type Account {
//     let id: Int
//     var owner: String
//     init(id: Int, owner: String = "nobody") { self.id = id; self.owner = owner }
//   }
//
// A type or struct that declares `init`s is made only through them (as in
// Swift, declaring one replaces the memberwise initializer).
extension Compiler {
  /// Compiles `declaration`'s initializers: each a method whose `self` is
  /// the value being made, its stored properties at their defaults (or
  /// unset) until the body assigns them. `let` properties may be assigned
  /// there, as in Swift.
  func compileInitializers(_ declaration: TypeDeclaration, members: Set<String>, selfValueType: ValueType?) throws
    -> [ScriptMethod]
  {
    var methods: [ScriptMethod] = []
    let enclosing = compilingInitializer
    compilingInitializer = true
    defer { compilingInitializer = enclosing }
    for function in declaration.initializers {
      let signature = try functionSignature(function)
      if methods.contains(where: { $0.signature.fullName == signature.fullName }) {
        throw error(.redeclaration(name: signature.fullName, container: nil), at: function.name.range)
      }
      let method = ScriptMethod(signature: signature, isMutating: true)
      let compiled = try compileFunctionBody(
        parameters: function.parameters, body: function.body, signature: (signature, function.body.range),
        methodSelf: MethodSelf(isMutable: declaration.kind == .structure, members: members, type: selfValueType))
      method.body = compiled.body
      method.slotCount = compiled.slotCount()
      method.code = methodCode(method, function)
      methods.append(method)
    }
    return methods
  }
}

extension Interpreter {
  /// The initializer of `initializers` whose labels fit the call, or the
  /// error that lists them.
  func initializer(among initializers: [ScriptMethod], of typeName: String, for call: CallArguments) throws
    -> ScriptMethod
  {
    for method in initializers {
      if case .success = method.signature.plan(call.labels) { return method }
    }
    if initializers.count == 1 {
      // Swift's own message for the one initializer: labels, count, types.
      _ = try initializers[0].signature.arrange(call, values: [], defaultFrame: nil, globals: globalFrame)
    }
    let written = "(" + call.labels.map { "\($0 ?? "_"):" }.joined() + ")"
    throw ScriptError(
      .declaration(.noMatchingInitializer(typeName: typeName, written: written, initializers: initializers.map(\.signature.fullName))),
      at: call.range, in: call.file)
  }

  /// Runs `method` to make a value from `blank`, then checks that every
  /// stored property that has no default got a value.
  func initialize(
    _ blank: Value, with method: ScriptMethod, _ call: CallArguments, values: [Value], typeName: String,
    storedNames: [String], isUnset: (Value, Int) -> Bool
  ) throws -> Value {
    let arguments = try method.signature.arrange(
      call, values: values, defaultFrame: nil, globals: globalFrame, leading: blank)
    let context = CallContext(interpreter: self, range: call.range, file: call.file, argumentRanges: call.ranges)
    if case .object(let object) = blank { object.isInitializing = true }
    defer { if case .object(let object) = blank { object.isInitializing = false } }
    let made = try callMethod(method, withSelfFirst: arguments, at: context).newSelf
    lastCallProducedValue = true
    try checkNothingUnset(
      made, by: method, typeName: typeName, storedCount: storedNames.count, at: call.range, in: call.file,
      isUnset: isUnset, name: { storedNames[$0] })
    return made
  }

  /// The error for a value `method` made that left a stored property
  /// without a default unset.
  func checkNothingUnset(
    _ made: Value, by method: ScriptMethod, typeName: String, storedCount: Int, at range: SourceRange,
    in file: SourceFile, isUnset: (Value, Int) -> Bool, name: (Int) -> String
  ) throws {
    guard let unset = (0..<storedCount).first(where: { isUnset(made, $0) }) else { return }
    throw ScriptError(
      .declaration(.initializerLeavesUnset(initializer: method.signature.fullName, typeName: typeName, property: name(unset))),
      at: range, in: file)
  }

  /// Whether stored property `index` of an object of `type` an
  /// initializer made is unset: nil, with no zero value to stand for it.
  static func isUnsetProperty(of type: ObjectType) -> (Value, Int) -> Bool {
    { made, index in
      guard case .object(let object) = made else { return false }
      return object.stored[index].value.isNull && type.stored[index].type.zeroValue == nil
    }
  }

  /// An object of a script type with initializers, before one runs: each
  /// stored property at its default, its zero value, or unset.
  func blankObject(of type: ObjectType) throws -> ScriptObject {
    try ScriptObject(type: type, values: type.stored.map { property in
      if let defaultValue = property.defaultValue { return try defaultValue(globalFrame) }
      return property.type.zeroValue ?? .null
    })
  }

  /// A value of a script struct with initializers, before one runs.
  func blankStruct(of type: StructType) throws -> StructValue {
    try StructValue(type: type, fields: type.fields.indices.map { index in
      if let defaultValue = type.scriptMembers.fieldDefaults[index] { return try defaultValue(globalFrame) }
      return type.fields[index].type.zeroValue ?? .null
    })
  }
}
