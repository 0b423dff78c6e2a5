import BindSyntax

/// The `static` members of registered Swift types, as scripts reach them:
/// `ComposerViewModel.maxLength`, `Money.zero`, `Money.parse(_:)`. They
/// live where a script type's statics do, in globals named `Type.member`
/// (see `Compiler+Statics.swift`), so scripts write and read them alike.
extension Interpreter {
  /// Makes `value` the static constant `name` of the registered type
  /// `typeName` (a `static let`, or a `static var` as it is now), read by
  /// scripts as `TypeName.name`.
  ///
  /// A value whose type does not bridge is left out, not an error: a
  /// script that names it is told why (`static let formatter =
  /// NumberFormatter()` never stops a type from registering).
  public func defineStatic<T>(_ name: String, of typeName: String, _ value: T) throws {
    try checkStaticOwner(typeName, member: name)
    let qualified = Compiler.staticName(typeName, name)
    guard globalScope.lookup(qualified) == nil, hostFunctions[qualified] == nil else {
      throw EmbeddingError("static member '\(name)' of '\(typeName)' is registered twice")
    }
    let bridge: ValueBridge
    do {
      bridge = try ValueBridge.resolve(T.self, interpreter: self) { try self.registeredBridge(for: $0) }
    } catch let error as BridgeError {
      unavailableStatics[qualified] = error.unavailableMember(name, of: typeName, type: T.self)
      return
    }
    globalScope.declare(qualified, isMutable: false)
    hostStaticNames.insert(qualified)
    ensureGlobalCapacity()
    bindGlobal(globalScope.lookup(qualified)!.slot, to: bridge.toScript(value))
  }

  /// Throws unless `typeName` is a registered type and `member` a member name.
  func checkStaticOwner(_ typeName: String, member: String) throws {
    guard types[typeName]?.host != nil || hostValueTypes[typeName] != nil else {
      throw EmbeddingError("cannot register static member '\(member)' of '\(typeName)': register the type '\(typeName)' first")
    }
    guard Identifier.isValid(member), TokenKind.keywords[member] == nil else {
      throw EmbeddingError("'\(member)' is not a valid member name; use an identifier that is not a keyword")
    }
  }

  /// `"Money.parse(_:)"` as its owner type `Money` and `"parse(_:)"`, for
  /// ``define(_:_:)-…`` of a static method; `nil` owner for a free function.
  static func splitOwner(_ signature: String) -> (owner: String?, member: String) {
    let beforeParameters = signature.prefix { $0 != "(" }
    guard let dot = beforeParameters.lastIndex(of: ".") else { return (nil, signature) }
    return (String(signature[..<dot]), String(signature[signature.index(after: dot)...]))
  }
}
