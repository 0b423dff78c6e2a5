import BindSyntax

/// Whether the tuple patterns of a `switch` cover every tuple, as Swift
/// decides it: column by column, a `Bool` element needs `true` and `false`,
/// an enum element each of its cases, and any other element `_` or a
/// binding (`case (.red, true):`, `case (.green, _):`, `case (_, false):`).
///
/// The classic usefulness check over a pattern matrix: each row is one
/// tuple pattern's elements (a case with `where` is no row, as it may not
/// match), and the first tuple no row matches is the missing one.
struct TupleCoverage {
  /// The enum of a column whose patterns name cases: what its cases are.
  /// Nil when it is not known (the check then waits for a value).
  let enumType: (_ column: Int, _ writtenType: String?, _ caseNames: Set<String>) -> EnumType?

  /// Why coverage cannot be decided yet: a column names enum cases of an
  /// enum that is not known.
  struct UnknownEnum: Error {}

  /// The first tuple the rows miss, written as a pattern (`(.green, false)`),
  /// or nil when they cover every tuple.
  func missing(_ rows: [[Pattern]], width: Int) throws -> String? {
    try missing(rows, from: 0, width: width).map { "(" + $0.joined(separator: ", ") + ")" }
  }

  private func missing(_ rows: [[Pattern]], from column: Int, width: Int) throws -> [String]? {
    guard column < width else { return rows.isEmpty ? [] : nil }
    guard let constructors = try constructors(of: rows.map { $0[column] }, column: column) else {
      // Infinitely many values: only the rows that match anything there cover it.
      let rest = rows.filter { $0[column].isIrrefutable }
      return try missing(rest, from: column + 1, width: width).map { ["_"] + $0 }
    }
    for constructor in constructors {
      let rest = rows.filter { constructor.isMatched(by: $0[column]) }
      if let witness = try missing(rest, from: column + 1, width: width) { return [constructor.text] + witness }
    }
    return nil
  }

  /// One value (or one enum case, whatever its associated values) of a
  /// column with finitely many.
  private struct Constructor {
    let text: String
    let matches: (Pattern) -> Bool

    func isMatched(by pattern: Pattern) -> Bool { pattern.isIrrefutable || matches(pattern) }
  }

  /// What a column's values are when there are finitely many (its patterns
  /// name `true`/`false`, or enum cases), or nil.
  private func constructors(of column: [Pattern], column index: Int) throws -> [Constructor]? {
    var caseNames = Set<String>()
    var writtenType: String?
    var isBool = false
    for pattern in column {
      switch pattern {
      case .enumCase(let typeName, let name, _, _):
        caseNames.insert(name.name)
        if let typeName { writtenType = typeName.name }
      case .expression(.boolean): isBool = true
      case .wildcard, .binding, .expression, .tuple: break
      }
    }
    if !caseNames.isEmpty {
      guard let type = enumType(index, writtenType, caseNames) else { throw UnknownEnum() }
      return type.cases.map { enumCase in
        Constructor(text: EnumType.shape(of: enumCase)) { pattern in
          guard case .enumCase(_, let name, let arguments, _) = pattern, name.name == enumCase.name else { return false }
          return (arguments ?? []).allSatisfy { $0.pattern.isIrrefutable }
        }
      }
    }
    guard isBool else { return nil }
    return [true, false].map { value in
      Constructor(text: "\(value)") { pattern in
        if case .expression(.boolean(let written, _)) = pattern { return written == value }
        return false
      }
    }
  }
}
