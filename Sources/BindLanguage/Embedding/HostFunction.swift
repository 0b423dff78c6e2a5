import BindSyntax

/// A method of a registered type, or a free function, that the host app
/// defined for scripts: its Swift name (`select(index:)`), its parameter and
/// result types, and how to call it with script values.
///
/// Everything about the types is decided at registration (the bridges are
/// resolved then), so a call only converts its arguments and calls.
final class HostFunction {
  /// What calling it gave: a value now, or the async work still to run
  /// (which the interpreter awaits or starts as a task).
  enum Outcome {
    case value(Value)
    case task(@Sendable () async throws -> Value)
  }

  /// Calls the Swift closure: `receiver` is the Swift object (`nil` for a
  /// free function), `arguments` as many as `labels`. Throws
  /// ``HostArgumentMismatch`` for an argument that does not convert.
  typealias Invoke = (_ receiver: AnyObject?, _ arguments: [Value]) throws -> Outcome

  let signature: HostSignature
  let parameterTypes: [ValueType]
  /// `nil`: returns nothing (`Void`).
  let resultType: ValueType?
  let isAsync: Bool
  /// Whether the Swift closure can throw (its error type is not `Never`):
  /// what `:types` and completion's signature hint show.
  let isThrowing: Bool
  let invoke: Invoke
  /// The Swift parameter types: two functions with one signature are
  /// overloads when these differ (`set(_:forKey:)` for `Int` and for
  /// `String`), the same function registered twice when they do not.
  let swiftParameterTypes: [ObjectIdentifier]

  init(
    signature: HostSignature, parameterTypes: [ValueType], resultType: ValueType?, isAsync: Bool, isThrowing: Bool,
    swiftParameterTypes: [ObjectIdentifier] = [], invoke: @escaping Invoke
  ) {
    self.signature = signature
    self.parameterTypes = parameterTypes
    self.resultType = resultType
    self.isAsync = isAsync
    self.isThrowing = isThrowing
    self.swiftParameterTypes = swiftParameterTypes
    self.invoke = invoke
  }

  /// The same function under another name (`Counter.init(start:)`).
  func renamed(_ signature: HostSignature) -> HostFunction {
    HostFunction(
      signature: signature, parameterTypes: parameterTypes, resultType: resultType, isAsync: isAsync,
      isThrowing: isThrowing, swiftParameterTypes: swiftParameterTypes, invoke: invoke)
  }

  /// Whether `other` is this function registered again: the same
  /// signature and the same Swift parameter types.
  func isSameOverload(as other: HostFunction) -> Bool {
    signature == other.signature && swiftParameterTypes == other.swiftParameterTypes
  }

  /// `select(index:)`.
  var name: String { signature.fullName }

  /// `set(_: Int, forKey: String)`: the signature with its parameter
  /// types, which tells overloads apart in messages.
  var typedName: String {
    let parameters = zip(signature.labels, parameterTypes).map { label, type in "\(label ?? "_"): \(type)" }
    return "\(signature.baseName)(\(parameters.joined(separator: ", ")))"
  }

  /// `func select(index: Int) -> Bool`, as `:types` shows it.
  var summary: String { "func " + declaration }

  /// `signIn(email: String, password: String) async throws -> User`: the
  /// summary without `func`, as completion's hint after `(` shows it.
  var declaration: String {
    let parameters = zip(signature.labels, parameterTypes).map { label, type in "\(label ?? "_"): \(type)" }
    var text = "\(signature.baseName)(\(parameters.joined(separator: ", ")))"
    if isAsync { text += " async" }
    if isThrowing { text += " throws" }
    if let resultType { text += " -> \(resultType)" }
    return text
  }
}

/// An argument that does not convert to its parameter's Swift type.
struct HostArgumentMismatch: Error {
  let index: Int
}

/// A Swift-style function name: `select(index:)`, `move(_:to:)`, `clear()`.
struct HostSignature: Hashable {
  let baseName: String
  /// One per parameter; `nil` for `_`.
  let labels: [String?]

  init(baseName: String, labels: [String?]) {
    self.baseName = baseName
    self.labels = labels
  }

