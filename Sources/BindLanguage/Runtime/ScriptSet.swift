/// A script set `Set<T>` of `String`, `Int` or `Bool` elements (the types a
/// dictionary key may have, for the same reason: see ``DictionaryKey``).
///
/// Swift leaves a set's order unspecified; a script's output must be the
/// same on every run, so a script set keeps its elements in insertion order
/// (the order of iteration, printing and `sorted()`'s ties), as dictionaries
/// keep their keys. Equality ignores the order, as in Swift.
///
/// A struct over one copy-on-write storage object, like ``ScriptDictionary``.
public struct ScriptSet {
  final class Storage {
    var elements: [Value]
    var positions: [DictionaryKey: Int]
    /// How many elements are strings, Ints and Bools: a typed variable's
    /// check after `insert` is then O(1), not a walk over the elements.
    var kindCounts: [Int]

    init(elements: [Value] = [], positions: [DictionaryKey: Int] = [:], kindCounts: [Int] = [0, 0, 0]) {
      self.elements = elements
      self.positions = positions
      self.kindCounts = kindCounts
    }

    func copy() -> Storage { Storage(elements: elements, positions: positions, kindCounts: kindCounts) }
  }

  private var storage: Storage

  /// An empty set.
  public init() { storage = Storage() }

  /// The set of `values`, the first of each repeated one kept; throws for a
  /// value that cannot be an element.
  public init(_ values: [Value]) throws {
    storage = Storage()
    for value in values { try insert(value) }
  }

  /// How many elements there are.
  public var count: Int { storage.elements.count }
  /// The elements, in insertion order.
  public var elements: [Value] { storage.elements }

  /// Whether `value` is an element (a value that cannot be one is not).
  public func contains(_ value: Value) -> Bool {
    guard let key = try? Self.key(value) else { return false }
    return storage.positions[key] != nil
  }

  /// Adds `value` at the end unless it is an element already; returns
  /// whether it was added.
  @discardableResult
  public mutating func insert(_ value: Value) throws -> Bool {
    let key = try Self.key(value)
    guard storage.positions[key] == nil else { return false }
    try Operators.checkCount(count + 1)
    if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    storage.positions[key] = storage.elements.count
    storage.elements.append(value)
    storage.kindCounts[Self.kind(of: key)] += 1
    return true
  }

  /// Removes `value`; returns it, or nil when it was not an element.
  @discardableResult
  public mutating func remove(_ value: Value) -> Value? {
    guard let key = try? Self.key(value), let position = storage.positions[key] else { return nil }
    if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    let removed = storage.elements.remove(at: position)
    storage.positions[key] = nil
    storage.kindCounts[Self.kind(of: key)] -= 1
    for (moved, later) in storage.elements[position...].enumerated() {
      if let laterKey = try? Self.key(later) { storage.positions[laterKey] = position + moved }
    }
    return removed
  }

  /// Whether every element is a `String`, an `Int` or a `Bool`, as `type` says.
  func holdsOnly(_ type: ValueType) -> Bool {
    switch type {
    case .string: return storage.kindCounts[0] == count
    case .int: return storage.kindCounts[1] == count
    case .bool: return storage.kindCounts[2] == count
    default: return count == 0
    }
  }

  private static func kind(of key: DictionaryKey) -> Int {
    switch key {
    case .string: return 0
    case .int: return 1
    case .bool: return 2
    }
  }

  /// The element key of `value`, or an error naming the element types.
  static func key(_ value: Value) throws -> DictionaryKey {
    switch value {
    case .string(let text): return .string(text)
    case .int(let int): return .int(int)
    case .bool(let bool): return .bool(bool)
    default: throw ScriptError(.notHashable(role: "a Set element", valueType: value.typeName))
    }
  }

  /// `[1, 2]`, as Swift prints a set (in insertion order here).
  public var literal: String { "[" + elements.map(\.literal).joined(separator: ", ") + "]" }

  /// `Set<Int>` when the elements agree, `Set<AnyHashable>` when they do not.
  var typeName: String {
    for (kind, name) in ["String", "Int", "Bool"].enumerated() where count > 0 && storage.kindCounts[kind] == count {
      return "Set<\(name)>"
    }
    return "Set<AnyHashable>"
  }

  /// The same elements, in any order, as Swift compares sets.
  static func == (lhs: ScriptSet, rhs: ScriptSet) -> Bool {
    if lhs.storage === rhs.storage { return true }
    return lhs.count == rhs.count && lhs.storage.positions.keys.allSatisfy { rhs.storage.positions[$0] != nil }
  }
}
