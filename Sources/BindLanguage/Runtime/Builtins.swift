import BindSyntax

/// The functions and members every script has: `print`, conversions,
/// `min`/`max`/`abs`, `zip`, `stride`, and the members of strings, arrays
/// and sets (their tables: `StringMethods`, `SequenceMethods`, `SetMethods`).
enum Builtins {
  static let functionNames = [
    "print", "assert", "min", "max", "abs", "String", "Int", "Double", "Bool", "Set", "Array", "zip", "stride",
    "pending",
  ]

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
    // `pending()`: the session's timers and Swift tasks still to run, one a
    // line (see `Interpreter.pendingWork`), for a test to state with `#>`.
    "pending": Callable(name: "pending", arity: 0) { _, context in
      let lines = context.interpreter.pendingWork
      for line in lines.isEmpty ? ["nothing pending"] : lines { context.interpreter.writeOutput(line) }
      context.interpreter.lastCallProducedValue = false
      return .null
    },
    "min": Callable(name: "min", arity: nil) { arguments, _ in try extreme(arguments, name: "min", pickFirst: <) },
    "max": Callable(name: "max", arity: nil) { arguments, _ in try extreme(arguments, name: "max", pickFirst: >) },
    "abs": Callable(name: "abs", arity: 1) { arguments, _ in
      switch arguments[0] {
      case .int(let value):
        guard value != .min else { throw ScriptError(.intOverflow(expression: "abs(\(value))")) }
        return .int(Swift.abs(value))
      case .double(let value): return .double(Swift.abs(value))
      case .decimal(let value): return value.order(.zero) < 0 ? .decimal(try value.negated()) : arguments[0]
      default: throw ScriptError(.needs(subject: "abs", expected: "a number", actual: arguments[0].typeName))
      }
    },
    "String": Callable(name: "String", arity: 1) { arguments, _ in .string(arguments[0].printed) },
    "Int": Callable(name: "Int", arity: 1) { arguments, _ in try toInt(arguments[0]) },
    "Double": Callable(name: "Double", arity: 1) { arguments, _ in try toDouble(arguments[0]) },
    "Bool": Callable(name: "Bool", arity: 1) { arguments, _ in try toBool(arguments[0]) },
    "Set": Callable(name: "Set", arity: 1) { arguments, _ in
      .set(try ScriptSet(try arguments[0].sequenceElements(for: "Set(_:)")))
    },
    "Array": Callable(name: "Array", arity: 1) { arguments, _ in
      .array(try arguments[0].sequenceElements(for: "Array(_:)"))
    },
    "zip": Callable(name: "zip", arity: 2) { arguments, _ in try SequenceMethods.zip(arguments) },
  ]

  /// The built-in functions called with labels, by their Swift names.
  /// `String(format:)` takes any number of unlabeled arguments after the format.
  private static let labeledFunctions: [String: Callable] = [
    "stride(from:to:by:)": Callable(name: "stride", arity: 3) { arguments, _ in
      try SequenceMethods.stride(arguments, through: false)
    },
    "stride(from:through:by:)": Callable(name: "stride", arity: 3) { arguments, _ in
      try SequenceMethods.stride(arguments, through: true)
    },
    "String(format:)": Callable(name: "String", arity: nil) { arguments, context in
      guard case .string(let format) = arguments[0] else {
        throw ScriptError(
          .needs(subject: "'String(format:)'", expected: "a String format", actual: arguments[0].typeName), at: context.argumentRanges[0],
          in: context.file)
      }
      return .string(try StringFormat.format(format, Array(arguments.dropFirst())))
    },
    "String(describing:)": Callable(name: "String", arity: 1) { arguments, _ in .string(arguments[0].printed) },
    "Array(repeating:count:)": Callable(name: "Array", arity: 2) { arguments, _ in
      let count = try arguments[1].count(for: "Array(repeating:count:)")
      try Operators.checkCount(count)
      return .array(Array(repeating: arguments[0], count: count))
    },
  ]

  /// How each labeled function is written, for messages: `String(format:_:...)`.
  private static let labeledForms: [String: [String]] = [
    "stride": ["stride(from:to:by:)", "stride(from:through:by:)"],
    "String": ["String(_:)", "String(format:_:...)", "String(describing:)"],
    "Array": ["Array(_:)", "Array(repeating:count:)"],
  ]

  /// Whether some form of built-in `name` takes labels (`stride(from:to:by:)`).
  static func hasLabeledForms(_ name: String) -> Bool { labeledForms[name] != nil }

  /// A built-in function by name, as a value (`xs.map(String)`).
  static func function(named name: String) -> Callable? { functions[name] }

  /// The built-in function a call names with `labels`: nil when `name` is
  /// not one; an error when it is, but is not written with these labels.
  /// A function without labeled forms is returned whatever the labels, for
  /// the call to report them.
  static func function(named name: String, labels: [String?]) throws -> Callable? {
    guard let forms = labeledForms[name] else { return functions[name] }
    if labels.allSatisfy({ $0 == nil }), let plain = functions[name] { return plain }
    let full = name == "String" && labels.first == "format" ? "String(format:)" : MethodName.full(name, labels: labels)
    if let labeled = labeledFunctions[full] { return labeled }
    throw MethodTable<Void>.mismatch(MethodName(name, labels: labels), written: forms)
  }

  private static func extreme(_ arguments: [Value], name: String, pickFirst: (Double, Double) -> Bool) throws -> Value {
    guard arguments.count >= 2 else { throw ScriptError(.library(.tooFewArguments(function: name, atLeast: 2))) }
    var best = arguments[0]
    for candidate in arguments.dropFirst() {
      guard let a = candidate.number, let b = best.number else {
        throw ScriptError(.library(.needsNumbers(function: name, given: [best.typeName, candidate.typeName])))
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
        throw ScriptError(.conversionOverflow(expression: "Int(\(Value.format(double)))"))
      }
      return .int(int)
    case .string(let text): return Int(text).map(Value.int) ?? .null
    case .bool(let flag): return .int(flag ? 1 : 0)
    case .decimal(let decimal):
      guard let int = decimal.truncatedInt else { throw ScriptError(.conversionOverflow(expression: "Int(\(decimal.literal))")) }
      return .int(int)
    default: throw ScriptError(.cannotConvert(from: value.typeName, to: "Int", hint: nil))
    }
  }

  /// `Bool(x)`: `true` or `false` from the strings "true" and "false", nil from any other.
  private static func toBool(_ value: Value) throws -> Value {
    switch value {
    case .bool: return value
    case .string("true"): return .bool(true)
    case .string("false"): return .bool(false)
    case .string: return .null
    default: throw ScriptError(.cannotConvert(from: value.typeName, to: "Bool", hint: "compare it instead, as in 'x != 0'"))
    }
  }

  /// `Double(x)`: nil for a string that is not a number.
  private static func toDouble(_ value: Value) throws -> Value {
    switch value {
    case .int(let int): return .double(Double(int))
    case .double: return value
    case .string(let text): return Double(text).map(Value.double) ?? .null
    case .decimal(let decimal): return .double(decimal.doubleValue)
    default: throw ScriptError(.cannotConvert(from: value.typeName, to: "Double", hint: nil))
    }
  }

  // MARK: Members

  /// Read-only members of strings, arrays, sets and dictionaries.
  static func property(_ name: String, of value: Value) throws -> Value {
    let member: Value?
    switch value {
    case .string(let text): member = StringMethods.property(name, of: text)
    case .array(let elements): member = SequenceMethods.property(name, of: elements)
    case .set(let set): member = SetMethods.property(name, of: set)
    case .dictionary(let dictionary): member = dictionaryProperty(name, of: dictionary)
    case .foundation(let foundation): member = foundation.member(name)
    default: member = nil
    }
    guard let member else { throw unknownMember(name, of: value, kind: "property") }
    return member
  }

  private static let mutatingArrayMethodNames = ["append", "removeLast", "removeAll", "insert", "remove"]

  /// The names a call takes the mutating path for: arrays', sets' (a subset)
  /// and dictionaries'.
  static let mutatingArrayMethods = Set(mutatingArrayMethodNames + ["removeValue"])

  /// A method call's name looked up in the tables of strings, arrays and
  /// sets when the call is compiled, so that a call does no string hashing.
  struct MethodSite {
    let name: MethodName
    let string: MethodTable<String>.Lookup
    let array: MethodTable<[Value]>.Lookup
    let set: MethodTable<ScriptSet>.Lookup

    init(_ name: MethodName) {
      self.name = name
      string = StringMethods.table.lookup(name)
      array = SequenceMethods.table.lookup(name)
      set = SetMethods.table.lookup(name)
    }
  }

  /// Non-mutating methods of strings, arrays and sets, matched by their
  /// Swift names (`split(separator:)`).
  static func callMethod(_ site: MethodSite, on value: Value, arguments: [Value]) throws -> Value {
    let name = site.name
    if case .handle(let handle) = value, name.base == "dispose" {
      // A timer's or an effect's handle.
      guard arguments.isEmpty else { throw ScriptError(.library(.takesNoArguments(method: "dispose()"))) }
      handle.token.dispose()
      return .null
    }
    let result: Value?
    switch value {
    case .string(let text): result = try site.string.get().map { try $0(text, arguments) }
    case .array(let elements): result = try site.array.get().map { try $0(elements, arguments) }
    case .set(let set): result = try site.set.get().map { try $0(set, arguments) }
    default:
      if value.isNull {
        throw ScriptError(.callOnNil(method: name.base, inPlace: false))
      }
      result = nil
    }
    guard let result else { throw unknownMethod(name.base, of: value) }
    return result
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
      guard !elements.isEmpty else { throw ScriptError(.library(.removeLastFromEmpty)) }
      return elements.removeLast()
    case "removeAll":
      try expect(arguments, count: 0, method)
      elements.removeAll()
      return .null
    case "insert":
      try expect(arguments, count: 2, method)
      guard case .int(let index) = arguments[1], (0...elements.count).contains(index) else {
        throw ScriptError(.library(.insertPosition(literal: arguments[1].literal, count: elements.count)))
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
      throw ScriptError(.argumentCount(callee: "'\(name)'", expected: count, given: arguments.count))
    }
  }

  /// The error a call of method `name` on a value of `value`'s kind
  /// (string, array, set, dictionary) would raise for its name and labels,
  /// or nil if it names a method: for `bindscript check`.
  static func methodError(_ name: MethodName, of value: Value) -> ScriptError? {
    guard let mutating = mutatingMethodNames(of: value) else { return nil }
    let isCollectionMethod = CollectionMethod.allCases.contains { $0.baseName == name.base }
    if mutating.contains(name.base) || isCollectionMethod { return nil }
    do {
      let found: Bool
      switch value {
      case .string: found = try StringMethods.table.method(name) != nil
      case .array: found = try SequenceMethods.table.method(name) != nil
      case .set: found = try SetMethods.table.method(name) != nil
      default: found = false
      }
      return found ? nil : unknownMethod(name.base, of: value)
    } catch let error as ScriptError {
      return error
    } catch {
      return nil
    }
  }

  /// The mutating methods of `value`'s kind; nil for a kind without built-in methods.
  private static func mutatingMethodNames(of value: Value) -> [String]? {
    switch value {
    case .string: return []
    case .array: return mutatingArrayMethodNames
    case .set: return SetMethods.mutatingTable.baseNames
    case .dictionary: return ["removeValue", "removeAll"]
    default: return nil
    }
  }

  /// The members of a string, array, set or dictionary, for completion and
  /// suggestions: properties first, then methods.
  static func memberNames(of value: Value) -> [String] {
    switch value {
    case .string: return StringMethods.propertyNames + StringMethods.table.baseNames
    case .array:
      let closureMethods = CollectionMethod.allCases.map(\.baseName)
      return unique(SequenceMethods.propertyNames + SequenceMethods.table.baseNames + mutatingArrayMethodNames + closureMethods)
    case .set:
      let closureMethods = CollectionMethod.allCases.map(\.baseName)
      return unique(SetMethods.propertyNames + SetMethods.table.baseNames + SetMethods.mutatingTable.baseNames + closureMethods)
    case .dictionary: return ["count", "isEmpty", "keys", "values", "removeValue"]
    default: return []
    }
  }

  private static func unique(_ names: [String]) -> [String] {
    var seen: Set<String> = []
    return names.filter { seen.insert($0).inserted }
  }

  /// A method call that names no method: "'count' is a property" when it
  /// names one of those, otherwise ``unknownMember(_:of:kind:)``.
  private static func unknownMethod(_ name: String, of value: Value) -> ScriptError {
    let properties: [String]
    switch value {
    case .string: properties = StringMethods.propertyNames
    case .array: properties = SequenceMethods.propertyNames
    case .set: properties = SetMethods.propertyNames
    default: properties = []
    }
    guard properties.contains(name) else { return unknownMember(name, of: value, kind: "method") }
    return ScriptError(.propertyCalled(name: name, valueType: value.typeName))
  }

  /// "value of type '[Int]' has no method 'apend'; did you mean 'append'?"
  static func unknownMember(_ name: String, of value: Value, kind: String) -> ScriptError {
    let candidates: [String]
    switch value {
    case .string, .array, .set: candidates = memberNames(of: value)
    case .dictionary: candidates = dictionaryMembers
    case .handle: candidates = ["dispose"]
    case .object(let object): candidates = object.type.methodNamesForSuggestions
    case .foundation(let foundation): candidates = FoundationValue.memberNames(of: foundation.kind)
    default: candidates = []
    }
    return ScriptError(
      .noMember(name: name, valueType: value.typeName, memberKind: kind, suggestion: suggestion(for: name, among: candidates)))
  }
}
