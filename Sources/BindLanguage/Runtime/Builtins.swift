import BindSyntax

/// The functions and members every script has: `print`, conversions,
/// `min`/`max`/`abs`, and the members of strings and arrays.
enum Builtins {
  static let functionNames = ["print", "assert", "min", "max", "abs", "String", "Int", "Double"]

  private static let functions: [String: Callable] = [
    "print": Callable(name: "print", arity: nil) { arguments, context in
      // Joined by hand: `[String].joined(separator:)` is generic code the
      // Swift runtime resolves on its first call, 0.18 M instructions that
      // the first `print` of every process paid (issue 14).
      var line = ""
      for (index, argument) in arguments.enumerated() {
        if index > 0 { line.append(" ") }
        line.append(argument.printed)
      }
      context.interpreter.writeOutput(line)
      context.interpreter.lastCallProducedValue = false
      return .null
    },
    "min": Callable(name: "min", arity: nil) { arguments, _ in try extreme(arguments, name: "min", pickFirst: <) },
    "max": Callable(name: "max", arity: nil) { arguments, _ in try extreme(arguments, name: "max", pickFirst: >) },
    "abs": Callable(name: "abs", arity: 1) { arguments, _ in
      switch arguments[0] {
      case .int(let value):
        guard value != .min else { throw ScriptError("arithmetic overflow: abs(\(value)) does not fit in Int") }
        return .int(Swift.abs(value))
      case .double(let value): return .double(Swift.abs(value))
      default: throw ScriptError("abs needs a number, not '\(arguments[0].typeName)'")
      }
    },
    "String": Callable(name: "String", arity: 1) { arguments, _ in .string(arguments[0].printed) },
    "Int": Callable(name: "Int", arity: 1) { arguments, _ in try toInt(arguments[0]) },
    "Double": Callable(name: "Double", arity: 1) { arguments, _ in try toDouble(arguments[0]) },
  ]

  static func function(named name: String) -> Callable? { functions[name] }

  private static func extreme(_ arguments: [Value], name: String, pickFirst: (Double, Double) -> Bool) throws -> Value {
    guard arguments.count >= 2 else { throw ScriptError("'\(name)' needs at least 2 arguments") }
    var best = arguments[0]
    for candidate in arguments.dropFirst() {
      guard let a = candidate.number, let b = best.number else {
        throw ScriptError("'\(name)' needs numbers, not '\(best.typeName)' and '\(candidate.typeName)'")
      }
      if pickFirst(a, b) { best = candidate }
    }
    if arguments.contains(where: { if case .double = $0 { return true } else { return false } }), let number = best.number {
      return .double(number)
    }
    return best
  }

  /// `Int(x)`: nil for a string that is not an integer; doubles truncate.
  private static func toInt(_ value: Value) throws -> Value {
    switch value {
    case .int: return value
    case .double(let double):
      guard double.isFinite, let int = Int(exactly: double.rounded(.towardZero)) else {
        throw ScriptError("Int(\(Value.format(double))) does not fit in Int")
      }
      return .int(int)
    case .string(let text): return Int(text).map(Value.int) ?? .null
    case .bool(let flag): return .int(flag ? 1 : 0)
    default: throw ScriptError("cannot convert '\(value.typeName)' to Int")
    }
  }

  /// `Double(x)`: nil for a string that is not a number.
  private static func toDouble(_ value: Value) throws -> Value {
    switch value {
    case .int(let int): return .double(Double(int))
    case .double: return value
    case .string(let text): return Double(text).map(Value.double) ?? .null
    default: throw ScriptError("cannot convert '\(value.typeName)' to Double")
    }
  }

  // MARK: Members

  /// Read-only members of strings and arrays.
  static func property(_ name: String, of value: Value) throws -> Value {
    switch (value, name) {
    case (.string(let text), "count"): return .int(text.count)
    case (.string(let text), "isEmpty"): return .bool(text.isEmpty)
    case (.array(let elements), "count"): return .int(elements.count)
    case (.array(let elements), "isEmpty"): return .bool(elements.isEmpty)
    case (.array(let elements), "first"): return elements.first ?? .null
    case (.array(let elements), "last"): return elements.last ?? .null
    case (.dictionary(let dictionary), _):
      if let member = dictionaryProperty(name, of: dictionary) { return member }
      throw unknownMember(name, of: value, kind: "property")
    default: throw unknownMember(name, of: value, kind: "property")
    }
  }

  static let mutatingArrayMethods: Set<String> = ["append", "removeLast", "removeAll", "insert", "remove", "removeValue"]

  private static let stringMethods = ["uppercased", "lowercased", "contains", "hasPrefix", "hasSuffix"]
  private static let arrayMethods = [
    "contains", "joined", "append", "removeLast", "removeAll", "insert", "remove", "map", "filter", "reduce",
    "compactMap", "first", "last", "firstIndex", "count", "allSatisfy", "forEach", "sorted", "enumerated",
  ]

