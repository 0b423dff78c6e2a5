import BindSyntax

/// Describes a Swift struct to the interpreter, field by field; passed to
/// ``Interpreter/registerStruct(_:as:fileID:line:_:)``.
///
/// ```swift
/// try interpreter.registerStruct(SearchHit.self, as: "SearchHit") { type in
///   type.field("title", \.title)
///   type.field("score", \.score)
///   type.initializer { try SearchHit(title: $0.value("title"), score: $0.value("score")) }
/// }
/// ```
///
/// The fields are the script type's fields, in this order: scripts read
/// them (`hit.title`), print the value as Swift does
/// (`SearchHit(title: "Swift", score: 3)`), compare values with `==`, and
/// make one with the memberwise form `SearchHit(title: "Swift", score: 3)`.
/// A field whose key path is not writable is a `let`. The initializer makes
/// the Swift value when a script value crosses back (a method argument, a
/// property write, an event payload); without one the type crosses into
/// scripts only.
public final class StructTypeBuilder<Root> {
  let typeName: String
  private let resolve: (Any.Type) throws -> ValueBridge
  private(set) var fields: [StructType.Field] = []
  private(set) var readers: [(Root) -> Value] = []
  private(set) var bridges: [ValueBridge] = []
  private(set) var make: ((StructFieldValues) throws -> Root)?
  /// The struct's own initializers, called as Swift calls them
  /// (``initializer(_:_:)-…``), named `init(…)`.
  private(set) var initializers: [HostFunction] = []
  private(set) var problems: [String] = []
  /// Fields left out since their type does not bridge, and why.
  private(set) var unavailableFields: [String: String] = [:]
  private var names: Set<String> = []

  init(typeName: String, resolve: @escaping (Any.Type) throws -> ValueBridge) {
    self.typeName = typeName
    self.resolve = resolve
  }

  /// A stored field: read with `keyPath`, a `let` unless the key path is writable.
  public func field<T>(_ name: String, _ keyPath: KeyPath<Root, T>) {
    guard Identifier.isValid(name) else {
      problems.append("'\(name)' is not a valid field name of '\(typeName)'; use letters, digits and '_', not starting with a digit")
      return
    }
    guard names.insert(name).inserted else {
      problems.append("field '\(name)' is registered twice in struct '\(typeName)'")
      return
    }
    let bridge: ValueBridge
    do {
      bridge = try resolve(T.self)
    } catch let error as BridgeError {
      // Left out: scripts read the other fields; the value cannot be made
      // back from a script's, which lacks this one (see `StructFieldValues`).
      unavailableFields[name] = error.unavailableMember(name, of: typeName, type: T.self)
      return
    } catch {
      problems.append("field '\(name)' of struct '\(typeName)': \(error)")
      return
    }
    fields.append(StructType.Field(name: name, type: bridge.type, isConstant: !(keyPath is WritableKeyPath<Root, T>)))
    bridges.append(bridge)
    readers.append(Self.reader(keyPath, bridge))
  }

  /// Reads a field and converts it; specialized for the common field types,
  /// so that a read does not box the field's value.
  private static func reader<T>(_ keyPath: KeyPath<Root, T>, _ bridge: ValueBridge) -> (Root) -> Value {
    switch T.self {
    case is Int.Type:
      let path = keyPath as! KeyPath<Root, Int>
      return { .int($0[keyPath: path]) }
    case is String.Type:
      let path = keyPath as! KeyPath<Root, String>
      return { .string($0[keyPath: path]) }
    case is Double.Type:
      let path = keyPath as! KeyPath<Root, Double>
      return { .double($0[keyPath: path]) }
    case is Bool.Type:
      let path = keyPath as! KeyPath<Root, Bool>
      return { .bool($0[keyPath: path]) }
    default:
      let toScript = bridge.toScript
      return { toScript($0[keyPath: keyPath]) }
    }
  }

  /// How to make the Swift value from a script value's fields, usually the
  /// memberwise initializer: `{ try SearchHit(title: $0.value("title"), score: $0.value("score")) }`.
  public func initializer(_ make: @escaping (StructFieldValues) throws -> Root) {
    if self.make != nil { problems.append("struct '\(typeName)' has two initializers; register one") }
    self.make = make
  }
}

