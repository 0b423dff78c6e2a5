import BindRuntime
import BindSyntax

/// Matches a value against a pattern, binding names into slots; the frame is
/// the one the pattern's expressions and bindings use.
typealias PatternMatcher = (Value, Frame) throws -> Bool

// `switch`, `if case` and their patterns.
extension Compiler {
  /// switchStatement -> 'switch' expression '{' switchCase* '}'
  ///
  /// Cases are tried in order; the first that matches (and whose `where`
  /// holds) runs, and no other (no implicit fallthrough). `break` ends the
  /// switch. A switch must be exhaustive: over an enum, every case is
  /// covered or there is a `default`; over anything else, `default` is
  /// required (a Bool may list `true` and `false`).
  ///
  /// For a `switch` expression, `valueBranch` compiles each case (see ``BranchValue``).
  func compileSwitch(_ statement: SwitchStatement, valueBranch: BranchValue? = nil) throws -> Execution {
    let subject = try compileExpression(statement.subject)
    try checkTupleShapes(statement.cases.flatMap(\.patterns), against: statement.subject)
    let exhaustive = try exhaustivenessCheck(statement)
    struct CompiledCase {
      let matchers: [PatternMatcher]
      let condition: ((Frame) throws -> Bool)?
      let body: Execution
      let scope: BlockScope
    }
    switchDepth += 1
    defer { switchDepth -= 1 }
    var cases: [CompiledCase] = []
    for switchCase in statement.cases {
      let makesClosures = resolved.needsFrame(.patterns(switchCase.range))
      let (matchers, caseScope, body, condition) = try inCaseScope(switchCase.patterns, makesClosures: makesClosures) {
        () throws -> (Execution, ((Frame) throws -> Bool)?) in
        let condition = try switchCase.guardExpression.map { try compileCondition($0) }
        return (try valueBranch?(switchCase.body) ?? compileSequence(switchCase.body.statements), condition)
      }
      cases.append(CompiledCase(matchers: matchers, condition: condition, body: body, scope: caseScope))
    }
    let file = self.file
    let keyword = statement.keywordRange
    return { frame in
      let value = try subject(frame)
      try exhaustive(value)
      for switchCase in cases {
        let caseFrame = switchCase.scope.enter(frame)
        var matched = switchCase.matchers.isEmpty
        for matcher in switchCase.matchers where !matched { matched = try matcher(value, caseFrame) }
        if matched, let condition = switchCase.condition { matched = try condition(caseFrame) }
        guard matched else {
          switchCase.scope.release(frame)
          continue
        }
        defer { switchCase.scope.release(frame) }
        let flow = try switchCase.body(caseFrame)
        if case .breakLoop = flow { return .next }
        return flow
      }
      throw ScriptError(.statement(.noMatchingCase(literal: value.literal)), at: keyword, in: file)
    }
  }

  /// ifStatement -> 'if' 'case' pattern '=' expression block ('else' …)?
  func compileIfCase(_ statement: IfStatement, pattern: Pattern, valueBranch: BranchValue? = nil) throws -> Execution {
    guard let value = statement.condition else {
      throw error(.statement(.ifCaseValueCount), at: statement.range)
    }
    let subject = try compileExpression(value)
    try checkTupleShapes([pattern], against: value)
    let makesClosures = resolved.needsFrame(.patterns(statement.range))
    let (matchers, caseScope, thenBlock, _) = try inCaseScope([pattern], makesClosures: makesClosures) {
      () throws -> (Execution, Int?) in
      (try valueBranch?(statement.thenBlock) ?? compileBlock(statement.thenBlock), nil)
    }
    let match = matchers[0]
    let elseBlock: Execution
    switch statement.elseBranch {
    case .none: elseBlock = { _ in .next }
    case .block(let block): elseBlock = try valueBranch?(block) ?? compileBlock(block)
    case .elseIf(let nested): elseBlock = try compileIf(nested, valueBranch: valueBranch)
    }
    return { frame in
      let caseFrame = caseScope.enter(frame)
      defer { caseScope.release(frame) }
      if try match(try subject(frame), caseFrame) { return try thenBlock(caseFrame) }
      caseScope.release(frame)
      return try elseBlock(frame)
    }
  }

