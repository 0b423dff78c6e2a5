import BindRuntime
import BindSyntax

extension Compiler {
  /// expression -> ternaryExpression (see Grammar.md for the precedence levels)
  ///
  /// An optional chain (`vm.user?.name.count`) is compiled whole here: a
  /// `nil` before a `?.` ends the chain, as in Swift, so the result is `nil`
  /// rather than an error from the links after it.
  func compileExpression(_ expression: Expression) throws -> Evaluation {
    if let rewritten = withNestedTypeNames(expression) { return try compileExpression(rewritten) }
    if let closure = try initializerReference(expression) {
      // Made here, after the resolver's walk, so resolved on its own: it
      // captures nothing (its body names its parameters and a type).
      return try Compiler(interpreter: interpreter, file: file, resolving: .expression(closure), scope: interpreter.session.globalScope)
        .compileExpression(closure)
    }
    if case .member(let base, let name, let range) = expression, let global = try staticMemberName(base, name, range: range) {
      return try compileExpression(global)
    }
    let continuesChain = compilingChainBase
    compilingChainBase = false
    if !continuesChain, expression.hasOptionalChainLink {
      compilingChainBase = false
      let chain = try compileLink(expression)
      return { frame in
        do { return try chain(frame) } catch is OptionalChainEnded { return .null }
      }
    }
    return try compileLink(expression)
  }

  /// The base of a postfix link (`a` in `a.b`, `a?.b`, `a[i]`, `a.m()`):
  /// part of the same optional chain.
  func compileChainBase(_ base: Expression) throws -> Evaluation {
    compilingChainBase = true
    defer { compilingChainBase = false }
    return try compileExpression(base)
  }

  private func compileLink(_ expression: Expression) throws -> Evaluation {
    switch expression {
    case .integer(let value, let range):
      guard let int = Int(exactly: value) else { throw error(.intOverflow(expression: "integer literal"), at: range) }
      return constant(.int(int))
    case .double(let value, _): return constant(.double(value))
    case .string(let text, _): return constant(.string(text))
    case .boolean(let value, _): return constant(.bool(value))
    case .nilLiteral: return constant(.null)
    case .duration(let value, _): return constant(.duration(value))
    case .timer(let timer):
      return try compileTimer(timer)
    case .effect(let effect):
      return try compileEffectExpression(effect)
    case .interpolatedString(let segments, _):
      return try compileInterpolation(segments)
    case .name(let name, let range):
      return try compileName(name, range: range)
    case .closure(let closure):
      return try compileClosure(closure)
    case .dictionary(let entries, let range):
      return try compileDictionaryLiteral(entries, range: range)
    case .array(let elements, let range):
      return try compileArrayLiteral(elements, range: range)
    case .parenthesized(let inner, _):
      return try compileExpression(inner)
    case .tuple(let elements, let range):
      return try compileTupleLiteral(elements, range: range)
    case .unary(let op, let operand, let range):
      let evaluate = try compileExpression(operand)
      return locating(range) { frame in try Operators.apply(op, try evaluate(frame)) }
    case .binary(let op, let lhs, let rhs, let range):
      return try compileBinary(op, lhs, rhs, range: range)
    case .ternary(let condition, let then, let otherwise, _):
      let test = try compileCondition(condition)
      let thenValue = try compileExpression(then)
      let elseValue = try compileExpression(otherwise)
      return { frame in try test(frame) ? thenValue(frame) : elseValue(frame) }
    case .member(.name(let typeName, let typeRange), let name, let range) where isEnumTypeName(typeName, at: typeRange):
      return try compileEnumCase(typeName: typeName, name, nil, range: range)
    case .implicitMember(let name, let range):
      return try compileEnumCase(typeName: nil, name, nil, range: range)
    case .member(let base, let name, let range):
      if let host = hostValueType(named: base) { return try compileEnumCase(host, name, nil, range: range) }
      return try compileMemberRead(base, name, range: range, optional: false)
    case .optionalMember(let base, let name, let range):
      return try compileMemberRead(base, name, range: range, optional: true)
    case .call(let callee, let arguments, let range):
      return try compileCall(callee, arguments, range: range)
    case .await(let operand, let range):
      return try compileAwait(operand, range: range)
    case .untracked(let inner, _):
      return try compileUntracked(inner)
    case .tryExpression(let kind, let operand, let range):
      return try compileTry(kind, operand, range: range)
    case .ifExpression, .switchExpression:
      return try compileValue(expression, expecting: nil)
    case .index(let base, let index, let range):
      let array = try compileChainBase(base)
      let position = try compileExpression(index)
      return locating(range) { frame in try Operators.element(of: try array(frame), at: try position(frame)) }
    }
  }