// The struct's own initializers, one overload per parameter count (0 to 4),
// as `HostTypeBuilder.constructor` has them for classes.
extension StructTypeBuilder {
  /// An initializer of the struct that scripts call with Swift's labels:
  /// `initializer("init(name:unitPrice:)") { (name: String, price: Decimal) in LineItem(name: name, unitPrice: price) }`
  /// makes `LineItem(name: "Tea", unitPrice: 2.5)` call it, so Swift
  /// evaluates the defaults it leaves out (`quantity: Int = 1`). A call
  /// whose labels are the fields' and match no initializer is the
  /// memberwise form.
  public func initializer(_ signature: String, _ make: @escaping () throws -> Root) {
    addInitializer(signature, []) { _, wrap in { _, _ in .value(wrap(try make())) } }
  }

  public func initializer<A>(_ signature: String, _ make: @escaping (A) throws -> Root) {
    addInitializer(signature, [A.self]) { p, wrap in
      let ba = p[0]
      return { _, values in .value(wrap(try make(try ba.argument(values, 0)))) }
    }
  }

  public func initializer<A, B>(_ signature: String, _ make: @escaping (A, B) throws -> Root) {
    addInitializer(signature, [A.self, B.self]) { p, wrap in
      let (ba, bb) = (p[0], p[1])
      return { _, values in .value(wrap(try make(try ba.argument(values, 0), try bb.argument(values, 1)))) }
    }
  }

  public func initializer<A, B, C>(_ signature: String, _ make: @escaping (A, B, C) throws -> Root) {
    addInitializer(signature, [A.self, B.self, C.self]) { p, wrap in
      let (ba, bb, bc) = (p[0], p[1], p[2])
      return { _, values in
        .value(wrap(try make(try ba.argument(values, 0), try bb.argument(values, 1), try bc.argument(values, 2))))
      }
    }
  }

  public func initializer<A, B, C, D>(_ signature: String, _ make: @escaping (A, B, C, D) throws -> Root) {
    addInitializer(signature, [A.self, B.self, C.self, D.self]) { p, wrap in
      let (ba, bb, bc, bd) = (p[0], p[1], p[2], p[3])
      return { _, values in
        .value(
          wrap(
            try make(
              try ba.argument(values, 0), try bb.argument(values, 1), try bc.argument(values, 2),
              try bd.argument(values, 3))))
      }
    }
  }

  private func addInitializer(
    _ text: String, _ parameters: [Any.Type],
    _ make: (_ parameters: [ValueBridge], _ wrap: @escaping (Any) -> Value) -> HostFunction.Invoke
  ) {
    guard let parsed = HostSignature(parsing: text), parsed.baseName == "init" else {
      problems.append("'\(text)' is not an initializer signature; write it as Swift names it, such as 'init(name:)' (in struct '\(typeName)')")
      return
    }
    let factory = HostFunctionFactory(resolve: resolve)
    switch factory.make(text, what: "initializer", parameters: parameters, result: Root.self, isAsync: false, isThrowing: false, make) {
    case .success(let function):
      let named = function.renamed(HostSignature(baseName: "\(typeName).init", labels: parsed.labels))
      guard !initializers.contains(where: { $0.isSameOverload(as: named) }) else {
        problems.append("initializer '\(text)' is registered twice in struct '\(typeName)'")
        return
      }
      initializers.append(named)
    case .failure:
      // A parameter whose type does not bridge: scripts use the other forms.
      return
    }
  }
}

/// A script struct value's fields, converted to Swift on request, for the
/// initializer that turns it back into a Swift value.
public struct StructFieldValues {
  let type: StructType
  let values: [Value]
  let bridges: [ValueBridge]

  /// The field called `name` as a `T`; throws if there is no such field or
  /// it is not a `T` (the registration and the initializer disagree).
  public func value<T>(_ name: String) throws -> T {
    guard let index = type.index(ofField: name) else {
      throw StructFieldError(message: type.unavailableFields[name] ?? "struct '\(type.name)' has no field '\(name)'")
    }
    guard let converted = bridges[index].fromScript(values[index]), let typed = converted as? T else {
      throw StructFieldError(
        message: "field '\(name)' of '\(type.name)' is registered as \(type.fields[index].type), not \(typeName(T.self))")
    }
    return typed
  }
}

/// A registered initializer asked for a field that is not there or not of its type.
public struct StructFieldError: Error, CustomStringConvertible {
  public let message: String
  public var description: String { message }
}
