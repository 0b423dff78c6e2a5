import BindSyntax

extension Compiler {
  /// `Int op Int` without going through `Operators.apply` (the operators of
  /// `{ $0 * 2 }`, `{ $0 % 2 == 0 }`, loop counters): one closure per
  /// operator, which falls back to the general path, and its errors, for
  /// anything else (other types, an overflow, a zero divisor).
  ///
  /// An operand that is a variable of the evaluating frame (`$0`, a local)
  /// or an integer literal is read inside that one closure rather than
  /// through a closure of its own: `{ $0 % 2 == 0 }` is two closure calls
  /// per element, not six. Each operator is a type (`IntegerOperation`) so
  /// that every combination is specialized, with no call per operation.
  /// Other operators get `otherwise` (not nil: an `Evaluation` returned in
  /// an Optional is called through two reabstraction thunks ever after).
  func integerFastPath(
    _ op: BinaryOperator, _ lhs: Expression, _ rhs: Expression,
    _ left: @escaping Evaluation, _ right: @escaping Evaluation, range: SourceRange,
    otherwise: @escaping Evaluation
  ) -> Evaluation {
    let file = self.file
    let general: (Value, Value) throws -> Value = { a, b in
      do {
        return try Operators.apply(op, a, b)
      } catch let error as ScriptError where error.range == nil {
        throw error.located(at: range, in: file)
      }
    }
    let leftOperand = fastOperand(lhs, compiled: left, literals: false)
    let rightOperand = fastOperand(rhs, compiled: right, literals: true)
    if case .integer(let bound) = rightOperand,
      let fused = fusedComparison(op, lhs, bound: bound, left: left, general: general)
    {
      return fused
    }
    switch op {
    case .add: return Self.integerOperation(IntegerAdd.self, leftOperand, rightOperand, general: general)
    case .subtract: return Self.integerOperation(IntegerSubtract.self, leftOperand, rightOperand, general: general)
    case .multiply: return Self.integerOperation(IntegerMultiply.self, leftOperand, rightOperand, general: general)
    case .remainder: return Self.integerOperation(IntegerRemainder.self, leftOperand, rightOperand, general: general)
    case .equal: return Self.integerOperation(IntegerEqual.self, leftOperand, rightOperand, general: general)
    case .notEqual: return Self.integerOperation(IntegerNotEqual.self, leftOperand, rightOperand, general: general)
    case .less: return Self.integerOperation(IntegerLess.self, leftOperand, rightOperand, general: general)
    case .greater: return Self.integerOperation(IntegerGreater.self, leftOperand, rightOperand, general: general)
    default: return otherwise
    }
  }

  /// `$0 % 2 == 0`, `x * 3 < 10`: a comparison with an integer literal of
  /// a frame variable's arithmetic with an integer literal, as one closure
  /// (one call per evaluation, not two). When the arithmetic does not give
  /// an Int (another type, an overflow, a zero divisor), its own compiled
  /// closure (`left`, which only reads a variable) is evaluated for the
  /// value or the error, and the comparison goes the general way.
  private func fusedComparison(
    _ op: BinaryOperator, _ lhs: Expression, bound: Int, left: @escaping Evaluation,
    general: @escaping (Value, Value) throws -> Value
  ) -> Evaluation? {
    guard case .binary(let inner, let innerLeft, let innerRight, _) = lhs.unparenthesized,
      case .local(let slot) = fastOperand(innerLeft, compiled: left, literals: false),
      case .integer(let operand) = fastOperand(innerRight, compiled: left, literals: true)
    else { return nil }
    let parts = FusedParts(slot: slot, operand: operand, bound: bound, left: left, general: general)
    switch op {
    case .equal: return Self.fused(IntegerEqual.self, inner, parts)
    case .notEqual: return Self.fused(IntegerNotEqual.self, inner, parts)
    case .less: return Self.fused(IntegerLess.self, inner, parts)
    case .greater: return Self.fused(IntegerGreater.self, inner, parts)
    default: return nil
    }
  }

  private static func fused<Comparison: IntegerOperation>(
    _: Comparison.Type, _ inner: BinaryOperator, _ parts: FusedParts
  ) -> Evaluation? {
    switch inner {
    case .add: return fused(IntegerAdd.self, Comparison.self, parts)
    case .subtract: return fused(IntegerSubtract.self, Comparison.self, parts)
    case .multiply: return fused(IntegerMultiply.self, Comparison.self, parts)
    case .remainder: return fused(IntegerRemainder.self, Comparison.self, parts)
    default: return nil
    }
  }

  private static func fused<Arithmetic: IntegerOperation, Comparison: IntegerOperation>(
    _: Arithmetic.Type, _: Comparison.Type, _ parts: FusedParts
  ) -> Evaluation {
    let (slot, operand, bound, left, general) = (parts.slot, parts.operand, parts.bound, parts.left, parts.general)
    let boundValue = Value.int(bound)
    return { frame in
      if case .int(let x) = frame.slots[slot], case .int(let value)? = Arithmetic.apply(x, operand),
        let result = Comparison.apply(value, bound)
      {
        return result
      }
      return try general(try left(frame), boundValue)
    }
  }

