import BindRuntime
import BindSyntax

// One overload per parameter count (0 to 4), sync and async, as for
// methods (`HostTypeBuilder+Methods.swift`).
extension Interpreter {
  /// Adds a function made by one of the `define(_:_:)` overloads, or throws
  /// ``EmbeddingError``.
  func addFunction(
    _ text: String, _ parameters: [Any.Type], _ result: Any.Type, isAsync: Bool, isThrowing: Bool,
    _ make: (_ parameters: [ValueBridge], _ result: @escaping (Any) -> Value) -> HostFunction.Invoke
  ) throws {
    let factory = HostFunctionFactory { [unowned self] type in
      try ValueBridge.resolve(type, interpreter: self) { try self.registeredBridge(for: $0) }
    }
    // `Money.parse(_:)`: a static method of a registered type.
    let (owner, member) = Self.splitOwner(text)
    var function: HostFunction
    switch factory.make(member, what: "function", parameters: parameters, result: result, isAsync: isAsync, isThrowing: isThrowing, make) {
    case .success(let made): function = made
    case .failure(let error): throw EmbeddingError(error.message)
    }
    if let owner {
      try checkStaticOwner(owner, member: function.signature.baseName)
      function = function.renamed(
        HostSignature(baseName: Compiler.staticName(owner, function.signature.baseName), labels: function.signature.labels))
      if globalScope.lookup(function.signature.baseName) != nil {
        throw EmbeddingError("static member '\(function.name)' is registered twice")
      }
    }
    let base = function.signature.baseName
    guard owner != nil || (TokenKind.keywords[base] == nil && Builtins.function(named: base) == nil && base != "assert") else {
      throw EmbeddingError("cannot define '\(function.name)': '\(base)' is a keyword or a built-in function")
    }
    guard types[base] == nil, !builtinTypeNames.contains(base), hostValueTypes[base] == nil else {
      throw EmbeddingError("cannot define '\(function.name)': '\(base)' is a type")
    }
    if hostFunctions[base, default: []].contains(where: { $0.isSameOverload(as: function) }) {
      throw EmbeddingError("function '\(function.name)' is already defined")
    }
    hostFunctions[base, default: []].append(function)
  }

  public func define<R, E: Error>(_ signature: String, _ body: @escaping () throws(E) -> R) throws {
    try addFunction(signature, [], R.self, isAsync: false, isThrowing: E.self != Never.self) { _, r in
      return { _, _ in
        return .value(r(try body()))
      }
    }
  }

  public func define<R, E: Error>(_ signature: String, _ body: @escaping () async throws(E) -> R) throws {
    try addFunction(signature, [], R.self, isAsync: true, isThrowing: E.self != Never.self) { _, r in
      return { _, _ in
        return .task { r(try await body()) }
      }
    }
  }

  public func define<A, R, E: Error>(_ signature: String, _ body: @escaping (A) throws(E) -> R) throws {
    try addFunction(signature, [A.self], R.self, isAsync: false, isThrowing: E.self != Never.self) { p, r in
      let ba = p[0]
      return { _, values in
        let a: A = try ba.argument(values, 0)
        return .value(r(try body(a)))
      }
    }
  }

  public func define<A, R, E: Error>(_ signature: String, _ body: @escaping (A) async throws(E) -> R) throws {
    try addFunction(signature, [A.self], R.self, isAsync: true, isThrowing: E.self != Never.self) { p, r in
      let ba = p[0]
      return { _, values in
        let a: A = try ba.argument(values, 0)
        return .task { r(try await body(a)) }
      }
    }
  }

  public func define<A, B, R, E: Error>(_ signature: String, _ body: @escaping (A, B) throws(E) -> R) throws {
    try addFunction(signature, [A.self, B.self], R.self, isAsync: false, isThrowing: E.self != Never.self) { p, r in
      let ba = p[0]
      let bb = p[1]
      return { _, values in
        let a: A = try ba.argument(values, 0)
        let b: B = try bb.argument(values, 1)
        return .value(r(try body(a, b)))
      }
    }
  }

  public func define<A, B, R, E: Error>(_ signature: String, _ body: @escaping (A, B) async throws(E) -> R) throws {
    try addFunction(signature, [A.self, B.self], R.self, isAsync: true, isThrowing: E.self != Never.self) { p, r in
      let ba = p[0]
      let bb = p[1]
      return { _, values in
        let a: A = try ba.argument(values, 0)
        let b: B = try bb.argument(values, 1)
        return .task { r(try await body(a, b)) }
      }
    }
  }

  public func define<A, B, C, R, E: Error>(_ signature: String, _ body: @escaping (A, B, C) throws(E) -> R) throws {
    try addFunction(signature, [A.self, B.self, C.self], R.self, isAsync: false, isThrowing: E.self != Never.self) { p, r in
      let ba = p[0]
      let bb = p[1]
      let bc = p[2]
      return { _, values in
        let a: A = try ba.argument(values, 0)
        let b: B = try bb.argument(values, 1)
        let c: C = try bc.argument(values, 2)
        return .value(r(try body(a, b, c)))
      }
    }
  }

  public func define<A, B, C, R, E: Error>(_ signature: String, _ body: @escaping (A, B, C) async throws(E) -> R) throws {
    try addFunction(signature, [A.self, B.self, C.self], R.self, isAsync: true, isThrowing: E.self != Never.self) { p, r in
      let ba = p[0]
      let bb = p[1]
      let bc = p[2]
      return { _, values in
        let a: A = try ba.argument(values, 0)
        let b: B = try bb.argument(values, 1)
        let c: C = try bc.argument(values, 2)
        return .task { r(try await body(a, b, c)) }
      }
    }
  }

  public func define<A, B, C, D, R, E: Error>(_ signature: String, _ body: @escaping (A, B, C, D) throws(E) -> R) throws {
    try addFunction(signature, [A.self, B.self, C.self, D.self], R.self, isAsync: false, isThrowing: E.self != Never.self) { p, r in
      let ba = p[0]
      let bb = p[1]
      let bc = p[2]
      let bd = p[3]
      return { _, values in
        let a: A = try ba.argument(values, 0)
        let b: B = try bb.argument(values, 1)
        let c: C = try bc.argument(values, 2)
        let d: D = try bd.argument(values, 3)
        return .value(r(try body(a, b, c, d)))
      }
    }
  }

  public func define<A, B, C, D, R, E: Error>(_ signature: String, _ body: @escaping (A, B, C, D) async throws(E) -> R) throws {
    try addFunction(signature, [A.self, B.self, C.self, D.self], R.self, isAsync: true, isThrowing: E.self != Never.self) { p, r in
      let ba = p[0]
      let bb = p[1]
      let bc = p[2]
      let bd = p[3]
      return { _, values in
        let a: A = try ba.argument(values, 0)
        let b: B = try bb.argument(values, 1)
        let c: C = try bc.argument(values, 2)
        let d: D = try bd.argument(values, 3)
        return .task { r(try await body(a, b, c, d)) }
      }
    }
  }
}
