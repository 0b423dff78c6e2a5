import BindRuntime
import BindSyntax

/// Converts one Swift type's values to script values and back: the value
/// bridge between a host app's properties and a script's.
///
/// Bridges are resolved once, when a type is registered, so that a Swift type
/// the language cannot represent is an error then, never while a script runs.
/// The bridged types are `Int`, `Double`, `String`, `Bool`, `Duration`,
/// Foundation's `Date`, `Decimal`, `UUID`, `URL` and `Data`, optionals, arrays, sets and dictionaries (`String`, `Int` or `Bool` keys) of
/// bridged types, closures of known shapes, and classes, structs and enums
/// registered with the interpreter.
struct ValueBridge {
  /// The script type a property of this Swift type has.
  let type: ValueType
  /// The Swift value (boxed) as a script value.
  let toScript: (Any) -> Value
  /// The script value as a Swift value (boxed), or `nil` if it does not fit.
  let fromScript: (Value) -> Any?
  /// For a registered struct or enum: `(T) -> Value` for its own type `T`,
  /// which a property of type `T` calls without boxing the value in `Any`.
  var typedToScript: Any? = nil

  /// The bridge for `swiftType`, or an error naming what does not bridge.
  ///
  /// - Parameter interpreter: Knows the closure types that bridge
  ///   (`Interpreter.closureShapes`) and runs script closures Swift calls.
  /// - Parameter registered: Finds the bridge of a registered class, struct or enum.
  static func resolve(
    _ swiftType: Any.Type, interpreter: Interpreter? = nil, registered: (Any.Type) throws -> ValueBridge?
  ) throws -> ValueBridge {
    if let interpreter, let shape = interpreter.closureShapes[ObjectIdentifier(swiftType)] {
      return try shape.make({ try resolve($0, interpreter: interpreter, registered: registered) }, interpreter)
    }
    switch swiftType {
    case is Int.Type:
      return ValueBridge(type: .int, toScript: { .int($0 as! Int) }, fromScript: { value in
        if case .int(let int) = value { return int }
        return nil
      })
    case is Double.Type:
      return ValueBridge(type: .double, toScript: { .double($0 as! Double) }, fromScript: { value in
        switch value {
        case .double(let double): return double
        case .int(let int): return Double(int)
        default: return nil
        }
      })
    case is String.Type:
      return ValueBridge(type: .string, toScript: { .string($0 as! String) }, fromScript: { value in
        if case .string(let string) = value { return string }
        return nil
      })
    case is Bool.Type:
      return ValueBridge(type: .bool, toScript: { .bool($0 as! Bool) }, fromScript: { value in
        if case .bool(let bool) = value { return bool }
        return nil
      })
    case let optional as BridgedOptional.Type:
      let wrapped = try resolve(optional.wrappedType, interpreter: interpreter, registered: registered)
      if case .optional = wrapped.type {
        throw BridgeError("nested optionals such as '\(typeName(swiftType))' do not bridge; use a single '?'")
      }
      return optional.bridge(wrapping: wrapped)
    case let array as BridgedArray.Type:
      return array.bridge(of: try resolve(array.elementType, interpreter: interpreter, registered: registered))
    case let dictionary as BridgedDictionary.Type:
      let key = try resolve(dictionary.keyType, interpreter: interpreter, registered: registered)
      guard key.type == .string || key.type == .int || key.type == .bool else {
        throw BridgeError(
          "dictionary '\(typeName(swiftType))' does not bridge: its keys must be String, Int or Bool")
      }
      return dictionary.bridge(
        key: key, value: try resolve(dictionary.valueType, interpreter: interpreter, registered: registered))
    case let set as BridgedSet.Type:
      let element = try resolve(set.elementType, interpreter: interpreter, registered: registered)
      guard element.type == .string || element.type == .int || element.type == .bool else {
        throw BridgeError("set '\(typeName(swiftType))' does not bridge: its elements must be String, Int or Bool")
      }
      return set.bridge(of: element)
    default:
      if let bridge = try registered(swiftType) { return bridge }
      if let foundation = foundationBridge(swiftType) { return foundation }
      throw notBridged(swiftType)
    }
  }

