import BindSyntax

/// The Swift signature of a script function or method: argument labels,
/// parameter types, defaults and the return type. A call is matched against
/// it as Swift matches one: arguments in parameter order, each with the
/// parameter's label (none for `_`), defaulted ones left out.
struct FunctionSignature {
  struct Parameter {
    /// The label callers write; `nil` for `_`.
    let label: String?
    /// The name inside the body, for messages.
    let name: String
    /// `nil` only in the untyped form.
    let type: ValueType?
    /// Evaluated in the frame where the function was declared.
    let defaultValue: Evaluation?
  }

  /// The base name (`select`).
  let name: String
  let parameters: [Parameter]
  /// `nil`: returns nothing (a typed function) or anything (the untyped form).
  let returnType: ValueType?
  /// Declared `throws`: a call must be marked with `try`.
  var isThrowing = false
  /// Declared `async`: a Swift caller awaits it (see ``SuspendableBody``).
  var isAsync = false

  /// The same signature with each default value's code replaced by one
  /// that reads `nil`: a default's inline caches may keep the type that
  /// owns this signature (`func m(_ x: Int = U().m())`), a cycle that
  /// ``Interpreter/endSession()`` ends this way.
  func withInertDefaults() -> FunctionSignature {
    let parameters = parameters.map { parameter in
      Parameter(
        label: parameter.label, name: parameter.name, type: parameter.type,
        defaultValue: parameter.defaultValue == nil ? nil : { _ in .null })
    }
    return FunctionSignature(
      name: name, parameters: parameters, returnType: returnType, isThrowing: isThrowing, isAsync: isAsync)
  }

  /// `select(index:)`, `move(_:to:)`.
  var fullName: String {
    "\(name)(" + parameters.map { ($0.label ?? "_") + ":" }.joined() + ")"
  }

  /// `func select(index: Int) -> Bool`, as `:types` shows a method.
  var summary: String { "func " + declaration }

  /// `select(index: Int) throws -> Bool`: the summary without `func`, as
  /// completion's hint after `(` shows it.
  var declaration: String {
    let list = parameters.map { parameter -> String in
      let head = parameter.label == parameter.name ? parameter.name : "\(parameter.label ?? "_") \(parameter.name)"
      return head + ": " + (parameter.type?.description ?? "Any")
    }
    return "\(name)(\(list.joined(separator: ", ")))" + effects + (returnType.map { " -> \($0)" } ?? "")
  }

  /// ` async throws`, ` throws`, ` async` or nothing, as Swift writes a signature's effects.
  var effects: String {
    (isAsync ? " async" : "") + (isThrowing ? " throws" : "")
  }

  /// What completion inserts: `select(index: `, `clear()`, `move(`.
  var completion: String {
    guard let first = parameters.first else { return "\(name)()" }
    return "\(name)(" + (first.label.map { "\($0): " } ?? "")
  }

  /// The arguments of a call in parameter order, defaults filled in and
  /// each converted to its parameter's type. Errors are Swift's, located
  /// at the argument to blame (or the call). `leading` (a method's `self`)
  /// goes first in the result.
  func arrange(
    _ call: CallArguments, values: __owned [Value], defaultFrame: Frame?, globals: Frame, leading: Value? = nil,
    plan cached: [Int]? = nil
  ) throws -> [Value] {
    let plan: [Int]
    if let cached {
      plan = cached
    } else {
      switch self.plan(call.labels) {
      case .success(let found): plan = found
      case .failure(let failure): throw ScriptError(failure.kind, at: failure.argument.map { call.ranges[$0] } ?? call.range, in: call.file)
      }
    }
    if leading == nil, values.count == parameters.count {
      // Every argument given, in order (the plan is the identity): convert
      // in place, without a second array.
      var result = values
      for index in result.indices where parameters[index].type != nil {
        result[index] = try convert(result[index], to: parameters[index], at: call.ranges[index], in: call.file)
      }
      return result
    }
    var result: [Value] = []
    result.reserveCapacity(parameters.count + 1)
    if let leading { result.append(leading) }
    for (parameter, argument) in zip(parameters, plan) {
      if argument >= 0 {
        result.append(try convert(values[argument], to: parameter, at: call.ranges[argument], in: call.file))
      } else {
        result.append(try convert(try parameter.defaultValue!(defaultFrame ?? globals), to: parameter, at: call.range, in: call.file))
      }
    }
    return result
  }

