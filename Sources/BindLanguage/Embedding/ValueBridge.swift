import BindRuntime
import BindSyntax

/// Converts one Swift type's values to script values and back: the value
/// bridge between a host app's properties and a script's.
///
/// Bridges are resolved once, when a type is registered, so that a Swift type
/// the language cannot represent is an error then, never while a script runs.
/// The bridged types are `Int`, `Double`, `String`, `Bool`, optionals and
/// arrays of bridged types, and classes, structs and enums registered with
/// the interpreter.
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
  /// - Parameter registered: Finds the bridge of a registered class, struct or enum.
  static func resolve(_ swiftType: Any.Type, registered: (Any.Type) throws -> ValueBridge?) throws -> ValueBridge {
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
      let wrapped = try resolve(optional.wrappedType, registered: registered)
      if case .optional = wrapped.type {
        throw BridgeError("nested optionals such as '\(typeName(swiftType))' do not bridge; use a single '?'")
      }
      return optional.bridge(wrapping: wrapped)
    case let array as BridgedArray.Type:
      return array.bridge(of: try resolve(array.elementType, registered: registered))
    default:
      if let bridge = try registered(swiftType) { return bridge }
      if let date = dateBridge(swiftType) { return date }
      if swiftType is AnyObject.Type {
        throw BridgeError("class '\(typeName(swiftType))' is not registered; register it before the types that use it")
      }
      throw BridgeError(
        "type '\(typeName(swiftType))' does not bridge to scripts; if it is a struct or enum, register it first ('registerStruct', 'registerEnum' or '@ScriptableValue'), else use Int, Double, String, Bool, Date, optionals, arrays or a registered type")
    }
  }
}

/// Why a Swift type does not bridge.
struct BridgeError: Error {
  let message: String
  init(_ message: String) { self.message = message }
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
