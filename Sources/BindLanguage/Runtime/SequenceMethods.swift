import BindSyntax

/// The built-in array methods that take no closure (those that do are
/// ``CollectionMethod``s, the mutating ones `Builtins.mutate`), and the
/// free functions that make sequences: `zip` and `stride`. Slices
/// (`prefix`, `dropFirst`, …) are arrays here: Swift's `ArraySlice` prints
/// the same.
enum SequenceMethods {
  static let table = MethodTable<[Value]>([
    "contains(_:)": { elements, arguments in .bool(elements.contains(arguments[0])) },
    "joined()": { elements, _ in try joined(elements, separator: "") },
    "joined(separator:)": { elements, arguments in
      try joined(elements, separator: try arguments[0].string(for: "joined(separator:)"))
    },
    "firstIndex(of:)": { elements, arguments in elements.firstIndex(of: arguments[0]).map(Value.int) ?? .null },
    "lastIndex(of:)": { elements, arguments in elements.lastIndex(of: arguments[0]).map(Value.int) ?? .null },
    "reversed()": { elements, _ in .array(elements.reversed()) },
    "prefix(_:)": { elements, arguments in .array(Array(elements.prefix(try arguments[0].count(for: "prefix(_:)")))) },
    "suffix(_:)": { elements, arguments in .array(Array(elements.suffix(try arguments[0].count(for: "suffix(_:)")))) },
    "dropFirst()": { elements, _ in .array(Array(elements.dropFirst())) },
    "dropFirst(_:)": { elements, arguments in
      .array(Array(elements.dropFirst(try arguments[0].count(for: "dropFirst(_:)"))))
    },
    "dropLast()": { elements, _ in .array(Array(elements.dropLast())) },
    "dropLast(_:)": { elements, arguments in
      .array(Array(elements.dropLast(try arguments[0].count(for: "dropLast(_:)"))))
    },
    "min()": { elements, _ in try extreme(of: elements, "min()", replacesWhen: .less) },
    "max()": { elements, _ in try extreme(of: elements, "max()", replacesWhen: .greater) },
  ])

  /// The read-only properties.
  static let propertyNames = ["count", "isEmpty", "first", "last"]

  static func property(_ name: String, of elements: [Value]) -> Value? {
    switch name {
    case "count": return .int(elements.count)
    case "isEmpty": return .bool(elements.isEmpty)
    case "first": return elements.first ?? .null
    case "last": return elements.last ?? .null
    default: return nil
    }
  }

  /// `joined`: Swift's is for arrays of strings; a script's prints any
  /// element as `print` would.
  private static func joined(_ elements: [Value], separator: String) throws -> Value {
    let text = elements.map(\.printed).joined(separator: separator)
    try Operators.checkLength(utf8: text.utf8.count)
    return .string(text)
  }

  /// `min()` and `max()`: nil for no elements; the first of equal ones, as
  /// Swift's; elements compared with `<`, so numbers with numbers and
  /// strings with strings.
  static func extreme(of elements: [Value], _ method: String, replacesWhen comparison: BinaryOperator) throws -> Value {
    guard var best = elements.first else { return .null }
    for element in elements.dropFirst() {
      guard case .bool(let replaces) = try Operators.apply(comparison, element, best) else { continue }
      if replaces { best = element }
    }
    return best
  }

  // MARK: Free functions

  /// `zip(a, b)`: the pairs of elements at the same positions, as many as
  /// the shorter has, as tuples: `for (a, b) in zip(xs, ys)` and
  /// `zip(xs, ys).map { $0 + $1 }` take them apart.
  static func zip(_ arguments: [Value]) throws -> Value {
    let first = try arguments[0].elements(for: "zip(_:_:)")
    let second = try arguments[1].elements(for: "zip(_:_:)")
    return .array(Swift.zip(first, second).map { .tuple(TupleValue(elements: [$0, $1])) })
  }

  /// `stride(from:to:by:)` (the end left out) and `stride(from:through:by:)`
  /// (the end included when a step lands on it), of Ints or Doubles, as an
  /// array: as large as a range may be outside a `for` loop.
  static func stride(_ arguments: [Value], through: Bool) throws -> Value {
    let name = through ? "stride(from:through:by:)" : "stride(from:to:by:)"
    switch (arguments[0], arguments[1], arguments[2]) {
    case (.int(let start), .int(let end), .int(let step)):
      guard step != 0 else { throw ScriptError(.library(.zeroStep(function: name))) }
      // Counted in Doubles first, so that a huge stride is refused before it is built.
      try checkStrideCount((Double(end) - Double(start)) / Double(step), name, arguments)
      return .array(Array(through ? Swift.stride(from: start, through: end, by: step).map(Value.int)
        : Swift.stride(from: start, to: end, by: step).map(Value.int)))
    default:
      guard let start = arguments[0].number, let end = arguments[1].number, let step = arguments[2].number else {
        throw ScriptError(
          .library(.needsNumbers(function: name, given: arguments.map(\.typeName))))
      }
      guard step != 0, step.isFinite, start.isFinite, end.isFinite else {
        throw ScriptError(.library(.nonFiniteStride(function: name)))
      }
      try checkStrideCount((end - start) / step, name, arguments)
      return .array(Array(through ? Swift.stride(from: start, through: end, by: step).map(Value.double)
        : Swift.stride(from: start, to: end, by: step).map(Value.double)))
    }
  }

  private static func checkStrideCount(_ count: Double, _ name: String, _ arguments: [Value]) throws {
    guard count < Double(Operators.rangeLimit) else {
      let written = "\(name.prefix { $0 != "(" })(from: \(arguments[0].literal), \(name.contains("through") ? "through" : "to"): \(arguments[1].literal), by: \(arguments[2].literal))"
      throw ScriptError(.library(.strideTooLarge(written: written)))
    }
  }
}