  /// Why a call's labels do not fit, and the argument to blame.
  struct PlanFailure: Error {
    let kind: ScriptError.Kind
    let argument: Int?
  }

  /// Which argument each parameter takes (-1: its default), from the call's
  /// labels alone, as Swift matches them: in order, defaulted ones skippable.
  /// The same for every call with these labels, so call sites cache it.
  func plan(_ labels: [String?]) -> Result<[Int], PlanFailure> {
    var plan: [Int] = []
    plan.reserveCapacity(parameters.count)
    var next = 0
    for parameter in parameters {
      if next < labels.count, labels[next] == parameter.label {
        plan.append(next)
        next += 1
      } else if parameter.defaultValue != nil {
        plan.append(-1)
      } else if next < labels.count {
        return .failure(PlanFailure(kind: labelMismatch(have: labels[next], expected: parameter.label), argument: next))
      } else {
        return .failure(PlanFailure(
          kind: .missingArgument(parameter: "'\(parameter.label ?? parameter.name)'", function: fullName),
          argument: nil))
      }
    }
    if next < labels.count {
      return .failure(PlanFailure(kind: .extraArgument(label: labels[next], function: fullName), argument: next))
    }
    return .success(plan)
  }

  private func labelMismatch(have: String?, expected: String?) -> ScriptError.Kind {
    switch (have, expected) {
    case (nil, let expected?): return .missingLabel(expected, function: fullName)
    case (let have?, nil): return .extraneousLabel(have, function: fullName)
    default: return .incorrectLabels(function: fullName, have: "\(have ?? "_"):", expected: "\(expected ?? "_"):", plural: false)
    }
  }

  func convert(_ value: Value, to parameter: Parameter, at range: SourceRange, in file: SourceFile) throws -> Value {
    guard let type = parameter.type else { return value }
    if let converted = type.coerce(value) { return converted }
    if let specific = ScriptError.contextualMismatch(value: value, expected: type) {
      throw ScriptError(specific, at: range, in: file)
    }
    throw ScriptError(.argumentMismatch(valueType: value.typeName, expected: "\(type)", context: nil), at: range, in: file)
  }

  /// Checks a returned value against the return type.
  func checkReturn(_ value: Value) throws -> Value {
    guard let returnType else { return value }
    if let converted = returnType.coerce(value) { return converted }
    if let specific = ScriptError.contextualMismatch(value: value, expected: returnType) { throw ScriptError(specific) }
    throw ScriptError(.returnMismatch(valueType: value.typeName, expected: "\(returnType)"))
  }
}

/// A call site's argument plan for the last signature it called (keyed by
/// the callee's ``Key``): the label matching runs once per declaration called.
final class ArgumentPlanCache {
  /// Stands for one declared signature: every function value one `func`
  /// declaration makes shares its key, and each script method has one.
  ///
  /// It holds nothing. The cache keeps the key of the callee it saw last,
  /// and keeping the callee itself would be a reference cycle whenever the
  /// call site is in the callee's own body (recursion: function -> body ->
  /// call site -> function), one that holds the interpreter through the
  /// compiled code and that `endSession` cannot reach. Held strongly, so a
  /// key that went away and a new one made at its address cannot match.
  final class Key {}

  @exclusivity(unchecked) private var key: Key?
  @exclusivity(unchecked) private var plan: [Int] = []