  /// A literal: the same value on every run.
  private func constant(_ value: Value) -> Evaluation {
    { _ in value }
  }

  private func compileArrayLiteral(_ elements: [Expression], range: SourceRange) throws -> Evaluation {
    let compiled = try elements.map(compileExpression)
    return locating(range) { frame in
      let values = try compiled.map { try $0(frame) }
      try Operators.checkNesting(values)
      return .array(values)
    }
  }

  private func compileTupleLiteral(_ elements: [Argument], range: SourceRange) throws -> Evaluation {
    let compiled = try elements.map { try compileExpression($0.value) }
    let labels = elements.map { $0.label?.name }
    return locating(range) { frame in
      let values = try compiled.map { try $0(frame) }
      try Operators.checkNesting(values)
      return .tuple(TupleValue(elements: values, labels: labels))
    }
  }

  /// `base.name`, or `base?.name` (`optional`), which ends the chain at a nil base.
  private func compileMemberRead(
    _ base: Expression, _ name: Identifier, range: SourceRange, optional: Bool
  ) throws -> Evaluation {
    let object = try compileChainBase(base)
    let read = memberReader(name)
    if optional {
      return locating(range) { frame in
        let value = try object(frame)
        if value.isNull { throw OptionalChainEnded() }
        return try read(value)
      }
    }
    if chainsPropagateNil {
      return locating(range) { frame in
        let value = try object(frame)
        return value.isNull ? .null : try read(value)
      }
    }
    return locating(range) { frame in try read(try object(frame)) }
  }

  private func compileInterpolation(_ segments: [StringSegment]) throws -> Evaluation {
    let parts: [Evaluation] = try segments.map { segment in
      switch segment {
      case .text(let text, _):
        let constant = Value.string(text)
        return { _ in constant }
      case .expression(let expression):
        return try compileExpression(expression)
      }
    }
    return { frame in
      var result = ""
      for part in parts {
        result += try part(frame).printed
        try Operators.checkLength(utf8: result.utf8.count)
      }
      return .string(result)
    }
  }

  private func compileName(_ name: String, range: SourceRange) throws -> Evaluation {
    if implicitSelfMember(name, at: range) {
      return try compileExpression(.member(.name("self", range), Identifier(name, range: range), range))
    }
    if name == "self", scope.selfType != nil || scope.parent?.selfType != nil {
      return { frame in frame.selfObject.map(Value.object) ?? .null }
    }
    if let resolution = resolve(name, at: range) { return reader(for: resolution, name: name, range: range) }
    if interpreter.registry.isTypeName(name) {
      throw error(.statement(.typeAsValue(name: name)), at: range)
    }
    if let builtin = Builtins.function(named: name) {
      let value = Value.function(builtin)
      return { _ in value }
    }
    if name == "now" {
      let scheduler = interpreter.scheduler
      return { _ in .duration(scheduler.now) }
    }
    if name.hasPrefix("$") {
      throw error(.statement(.anonymousOutsideClosure(name: name)), at: range)
    }
    throw unknownName(name, at: range)
  }