  /// Compiles patterns and then `body` in a block where the patterns'
  /// names are declared (every pattern of a case binds the same names).
  /// When the case `makesClosures`, that block gets a frame of its own on
  /// each entry, which the closures keep (see ``BlockScope``).
  func inCaseScope<T>(
    _ patterns: [Pattern], makesClosures: Bool, _ body: () throws -> (Execution, T)
  ) throws -> ([PatternMatcher], BlockScope, Execution, T) {
    let enclosing = scope
    if makesClosures {
      scope = FunctionScope(blockIn: enclosing)
    } else {
      scope.pushBlock()
    }
    defer {
      if makesClosures { scope = enclosing } else { scope.popBlock() }
    }
    var slots: [String: Int] = [:]
    if let first = patterns.first {
      let names = first.bindings.map(\.name)
      for binding in first.bindings {
        guard slots[binding.name] == nil else {
          throw error(.redeclaration(name: binding.name, container: "one pattern"), at: binding.range)
        }
        slots[binding.name] = declare(binding, isMutable: false)
      }
      for other in patterns.dropFirst() where Set(other.bindings.map(\.name)) != Set(names) {
        let missing = Set(names).symmetricDifference(other.bindings.map(\.name)).sorted().first ?? ""
        throw error(.statement(.unboundInPattern(name: missing)), at: other.range)
      }
    }
    if scope.isGlobal { interpreter.session.ensureGlobalCapacity() }
    let matchers = try patterns.map { try compilePattern($0, slots: slots) }
    let (compiled, extra) = try body()
    let caseScope: BlockScope = makesClosures
      ? .ownFrame(scope, linksEnclosingFrame: !enclosing.isGlobal)
      : .sharesFrame(releasedSlots: slots.values.sorted(), globals: scope.isGlobal ? interpreter.session.globalFrame : nil)
    return (matchers, caseScope, compiled, extra)
  }

  /// pattern -> '_' | 'let' NAME | enumCasePattern | expression
  func compilePattern(_ pattern: Pattern, slots: [String: Int]) throws -> PatternMatcher {
    let globals = scope.isGlobal ? interpreter.session.globalFrame : nil
    switch pattern {
    case .wildcard:
      return { _, _ in true }
    case .binding(let name):
      let slot = slots[name.name]!
      return { value, frame in
        (globals ?? frame).slots[slot] = value
        return true
      }
    case .expression(let expression):
      return try compileExpressionPattern(expression)
    case .tuple(let elements, let range):
      return try compileTuplePattern(elements, range: range, slots: slots)
    case .enumCase(let typeName, let name, let arguments, let range):
      // A host enum's cases match as a script enum's (`catch StoreError.full(let n)`).
      if let typeName, !isEnumTypeName(typeName.name, at: typeName.range),
        hostValueType(named: .name(typeName.name, typeName.range))?.enumType == nil
      {
        guard arguments == nil else { throw error(.statement(.unknownEnumType(name: typeName.name)), at: typeName.range) }
        return try compileExpressionPattern(.member(.name(typeName.name, typeName.range), name, range))
      }
      let subpatterns = try (arguments ?? []).map { try compilePattern($0.pattern, slots: slots) }
      let cache = CaseCache()
      let file = self.file
      let interpreter = self.interpreter
      return { value, frame in
        guard case .enumValue(let enumValue) = value else { return false }
        let index: Int
        if enumValue.type === cache.type {
          index = cache.index
        } else {
          do {
            index = try cache.resolve(
              name.name, in: enumValue.type, arity: arguments?.count, writtenType: typeName?.name, interpreter: interpreter)
          } catch let failure as ScriptError {
            throw failure.moved(to: range, in: file)
          }
        }
        guard enumValue.caseIndex == index else { return false }
        for (position, subpattern) in subpatterns.enumerated()
        where !(try subpattern(enumValue.associatedValues[position], frame)) {
          return false
        }
        return true
      }
    }
  }

  /// Tuple patterns of another size than the tuple literal they match
  /// (`switch (a, b) { case (0, _, _): … }`): an error before anything
  /// runs, as in Swift; any other value is checked when it arrives.
  private func checkTupleShapes(_ patterns: [Pattern], against subject: Expression) throws {
    guard case .tuple(let elements, _) = subject.unparenthesized else { return }
    for case .tuple(let written, let range) in patterns where written.count != elements.count {
      throw error(
        .statement(.tuplePatternSize(
          pattern: file.text(in: range), count: written.count, valueType: file.text(in: subject.range),
          elements: elements.count)),
        at: range)
    }
  }