  /// The plan for `signature`, or nil when its labels do not fit (then
  /// `arrange` reports the error).
  @inline(__always)
  func plan(for key: Key, _ signature: FunctionSignature, labels: [String?]) -> [Int]? {
    if key === self.key { return plan }
    guard case .success(let found) = signature.plan(labels) else { return nil }
    self.key = key
    plan = found
    return found
  }
}

/// The labels and locations of a call's arguments.
struct CallArguments {
  let labels: [String?]
  let ranges: [SourceRange]
  let range: SourceRange
  let file: SourceFile
}

/// A method of a script `type`, `struct` or `enum` (or a computed property,
/// which is a method without parameters run on each read). Its body runs in
/// a frame whose slot 0 is `self`; a `mutating` method's `self` is written
/// back to where the value came from when it returns.
final class ScriptMethod {
  /// Its default values' code is dropped by ``releaseBody()``.
  @exclusivity(unchecked) private(set) var signature: FunctionSignature
  let isMutating: Bool
  /// What call sites cache this method's argument plan under.
  let argumentPlanKey = ArgumentPlanCache.Key()
  /// Set once the body is compiled (after every member is known, so
  /// methods may call each other in any order).
  var body: Execution = { _ in .next }
  /// An `async` method's body cut at its `wait` statements, for a Swift
  /// caller to await; `nil` when it has none (or is not `async`).
  var suspendable: SuspendableBody?
  var slotCount = 1
  /// The body as direct calls run it (`Compiler+DirectCalls.swift`), set
  /// with it.
  @exclusivity(unchecked) var code: FunctionCode?
  /// The frames direct calls reuse (when ``FunctionCode/reusesFrame``).
  @exclusivity(unchecked) var spares = SpareFrames()
  /// Whether a call that ends without `return` is an error.
  var requiresReturn: Bool { signature.returnType != nil }

  init(signature: FunctionSignature, isMutating: Bool) {
    self.signature = signature
    self.isMutating = isMutating
  }

  /// Drops the compiled body, for ``Interpreter/endSession()``: its inline
  /// caches may keep the method's own type, which owns the method.
  func releaseBody() {
    body = { _ in .next }
    code = nil
    suspendable = nil
    spares = SpareFrames()
    signature = signature.withInertDefaults()
  }
}

/// What a script `struct` or `enum` declares besides its fields or cases.
final class ValueTypeMembers {
  var methods: [String: ScriptMethod] = [:]
  var computed: [String: ScriptMethod] = [:]
  /// Method and computed-property names in declaration order, for `:types`.
  var order: [String] = []
  /// Field defaults by field index, evaluated in the global frame.
  var fieldDefaults: [Int: Evaluation] = [:]
  /// Fields the memberwise initializer does not take (`let x = 1`).
  var fixedFields: Set<Int> = []
  /// The struct's own `init`s; when there are any, they replace the
  /// memberwise initializer, as in Swift.
  var initializers: [ScriptMethod] = []

  /// Lets go of the script code these members hold: methods, computed
  /// properties and initializers (their signatures too, which may name the
  /// type itself: `func next() -> Page`), field defaults. For
  /// ``Interpreter/endSession()`` only, as ``ObjectType/releaseCompiledCode()``.
  func releaseCompiledCode() {
    for method in methods.values { method.releaseBody() }
    for property in computed.values { property.releaseBody() }
    for initializer in initializers { initializer.releaseBody() }
    methods = [:]
    computed = [:]
    initializers = []
    fieldDefaults = fieldDefaults.mapValues { _ in { _ in .null } }
  }
}

extension EnumType {
  /// The implicit member `.name(values)` before its enum is known.
  static func contextual(_ name: String, labels: [String?] = [], values: [Value] = []) -> EnumValue {
    let type = EnumType(contextualCase: Case(name: name, associatedValues: labels.map { ($0, ValueType.optional(.int)) }))
    return EnumValue(type: type, caseIndex: 0, associatedValues: values)
  }