  /// How an operand of `integerFastPath` is read: a name that resolves to
  /// a slot of the evaluating frame itself, as `compileName` would read it
  /// (not `self`, not an implicit `self.` member, not a `bind`/`observe`
  /// capture); an integer literal (right operands only: `2 * $0` is rare);
  /// or its compiled closure.
  private func fastOperand(_ expression: Expression, compiled: @escaping Evaluation, literals: Bool) -> FastOperand {
    switch expression {
    case .integer(let value, _) where literals:
      if let int = Int(exactly: value) { return .integer(int) }
    case .name(let name, let range) where captureList == nil && name != "self" && !implicitSelfMember(name, at: range):
      if case .local(let slot, _)? = resolveInScopes(name, at: range) { return .local(slot) }
    default:
      break
    }
    return .general(compiled)
  }

  /// One operator's fast path, specialized for where its operands come from.
  private static func integerOperation<Operation: IntegerOperation>(
    _: Operation.Type, _ left: FastOperand, _ right: FastOperand,
    general: @escaping (Value, Value) throws -> Value
  ) -> Evaluation {
    switch (left, right) {
    case (.local(let slot), .integer(let y)):
      let b = Value.int(y)
      return { frame in
        let a = frame.slots[slot]
        if case .int(let x) = a, let result = Operation.apply(x, y) { return result }
        return try general(a, b)
      }
    case (.general(let left), .integer(let y)):
      let b = Value.int(y)
      return { frame in
        let a = try left(frame)
        if case .int(let x) = a, let result = Operation.apply(x, y) { return result }
        return try general(a, b)
      }
    case (.local(let leftSlot), .local(let rightSlot)):
      return { frame in
        let a = frame.slots[leftSlot], b = frame.slots[rightSlot]
        if case .int(let x) = a, case .int(let y) = b, let result = Operation.apply(x, y) { return result }
        return try general(a, b)
      }
    case (.local(let slot), .general(let right)):
      return { frame in
        let a = frame.slots[slot], b = try right(frame)
        if case .int(let x) = a, case .int(let y) = b, let result = Operation.apply(x, y) { return result }
        return try general(a, b)
      }
    case (.general(let left), .local(let slot)):
      return { frame in
        let a = try left(frame), b = frame.slots[slot]
        if case .int(let x) = a, case .int(let y) = b, let result = Operation.apply(x, y) { return result }
        return try general(a, b)
      }
    default:
      let left = left.evaluation, right = right.evaluation
      return { frame in
        let a = try left(frame), b = try right(frame)
        if case .int(let x) = a, case .int(let y) = b, let result = Operation.apply(x, y) { return result }
        return try general(a, b)
      }
    }
  }
}

/// What a fused comparison (`fusedComparison`) reads and falls back to.
private struct FusedParts {
  let slot: Int
  let operand: Int
  let bound: Int
  let left: Evaluation
  let general: (Value, Value) throws -> Value
}

/// Where an operand of an integer fast path comes from.
private enum FastOperand {
  case local(Int)
  case integer(Int)
  case general(Evaluation)

  var evaluation: Evaluation {
    switch self {
    case .local(let slot): return { frame in frame.slots[slot] }
    case .integer(let int):
      let constant = Value.int(int)
      return { _ in constant }
    case .general(let evaluate): return evaluate
    }
  }
}

/// An operator on two Ints: its result, or nil when the general path must
/// decide (an overflow, a zero divisor), which also gives the error.
private protocol IntegerOperation {
  static func apply(_ x: Int, _ y: Int) -> Value?
}

private enum IntegerAdd: IntegerOperation {
  @inline(__always) static func apply(_ x: Int, _ y: Int) -> Value? {
    let (result, overflow) = x.addingReportingOverflow(y)
    return overflow ? nil : .int(result)
  }
}

private enum IntegerSubtract: IntegerOperation {
  @inline(__always) static func apply(_ x: Int, _ y: Int) -> Value? {
    let (result, overflow) = x.subtractingReportingOverflow(y)
    return overflow ? nil : .int(result)
  }
}

private enum IntegerMultiply: IntegerOperation {
  @inline(__always) static func apply(_ x: Int, _ y: Int) -> Value? {
    let (result, overflow) = x.multipliedReportingOverflow(by: y)
    return overflow ? nil : .int(result)
  }
}

private enum IntegerRemainder: IntegerOperation {
  @inline(__always) static func apply(_ x: Int, _ y: Int) -> Value? {
    if y == 0 { return nil }
    let (result, overflow) = x.remainderReportingOverflow(dividingBy: y)
    return overflow ? nil : .int(result)
  }
}

private enum IntegerEqual: IntegerOperation {
  @inline(__always) static func apply(_ x: Int, _ y: Int) -> Value? { .bool(x == y) }
}

private enum IntegerNotEqual: IntegerOperation {
  @inline(__always) static func apply(_ x: Int, _ y: Int) -> Value? { .bool(x != y) }
}

private enum IntegerLess: IntegerOperation {
  @inline(__always) static func apply(_ x: Int, _ y: Int) -> Value? { .bool(x < y) }
}

private enum IntegerGreater: IntegerOperation {
  @inline(__always) static func apply(_ x: Int, _ y: Int) -> Value? { .bool(x > y) }
}
