import BindRuntime

// Initializers with parameters, one overload per parameter count (0 to 4),
// each for a plain and a failable (`init?`) initializer; generated alike,
// as the `method` overloads beside them.
extension HostTypeBuilder {
  /// An initializer of 0 parameters, called as Swift calls it (see `addConstructor`).
  public func constructor(
    _ signature: String, skipsUnbridged: Bool = false, _ make: @escaping () throws -> Root
  ) {
    addConstructor(signature, [], isFailable: false, skipsUnbridged: skipsUnbridged) { _, wrap in
      return { _, _ in
        return .value(wrap(try make()))
      }
    }
  }

  /// A failable initializer (`init?`) of 0 parameters: Swift's `nil` is the script's `nil`.
  public func constructor(
    _ signature: String, skipsUnbridged: Bool = false, _ make: @escaping () throws -> Root?
  ) {
    addConstructor(signature, [], isFailable: true, skipsUnbridged: skipsUnbridged) { _, wrap in
      return { _, _ in
        return .value(wrap(try make()))
      }
    }
  }

  /// An initializer of 1 parameter, called as Swift calls it (see `addConstructor`).
  public func constructor<A>(
    _ signature: String, skipsUnbridged: Bool = false, _ make: @escaping (A) throws -> Root
  ) {
    addConstructor(signature, [A.self], isFailable: false, skipsUnbridged: skipsUnbridged) { p, wrap in
      let ba = p[0]
      return { _, values in
        let a: A = try ba.argument(values, 0)
        return .value(wrap(try make(a)))
      }
    }
  }

  /// A failable initializer (`init?`) of 1 parameter: Swift's `nil` is the script's `nil`.
  public func constructor<A>(
    _ signature: String, skipsUnbridged: Bool = false, _ make: @escaping (A) throws -> Root?
  ) {
    addConstructor(signature, [A.self], isFailable: true, skipsUnbridged: skipsUnbridged) { p, wrap in
      let ba = p[0]
      return { _, values in
        let a: A = try ba.argument(values, 0)
        return .value(wrap(try make(a)))
      }
    }
  }

  /// An initializer of 2 parameters, called as Swift calls it (see `addConstructor`).
  public func constructor<A, B>(
    _ signature: String, skipsUnbridged: Bool = false, _ make: @escaping (A, B) throws -> Root
  ) {
    addConstructor(signature, [A.self, B.self], isFailable: false, skipsUnbridged: skipsUnbridged) { p, wrap in
      let ba = p[0]
      let bb = p[1]
      return { _, values in
        let a: A = try ba.argument(values, 0)
        let b: B = try bb.argument(values, 1)
        return .value(wrap(try make(a, b)))
      }
    }
  }

  /// A failable initializer (`init?`) of 2 parameters: Swift's `nil` is the script's `nil`.
  public func constructor<A, B>(
    _ signature: String, skipsUnbridged: Bool = false, _ make: @escaping (A, B) throws -> Root?
  ) {
    addConstructor(signature, [A.self, B.self], isFailable: true, skipsUnbridged: skipsUnbridged) { p, wrap in
      let ba = p[0]
      let bb = p[1]
      return { _, values in
        let a: A = try ba.argument(values, 0)
        let b: B = try bb.argument(values, 1)
        return .value(wrap(try make(a, b)))
      }
    }
  }

  /// An initializer of 3 parameters, called as Swift calls it (see `addConstructor`).
  public func constructor<A, B, C>(
    _ signature: String, skipsUnbridged: Bool = false, _ make: @escaping (A, B, C) throws -> Root
  ) {
    addConstructor(signature, [A.self, B.self, C.self], isFailable: false, skipsUnbridged: skipsUnbridged) { p, wrap in
      let ba = p[0]
      let bb = p[1]
      let bc = p[2]
      return { _, values in
        let a: A = try ba.argument(values, 0)
        let b: B = try bb.argument(values, 1)
        let c: C = try bc.argument(values, 2)
        return .value(wrap(try make(a, b, c)))
      }
    }
  }

  /// A failable initializer (`init?`) of 3 parameters: Swift's `nil` is the script's `nil`.
  public func constructor<A, B, C>(
    _ signature: String, skipsUnbridged: Bool = false, _ make: @escaping (A, B, C) throws -> Root?
  ) {
    addConstructor(signature, [A.self, B.self, C.self], isFailable: true, skipsUnbridged: skipsUnbridged) { p, wrap in
      let ba = p[0]
      let bb = p[1]
      let bc = p[2]
      return { _, values in
        let a: A = try ba.argument(values, 0)
        let b: B = try bb.argument(values, 1)
        let c: C = try bc.argument(values, 2)
        return .value(wrap(try make(a, b, c)))
      }
    }
  }