  /// `value` (an implicit member, or a case of this type) as a case of this
  /// type, its associated values checked; throws Swift's message otherwise.
  func resolve(_ value: EnumValue) throws -> EnumValue {
    if value.type === self { return value }
    guard value.type.isContextual else {
      throw ScriptError(.enumMismatch(valueType: value.type.name, expected: name))
    }
    let written = value.enumCase
    guard let index = caseIndex[written.name] else {
      throw ScriptError(unknownCase(written.name))
    }
    let declared = cases[index]
    let shape = EnumType.shape(of: declared)
    if declared.associatedValues.isEmpty, !written.associatedValues.isEmpty {
      throw ScriptError(.caseHasNoValues(caseName: declared.name))
    }
    guard written.associatedValues.count == declared.associatedValues.count else {
      throw ScriptError(
        .caseValueCount(
          caseName: declared.name, expected: declared.associatedValues.count, given: written.associatedValues.count, shape: shape))
    }
    var converted: [Value] = []
    for position in declared.associatedValues.indices {
      let description = declared.associatedValues[position]
      let (label, given) = (written.associatedValues[position].label, value.associatedValues[position])
      if label != description.label {
        throw ScriptError(
          .caseValueLabel(position: position + 1, caseName: declared.name, have: label, expected: description.label, shape: shape))
      }
      guard let fitted = description.type.coerce(given) else {
        throw ScriptError(
          .argumentMismatch(valueType: given.typeName, expected: "\(description.type)", context: "in '\(shape)'"))
      }
      converted.append(fitted)
    }
    return EnumValue(type: self, caseIndex: index, associatedValues: converted)
  }

  /// "type 'Color' has no member 'bleu'; did you mean 'blue'?", or the
  /// list of its cases when none is close.
  func unknownCase(_ written: String) -> ScriptError.Kind {
    let names = cases.map(\.name)
    return .unknownCase(name: written, typeName: name, suggestion: suggestion(for: written, among: names), cases: names)
  }

  /// `.loaded(items: _)`, `.failed(_)`, `.idle`: a case as a pattern.
  static func shape(of enumCase: Case) -> String {
    guard !enumCase.associatedValues.isEmpty else { return "." + enumCase.name }
    return ".\(enumCase.name)(" + enumCase.associatedValues.map { ($0.label.map { "\($0): " } ?? "") + "_" }.joined(separator: ", ") + ")"
  }
}

extension ScriptError {
  /// The specific message for an implicit member that does not fit the
  /// enum expected (`type 'State' has no member 'bogus'`), or nil.
  static func contextualMismatch(value: Value, expected: ValueType) -> Kind? {
    if case .tuple(let tuple) = value { return tupleMismatch(tuple, expected: expected) }
    guard case .enumValue(let enumValue) = value, enumValue.type.isContextual else { return nil }
    var target = expected
    while case .optional(let wrapped) = target { target = wrapped }
    guard case .enumeration(let type) = target else {
      return .implicitMemberNotEnum(caseName: enumValue.enumCase.name, expected: "\(expected)")
    }
    do {
      _ = try type.resolve(enumValue)
      return nil
    } catch let error as ScriptError {
      return error.kind
    } catch {
      return nil
    }
  }

  /// Why a tuple does not convert to a tuple type, when the number of
  /// elements or a label is the reason.
  private static func tupleMismatch(_ tuple: TupleValue, expected: ValueType) -> ScriptError.Kind? {
    var target = expected
    while case .optional(let wrapped) = target { target = wrapped }
    guard case .tuple(let labels, let types) = target else { return nil }
    guard tuple.elements.count == types.count else {
      return .statement(.tupleSize(valueType: tuple.typeName, expected: "\(expected)", count: tuple.elements.count, expectedCount: types.count))
    }
    for index in types.indices {
      if let written = tuple.label(at: index), !labels.isEmpty, let label = labels[index], written != label {
        return .statement(.tupleLabel(valueType: tuple.typeName, expected: "\(expected)", index: index, written: written, label: label))
      }
    }
    return nil
  }
}
