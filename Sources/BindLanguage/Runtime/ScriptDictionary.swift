/// A key a dictionary can hold: scripts' `String`, `Int` and `Bool` values.
/// Doubles are not keys: `1 == 1.0` holds for script values, and a key type
/// that hashed them apart would break that.
enum DictionaryKey: Hashable {
  case string(String)
  case int(Int)
  case bool(Bool)

  /// The key for `value`, or an error naming the types keys may have.
  init(_ value: Value) throws {
    guard let key = DictionaryKey(exactly: value) else {
      throw ScriptError(.notHashable(role: "a dictionary key", valueType: value.typeName))
    }
    self = key
  }

  /// The key for `value`, or nil if it cannot be one.
  init?(exactly value: Value) {
    switch value {
    case .string(let text): self = .string(text)
    case .int(let int): self = .int(int)
    case .bool(let bool): self = .bool(bool)
    default: return nil
    }
  }

  // Hashed as its payload alone, in one step: the synthesized hashing feeds
  // the case and then the payload to a `Hasher`, a third of an insert's
  // time. Keys of different cases that hash alike are still told apart by
  // `==`.
  func hash(into hasher: inout Hasher) {
    switch self {
    case .string(let text): hasher.combine(text)
    case .int(let int): hasher.combine(int)
    case .bool(let bool): hasher.combine(bool)
    }
  }

  func _rawHashValue(seed: Int) -> Int {
    switch self {
    case .string(let text): return text._rawHashValue(seed: seed)
    case .int(let int): return int._rawHashValue(seed: seed)
    case .bool(let bool): return bool._rawHashValue(seed: seed)
    }
  }
}

/// A script dictionary `[K: V]`: keys in insertion order (which is the order
/// of iteration, printing, `keys` and `values`), as scripts need output that
/// is the same on every run.
///
/// A struct over one copy-on-write storage object, so that it takes one
/// word inside ``Value`` and copies, as Swift's dictionaries do, only when a
/// shared one changes.
public struct ScriptDictionary {
  final class Storage {
    // Only ever reached through one `ScriptDictionary` at a time, which is
    // copied before a shared storage changes, so no two accesses overlap:
    // `@exclusivity(unchecked)` drops the runtime's check of each access
    // (`swift_beginAccess`, an eighth of an insert's time).
    @exclusivity(unchecked) var keys: [Value]
    @exclusivity(unchecked) var values: [Value]
    @exclusivity(unchecked) var positions: [DictionaryKey: Int]

    init(keys: [Value] = [], values: [Value] = [], positions: [DictionaryKey: Int] = [:]) {
      self.keys = keys
      self.values = values
      self.positions = positions
    }

    func copy() -> Storage { Storage(keys: keys, values: values, positions: positions) }
  }

  private var storage: Storage

  /// An empty dictionary.
  public init() { storage = Storage() }

  /// How many entries there are.
  public var count: Int { storage.keys.count }
  /// The keys, in insertion order.
  public var keys: [Value] { storage.keys }
  /// The values, in the keys' order.
  public var values: [Value] { storage.values }

  /// The entries, in insertion order.
  public var entries: Zip2Sequence<[Value], [Value]> { zip(storage.keys, storage.values) }
  /// The entries as Swift's dictionary elements, `(key:, value:)` tuples,
  /// in insertion order.
  var entryTuples: [Value] {
    entries.map { .tuple(TupleValue(elements: [$0, $1], labels: TupleValue.entryLabels)) }
  }

  /// The value for `key`, or nil.
  func value(for key: DictionaryKey) -> Value? {
    storage.positions[key].map { storage.values[$0] }
  }

  /// The value for a script key; throws for a key that cannot be one.
  public func value(forKey key: Value) throws -> Value? {
    try value(for: DictionaryKey(key))
  }

  /// Sets the value of `key` (a new key goes last); `nil` removes it.
  /// Returns the old value.
  @discardableResult
  mutating func set(_ value: Value?, for key: DictionaryKey, keyValue: Value) -> Value? {
    if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    if let value {
      // One hash of the key for an insert or an update: the lookup stores
      // the next position if the key is new, and no existing key has it.
      let end = storage.keys.count
      let position = Self.stored(&storage.positions[key, default: end])
      if position == end {
        storage.keys.append(keyValue)
        storage.values.append(value)
        return nil
      }
      let old = storage.values[position]
      storage.values[position] = value
      return old
    }
    if let position = storage.positions[key] {
      let old = storage.values[position]
      storage.keys.remove(at: position)
      storage.values.remove(at: position)
      storage.positions[key] = nil
      for (moved, later) in storage.keys[position...].enumerated() {
        if let laterKey = try? DictionaryKey(later) { storage.positions[laterKey] = position + moved }
      }
      return old
    }
    return nil
  }

  /// The value `slot` holds (a dictionary's entry, reached through its
  /// modify accessor, which adds the default of a new key).
  private static func stored(_ slot: inout Int) -> Int { slot }

  /// Changes the value of `key` where it is stored, so that a shared
  /// dictionary is copied once and the value not at all; nil if there is
  /// no such key.
  mutating func modifyValue<Result>(for key: DictionaryKey, _ change: (inout Value) throws -> Result) rethrows
    -> Result?
  {
    guard let position = storage.positions[key] else { return nil }
    if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    return try change(&storage.values[position])
  }

  /// Sets the value of a script key (`nil` removes it); returns the old value.
  @discardableResult
  public mutating func setValue(_ value: Value?, forKey key: Value) throws -> Value? {
    set(value, for: try DictionaryKey(key), keyValue: key)
  }

  /// `["a": 1, "b": 2]`, or `[:]` when empty.
  public var literal: String {
    guard count > 0 else { return "[:]" }
    return "[" + entries.map { "\($0.literal): \($1.literal)" }.joined(separator: ", ") + "]"
  }

  /// `[String: Int]` when the keys and values agree, `Any` where they do not.
  var typeName: String {
    "[\(Value.commonTypeName(storage.keys)): \(Value.commonTypeName(storage.values))]"
  }

  /// Same keys with equal values, in any order, as Swift compares dictionaries.
  static func == (lhs: ScriptDictionary, rhs: ScriptDictionary) -> Bool {
    if lhs.storage === rhs.storage { return true }
    guard lhs.count == rhs.count else { return false }
    for (key, position) in lhs.storage.positions {
      guard let other = rhs.storage.positions[key], lhs.storage.values[position] == rhs.storage.values[other] else {
        return false
      }
    }
    return true
  }
}

extension Value {
  /// The type name all of `values` share, or `Any`.
  static func commonTypeName(_ values: [Value]) -> String {
    guard let first = values.first?.typeName, values.allSatisfy({ $0.typeName == first }) else { return "Any" }
    return first
  }
}
