/// A struct type: declared in a script with `struct`, or a Swift struct a
/// host app registered. Both kinds share this description, so a host value
/// and a script value print, compare and read their fields the same way.
///
/// A redeclaration makes a new type object: values compare and type-check by
/// identity, so a value made before a REPL redeclared its type is never read
/// with the new layout.
public final class StructType {
  /// One stored field, in declaration order (the memberwise initializer's order).
  public struct Field {
    /// The field's name.
    public let name: String
    /// Its declared type.
    public var type: ValueType {
      holdsRecursiveReference ? declaredType.resolvingRecursiveReferences : declaredType
    }
    /// The type as stored, with weak references to the types declared with
    /// this one (see ``ValueType/recursive(_:)``).
    private let declaredType: ValueType
    /// Whether `declaredType` holds such a reference, so others cost nothing.
    private let holdsRecursiveReference: Bool
    /// `let` fields cannot be assigned after initialization.
    public let isConstant: Bool
    /// `private(set)` (or `private`): only the struct's own methods write it.
    public let isPrivateSet: Bool

    /// Creates a field description.
    public init(name: String, type: ValueType, isConstant: Bool = false, isPrivateSet: Bool = false) {
      self.name = name
      self.declaredType = type
      self.holdsRecursiveReference = type.containsRecursiveReference
      self.isConstant = isConstant
      self.isPrivateSet = isPrivateSet
    }
  }

  /// The type's name, as scripts write and print it.
  public let name: String
  /// The stored fields, in declaration order.
  public private(set) var fields: [Field]
  /// Field positions by name, so a read resolves its index once.
  private(set) var fieldIndex: [String: Int]
  /// A script struct's methods, computed properties and field defaults.
  let scriptMembers = ValueTypeMembers()
  /// Declared `: Error` (or a Swift `Error` the host registered): a
  /// script may throw its values.
  var conformsToError = false
  /// The protocols it conforms to, those they refine included.
  var conformances: Set<String> = []
  /// Fields of a registered Swift struct left out because their type does
  /// not bridge, and the error a script that names one gets.
  var unavailableFields: [String: String] = [:]

  /// Creates a struct type with these fields.
  public init(name: String, fields: [Field]) {
    self.name = name
    self.fields = []
    self.fieldIndex = [:]
    define(fields: fields)
  }

  /// Sets the fields once they are known: a script struct's type object
  /// exists while its field types are resolved, so `var children: [Node]`
  /// can name it.
  func define(fields: [Field]) {
    self.fields = fields
    var index: [String: Int] = [:]
    for (position, field) in fields.enumerated() { index[field.name] = position }
    self.fieldIndex = index
  }

  /// The position of the field called `name`, if there is one.
  public func index(ofField name: String) -> Int? { fieldIndex[name] }

  /// Gives a type made with no fields its fields, once: for a type whose
  /// fields name the type itself (`struct Node { var children: [Node] }`),
  /// which must exist before its fields' types can refer to it.
  func defineFields(_ fields: [Field]) {
    precondition(self.fields.isEmpty, "the fields of \(name) are already defined")
    self.fields = fields
    for (position, field) in fields.enumerated() { fieldIndex[field.name] = position }
  }
}

/// A struct value: its type and its fields' values, in the type's field order.
///
/// A Swift struct (the array's copy-on-write), so assigning it to another
/// variable or property copies it, as Swift's value semantics require.
public struct StructValue {
  /// What the value is an instance of.
  public let type: StructType
  /// One value per field of `type`, in order.
  public var fields: [Value]

  /// Creates a value of `type` from its fields in declaration order.
  public init(type: StructType, fields: [Value]) {
    precondition(fields.count == type.fields.count, "a \(type.name) value needs \(type.fields.count) fields")
    self.type = type
    self.fields = fields
  }

  /// The value of the field called `name`, if the type has one.
  public subscript(field name: String) -> Value? {
    type.fieldIndex[name].map { fields[$0] }
  }

  /// `SearchHit(title: "Swift", score: 3)`, as Swift prints a struct.
  public var literal: String {
    let parts = zip(type.fields, fields).map { field, value in "\(field.name): \(value.literal)" }
    return "\(type.name)(\(parts.joined(separator: ", ")))"
  }
}

/// An enum type: declared in a script with `enum`, or a Swift enum a host app
/// registered.
public final class EnumType {
  /// One case, with the labels and types of its associated values.
  public struct Case {
    /// The case's name.
    public let name: String
    /// The associated values' labels (`nil` for an unlabelled one) and types, in order.
    public var associatedValues: [(label: String?, type: ValueType)] {
      guard holdsRecursiveReference else { return declaredValues }
      return declaredValues.map { ($0.label, $0.type.resolvingRecursiveReferences) }
    }
    /// As stored, with weak references to the types declared with this one
    /// (see ``ValueType/recursive(_:)``).
    private let declaredValues: [(label: String?, type: ValueType)]
    /// Whether `declaredValues` holds such a reference, so others cost nothing.
    private let holdsRecursiveReference: Bool
    /// How many associated values the case takes.
    var associatedValueCount: Int { declaredValues.count }
    /// The raw value, for enums declared with a raw type.
    public let rawValue: Value?

