import BindSyntax

/// Swift closure types that bridge to script closures, both ways: a host
/// method that takes `(Int) -> Bool` is called with a script closure
/// (`vm.removeAll(where: { $0 > 2 })`), and a Swift closure a host hands out
/// is a callable script value.
///
/// Swift cannot take a function type apart at run time, so each closure type
/// is made known by a generic registration that names it
/// (``Interpreter/bridgeClosures(_:)-…``): that is where the code that
/// builds a closure of exactly that type is generated. The closures over
/// `Int`, `Double`, `String` and `Bool` with up to two parameters of one
/// type, returning `Void`, `Bool`, `Int`, `Double` or `String`, are known
/// from the start.
struct ClosureShape {
  /// Builds the bridge, given the bridges of other types.
  let make: (_ resolve: (Any.Type) throws -> ValueBridge, _ interpreter: Interpreter) throws -> ValueBridge
}

extension ClosureShape {
  /// A script closure called from Swift: its errors cannot be thrown
  /// through a non-throwing Swift closure, so the first one is kept for the
  /// statement whose host call ran it, and the closure returns the result
  /// type's zero value (`false`, `0`, `""`) or `nil`.
  static func callScript(
    _ callable: Callable, _ arguments: [Value], interpreter: Interpreter?, fallback: Value
  ) -> Value {
    // The interpreter is held weakly: a Swift closure kept after its session
    // ended returns the fallback instead of running a script that is gone.
    guard let interpreter else { return fallback }
    var result = fallback
    interpreter.reportingErrors {
      if let arity = callable.arity, arity != arguments.count {
        throw ScriptError(
          .bridge(.hostArity(callee: callable.quotedName, arity: arity, given: arguments.count)))
      }
      let context = CallContext(
        interpreter: interpreter, range: ClosureShape.hostSite.range, file: ClosureShape.hostSite.file, argumentRanges: [])
      result = try callable.body(arguments, context)
    }
    return result
  }

  /// Where a call made by the host happens: no place in a script.
  static let hostSite = (file: SourceFile(path: "<host>", text: ""), range: SourceRange(at: SourceLocation(offset: 0, line: 1, column: 1)))

  /// The value a script closure's result converts to Swift from: the
  /// result itself, or (when it does not fit) the type's zero value.
  static func swiftResult<R>(_ value: Value, _ bridge: ValueBridge?, _: R.Type) -> R {
    if R.self == Void.self { return () as! R }
    let bridge = bridge!
    if let converted = bridge.fromScript(value) { return converted as! R }
    return bridge.fromScript(bridge.type.zeroValue ?? .null) as! R
  }

  /// Whether `R` can stand in when a script closure fails: it has a zero
  /// value (or is `Void` or optional).
  static func hasFallback(_ bridge: ValueBridge?) -> Bool {
    guard let bridge else { return true }
    return bridge.type.zeroValue.map { bridge.fromScript($0) != nil } ?? false
  }

  static func resultBridge(_ type: Any.Type, _ resolve: (Any.Type) throws -> ValueBridge) throws -> ValueBridge? {
    if type == Void.self { return nil }
    let bridge = try resolve(type)
    guard hasFallback(bridge) else {
      throw BridgeError(
        "a closure returning '\(typeName(type))' does not bridge: its result needs a value to return when the script closure fails (use an optional)")
    }
    return bridge
  }

  static func unary<A, R>(_: A.Type, _: R.Type) -> ClosureShape {
    ClosureShape { resolve, interpreter in
      let argument = try resolve(A.self)
      let result = try resultBridge(R.self, resolve)
      let fallback = result?.type.zeroValue ?? .null
      return ValueBridge(
        type: .function(parameters: [argument.type], result: result?.type),
        toScript: { any in
          let swiftClosure = any as! (A) -> R
          return .function(Callable(name: "closure", arity: 1, isClosure: true) { arguments, _ in
            guard let a = argument.fromScript(arguments[0]) else {
              throw ScriptError(.bridge(.closureArguments(expected: ["\(argument.type)"], given: arguments[0].typeName)))
            }
            let value = swiftClosure(a as! A)
            return result.map { $0.toScript(value) } ?? .null
          })
        },
        fromScript: { [weak interpreter] value in
          guard case .function(let callable) = value, callable.arity == nil || callable.arity == 1 else { return nil }
          let swiftClosure: (A) -> R = { a in
            swiftResult(
              callScript(callable, [argument.toScript(a)], interpreter: interpreter, fallback: fallback), result, R.self)
          }
          return swiftClosure
        })
    }
  }