  private func compileBinary(_ op: BinaryOperator, _ lhs: Expression, _ rhs: Expression, range: SourceRange) throws
    -> Evaluation
  {
    let left = try compileExpression(lhs)
    let right = try compileExpression(rhs)
    let file = self.file
    switch op {
    case .and, .or:
      let isAnd = op == .and
      return { frame in
        guard case .bool(let a) = try left(frame) else {
          throw ScriptError(.needsBoolOperands(op: op.rawValue), at: lhs.range, in: file)
        }
        if a != isAnd { return .bool(a) }
        guard case .bool(let b) = try right(frame) else {
          throw ScriptError(.needsBoolOperands(op: op.rawValue), at: rhs.range, in: file)
        }
        return .bool(b)
      }
    case .nilCoalescing:
      return { frame in
        let value = try left(frame)
        return value.isNull ? try right(frame) : value
      }
    case .equal where lhs.isImplicitMember || rhs.isImplicitMember,
      .notEqual where lhs.isImplicitMember || rhs.isImplicitMember:
      return compileImplicitMemberComparison(left, right, implicitOnLeft: lhs.isImplicitMember, negated: op == .notEqual, range: range)
    default:
      if let decimal = decimalLiteralOperation(op, lhs, rhs, left, right, range: range) { return decimal }
      let general = locating(range) { frame in try Operators.apply(op, try left(frame), try right(frame)) }
      return integerFastPath(op, lhs, rhs, left, right, range: range, otherwise: general)
    }
  }

  /// A reader for `.name` on any value, caching the member's index for the
  /// last object type seen (an inline cache: no string lookup on a hit).
  func memberReader(_ name: Identifier) -> (Value) throws -> Value {
    let interpreter = self.interpreter
    let cache = MemberCache(file: file, range: name.range)
    let valueMembers = ValueMemberCache(file: file, range: name.range)
    let memberName = name.name
    let file = self.file
    return { value in
      switch value {
      case .object(let object):
        let member = try cache.member(memberName, of: object.type)
        return try interpreter.read(member, of: object, name: memberName)
      case .null:
        throw ScriptError(.readOfNil(member: memberName, hint: true))
      case .structValue, .enumValue:
        return try valueMembers.read(memberName, of: value, interpreter: interpreter)
      case .tuple(let tuple):
        guard let index = tuple.index(ofElement: memberName) else {
          throw ScriptError(tuple.unknownElement(memberName), at: name.range, in: file)
        }
        return tuple.elements[index]
      default:
        if let member = try value.compositeMember(memberName) { return member }
        return try Builtins.property(memberName, of: value)
      }
    }
  }
}

/// Thrown by a `?.` link whose base is `nil`: the chain it is part of ends
/// there, and the whole chain's value is `nil`.
struct OptionalChainEnded: Error {}

extension Expression {
  /// Whether this postfix chain (following bases, not arguments) has a `?.` link.
  var hasOptionalChainLink: Bool {
    var current = self
    while true {
      switch current {
      case .optionalMember: return true
      case .member(let base, _, _), .index(let base, _, _), .call(let base, _, _): current = base
      default: return false
      }
    }
  }
}

/// The last type a member access saw and where the member is in it.
final class MemberCache {
  @exclusivity(unchecked) private var type: ObjectType?
  @exclusivity(unchecked) private var cached: ObjectType.Member?
  /// Where the member's name is written, to point an unknown name's error at it.
  private let location: (file: SourceFile, range: SourceRange)?

  init(file: SourceFile? = nil, range: SourceRange? = nil) {
    location = file.flatMap { file in range.map { (file, $0) } }
  }

  func member(_ name: String, of type: ObjectType) throws -> ObjectType.Member {
    if type === self.type, let cached { return cached }
    guard let member = type.members[name] else {
      var error = ScriptError.unknownMember(name, on: type)
      if let location { error = error.located(at: location.range, in: location.file) }
      throw error
    }
    self.type = type
    cached = member
    return member
  }
}

extension ScriptError {
  static func unknownMember(_ name: String, on type: ObjectType) -> ScriptError {
    if let unavailable = type.host?.unavailableMembers[name] { return ScriptError(.unavailableMember(reason: unavailable)) }
    if let method = type.scriptMethods[name] {
      return ScriptError(.methodNotCalled(method: method.signature.fullName, typeName: type.name, name: name))
    }
    if let method = type.host?.methodsByName[name]?.first {
      return ScriptError(.methodNotCalled(method: method.name, typeName: type.name, name: name))
    }
    return ScriptError(
      .noProperty(name: name, typeName: type.name, suggestion: suggestion(for: name, among: type.memberNames), field: false))
  }
}