  /// Parses a signature as Swift writes one; `nil` if it is not one.
  init?(parsing text: String) {
    guard text.hasSuffix(")"), let open = text.firstIndex(of: "(") else { return nil }
    let base = String(text[..<open])
    let inner = text[text.index(after: open)..<text.index(before: text.endIndex)]
    guard Identifier.isValid(base) else { return nil }
    var labels: [String?] = []
    if !inner.isEmpty {
      guard inner.hasSuffix(":") else { return nil }
      for part in inner.dropLast().split(separator: ":", omittingEmptySubsequences: false) {
        let label = String(part)
        if label == "_" {
          labels.append(nil)
        } else {
          guard Identifier.isValid(label) else { return nil }
          labels.append(label)
        }
      }
    }
    self.init(baseName: base, labels: labels)
  }

  /// `select(index:)`.
  var fullName: String {
    "\(baseName)(" + labels.map { "\($0 ?? "_"):" }.joined() + ")"
  }
}

extension ValueBridge {
  /// Argument `index` of a host call, converted; throws if it does not fit.
  @inline(__always)
  func argument<A>(_ arguments: [Value], _ index: Int) throws -> A {
    if let converted = fromScript(arguments[index]) { return converted as! A }
    // An implicit member (`vm.paint(.dark)`) names its enum only through the
    // parameter's type, as a property write's value does through the property's.
    guard let coerced = type.coerce(arguments[index]), let converted = fromScript(coerced) else {
      throw HostArgumentMismatch(index: index)
    }
    return converted as! A
  }
}

/// Builds ``HostFunction``s from typed Swift closures: shared by methods
/// (``HostTypeBuilder``) and free functions (``Interpreter/define(_:_:)-…``).
struct HostFunctionFactory {
  let resolve: (Any.Type) throws -> ValueBridge

  /// The function, or a problem naming what is wrong with it.
  ///
  /// - Parameter make: Given the parameters' bridges and the result's
  ///   conversion, makes the call.
  func make(
    _ text: String, what: String, parameters: [Any.Type], result: Any.Type, isAsync: Bool, isThrowing: Bool,
    _ make: (_ parameters: [ValueBridge], _ result: @escaping (Any) -> Value) -> HostFunction.Invoke
  ) -> Result<HostFunction, BridgeError> {
    guard let signature = HostSignature(parsing: text) else {
      return .failure(BridgeError(
        "'\(text)' is not a \(what) signature; write it as Swift names it, such as 'clear()', 'select(index:)' or 'move(_:to:)'"))
    }
    guard signature.labels.count == parameters.count else {
      let count = signature.labels.count
      return .failure(BridgeError(
        "\(what) '\(text)' names \(count) parameter\(count == 1 ? "" : "s") but its closure takes \(parameters.count)"))
    }
    do {
      let bridges = try parameters.map { try resolve($0) }
      let resultBridge = result == Void.self ? nil : try resolve(result)
      // What a host function or method returns is the script's: objects in
      // it live while the script holds them, as a Swift caller's would.
      let toScript: (Any) -> Value = resultBridge.map { bridge in
        { result in
          let value = bridge.toScript(result)
          keepHostObjects(in: value)
          return value
        }
      } ?? { _ in .null }
      return .success(HostFunction(
        signature: signature, parameterTypes: bridges.map(\.type), resultType: resultBridge?.type, isAsync: isAsync,
        isThrowing: isThrowing, swiftParameterTypes: parameters.map { ObjectIdentifier($0) }, invoke: make(bridges, toScript)))
    } catch let error as BridgeError {
      return .failure(BridgeError("\(what) '\(text)': \(error.message)"))
    } catch {
      return .failure(BridgeError("\(what) '\(text)': \(error)"))
    }
  }
}

/// Makes every Swift object in `value` (in arrays and dictionaries too)
/// owned by its script wrapper from now on.
private func keepHostObjects(in value: Value) {
  switch value {
  case .object(let object): object.host?.retain()
  case .array(let elements): elements.forEach(keepHostObjects)
  case .dictionary(let dictionary): dictionary.values.forEach(keepHostObjects)
  default: break
  }
}
