import BindSyntax

/// A Swift struct or enum registered for scripts: the script type it becomes
/// (a ``StructType`` or ``EnumType``, the same representation script
/// `struct`s and `enum`s use) and the conversions of its values.
///
/// A Swift value crosses into a script as a ``StructValue``/``EnumValue``
/// (a copy: scripts get value semantics), and back out through the
/// registered initializer or case constructor. The conversions are reached
/// through this object, not captured at registration, so that a type can
/// contain itself (`struct Node { var children: [Node] }`): its fields'
/// bridges are resolved while the type is being registered, and call back
/// into it once it is complete.
final class HostValueType {
  /// The name scripts know it by.
  let name: String
  /// The Swift type.
  let swiftType: ObjectIdentifier
  /// `.structure` or `.enumeration`.
  let valueType: ValueType
  /// Set when the registration completes.
  var toScript: (Any) -> Value = { _ in .null }
  /// Set when the registration completes; `nil` from the closure for a
  /// value of another type or shape (or a struct with no initializer).
  var fromScript: (Value) -> Any? = { _ in nil }
  /// For `SearchHit(title: "Swift", score: 3)` in a script: the struct's
  /// field bridges, to check the arguments' types (`nil` for an enum).
  var fieldTypes: [ValueType]?
  /// Whether Swift can receive values of the type from scripts (a struct
  /// needs a registered initializer).
  var canCrossOut = true
  /// A struct's own initializers (`LineItem(name:unitPrice:)` with Swift's
  /// defaults), named `Type.init`.
  var initializers: [HostFunction] = []

  init(name: String, swiftType: Any.Type, valueType: ValueType) {
    self.name = name
    self.swiftType = ObjectIdentifier(swiftType)
    self.valueType = valueType
  }

  /// `(Root) -> Value`, set when the registration completes.
  var typedToScript: Any?

  /// The bridge for properties, parameters, results and payloads of this type.
  var bridge: ValueBridge {
    var bridge = ValueBridge(
      type: valueType,
      toScript: { [unowned self] in self.toScript($0) },
      fromScript: { [unowned self] in self.fromScript($0) })
    bridge.typedToScript = typedToScript
    return bridge
  }

  var structType: StructType? {
    if case .structure(let type) = valueType { return type }
    return nil
  }

  var enumType: EnumType? {
    if case .enumeration(let type) = valueType { return type }
    return nil
  }
}

/// The registered value types of one interpreter, and the short names of
/// every registered nested Swift type.
///
/// A nested Swift type registers under its qualified name
/// (`LoginViewModel.State`), and is also found by its short name (`State`)
/// while no other registered type has it, as Swift finds it inside its
/// outer type: a struct or enum here (``subscript(name:)``), a class through
/// ``shortClassName(_:)``. A short name two nested types share, of either
/// kind, names neither, and a script that writes it is told both
/// (``ambiguousShortNames``). A type registered under the short name itself
/// comes first.
struct HostValueTypes {
  private(set) var byName: [String: HostValueType] = [:]
  private var bySwiftType: [ObjectIdentifier: HostValueType] = [:]
  /// Unambiguous short names, with the qualified name each stands for.
  private var shortNames: [String: String] = [:]
  /// Short names several nested types have, with their qualified names.
  private(set) var ambiguousShortNames: [String: [String]] = [:]

  subscript(name: String) -> HostValueType? { byName[name] ?? shortNames[name].flatMap { byName[$0] } }
  subscript(swiftType: Any.Type) -> HostValueType? { bySwiftType[ObjectIdentifier(swiftType)] }

  /// Whether a type is registered under `name` itself (not as a short name).
  func hasType(named name: String) -> Bool { byName[name] != nil }

  /// The qualified name of the registered nested class that `name` is the
  /// unambiguous short name of (`Row` for `FeedViewModel.Row`).
  func shortClassName(_ name: String) -> String? {
    guard let qualified = shortNames[name], byName[qualified] == nil else { return nil }
    return qualified
  }

  mutating func add(_ type: HostValueType) {
    byName[type.name] = type
    bySwiftType[type.swiftType] = type
    addShortName(of: type.name)
  }

  /// Makes a nested type's short name find it while no other has it.
  mutating func addShortName(of qualified: String) {
    guard let dot = qualified.lastIndex(of: ".") else { return }
    let short = String(qualified[qualified.index(after: dot)...])
    if let others = ambiguousShortNames[short] {
      ambiguousShortNames[short] = others + [qualified]
    } else if let other = shortNames.removeValue(forKey: short) {
      ambiguousShortNames[short] = [other, qualified]
    } else {
      shortNames[short] = qualified
    }
  }

  mutating func remove(_ type: HostValueType) {
    byName[type.name] = nil
    bySwiftType[type.swiftType] = nil
    shortNames = shortNames.filter { $0.value != type.name }
  }

  mutating func removeAll() {
    byName.removeAll()
    bySwiftType.removeAll()
    shortNames.removeAll()
    ambiguousShortNames.removeAll()
  }
}
