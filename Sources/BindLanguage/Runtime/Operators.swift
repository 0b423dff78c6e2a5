import BindSyntax

/// Arithmetic, comparison and subscripting on script values. Integer
/// arithmetic is overflow-checked: an overflow is an error, never a wrap.
enum Operators {
  static func apply(_ op: UnaryOperator, _ operand: Value) throws -> Value {
    switch (op, operand) {
    case (.negate, .int(let value)):
      let (result, overflow) = Int(0).subtractingReportingOverflow(value)
      if overflow { throw ScriptError(.intOverflow(expression: "-(\(value))")) }
      return .int(result)
    case (.negate, .double(let value)): return .double(-value)
    case (.negate, .duration(let value)): return try negate(value)
    case (.negate, .decimal(let value)): return .decimal(try value.negated())
    case (.not, .bool(let value)): return .bool(!value)
    case (.negate, _): throw ScriptError(.needs(subject: "'-'", expected: "a number", actual: operand.typeName))
    case (.not, _): throw ScriptError(.needs(subject: "'!'", expected: "a Bool", actual: operand.typeName))
    case (.forceUnwrap, .null):
      throw ScriptError(.forceUnwrapNil)
    case (.forceUnwrap, _): return operand
    }
  }

  static func apply(_ op: BinaryOperator, _ lhs: Value, _ rhs: Value) throws -> Value {
    switch op {
    case .add, .subtract, .multiply, .divide, .remainder: return try arithmetic(op, lhs, rhs)
    case .equal: return .bool(equal(lhs, rhs))
    case .notEqual: return .bool(!equal(lhs, rhs))
    case .less, .lessEqual, .greater, .greaterEqual: return .bool(try compare(op, lhs, rhs))
    case .closedRange, .halfOpenRange: return try range(op, lhs, rhs)
    case .and, .or, .nilCoalescing: fatalError("short-circuit operators are compiled separately")
    }
  }

  /// `==`: script equality, and a set equals an array of its elements in
  /// any order, so that `s == [1, 2]` means what Swift's literal means.
  private static func equal(_ lhs: Value, _ rhs: Value) -> Bool {
    switch (lhs, rhs) {
    case (.set(let set), .array(let elements)), (.array(let elements), .set(let set)):
      return (try? ScriptSet(elements)).map { $0 == set } ?? false
    default: return lhs == rhs
    }
  }

  private static func arithmetic(_ op: BinaryOperator, _ lhs: Value, _ rhs: Value) throws -> Value {
    switch (lhs, rhs) {
    case (.int(let a), .int(let b)): return .int(try integer(op, a, b))
    case (.double(let a), .double(let b)): return .double(try double(op, a, b))
    case (.int(let a), .double(let b)): return .double(try double(op, Double(a), b))
    case (.double(let a), .int(let b)): return .double(try double(op, a, Double(b)))
    case (.string(let a), .string(let b)) where op == .add:
      try checkLength(utf8: a.utf8.count + b.utf8.count)
      return .string(a + b)
    case (.array(let a), .array(let b)) where op == .add:
      try checkCount(a.count + b.count)
      return .array(a + b)
    case (.decimal, _), (_, .decimal):
      return try decimalArithmetic(op, lhs, rhs)
    case (.date, _), (_, .date):
      return try dateArithmetic(op, lhs, rhs)!
    case (.duration, _), (_, .duration):
      return try durationArithmetic(op, lhs, rhs)!
    default:
      let hints: [ScriptError.OperandHint] = op == .add && (lhs.isString || rhs.isString) ? [.convertToString] : []
      throw ScriptError(.operands(op: op.rawValue, lhs: lhs.typeName, rhs: rhs.typeName, hints: hints))
    }
  }

  private static func integer(_ op: BinaryOperator, _ a: Int, _ b: Int) throws -> Int {
    let result: (partialValue: Int, overflow: Bool)
    switch op {
    case .add: result = a.addingReportingOverflow(b)
    case .subtract: result = a.subtractingReportingOverflow(b)
    case .multiply: result = a.multipliedReportingOverflow(by: b)
    case .divide, .remainder:
      if b == 0 { throw ScriptError(.divisionByZero(remainder: op != .divide)) }
      result = op == .divide ? a.dividedReportingOverflow(by: b) : a.remainderReportingOverflow(dividingBy: b)
    default: fatalError("not arithmetic")
    }
    if result.overflow {
      throw ScriptError(.intOverflow(expression: "\(a) \(op.rawValue) \(b)"))
    }
    return result.partialValue
  }

