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
  /// A struct or enum named by a field or case of a type declared with it
  /// (itself, or one hoisted beside it), held weakly: `struct Node { var
  /// children: [Node] }` would otherwise own itself, a cycle no session end
  /// breaks. Only a ``StructType/Field`` or ``EnumType/Case`` stores one, and
  /// gives it out resolved (``resolvingRecursiveReferences``).
  case recursive(RecursiveTypeReference)
  /// A tuple `(Int, String)` or `(x: Int, y: Int)`: a label (or `nil`) and
  /// a type per element; `labels` is empty when no element has one.
  case tuple(labels: [String?], elements: [ValueType])

  public static func == (lhs: ValueType, rhs: ValueType) -> Bool {
    switch (lhs, rhs) {
    case (.recursive(let a), .recursive(let b)): return a.type === b.type && a.name == b.name
    case (.recursive(let reference), let other), (let other, .recursive(let reference)):
      return reference.resolved.map { $0 == other } ?? false
    case (.int, .int), (.double, .double), (.string, .string), (.bool, .bool), (.duration, .duration), (.date, .date), (.decimal, .decimal): return true
    case (.foundation(let a), .foundation(let b)): return a == b
    case (.optional(let a), .optional(let b)), (.array(let a), .array(let b)), (.set(let a), .set(let b)): return a == b
    case (.object(let a), .object(let b)): return a == b
    case (.structure(let a), .structure(let b)): return a === b
    case (.enumeration(let a), .enumeration(let b)): return a === b
    case (.dictionary(let k1, let v1), .dictionary(let k2, let v2)): return k1 == k2 && v1 == v2
    case (.function(let p1, let r1), .function(let p2, let r2)): return p1 == p2 && r1 == r2
    case (.conforming(let a), .conforming(let b)): return a == b
    case (.tuple(let l1, let e1), .tuple(let l2, let e2)): return l1 == l2 && e1 == e2
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
    case .recursive(let reference): return reference.name
    case .tuple(let labels, let elements):
      return "(" + elements.indices.map { index in
        let label = labels.isEmpty ? nil : labels[index]
        return label.map { "\($0): \(elements[index])" } ?? elements[index].description
      }.joined(separator: ", ") + ")"
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
    case .object, .structure, .enumeration, .date, .foundation, .function, .conforming, .recursive, .tuple: return nil
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
    case (.recursive(let reference), _): return reference.resolved?.coerce(value)
    case (.tuple(let labels, let types), .tuple(let tuple)):
      // Swift's tuple conversions: an unlabelled element takes the label
      // the type gives it; a different label does not fit.
      guard tuple.elements.count == types.count else { return nil }
      var converted: [Value] = []
      converted.reserveCapacity(types.count)
      for index in types.indices {
        let label = labels.isEmpty ? nil : labels[index]
        if let written = tuple.label(at: index), let label, written != label { return nil }
        guard let element = types[index].coerce(tuple.elements[index]) else { return nil }
        converted.append(element)
      }
      return .tuple(TupleValue(elements: converted, labels: labels))
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

/// A struct or enum type held weakly, by a field or case of a type declared
/// with it (see ``ValueType/recursive(_:)``). The types of one declaration
/// group live as long as the session's type table or a value of them: a
/// field type is only asked for through its type, which is then alive.
public final class RecursiveTypeReference {
  /// The type's name, for messages once it is gone.
  let name: String
  /// The type, a `StructType` or an `EnumType`; `nil` once released.
  private(set) weak var type: AnyObject?

  init(_ type: AnyObject, name: String) {
    self.type = type
    self.name = name
  }

  /// The strong form, `nil` once the type is released.
  var resolved: ValueType? {
    switch type {
    case let structType as StructType: return .structure(structType)
    case let enumType as EnumType: return .enumeration(enumType)
    default: return nil
    }
  }
}

extension ValueType {
  /// The tuple type of `elements` with these labels (`nil` for none), its
  /// labels left empty when none has one, as ``tuple(labels:elements:)`` keeps them.
  static func tuple(labelling elements: [ValueType], with labels: [String?]) -> ValueType {
    .tuple(labels: labels.contains { $0 != nil } ? labels : [], elements: elements)
  }

  /// Whether a ``recursive(_:)`` reference is in this type.
  var containsRecursiveReference: Bool {
    switch self {
    case .recursive: return true
    case .optional(let wrapped), .array(let wrapped), .set(let wrapped): return wrapped.containsRecursiveReference
    case .dictionary(let key, let value): return key.containsRecursiveReference || value.containsRecursiveReference
    case .tuple(_, let elements): return elements.contains(where: \.containsRecursiveReference)
    case .function(let parameters, let result):
      return parameters.contains(where: \.containsRecursiveReference) || result?.containsRecursiveReference == true
    default: return false
    }
  }

  /// This type with each struct and enum type for which `isRecursive` holds
  /// referred to weakly (``recursive(_:)``).
  func referencingWeakly(where isRecursive: (AnyObject) -> Bool) -> ValueType {
    switch self {
    case .structure(let type) where isRecursive(type): return .recursive(RecursiveTypeReference(type, name: type.name))
    case .enumeration(let type) where isRecursive(type): return .recursive(RecursiveTypeReference(type, name: type.name))
    case .optional(let wrapped): return .optional(wrapped.referencingWeakly(where: isRecursive))
    case .array(let element): return .array(element.referencingWeakly(where: isRecursive))
    case .set(let element): return .set(element.referencingWeakly(where: isRecursive))
    case .dictionary(let key, let value):
      return .dictionary(key: key.referencingWeakly(where: isRecursive), value: value.referencingWeakly(where: isRecursive))
    case .tuple(let labels, let elements):
      return .tuple(labels: labels, elements: elements.map { $0.referencingWeakly(where: isRecursive) })
    case .function(let parameters, let result):
      return .function(
        parameters: parameters.map { $0.referencingWeakly(where: isRecursive) },
        result: result?.referencingWeakly(where: isRecursive))
    default: return self
    }
  }

  /// This type with its ``recursive(_:)`` references strong again (those
  /// whose type is gone stay as they are: no value fits them).
  var resolvingRecursiveReferences: ValueType {
    switch self {
    case .recursive(let reference): return reference.resolved ?? self
    case .optional(let wrapped): return .optional(wrapped.resolvingRecursiveReferences)
    case .array(let element): return .array(element.resolvingRecursiveReferences)
    case .set(let element): return .set(element.resolvingRecursiveReferences)
    case .dictionary(let key, let value):
      return .dictionary(key: key.resolvingRecursiveReferences, value: value.resolvingRecursiveReferences)
    case .tuple(let labels, let elements): return .tuple(labels: labels, elements: elements.map(\.resolvingRecursiveReferences))
    case .function(let parameters, let result):
      return .function(
        parameters: parameters.map(\.resolvingRecursiveReferences), result: result?.resolvingRecursiveReferences)
    default: return self
    }
  }
}