  /// An initializer of 4 parameters, called as Swift calls it (see `addConstructor`).
  public func constructor<A, B, C, D>(
    _ signature: String, skipsUnbridged: Bool = false, _ make: @escaping (A, B, C, D) throws -> Root
  ) {
    addConstructor(signature, [A.self, B.self, C.self, D.self], isFailable: false, skipsUnbridged: skipsUnbridged) { p, wrap in
      let ba = p[0]
      let bb = p[1]
      let bc = p[2]
      let bd = p[3]
      return { _, values in
        let a: A = try ba.argument(values, 0)
        let b: B = try bb.argument(values, 1)
        let c: C = try bc.argument(values, 2)
        let d: D = try bd.argument(values, 3)
        return .value(wrap(try make(a, b, c, d)))
      }
    }
  }

  /// A failable initializer (`init?`) of 4 parameters: Swift's `nil` is the script's `nil`.
  public func constructor<A, B, C, D>(
    _ signature: String, skipsUnbridged: Bool = false, _ make: @escaping (A, B, C, D) throws -> Root?
  ) {
    addConstructor(signature, [A.self, B.self, C.self, D.self], isFailable: true, skipsUnbridged: skipsUnbridged) { p, wrap in
      let ba = p[0]
      let bb = p[1]
      let bc = p[2]
      let bd = p[3]
      return { _, values in
        let a: A = try ba.argument(values, 0)
        let b: B = try bb.argument(values, 1)
        let c: C = try bc.argument(values, 2)
        let d: D = try bd.argument(values, 3)
        return .value(wrap(try make(a, b, c, d)))
      }
    }
  }
}

extension HostTypeBuilder {
  /// Adds an initializer made by one of the `constructor(_:skipsUnbridged:_:)`
  /// overloads: `"init(start:)"` is what a script's `Counter(start: 5)`
  /// calls. Scripts call initializers as Swift does: labels (and `_`) as
  /// declared, arguments converted and checked like a method's, a Swift
  /// error thrown by the initializer reported at the call, and `nil` from a
  /// failable one the script's `nil`. The object made belongs to the script
  /// (as with ``constructor(_:)``).
  ///
  /// A call whose labels match no initializer falls back to
  /// ``constructor(_:)`` followed by one property write per label, when
  /// there is such a constructor and every label names a property.
  ///
  /// - Parameter skipsUnbridged: When a parameter's type does not bridge
  ///   (`any Clock<Duration>`, a protocol, a class never registered), `false`
  ///   makes `register` throw, as for a method; `true` (what `@Scriptable`
  ///   writes, since a macro cannot know which types bridge) keeps the
  ///   registration and makes a script's call of that initializer an error
  ///   saying why.
  func addConstructor(
    _ text: String, _ parameters: [Any.Type], isFailable: Bool, skipsUnbridged: Bool,
    _ make: (_ parameters: [ValueBridge], _ wrap: @escaping (Root?) -> Value) -> HostFunction.Invoke
  ) {
    guard let parsed = HostSignature(parsing: text), parsed.baseName == "init" else {
      problems.append(
        "'\(text)' is not an initializer signature; write it as Swift names it, such as 'init()', 'init(start:)' or 'init(_:step:)' (in type '\(typeName)')")
      return
    }
    // The script owns the objects it makes: the wrapper keeps each alive.
    // Weak: the initializer is the host type's own.
    let wrap: (Root?) -> Value = { [weak host] object in
      guard let object, let host else { return .null }
      return .object(host.wrapper(for: object, owned: true))
    }
    let result: Any.Type = isFailable ? Optional<Root>.self : Root.self
    let factory = HostFunctionFactory(resolve: resolve)
    switch factory.make(text, what: "initializer", parameters: parameters, result: result, isAsync: false, isThrowing: false, { bridges, _ in make(bridges, wrap) }) {
    case .success(let function):
      // Named by its type in messages: 'Counter.init(start:)'.
      let named = function.renamed(HostSignature(baseName: "\(typeName).init", labels: parsed.labels))
      guard !host.initializers.contains(where: { $0.isSameOverload(as: named) }),
        !host.unavailableInitializers.contains(where: { $0.signature.labels == parsed.labels })
      else {
        problems.append("initializer '\(text)' is registered twice in type '\(typeName)'")
        return
      }
      host.initializers.append(named)
    case .failure(let error):
      guard skipsUnbridged, parsed.labels.count == parameters.count else {
        problems.append("\(error.message) (in type '\(typeName)')")
        return
      }
      host.unavailableInitializers.append((HostSignature(baseName: "\(typeName).init", labels: parsed.labels), error.message))
    }
  }
}

extension HostFunction {
  /// `init(start: Int)` or `init?(code: String)`, as `:types` shows an initializer.
  var initializerSummary: String {
    let parameters = zip(signature.labels, parameterTypes).map { label, type in "\(label ?? "_"): \(type)" }
    let failable: Bool
    if case .optional? = resultType { failable = true } else { failable = false }
    return "init\(failable ? "?" : "")(\(parameters.joined(separator: ", ")))"
  }
}