  private static func double(_ op: BinaryOperator, _ a: Double, _ b: Double) throws -> Double {
    switch op {
    case .add: return a + b
    case .subtract: return a - b
    case .multiply: return a * b
    case .divide:
      if b == 0 { throw ScriptError(.divisionByZero(remainder: false)) }
      return a / b
    case .remainder:
      if b == 0 { throw ScriptError(.divisionByZero(remainder: true)) }
      return a.truncatingRemainder(dividingBy: b)
    default: fatalError("not arithmetic")
    }
  }

  private static func compare(_ op: BinaryOperator, _ lhs: Value, _ rhs: Value) throws -> Bool {
    let order: Int
    switch (lhs, rhs) {
    case (.tuple(let a), .tuple(let b)) where a.elements.count == b.elements.count:
      // Swift's tuple comparison: the first elements that differ decide,
      // strictly; the last decides with the operator itself.
      for (x, y) in zip(a.elements, b.elements).dropLast() where x != y {
        return try compare(op == .lessEqual ? .less : op == .greaterEqual ? .greater : op, x, y)
      }
      return try compare(op, a.elements.last!, b.elements.last!)
    case (.int(let a), .int(let b)): order = a < b ? -1 : (a == b ? 0 : 1)
    case (.string(let a), .string(let b)): order = a < b ? -1 : (a == b ? 0 : 1)
    case (.duration, .duration): order = durationOrder(lhs, rhs)!
    case (.date(let a), .date(let b)): order = a < b ? -1 : (a == b ? 0 : 1)
    case (.decimal, _), (_, .decimal): order = try decimalOrder(op, lhs, rhs)
    default:
      guard let a = lhs.number, let b = rhs.number else {
        throw ScriptError(.cannotCompare(lhs: lhs.typeName, rhs: rhs.typeName, op: op.rawValue))
      }
      if a.isNaN || b.isNaN { return false }
      order = a < b ? -1 : (a == b ? 0 : 1)
    }
    switch op {
    case .less: return order < 0
    case .lessEqual: return order <= 0
    case .greater: return order > 0
    default: return order >= 0
    }
  }

  /// `Decimal op Decimal`, and a Decimal with an Int (exact, as an Int
  /// literal is in Swift). A Double is an error: Swift converts between
  /// the two only when told (`Decimal(x)`, `Double(d)`).
  private static func decimalArithmetic(_ op: BinaryOperator, _ lhs: Value, _ rhs: Value) throws -> Value {
    guard let a = lhs.decimalOperand, let b = rhs.decimalOperand, let operation = DecimalOperation(op) else {
      throw decimalMismatch(op, lhs, rhs)
    }
    return .decimal(try a.applying(operation, b))
  }

  private static func decimalOrder(_ op: BinaryOperator, _ lhs: Value, _ rhs: Value) throws -> Int {
    guard let a = lhs.decimalOperand, let b = rhs.decimalOperand else { throw decimalMismatch(op, lhs, rhs) }
    return a.order(b)
  }

  private static func decimalMismatch(_ op: BinaryOperator, _ lhs: Value, _ rhs: Value) -> ScriptError {
    var hints: [ScriptError.OperandHint] = []
    if case .double = lhs { hints.append(.convertDecimal) }
    if case .double = rhs { hints.append(.convertDecimal) }
    if op == .remainder { hints.append(.noDecimalRemainder) }
    return ScriptError(.operands(op: op.rawValue, lhs: lhs.typeName, rhs: rhs.typeName, hints: hints))
  }

  /// The largest array a range expression may build outside a `for` loop.
  static let rangeLimit = 10_000_000

  /// The most elements an array may hold, and bytes a string may hold: a
  /// value that doubles in a loop reaches any memory limit in a few dozen
  /// steps, long before the step limit notices.
  static let arrayLimit = 10_000_000
  static let stringLimit = 64 << 20

  static func checkCount(_ count: Int) throws {
    if count > arrayLimit { throw ScriptError(.arrayTooLarge(count: count, limit: arrayLimit)) }
  }

  static func checkLength(utf8 count: Int) throws {
    if count > stringLimit { throw ScriptError(.stringTooLong(bytes: count, limit: stringLimit)) }
  }