    /// Creates a case description.
    public init(name: String, associatedValues: [(label: String?, type: ValueType)] = [], rawValue: Value? = nil) {
      self.name = name
      self.declaredValues = associatedValues
      self.holdsRecursiveReference = associatedValues.contains { $0.type.containsRecursiveReference }
      self.rawValue = rawValue
    }
  }

  /// The type's name.
  public let name: String
  /// The cases, in declaration order.
  public private(set) var cases: [Case]
  /// The raw type (`String`, `Int`) when the cases have raw values.
  public private(set) var rawType: ValueType?
  /// Case positions by name.
  private(set) var caseIndex: [String: Int]
  /// Set for the one-case type of an implicit member (`.idle`) whose enum
  /// is not known yet: the context that expects an enum resolves it.
  let isContextual: Bool
  /// A script enum's methods and computed properties.
  let scriptMembers = ValueTypeMembers()
  /// Declared `: Error` (or a Swift `Error` the host registered): a
  /// script may throw its values.
  var conformsToError = false
  /// The protocols it conforms to, those they refine included.
  var conformances: Set<String> = []

  /// Creates an enum type with these cases.
  public init(name: String, cases: [Case], rawType: ValueType? = nil) {
    self.name = name
    self.rawType = rawType
    self.isContextual = false
    self.cases = []
    self.caseIndex = [:]
    define(cases: cases)
  }

  init(contextualCase: Case) {
    self.name = ""
    self.rawType = nil
    self.isContextual = true
    self.cases = []
    self.caseIndex = [:]
    define(cases: [contextualCase])
  }

  /// Sets the cases once they are known (see ``StructType/define(fields:)``).
  func define(cases: [Case]) {
    self.cases = cases
    var index: [String: Int] = [:]
    for (position, enumCase) in cases.enumerated() { index[enumCase.name] = position }
    self.caseIndex = index
  }

  /// The position of the case called `name`, if there is one.
  public func index(ofCase name: String) -> Int? { caseIndex[name] }

  /// Gives a type made with no cases its cases, once: for an enum whose
  /// associated values name the enum itself (`indirect enum Tree`).
  func defineCases(_ cases: [Case], rawType: ValueType?) {
    precondition(self.cases.isEmpty, "the cases of \(name) are already defined")
    self.cases = cases
    self.rawType = rawType
    for (position, enumCase) in cases.enumerated() { caseIndex[enumCase.name] = position }
  }
}

/// An enum value: one case of its type and that case's associated values.
///
/// A class holding immutable state: an enum value never changes in place, so
/// sharing one box keeps ``Value`` small without giving up value semantics.
public final class EnumValue {
  /// What the value is an instance of.
  public let type: EnumType
  /// The position of the case in `type.cases`.
  public let caseIndex: Int
  /// The associated values, in the case's order (empty for a plain case).
  public let associatedValues: [Value]

  /// Creates a value of `type`'s case at `caseIndex`.
  public init(type: EnumType, caseIndex: Int, associatedValues: [Value] = []) {
    precondition(type.cases.indices.contains(caseIndex), "\(type.name) has no case #\(caseIndex)")
    precondition(
      associatedValues.count == type.cases[caseIndex].associatedValueCount,
      "\(type.name).\(type.cases[caseIndex].name) takes \(type.cases[caseIndex].associatedValues.count) values")
    self.type = type
    self.caseIndex = caseIndex
    self.associatedValues = associatedValues
  }

  /// The case's description.
  public var enumCase: EnumType.Case { type.cases[caseIndex] }

  /// `.idle`, `.failed("timeout")`, `.loaded(items: [1, 2])`.
  public var literal: String {
    let enumCase = self.enumCase
    guard !associatedValues.isEmpty else { return "." + enumCase.name }
    let parts = zip(enumCase.associatedValues, associatedValues).map { description, value in
      description.label.map { "\($0): \(value.literal)" } ?? value.literal
    }
    return ".\(enumCase.name)(\(parts.joined(separator: ", ")))"
  }

  /// Same type, same case, equal associated values. An implicit member
  /// not resolved yet (`.idle`) equals the case of that name.
  public static func == (lhs: EnumValue, rhs: EnumValue) -> Bool {
    if lhs === rhs { return true }
    if lhs.type.isContextual || rhs.type.isContextual {
      return lhs.enumCase.name == rhs.enumCase.name && lhs.associatedValues == rhs.associatedValues
    }
    return lhs.type === rhs.type && lhs.caseIndex == rhs.caseIndex && lhs.associatedValues == rhs.associatedValues
  }
}
