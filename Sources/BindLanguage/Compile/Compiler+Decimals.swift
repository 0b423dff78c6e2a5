import BindSyntax

extension Compiler {
  /// The exact decimal a float literal spells (`19.99`, `-0.5`, `(2.25)`),
  /// read from its source text rather than from the Double it also is; `nil`
  /// for any other expression.
  ///
  /// A float literal is a Double unless it meets a Decimal, as in Swift,
  /// where the literal takes its type from the context: `vm.price = 19.99`,
  /// `price * 1.5`, `let p: Decimal = 0.1`. A script cannot know the
  /// context's type before it runs, so these sites keep both and choose by
  /// what the other side turns out to be.
  ///
  /// Arithmetic of literals alone (`1.5 * 2`) is a literal too, as Swift
  /// types the whole expression from its context.
  func decimalLiteral(_ expression: Expression) -> DecimalValue? {
    guard let (value, hasFraction) = numericLiteral(expression), hasFraction else { return nil }
    return value
  }

  /// What a literal is where a Decimal may be wanted: a float literal's
  /// exact decimal, or an array literal of numbers with a float among them
  /// as an array of Decimals (`cart.prices = [1.5, 2.5]`, as Swift types
  /// each element from the `[Decimal]` it meets); `nil` for anything else.
  func decimalReading(_ expression: Expression) -> Value? {
    if let decimal = decimalLiteral(expression) { return .decimal(decimal) }
    guard case .array(let elements, _) = expression.unparenthesized, !elements.isEmpty else { return nil }
    var values: [Value] = []
    var hasFraction = false
    for element in elements {
      guard let (value, fraction) = numericLiteral(element) else { return nil }
      values.append(.decimal(value))
      hasFraction = hasFraction || fraction
    }
    return hasFraction ? .array(values) : nil
  }

  /// A numeric literal expression's exact value, and whether a float
  /// literal is part of it.
  private func numericLiteral(_ expression: Expression) -> (DecimalValue, hasFraction: Bool)? {
    switch expression.unparenthesized {
    case .double(_, let range):
      let text = file.text(in: range).filter { $0 != "_" }
      return DecimalValue(parsing: text).map { ($0, true) }
    case .integer(let value, _):
      return Int(exactly: value).map { (DecimalValue($0), false) }
    case .unary(.negate, let operand, _):
      guard let (value, hasFraction) = numericLiteral(operand), let negated = try? value.negated() else { return nil }
      return (negated, hasFraction)
    case .binary(let op, let lhs, let rhs, _):
      guard let operation = DecimalOperation(op), let (a, aFraction) = numericLiteral(lhs),
        let (b, bFraction) = numericLiteral(rhs), let result = try? a.applying(operation, b)
      else { return nil }
      return (result, aFraction || bFraction)
    default:
      return nil
    }
  }

  /// The text of a float literal no Decimal holds (`1e200`: Decimal stops
  /// near 1e165), for the overflow error where it meets a Decimal, rather
  /// than a complaint about the Double it also is; `nil` otherwise.
  func literalBeyondDecimal(_ expression: Expression) -> String? {
    switch expression.unparenthesized {
    case .double(_, let range):
      let text = file.text(in: range)
      return DecimalValue(parsing: text.filter { $0 != "_" }) == nil ? text : nil
    case .unary(.negate, let operand, _):
      return literalBeyondDecimal(operand).map { "-" + $0 }
    default:
      return nil
    }
  }

  /// The error for a float literal no Decimal holds, at the literal.
  private func decimalOverflow(_ text: String, _ expression: Expression) -> ScriptError {
    error(.decimalLiteralOverflow(text), at: expression.range)
  }

  /// `expression` for a place declared `type`: a float literal is the
  /// Decimal it spells where the type is `Decimal` or `Decimal?`.
  func compileExpression(_ expression: Expression, expecting type: ValueType?) throws -> Evaluation {
    if let type, let reading = decimalReading(expression), let constant = type.coerce(reading) {
      return { _ in constant }
    }
    if let type, type.takesDecimal, let text = literalBeyondDecimal(expression) {
      throw decimalOverflow(text, expression)
    }
    return try compileExpression(expression)
  }