  /// `(0, _)`, `(let x, 1...3)`: a tuple of as many elements, each matching
  /// its pattern, in order. A value of another shape is an error, as it is
  /// in Swift before anything runs: no `case` could ever match it.
  private func compileTuplePattern(_ elements: [PatternArgument], range: SourceRange, slots: [String: Int]) throws
    -> PatternMatcher
  {
    let matchers = try elements.map { try compilePattern($0.pattern, slots: slots) }
    let labels = elements.map { $0.label }
    let (file, text, count) = (self.file, file.text(in: range), elements.count)
    return { value, frame in
      guard case .tuple(let tuple) = value else {
        throw ScriptError(.statement(.tuplePatternNotTuple(pattern: text, valueType: value.typeName)), at: range, in: file)
      }
      guard tuple.elements.count == count else {
        throw ScriptError(
          .statement(.tuplePatternSize(pattern: text, count: count, valueType: value.typeName, elements: tuple.elements.count)),
          at: range, in: file)
      }
      for (index, written) in labels.enumerated() {
        guard let written, let label = tuple.label(at: index), label != written.name else { continue }
        throw ScriptError(
          .statement(.tuplePatternLabel(index: index, written: written.name, label: label)), at: written.range, in: file)
      }
      for (index, matcher) in matchers.enumerated() where !(try matcher(tuple.elements[index], frame)) {
        return false
      }
      return true
    }
  }

  /// A value pattern: `1...3` and `1..<3` contain the subject; anything
  /// else equals it (an implicit member equals the case of that name).
  private func compileExpressionPattern(_ expression: Expression) throws -> PatternMatcher {
    if case .binary(let op, let lower, let upper, _) = expression.unparenthesized, op == .closedRange || op == .halfOpenRange {
      let low = try compileExpression(lower)
      let high = try compileExpression(upper)
      let closed = op == .closedRange
      return { value, frame in
        let (from, to) = (try low(frame), try high(frame))
        let above = try Operators.apply(.greaterEqual, value, from)
        let below = try Operators.apply(closed ? .lessEqual : .less, value, to)
        return above == .bool(true) && below == .bool(true)
      }
    }
    let evaluate = try compileExpression(expression)
    return { value, frame in
      let candidate = try evaluate(frame)
      if case .enumValue(let member) = candidate, member.type.isContextual, case .enumValue(let subject) = value,
        !subject.type.isContextual
      {
        return try subject.type.resolve(member) == subject
      }
      return candidate == value
    }
  }

  // MARK: Exhaustiveness

  /// Checks what can be checked now, and returns the check for run time
  /// (an enum known only from the subject's value).
  private func exhaustivenessCheck(_ statement: SwitchStatement) throws -> (Value) throws -> Void {
    let noCheck: (Value) throws -> Void = { _ in }
    var covered = Set<String>()
    var caseNames = Set<String>()
    var writtenType: String?
    var literals = Set<Bool>()
    var tupleRows: [[Pattern]] = []
    for switchCase in statement.cases {
      if switchCase.isDefault { return noCheck }
      for pattern in switchCase.patterns {
        switch pattern {
        case .wildcard, .binding:
          if switchCase.guardExpression == nil { return noCheck }
        case .tuple(let elements, _):
          if switchCase.guardExpression == nil { tupleRows.append(elements.map(\.pattern)) }
        case .enumCase(let typeName, let name, let arguments, _):
          caseNames.insert(name.name)
          if let typeName { writtenType = typeName.name }
          let irrefutable = (arguments ?? []).allSatisfy { $0.pattern.isIrrefutable }
          if switchCase.guardExpression == nil, irrefutable { covered.insert(name.name) }
        case .expression(let expression):
          if case .boolean(let value, _) = expression, switchCase.guardExpression == nil { literals.insert(value) }
        }
      }
    }
    let file = self.file
    let keyword = statement.keywordRange
    if caseNames.isEmpty {
      if literals.count == 2 { return noCheck }
      if let width = tupleRows.first?.count, tupleRows.allSatisfy({ $0.count == width }) {
        return try tupleExhaustivenessCheck(tupleRows, width: width, at: keyword)
      }
      throw error(.nonExhaustive(typeName: nil, missing: []), at: keyword)
    }
    if let type = statedEnum(writtenType: writtenType, caseNames: caseNames) {
      if let missing = Compiler.missingCases(type, covered: covered) { throw error(missing, at: keyword) }
      return noCheck
    }
    let checked = CheckedTypes()
    return { value in
      guard case .enumValue(let enumValue) = value, !enumValue.type.isContextual, checked.last !== enumValue.type else { return }
      if let missing = Compiler.missingCases(enumValue.type, covered: covered) {
        throw ScriptError(missing, at: keyword, in: file)
      }
      checked.last = enumValue.type
    }
  }