  /// Why `swiftType`, neither built in nor registered, does not bridge, and what to do.
  private static func notBridged(_ swiftType: Any.Type) -> BridgeError {
    if String(describing: swiftType).contains("->") {
      return BridgeError(
        "closure type '\(typeName(swiftType))' is not known to scripts; call 'interpreter.bridgeClosures((\(typeName(swiftType))).self)' before registering what uses it")
    }
    if swiftType is AnyObject.Type {
      return BridgeError(
        "class '\(typeName(swiftType))' is not registered; register it before the types that use it", unregisteredType: swiftType)
    }
    if isProtocol(swiftType) {
      return BridgeError(
        "protocol '\(typeName(swiftType))' does not bridge to scripts; mark it @ScriptImplementable and register it ('try Scripted\(typeName(swiftType)).register(in: interpreter)') before the types that use it",
        unregisteredType: swiftType)
    }
    return BridgeError(
      "type '\(typeName(swiftType))' does not bridge to scripts; if it is a struct or enum, register it first ('registerStruct', 'registerEnum' or '@ScriptableValue'), else use Int, Double, String, Bool, Decimal, Duration, Date, UUID, URL, Data, optionals, arrays or a registered type",
      unregisteredType: swiftType)
  }
}

/// Why a Swift type does not bridge.
struct BridgeError: Error {
  let message: String
  /// The type that is neither built in nor registered, when that is the
  /// whole problem (not a nested optional, a dictionary's key, a closure).
  var unregisteredType: Any.Type?
  init(_ message: String, unregisteredType: Any.Type? = nil) {
    self.message = message
    self.unregisteredType = unregisteredType
  }

  /// Why member `name` of `owner`, of Swift type `type`, is left out:
  /// "'formatter' of PriceViewModel has type NumberFormatter, which scripts
  /// cannot use; register it or mark it @ScriptIgnored".
  func unavailableMember(_ name: String, of owner: String, type: Any.Type) -> String {
    let start = "'\(name)' of \(owner) has type \(typeName(type)), which scripts cannot use"
    if let unregisteredType {
      let what = unregisteredType == type ? "it" : "'\(typeName(unregisteredType))'"
      return start + "; register \(what) or mark it @ScriptIgnored"
    }
    return start + " (\(message)); mark it @ScriptIgnored"
  }
}

/// Whether `type` is a protocol's existential type (`any AuthService`):
/// its metadata's kind is the runtime's `Existential` (0x303).
private func isProtocol(_ type: Any.Type) -> Bool {
  unsafeBitCast(type, to: UnsafePointer<Int>.self).pointee == 0x303
}

/// The name of a Swift type without its module, as a message shows it.
func typeName(_ type: Any.Type) -> String {
  String(describing: type)
}

/// `Optional` seen through its metatype, so a bridge can be built without
/// casting values (a cast of an `Any` holding an optional may unwrap it).
protocol BridgedOptional {
  static var wrappedType: Any.Type { get }
  static func bridge(wrapping wrapped: ValueBridge) -> ValueBridge
}

extension Optional: BridgedOptional {
  static var wrappedType: Any.Type { Wrapped.self }

  static func bridge(wrapping wrapped: ValueBridge) -> ValueBridge {
    let toWrapped = wrapped.toScript
    let fromWrapped = wrapped.fromScript
    return ValueBridge(
      type: .optional(wrapped.type),
      toScript: { any in
        guard let value = any as! Wrapped? else { return .null }
        return toWrapped(value)
      },
      fromScript: { value in
        if value.isNull { return Wrapped?.none as Any }
        guard let converted = fromWrapped(value) else { return nil }
        return Wrapped?.some(converted as! Wrapped) as Any
      })
  }
}

/// `Array` seen through its metatype.
protocol BridgedArray {
  static var elementType: Any.Type { get }
  static func bridge(of element: ValueBridge) -> ValueBridge
}

extension Array: BridgedArray {
  static var elementType: Any.Type { Element.self }

