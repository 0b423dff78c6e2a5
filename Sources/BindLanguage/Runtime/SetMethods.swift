/// The built-in members of sets (``ScriptSet``), with Swift's meaning. An
/// operation that makes a set keeps the receiver's order, then the
/// argument's (`union`). Their argument may be a set or an array, as
/// Swift's take any sequence.
enum SetMethods {
  static let table = MethodTable<ScriptSet>([
    "contains(_:)": { set, arguments in .bool(set.contains(arguments[0])) },
    "union(_:)": { set, arguments in
      var union = set
      for element in try arguments[0].elements(for: "union(_:)") { try union.insert(element) }
      return .set(union)
    },
    "intersection(_:)": { set, arguments in
      let other = try ScriptSet(try arguments[0].elements(for: "intersection(_:)"))
      return .set(try ScriptSet(set.elements.filter(other.contains)))
    },
    "subtracting(_:)": { set, arguments in
      let other = try ScriptSet(try arguments[0].elements(for: "subtracting(_:)"))
      return .set(try ScriptSet(set.elements.filter { !other.contains($0) }))
    },
    "symmetricDifference(_:)": { set, arguments in
      let other = try ScriptSet(try arguments[0].elements(for: "symmetricDifference(_:)"))
      return .set(try ScriptSet(set.elements.filter { !other.contains($0) } + other.elements.filter { !set.contains($0) }))
    },
    "isSubset(of:)": { set, arguments in
      let other = try ScriptSet(try arguments[0].elements(for: "isSubset(of:)"))
      return .bool(set.elements.allSatisfy(other.contains))
    },
    "isSuperset(of:)": { set, arguments in
      .bool(try arguments[0].elements(for: "isSuperset(of:)").allSatisfy(set.contains))
    },
    "isDisjoint(with:)": { set, arguments in
      .bool(!(try arguments[0].elements(for: "isDisjoint(with:)").contains(where: set.contains)))
    },
    "min()": { set, _ in try SequenceMethods.extreme(of: set.elements, "min()", replacesWhen: .less) },
    "max()": { set, _ in try SequenceMethods.extreme(of: set.elements, "max()", replacesWhen: .greater) },
  ])

  /// The set a mutating method changes, held while it runs, and what the
  /// place it is stored in requires of a new element.
  final class Changing {
    var set: ScriptSet
    let rules: ChangeRules
    init(_ set: ScriptSet, rules: ChangeRules) {
      self.set = set
      self.rules = rules
    }
  }

  /// The mutating methods, which `Builtins.mutatingArrayMethods` sends here
  /// for a set. `insert(_:)`'s result, Swift's `(inserted:memberAfterInsert:)`,
  /// is not given: scripts have no tuples yet.
  static let mutatingTable = MethodTable<Changing>([
    "insert(_:)": { changing, arguments in
      _ = try ScriptSet.key(arguments[0])
      // Checked before the set changes, so a typed place's refusal leaves it as it was.
      let element = try changing.rules.admitElement(arguments[0]) {
        var wouldBe = changing.set
        _ = try? wouldBe.insert(arguments[0])
        return .set(wouldBe)
      }
      try changing.set.insert(element)
      return .null
    },
    "remove(_:)": { changing, arguments in
      // A value that cannot be an element is refused, as Swift's type check would.
      _ = try ScriptSet.key(arguments[0])
      return changing.set.remove(arguments[0]) ?? .null
    },
    "removeAll()": { changing, _ in
      changing.set = ScriptSet()
      return .null
    },
  ])

  /// The read-only properties.
  static let propertyNames = ["count", "isEmpty"]

  static func property(_ name: String, of set: ScriptSet) -> Value? {
    switch name {
    case "count": return .int(set.count)
    case "isEmpty": return .bool(set.count == 0)
    default: return nil
    }
  }

  /// Runs mutating method `name` on `set`; returns its result.
  static func mutate(_ set: inout ScriptSet, _ name: MethodName, arguments: [Value], rules: ChangeRules) throws
    -> Value
  {
    guard let body = try mutatingTable.method(name) else {
      throw Builtins.unknownMember(name.base, of: .set(set), kind: "method")
    }
    // Moved into the box, so that its storage stays unique and changes in place.
    let changing = Changing(set, rules: rules)
    set = ScriptSet()
    defer { set = changing.set }
    return try body(changing, arguments)
  }
}