  /// The check of a switch whose cases are tuple patterns (see
  /// ``TupleCoverage``): now, when the enums of its columns are known from
  /// the patterns, else on the first tuple whose elements say.
  private func tupleExhaustivenessCheck(_ rows: [[Pattern]], width: Int, at keyword: SourceRange) throws
    -> (Value) throws -> Void
  {
    let stated = TupleCoverage { _, writtenType, caseNames in self.statedEnum(writtenType: writtenType, caseNames: caseNames) }
    do {
      if let missing = try stated.missing(rows, width: width) {
        throw error(.nonExhaustive(typeName: nil, missing: [missing]), at: keyword)
      }
      return { _ in }
    } catch is TupleCoverage.UnknownEnum {}
    let file = self.file
    let checked = CheckedOnce()
    return { value in
      guard !checked.isDone, case .tuple(let tuple) = value, tuple.elements.count == width else { return }
      let fromValue = TupleCoverage { column, _, _ in
        guard case .enumValue(let element) = tuple.elements[column], !element.type.isContextual else { return nil }
        return element.type
      }
      let missing: String?
      do {
        missing = try fromValue.missing(rows, width: width)
      } catch {
        return  // An element that is no enum value (nil, say) cannot tell; a later tuple may.
      }
      if let missing { throw ScriptError(.nonExhaustive(typeName: nil, missing: [missing]), at: keyword, in: file) }
      checked.isDone = true
    }
  }

  /// The enum a switch is over, when its patterns say: the type written
  /// (`State.idle`), or the one declared enum that has every case named.
  private func statedEnum(writtenType: String?, caseNames: Set<String>) -> EnumType? {
    if let writtenType { return interpreter.registry.enumTypes[writtenType] }
    let candidates = interpreter.registry.enumTypes.values.filter { type in caseNames.allSatisfy { type.index(ofCase: $0) != nil } }
    return candidates.count == 1 ? candidates[0] : nil
  }

  static func missingCases(_ type: EnumType, covered: Set<String>) -> ScriptError.Kind? {
    let missing = type.cases.filter { !covered.contains($0.name) }
    guard !missing.isEmpty else { return nil }
    return .nonExhaustive(typeName: type.name, missing: missing.map { EnumType.shape(of: $0) })
  }
}

/// The case index of a case pattern in the last enum type seen.
private final class CaseCache {
  @exclusivity(unchecked) var type: EnumType?
  @exclusivity(unchecked) var index = 0

  func resolve(_ name: String, in type: EnumType, arity: Int?, writtenType: String?, interpreter: Interpreter) throws
    -> Int
  {
    if let writtenType, writtenType != type.name {
      throw ScriptError(.patternTypeMismatch(patternType: writtenType, valueType: type.name))
    }
    guard let found = type.index(ofCase: name) else {
      if type.isContextual { return type.cases[0].name == name ? 0 : -1 }
      throw ScriptError(type.unknownCase(name))
    }
    let count = type.cases[found].associatedValues.count
    if let arity, arity != count {
      throw ScriptError(
        .statement(.patternArity(given: arity, caseName: name, count: count, shape: EnumType.shape(of: type.cases[found]))))
    }
    if !type.isContextual {
      self.type = type
      index = found
    }
    return found
  }
}

/// The enum type a switch last checked for exhaustiveness.
private final class CheckedTypes {
  @exclusivity(unchecked) var last: EnumType?
}

/// Whether a switch over tuples was found exhaustive at run time.
private final class CheckedOnce {
  @exclusivity(unchecked) var isDone = false
}