  static func bridge(of element: ValueBridge) -> ValueBridge {
    let toElement = element.toScript
    let fromElement = element.fromScript
    return ValueBridge(
      type: .array(element.type),
      toScript: { any in .array((any as! [Element]).map { toElement($0) }) },
      fromScript: { value in
        guard case .array(let items) = value else { return nil }
        var converted: [Element] = []
        converted.reserveCapacity(items.count)
        for item in items {
          guard let swiftItem = fromElement(item) else { return nil }
          converted.append(swiftItem as! Element)
        }
        return converted
      })
  }
}

/// `Dictionary` seen through its metatype.
protocol BridgedDictionary {
  static var keyType: Any.Type { get }
  static var valueType: Any.Type { get }
  static func bridge(key: ValueBridge, value: ValueBridge) -> ValueBridge
}

extension Dictionary: BridgedDictionary {
  static var keyType: Any.Type { Key.self }
  static var valueType: Any.Type { Value.self }

  /// A Swift dictionary has no order of its own: it reaches a script with
  /// its keys sorted, so that what a script prints is the same on every run.
  static func bridge(key: ValueBridge, value: ValueBridge) -> ValueBridge {
    let (keyToScript, keyFromScript) = (key.toScript, key.fromScript)
    let (valueToScript, valueFromScript) = (value.toScript, value.fromScript)
    return ValueBridge(
      type: .dictionary(key: key.type, value: value.type),
      toScript: { any in
        let swiftDictionary = any as! [Key: Value]
        let entries = swiftDictionary.map { (key: keyToScript($0.key), value: valueToScript($0.value)) }
          .sorted { isOrderedKey($0.key, before: $1.key) }
        var dictionary = ScriptDictionary()
        for entry in entries { _ = try? dictionary.setValue(entry.value, forKey: entry.key) }
        return .dictionary(dictionary)
      },
      fromScript: { scriptValue in
        guard case .dictionary(let dictionary) = scriptValue else { return nil }
        var converted: [Key: Value] = [:]
        converted.reserveCapacity(dictionary.count)
        for (scriptKey, item) in dictionary.entries {
          guard let swiftKey = keyFromScript(scriptKey), let swiftValue = valueFromScript(item) else { return nil }
          converted[swiftKey as! Key] = (swiftValue as! Value)
        }
        return converted
      })
  }
}

/// `Set` seen through its metatype.
protocol BridgedSet {
  static var elementType: Any.Type { get }
  static func bridge(of element: ValueBridge) -> ValueBridge
}

extension Set: BridgedSet {
  static var elementType: Any.Type { Element.self }

  /// A Swift set has no order of its own: it reaches a script sorted, as a
  /// dictionary's keys do.
  static func bridge(of element: ValueBridge) -> ValueBridge {
    let (toElement, fromElement) = (element.toScript, element.fromScript)
    return ValueBridge(
      type: .set(element.type),
      toScript: { any in
        let elements = (any as! Set<Element>).map { toElement($0) }.sorted(by: isOrderedKey)
        return .set((try? ScriptSet(elements)) ?? ScriptSet())
      },
      fromScript: { value in
        let elements: [Value]
        switch value {
        case .set(let set): elements = set.elements
        // An array literal written where Swift expects a set is one, as in Swift.
        case .array(let items): elements = items
        default: return nil
        }
        var converted = Set<Element>(minimumCapacity: elements.count)
        for item in elements {
          guard let swiftItem = fromElement(item) else { return nil }
          converted.insert(swiftItem as! Element)
        }
        return converted
      })
  }
}

/// The order a Swift dictionary's keys or set's elements reach a script in.
private func isOrderedKey(_ lhs: Value, before rhs: Value) -> Bool {
  switch (lhs, rhs) {
  case (.string(let a), .string(let b)): return a < b
  case (.int(let a), .int(let b)): return a < b
  case (.bool(let a), .bool(let b)): return !a && b
  default: return false
  }
}

extension Value {
  // The conversions of the value types scripts use most, for the
  // specialized accessors of host properties (`HostTypeBuilder.property`).
  var asInt: Int? {
    if case .int(let int) = self { return int }
    return nil
  }

  var asDouble: Double? {
    switch self {
    case .double(let double): return double
    case .int(let int): return Double(int)
    default: return nil
    }
  }

  var asString: String? {
    if case .string(let string) = self { return string }
    return nil
  }

  var asBool: Bool? {
    if case .bool(let bool) = self { return bool }
    return nil
  }
}