  static func binary<A, B, R>(_: A.Type, _: B.Type, _: R.Type) -> ClosureShape {
    ClosureShape { resolve, interpreter in
      let first = try resolve(A.self)
      let second = try resolve(B.self)
      let result = try resultBridge(R.self, resolve)
      let fallback = result?.type.zeroValue ?? .null
      return ValueBridge(
        type: .function(parameters: [first.type, second.type], result: result?.type),
        toScript: { any in
          let swiftClosure = any as! (A, B) -> R
          return .function(Callable(name: "closure", arity: 2, isClosure: true) { arguments, _ in
            guard let a = first.fromScript(arguments[0]), let b = second.fromScript(arguments[1]) else {
              throw ScriptError(.bridge(.closureArguments(expected: ["\(first.type)", "\(second.type)"], given: nil)))
            }
            let value = swiftClosure(a as! A, b as! B)
            return result.map { $0.toScript(value) } ?? .null
          })
        },
        fromScript: { [weak interpreter] value in
          guard case .function(let callable) = value, callable.arity == nil || callable.arity == 2 else { return nil }
          let swiftClosure: (A, B) -> R = { a, b in
            swiftResult(
              callScript(callable, [first.toScript(a), second.toScript(b)], interpreter: interpreter, fallback: fallback),
              result, R.self)
          }
          return swiftClosure
        })
    }
  }

  static func nullary<R>(_: R.Type) -> ClosureShape {
    ClosureShape { resolve, interpreter in
      let result = try resultBridge(R.self, resolve)
      let fallback = result?.type.zeroValue ?? .null
      return ValueBridge(
        type: .function(parameters: [], result: result?.type),
        toScript: { any in
          let swiftClosure = any as! () -> R
          return .function(Callable(name: "closure", arity: 0, isClosure: true) { _, _ in
            let value = swiftClosure()
            return result.map { $0.toScript(value) } ?? .null
          })
        },
        fromScript: { [weak interpreter] value in
          guard case .function(let callable) = value, callable.arity == nil || callable.arity == 0 else { return nil }
          let swiftClosure: () -> R = {
            swiftResult(callScript(callable, [], interpreter: interpreter, fallback: fallback), result, R.self)
          }
          return swiftClosure
        })
    }
  }

  /// The closure types every interpreter knows.
  static let standard: [ObjectIdentifier: ClosureShape] = {
    var shapes: [ObjectIdentifier: ClosureShape] = [:]
    func results<A>(_: A.Type) {
      shapes[ObjectIdentifier(((A) -> Void).self)] = unary(A.self, Void.self)
      shapes[ObjectIdentifier(((A) -> Bool).self)] = unary(A.self, Bool.self)
      shapes[ObjectIdentifier(((A) -> Int).self)] = unary(A.self, Int.self)
      shapes[ObjectIdentifier(((A) -> Double).self)] = unary(A.self, Double.self)
      shapes[ObjectIdentifier(((A) -> String).self)] = unary(A.self, String.self)
      shapes[ObjectIdentifier(((A, A) -> Void).self)] = binary(A.self, A.self, Void.self)
      shapes[ObjectIdentifier(((A, A) -> Bool).self)] = binary(A.self, A.self, Bool.self)
      shapes[ObjectIdentifier(((A, A) -> Int).self)] = binary(A.self, A.self, Int.self)
      shapes[ObjectIdentifier(((A, A) -> Double).self)] = binary(A.self, A.self, Double.self)
      shapes[ObjectIdentifier(((A, A) -> String).self)] = binary(A.self, A.self, String.self)
    }
    results(Int.self)
    results(Double.self)
    results(String.self)
    results(Bool.self)
    shapes[ObjectIdentifier((() -> Void).self)] = nullary(Void.self)
    shapes[ObjectIdentifier((() -> Bool).self)] = nullary(Bool.self)
    shapes[ObjectIdentifier((() -> Int).self)] = nullary(Int.self)
    shapes[ObjectIdentifier((() -> Double).self)] = nullary(Double.self)
    shapes[ObjectIdentifier((() -> String).self)] = nullary(String.self)
    return shapes
  }()
}

extension Interpreter {
  /// Makes the Swift closure type `(A) -> R` bridge to script closures, for
  /// the host methods, functions and properties registered after this call
  /// (closures over `Int`, `Double`, `String` and `Bool` need no call).
  ///
  /// ```swift
  /// interpreter.bridgeClosures(((Todo) -> Bool).self)
  /// try interpreter.register(TodoList.self, as: "TodoList") { type in
  ///   type.method("removeAll(where:)") { list, test in list.removeAll(where: test) }
  /// }
  /// ```
  public func bridgeClosures<A, R>(_ type: ((A) -> R).Type) {
    closureShapes[ObjectIdentifier(type)] = ClosureShape.unary(A.self, R.self)
  }

  /// Makes the Swift closure type `(A, B) -> R` bridge to script closures.
  public func bridgeClosures<A, B, R>(_ type: ((A, B) -> R).Type) {
    closureShapes[ObjectIdentifier(type)] = ClosureShape.binary(A.self, B.self, R.self)
  }

  /// Makes the Swift closure type `() -> R` bridge to script closures.
  public func bridgeClosures<R>(_ type: (() -> R).Type) {
    closureShapes[ObjectIdentifier(type)] = ClosureShape.nullary(R.self)
  }
}
