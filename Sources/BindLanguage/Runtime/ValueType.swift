import BindSyntax

/// The declared type of a property or an event payload.
public indirect enum ValueType: Equatable, CustomStringConvertible {
  case int, double, string, bool, duration
  /// A point in time (a host `Date`).
  case date
  /// An exact decimal number (a host `Decimal`).
  case decimal
  /// A host `UUID`, `URL` or `Data`.
  case foundation(FoundationKind)
  case optional(ValueType)
  case array(ValueType)
  case object(String)
  /// A struct type; values fit only if made from this very declaration.
  case structure(StructType)
  /// An enum type; values fit only if made from this very declaration.
  case enumeration(EnumType)
  /// A dictionary `[K: V]`.
  case dictionary(key: ValueType, value: ValueType)
  /// A set `Set<T>` (`T` is `String`, `Int` or `Bool`).
  case set(ValueType)
  /// A function or closure `(A, B) -> R`; values fit when they take as many arguments.
  case function(parameters: [ValueType], result: ValueType?)
  /// `any Store` (or `Store`, `some Store`): a value of any type that
  /// conforms to the protocol, a script one or `Error`.
  case conforming(String)

  public static func == (lhs: ValueType, rhs: ValueType) -> Bool {
    switch (lhs, rhs) {
    case (.int, .int), (.double, .double), (.string, .string), (.bool, .bool), (.duration, .duration), (.date, .date), (.decimal, .decimal): return true
    case (.foundation(let a), .foundation(let b)): return a == b
    case (.optional(let a), .optional(let b)), (.array(let a), .array(let b)), (.set(let a), .set(let b)): return a == b
    case (.object(let a), .object(let b)): return a == b
    case (.structure(let a), .structure(let b)): return a === b
    case (.enumeration(let a), .enumeration(let b)): return a === b
    case (.dictionary(let k1, let v1), .dictionary(let k2, let v2)): return k1 == k2 && v1 == v2
    case (.function(let p1, let r1), .function(let p2, let r2)): return p1 == p2 && r1 == r2
    case (.conforming(let a), .conforming(let b)): return a == b
    default: return false
    }
  }

  public var description: String {
    switch self {
    case .int: return "Int"
    case .double: return "Double"
    case .string: return "String"
    case .bool: return "Bool"
    case .duration: return "Duration"
    case .date: return "Date"
    case .decimal: return "Decimal"
    case .foundation(let kind): return kind.rawValue
    case .optional(let wrapped):
      if case .function = wrapped { return "(\(wrapped))?" }
      return "\(wrapped)?"
    case .array(let element): return "[\(element)]"
    case .object(let name): return name
    case .structure(let type): return type.name
    case .enumeration(let type): return type.name
    case .dictionary(let key, let value): return "[\(key): \(value)]"
    case .set(let element): return "Set<\(element)>"
    case .function(let parameters, let result):
      return "(" + parameters.map(\.description).joined(separator: ", ") + ") -> " + (result?.description ?? "Void")
    case .conforming(let name): return "any \(name)"
    }
  }

  /// The value a property of this type starts with when it has no default,
  /// or `nil` if the type has no natural zero (an object).
  var zeroValue: Value? {
    switch self {
    case .int: return .int(0)
    case .double: return .double(0)
    case .string: return .string("")
    case .bool: return .bool(false)
    case .duration: return .duration(.zero)
    case .decimal: return .decimal(.zero)
    case .optional: return .null
    case .array: return .array([])
    case .dictionary: return .dictionary(ScriptDictionary())
    case .set: return .set(ScriptSet())
    case .object, .structure, .enumeration, .date, .foundation, .function, .conforming: return nil
    }
  }

  /// Whether values of type `sample` can always be written into this type.
  func coerce(sample: ValueType) -> Bool {
    switch (self, sample) {
    case _ where self == sample: return true
    case (.double, .int), (.decimal, .int): return true
    case (.optional(let wrapped), _): return wrapped.coerce(sample: sample) || sample == self
    default: return false
    }
  }

  /// Converts `value` for a write into this type, allowing only the implicit
  /// conversions `T` to `T?`, `Int` to `Double` and `Int` to `Decimal`;
  /// `nil` if it does not fit.
  func coerce(_ value: Value) -> Value? {
    switch (self, value) {
    case (.int, .int), (.double, .double), (.string, .string), (.bool, .bool), (.duration, .duration), (.date, .date),
      (.decimal, .decimal):
      return value
    case (.double, .int(let int)): return .double(Double(int))
    case (.decimal, .int(let int)): return .decimal(DecimalValue(int))
    case (.foundation(let kind), .foundation(let foundation)): return foundation.kind == kind ? value : nil
    case (.optional, .null): return value
    case (.optional(let wrapped), _): return wrapped.coerce(value)
    case (.array(let element), .array(let elements)):
      var converted: [Value] = []
      converted.reserveCapacity(elements.count)
      for item in elements {
        guard let item = element.coerce(item) else { return nil }
        converted.append(item)
      }
      return .array(converted)
    case (.object(let name), .object(let object)): return object.type.name == name ? value : nil
    case (.structure(let type), .structValue(let structValue)): return structValue.type === type ? value : nil
    case (.enumeration(let type), .enumValue(let enumValue)):
      if enumValue.type === type { return value }
      // An implicit member (`.idle`) takes the enum the context expects.
      guard enumValue.type.isContextual, let resolved = try? type.resolve(enumValue) else { return nil }
      return .enumValue(resolved)
    case (.dictionary(let keyType, let valueType), .dictionary(let dictionary)):
      var converted = ScriptDictionary()
      for (key, item) in dictionary.entries {
        guard let key = keyType.coerce(key), let item = valueType.coerce(item),
          let dictionaryKey = try? DictionaryKey(key)
        else { return nil }
        converted.set(item, for: dictionaryKey, keyValue: key)
      }
      return .dictionary(converted)
    case (.set(let element), .set(let set)):
      // Elements are String, Int or Bool: each fits as it is or not at all.
      return set.holdsOnly(element) ? value : nil
    case (.set(let element), .array(let elements)):
      // An array literal written where a set is declared is a set, as in Swift.
      var converted = ScriptSet()
      for item in elements {
        guard let item = element.coerce(item), (try? converted.insert(item)) != nil else { return nil }
      }
      return .set(converted)
    case (.function(let parameters, _), .function(let callable)):
      guard let arity = callable.arity else { return value }
      return arity == parameters.count ? value : nil
    case (.conforming(let name), _): return value.conforms(to: name) ? value : nil
    default: return nil
    }
  }
}

extension ValueType {
  /// The Foundation types scripts name without registering them.
  static let foundationTypeNames = ["Date", "Decimal", "TimeInterval"] + FoundationKind.allCases.map(\.rawValue)

  /// `Date`, `Decimal`, `UUID`, `URL`, `Data`, and `TimeInterval` (Swift's
  /// name for a Double of seconds); `nil` for any other name.
  init?(foundationTypeName name: String) {
    switch name {
    case "Date": self = .date
    case "Decimal": self = .decimal
    case "TimeInterval": self = .double
    default:
      guard let kind = FoundationKind(rawValue: name) else { return nil }
      self = .foundation(kind)
    }
  }
}