  /// `a op 1.5` and `1.5 op a` when `a` may be a Decimal: the literal is
  /// that Decimal exactly; otherwise the Double it is, on the general path.
  /// `nil` when neither operand is a float literal.
  func decimalLiteralOperation(
    _ op: BinaryOperator, _ lhs: Expression, _ rhs: Expression,
    _ left: @escaping Evaluation, _ right: @escaping Evaluation, range: SourceRange
  ) -> Evaluation? {
    switch op {
    case .add, .subtract, .multiply, .divide, .equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual: break
    default: return nil
    }
    if let decimal = decimalLiteral(rhs) {
      let literal = Value.decimal(decimal)
      return locating(range) { frame in
        let value = try left(frame)
        if case .decimal = value { return try Operators.apply(op, value, literal) }
        return try Operators.apply(op, value, try right(frame))
      }
    }
    if let decimal = decimalLiteral(lhs) {
      let literal = Value.decimal(decimal)
      return locating(range) { frame in
        let value = try right(frame)
        if case .decimal = value { return try Operators.apply(op, literal, value) }
        return try Operators.apply(op, try left(frame), value)
      }
    }
    for literal in [rhs, lhs] {
      guard let text = literalBeyondDecimal(literal) else { continue }
      let overflow = decimalOverflow(text, literal)
      return locating(range) { frame in
        let (a, b) = (try left(frame), try right(frame))
        if case .decimal = a { throw overflow }
        if case .decimal = b { throw overflow }
        return try Operators.apply(op, a, b)
      }
    }
    return nil
  }

  /// `target = 19.99` (or `[1.5, 2.5]`) where the target may be a Decimal
  /// property: the Double is written, and if the target turns out to want
  /// Decimals (its write refused the Double as a Decimal's), the exact
  /// ``decimalReading(_:)`` instead.
  func decimalLiteralStore(
    _ literal: Value, value: @escaping Evaluation, store: @escaping (Frame, Value) throws -> Void
  ) -> Execution {
    return { frame in
      do {
        try store(frame, try value(frame))
      } catch let error as ScriptError where error.expectedType.flatMap({ $0.coerce(literal) }) != nil {
        try store(frame, literal)
      }
      return .next
    }
  }

  /// `target = 1e200` where the target may be a Decimal property: the
  /// Double is written, and if the target turns out to want a Decimal, the
  /// error is the literal's overflow, at the literal.
  func decimalOverflowStore(
    _ text: String, _ literal: Expression, value: @escaping Evaluation, store: @escaping (Frame, Value) throws -> Void
  ) -> Execution {
    let overflow = decimalOverflow(text, literal)
    return { frame in
      do {
        try store(frame, try value(frame))
      } catch let error as ScriptError where error.expectedType?.takesDecimal == true {
        throw overflow
      }
      return .next
    }
  }

  /// `Decimal(x)`, `Decimal(string:)`, `UUID()`, `UUID(uuidString:)`,
  /// `URL(string:)`, `Data()`: the initializers of the Foundation types
  /// scripts know (see ``FoundationInitializers``).
  func compileFoundationInitializer(_ typeName: String, _ arguments: [Argument], range: SourceRange) throws -> Evaluation {
    let labels = arguments.map { $0.label?.name }
    guard let initializer = FoundationInitializers.initializer(typeName, labels: labels) else {
      let written = FoundationInitializers.signature(typeName, labels)
      throw error(
        .call(.noFoundationInitializer(written: written, typeName: typeName, forms: FoundationInitializers.forms(of: typeName))), at: range)
    }
    // `Decimal(19.99)` is the literal's own digits, whatever they are.
    if typeName == "Decimal", arguments.count == 1, arguments[0].label == nil, let decimal = decimalLiteral(arguments[0].value) {
      let constant = Value.decimal(decimal)
      return { _ in constant }
    }
    let values = try arguments.map { try compileExpression($0.value) }
    return locating(range) { frame in try initializer(try values.map { try $0(frame) }) }
  }
}

extension ScriptError.Kind {
  /// `1e200` where a Decimal is wanted: no Decimal holds it.
  static func decimalLiteralOverflow(_ text: String) -> Self {
    .library(.decimalOverflow(operation: "the literal \(text)"))
  }
}

extension ValueType {
  /// `Decimal` or `Decimal?`: where a float literal is a Decimal.
  var takesDecimal: Bool {
    switch self {
    case .decimal: return true
    case .optional(let wrapped): return wrapped.takesDecimal
    default: return false
    }
  }
}