  private static func range(_ op: BinaryOperator, _ lhs: Value, _ rhs: Value) throws -> Value {
    guard case .int(let low) = lhs, case .int(let high) = rhs else {
      throw ScriptError(.rangeBoundsNotInt(lhs: lhs.typeName, rhs: rhs.typeName))
    }
    if op == .halfOpenRange && high <= low { return .array([]) }
    let upper = op == .closedRange ? high : high - 1
    guard low <= upper else {
      throw ScriptError(.invertedRange(low: low, high: high, hint: nil))
    }
    let (span, overflow) = upper.subtractingReportingOverflow(low)
    guard !overflow, span < rangeLimit else {
      throw ScriptError(.library(.rangeTooLarge(written: "\(low)\(op.rawValue)\(high)")))
    }
    return .array((low...upper).map(Value.int))
  }

  /// How deeply arrays may nest. Printing, comparing and freeing a nested
  /// array recurse once per level, so the depth is bounded where arrays are
  /// built rather than left to overflow the stack later.
  static let arrayNestingLimit = 1_000

  /// Checks that an array holding `elements` stays within the nesting limit,
  /// also when that array is itself held `enclosingLevels` levels deep
  /// (an element of an element, a struct's field).
  static func checkNesting(_ elements: [Value], enclosingLevels: Int = 0) throws {
    let limit = arrayNestingLimit - enclosingLevels
    for element in elements where element.arrayDepth(limit: limit) >= limit {
      if case .array = element {
        throw ScriptError(.nestingTooDeep(limit: arrayNestingLimit, arraysOnly: true))
      }
      throw ScriptError(.nestingTooDeep(limit: arrayNestingLimit, arraysOnly: false))
    }
  }

  static func element(of container: Value, at index: Value) throws -> Value {
    if case .dictionary(let dictionary) = container { return try dictionary.value(forKey: index) ?? .null }
    guard case .array(let elements) = container else {
      throw ScriptError(container.isNull ? .subscriptOfNil : .notSubscriptable(valueType: container.typeName))
    }
    return elements[try checkedIndex(index, count: elements.count)]
  }

  static func checkedIndex(_ index: Value, count: Int) throws -> Int {
    guard case .int(let offset) = index else { throw ScriptError(.indexNotInt(valueType: index.typeName)) }
    guard offset >= 0 && offset < count else {
      throw ScriptError(.indexOutOfRange(index: offset, count: count))
    }
    return offset
  }
}

extension Value {
  /// How many levels of arrays, structs and enum payloads deep the value
  /// is, counted up to `limit`: printing and comparing recurse that deep.
  ///
  /// Linear in the number of distinct values: a value shared at several
  /// places (`a = [a, a]` repeated) is measured once, by its storage.
  func arrayDepth(limit: Int) -> Int {
    var measured: [UnsafeRawPointer: Int] = [:]
    return nestingDepth(limit: limit, measured: &measured)
  }

  private func nestingDepth(limit: Int, measured: inout [UnsafeRawPointer: Int]) -> Int {
    let elements: [Value]
    let key: UnsafeRawPointer?
    switch self {
    case .array(let items):
      elements = items
      key = items.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
    case .structValue(let value):
      elements = value.fields
      key = value.fields.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
    case .tuple(let tuple):
      elements = tuple.elements
      key = tuple.elements.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
    case .enumValue(let value):
      elements = value.associatedValues
      key = UnsafeRawPointer(Unmanaged.passUnretained(value).toOpaque())
    case .dictionary(let dictionary):
      // Dictionaries count as levels too: they print, compare and free the same way.
      elements = dictionary.values
      key = nil
    default: return 0
    }
    if let key, let known = measured[key] { return known }
    guard limit > 0 else { return 1 }
    var deepest = 0
    for element in elements {
      switch element {
      case .array, .dictionary, .structValue, .enumValue, .tuple:
        deepest = max(deepest, element.nestingDepth(limit: limit - 1, measured: &measured))
      default: break
      }
      if deepest >= limit - 1 { break }
    }
    // Only exact depths are kept; a capped one ends the walk anyway.
    if let key, 1 + deepest < limit { measured[key] = 1 + deepest }
    return 1 + deepest
  }

  var number: Double? {
    switch self {
    case .int(let value): return Double(value)
    case .double(let value): return value
    default: return nil
    }
  }

  var isString: Bool {
    if case .string = self { return true }
    return false
  }
}