  /// Non-mutating methods of strings and arrays.
  static func callMethod(_ name: String, on value: Value, arguments: [Value]) throws -> Value {
    switch (value, name) {
    case (.string(let text), "uppercased"):
      try expect(arguments, count: 0, name)
      return .string(text.uppercased())
    case (.string(let text), "lowercased"):
      try expect(arguments, count: 0, name)
      return .string(text.lowercased())
    case (.string(let text), "contains"), (.string(let text), "hasPrefix"), (.string(let text), "hasSuffix"):
      try expect(arguments, count: 1, name)
      guard case .string(let other) = arguments[0] else {
        throw ScriptError("'\(name)' needs a String argument, not '\(arguments[0].typeName)'")
      }
      if name == "contains" { return .bool(other.isEmpty || text.contains(other)) }
      return .bool(name == "hasPrefix" ? text.hasPrefix(other) : text.hasSuffix(other))
    case (.array(let elements), "contains"):
      try expect(arguments, count: 1, name)
      return .bool(elements.contains(arguments[0]))
    case (.array(let elements), "joined"):
      guard arguments.count <= 1 else { throw ScriptError("'joined' takes at most 1 argument") }
      var separator = ""
      if let first = arguments.first {
        guard case .string(let text) = first else { throw ScriptError("'joined' needs a String separator") }
        separator = text
      }
      return .string(elements.map(\.printed).joined(separator: separator))
    default:
      if value.isNull { throw ScriptError("cannot call '\(name)' on nil; use '?.' to call it only when the value is not nil") }
      throw unknownMember(name, of: value, kind: "method")
    }
  }

  /// Mutating array methods; returns the method's result (the removed element).
  /// A new element is checked against `rules` before the array changes, so
  /// an error leaves it as it was.
  static func mutate(_ elements: inout [Value], method: String, arguments: [Value], rules: ChangeRules) throws
    -> Value
  {
    if method == "append" || method == "insert" {
      if let element = arguments.first { try rules.checkNesting(element) }
      try Operators.checkCount(elements.count + 1)
    }
    switch method {
    case "append":
      try expect(arguments, count: 1, method)
      let element = try rules.admitElement(arguments[0]) { .array(elements + [arguments[0]]) }
      elements.append(element)
      return .null
    case "removeLast":
      try expect(arguments, count: 0, method)
      guard !elements.isEmpty else { throw ScriptError("cannot removeLast() from an empty array") }
      return elements.removeLast()
    case "removeAll":
      try expect(arguments, count: 0, method)
      elements.removeAll()
      return .null
    case "insert":
      try expect(arguments, count: 2, method)
      guard case .int(let index) = arguments[1], (0...elements.count).contains(index) else {
        throw ScriptError("insert position \(arguments[1].literal) is outside 0...\(elements.count)")
      }
      let element = try rules.admitElement(arguments[0]) {
        var wouldBe = elements
        wouldBe.insert(arguments[0], at: index)
        return .array(wouldBe)
      }
      elements.insert(element, at: index)
      return .null
    default:
      try expect(arguments, count: 1, method)
      let index = try Operators.checkedIndex(arguments[0], count: elements.count)
      return elements.remove(at: index)
    }
  }

  private static func expect(_ arguments: [Value], count: Int, _ name: String) throws {
    guard arguments.count == count else {
      throw ScriptError("'\(name)' takes \(count) argument\(count == 1 ? "" : "s") but \(arguments.count) \(arguments.count == 1 ? "was" : "were") given")
    }
  }

  /// Whether `name` is one of the methods `callMethod` and `mutate` know for
  /// `value`'s kind (strings, arrays), for `bindscript check`.
  static func isMethod(_ name: String, of value: Value) -> Bool {
    switch value {
    case .string: return stringMethods.contains(name)
    case .array: return arrayMethods.contains(name)
    case .dictionary: return ["removeValue", "removeAll"].contains(name)
    default: return false
    }
  }

  /// "value of type '[Int]' has no method 'apend'; did you mean 'append'?"
  static func unknownMember(_ name: String, of value: Value, kind: String) -> ScriptError {
    let candidates: [String]
    switch value {
    case .string: candidates = ["count", "isEmpty"] + stringMethods
    case .array: candidates = ["count", "isEmpty", "first", "last"] + arrayMethods
    case .dictionary: candidates = dictionaryMembers
    case .object(let object): candidates = object.type.methodNamesForSuggestions
    default: candidates = []
    }
    var message = "value of type '\(value.typeName)' has no \(kind) '\(name)'"
    if let guess = suggestion(for: name, among: candidates) { message += "; did you mean '\(guess)'?" }
    return ScriptError(message)
  }
}
