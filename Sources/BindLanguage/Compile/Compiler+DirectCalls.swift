import BindSyntax

// The direct call path: calls of script functions, closures and methods
// without the general path's argument array, signature matching, call
// context and new frame (Lua's `luaD_precall` and CPython 3.11's
// specialised calls are the models). A call site takes it when the callee
// is script code (``FunctionCode``) and the call gives every argument with
// its parameter's label, in order (``DirectCallSite``); the arguments are
// evaluated straight into a frame the callee reuses (``SpareFrames``), and
// ``Interpreter/callDirect(_:in:arguments:from:at:)`` checks and counts the
// call as the general path does. Anything else (defaults, wrong labels, a
// built-in, an unmarked `throws` call, a typed closure, a `mutating`
// method) takes the general path, which stays the specification: with
// ``Interpreter/specialises`` off the compiler makes the general path
// alone, and `DirectCallTests` runs every call shape both ways.
extension Compiler {
  /// The arguments' expressions, each in a struct: kept in an array, a
  /// closure itself would be called through reabstraction thunks.
  func compileArguments(_ arguments: [Argument]) throws -> [CompiledExpression] {
    try arguments.map { CompiledExpression(evaluate: try compileExpression($0.value)) }
  }

  /// A function or closure call: direct when the callee's value is script
  /// code that fits the call, else `general` with the callee's value.
  func specialisedCall(
    _ callee: @escaping Evaluation, _ values: [CompiledExpression], _ arguments: [Argument], range: SourceRange,
    general: @escaping (Frame, Value) throws -> Value
  ) -> Evaluation {
    guard interpreter.specialises else { return { frame in try general(frame, try callee(frame)) } }
    let site = DirectCallSite(arguments, range: range, file: file, isMarked: errorHandling.isTrying)
    switch values.count {
    case 0: return directCall(callee, NoArguments(), site, general)
    case 1: return directCall(callee, OneArgument(values), site, general)
    case 2: return directCall(callee, TwoArguments(values), site, general)
    case 3: return directCall(callee, ThreeArguments(values), site, general)
    default: return directCall(callee, ArgumentList(values), site, general)
    }
  }

  private func directCall<Arguments: DirectArguments>(
    _ callee: @escaping Evaluation, _ arguments: Arguments, _ site: DirectCallSite,
    _ general: @escaping (Frame, Value) throws -> Value
  ) -> Evaluation {
    let interpreter = self.interpreter
    return { frame in
      let function = try callee(frame)
      guard case .function(let callable) = function, let code = callable.code, site.fits(code) else {
        return try general(frame, function)
      }
      let calleeFrame = callable.spares.take() ?? Frame(parent: callable.frameParent, slotCount: code.slotCount)
      defer { if code.reusesFrame { callable.spares.give(calleeFrame) } }
      return try interpreter.callDirect(code, in: calleeFrame, arguments: arguments, from: frame, at: site)
    }
  }

  /// A compiled method's code for direct calls: `self` in slot 0, the
  /// arguments after it.
  func methodCode(_ method: ScriptMethod, _ declaration: FunctionDeclaration) -> FunctionCode {
    FunctionCode(
      body: method.body, slotCount: method.slotCount, firstArgumentSlot: 1, arity: declaration.parameters.count,
      signature: method.signature, isThrowing: method.signature.isThrowing,
      reusesFrame: !resolved.needsFrame(.block(declaration.body.range)))
  }

  /// A method call, `receiver.name(arguments)`: direct when the receiver
  /// is an object, struct or enum value whose script method `name` fits
  /// the call and is not `mutating` (whose `self` is written back), else
  /// `general` with the receiver's value. Errors without a location get
  /// the call's, as ``locating(_:_:)`` gives them.
  func specialisedMethodCall(
    _ receiver: @escaping Evaluation, _ name: String, _ values: [CompiledExpression], _ arguments: [Argument],
    range: SourceRange, general: @escaping (Frame, Value) throws -> Value
  ) -> Evaluation {
    guard interpreter.specialises else { return locating(range) { frame in try general(frame, try receiver(frame)) } }
    let site = DirectCallSite(arguments, range: range, file: file, isMarked: errorHandling.isTrying)
    let methods = DirectMethodCache(name)
    switch values.count {
    case 0: return directMethodCall(receiver, methods, NoArguments(), site, general)
    case 1: return directMethodCall(receiver, methods, OneArgument(values), site, general)
    case 2: return directMethodCall(receiver, methods, TwoArguments(values), site, general)
    case 3: return directMethodCall(receiver, methods, ThreeArguments(values), site, general)
    default: return directMethodCall(receiver, methods, ArgumentList(values), site, general)
    }
  }

  private func directMethodCall<Arguments: DirectArguments>(
    _ receiver: @escaping Evaluation, _ methods: DirectMethodCache, _ arguments: Arguments, _ site: DirectCallSite,
    _ general: @escaping (Frame, Value) throws -> Value
  ) -> Evaluation {
    let interpreter = self.interpreter
    return { frame in
      do {
        let value = try receiver(frame)
        guard let method = methods.method(of: value), let code = method.code, site.fits(code) else {
          return try general(frame, value)
        }
        let calleeFrame = method.spares.take() ?? Frame(parent: nil, slotCount: code.slotCount)
        calleeFrame.slots[0] = value
        if case .object(let object) = value { calleeFrame.selfObject = object }
        defer {
          calleeFrame.selfObject = nil
          if code.reusesFrame { method.spares.give(calleeFrame) }
        }
        return try interpreter.callDirect(code, in: calleeFrame, arguments: arguments, from: frame, at: site)
      } catch {
        throw Compiler.located(error, at: site.range, in: site.file)
      }
    }
  }

  /// `Type(arguments)` for a script type with `init`s: direct when the
  /// initializer the general path would pick takes every argument as
  /// given, else `general`. As there, the arguments are evaluated before
  /// the blank object is made (its properties' defaults), and converted
  /// after.
  func specialisedInitializerCall(
    _ typeName: String, _ values: [CompiledExpression], _ arguments: [Argument], range: SourceRange,
    general: @escaping Evaluation
  ) -> Evaluation {
    guard interpreter.specialises else { return general }
    let site = DirectCallSite(arguments, range: range, file: file, isMarked: errorHandling.isTrying)
    switch values.count {
    case 0: return directInitializerCall(typeName, NoArguments(), site, general)
    case 1: return directInitializerCall(typeName, OneArgument(values), site, general)
    case 2: return directInitializerCall(typeName, TwoArguments(values), site, general)
    case 3: return directInitializerCall(typeName, ThreeArguments(values), site, general)
    default: return directInitializerCall(typeName, ArgumentList(values), site, general)
    }
  }

  private func directInitializerCall<Arguments: DirectArguments>(
    _ typeName: String, _ arguments: Arguments, _ site: DirectCallSite, _ general: @escaping Evaluation
  ) -> Evaluation {
    let interpreter = self.interpreter
    let initializers = DirectInitializerCache()
    return { frame in
      guard let type = interpreter.registry.types[typeName], type.host == nil,
        let method = initializers.initializer(of: type, for: site), let code = method.code
      else { return try general(frame) }
      let calleeFrame = method.spares.take() ?? Frame(parent: nil, slotCount: code.slotCount)
      defer {
        calleeFrame.selfObject = nil
        if code.reusesFrame { method.spares.give(calleeFrame) }
      }
      let admitted = try arguments.evaluate(
        in: frame, into: calleeFrame, checks: code.checks, from: code.firstArgumentSlot)
      let object = try interpreter.blankObject(of: type)
      calleeFrame.slots[0] = .object(object)
      calleeFrame.selfObject = object
      object.isInitializing = true
      defer { object.isInitializing = false }
      _ = try interpreter.runDirect(code, in: calleeFrame, admitted: admitted, at: site)
      interpreter.lastCallProducedValue = true
      let made = Value.object(object)
      try interpreter.checkNothingUnset(
        made, by: method, typeName: typeName, storedCount: type.stored.count, at: site.range, in: site.file,
        isUnset: Interpreter.isUnsetProperty(of: type), name: { type.stored[$0].name })
      return made
    }
  }
}

/// The initializer a direct initializer call site found for the last
/// type of its name it saw: the one the general path picks (the first
/// whose labels the call's fit, defaults included), kept only when the
/// call gives its every argument in order (``DirectCallSite/fits(_:)``).
final class DirectInitializerCache {
  @exclusivity(unchecked) private var owner: ObjectType?
  @exclusivity(unchecked) private var initializer: ScriptMethod?

  @inline(__always) func initializer(of type: ObjectType, for site: DirectCallSite) -> ScriptMethod? {
    if type === owner { return initializer }
    return lookUp(type, site)
  }

  @inline(never) private func lookUp(_ type: ObjectType, _ site: DirectCallSite) -> ScriptMethod? {
    let chosen = type.initializers.first { method in
      if case .success = method.signature.plan(site.labels) { return true }
      return false
    }
    let direct = chosen.flatMap { method in method.code.map(site.fits) == true ? method : nil }
    (owner, initializer) = (type, direct)
    return direct
  }
}

/// The script method a direct method call site found for the last receiver
/// type it saw (an inline cache, as ``MethodSiteCache``): one identity
/// check a call. Only methods the direct path may call are kept: not a
/// host type's, not `mutating`; a type without one is looked up again on
/// each call (the general path finds what else the name means).
final class DirectMethodCache {
  private let name: String
  @exclusivity(unchecked) private var owner: AnyObject?
  @exclusivity(unchecked) private var method: ScriptMethod?

  init(_ name: String) { self.name = name }

  @inline(__always) func method(of receiver: Value) -> ScriptMethod? {
    let type: AnyObject
    switch receiver {
    case .object(let object): type = object.type
    case .structValue(let value): type = value.type
    case .enumValue(let value): type = value.type
    default: return nil
    }
    if type === owner { return method }
    return lookUp(receiver, type)
  }

  @inline(never) private func lookUp(_ receiver: Value, _ type: AnyObject) -> ScriptMethod? {
    let found: ScriptMethod?
    switch receiver {
    case .object(let object): found = object.type.host == nil ? object.type.scriptMethods[name] : nil
    case .structValue(let value): found = value.type.scriptMembers.methods[name]
    case .enumValue(let value): found = value.type.scriptMembers.methods[name]
    default: found = nil
    }
    guard let found, !found.isMutating else { return nil }
    (owner, method) = (type, found)
    return found
  }
}

/// A call's argument expressions as the direct path evaluates them into the
/// callee's frame: one type per count up to three, each closure in a
/// property of its own, and a list for more.
protocol DirectArguments {
  /// Evaluates the arguments in `frame`, in order, into `callee`'s slots
  /// from `first`. False when one is not of its parameter's type as it is
  /// (``ScalarTypeCheck``): the caller converts them all then.
  func evaluate(in frame: Frame, into callee: Frame, checks: [ScalarTypeCheck], from first: Int) throws -> Bool
}

struct NoArguments: DirectArguments {
  @inline(__always)
  func evaluate(in frame: Frame, into callee: Frame, checks: [ScalarTypeCheck], from first: Int) throws -> Bool { true }
}

struct OneArgument: DirectArguments {
  let first: Evaluation
  init(_ values: [CompiledExpression]) { first = values[0].evaluate }

  @inline(__always)
  func evaluate(in frame: Frame, into callee: Frame, checks: [ScalarTypeCheck], from slot: Int) throws -> Bool {
    let value = try first(frame)
    let admitted = checks[0].admits(value)
    callee.slots[slot] = value
    return admitted
  }
}

struct TwoArguments: DirectArguments {
  let first: Evaluation
  let second: Evaluation
  init(_ values: [CompiledExpression]) { (first, second) = (values[0].evaluate, values[1].evaluate) }

  @inline(__always)
  func evaluate(in frame: Frame, into callee: Frame, checks: [ScalarTypeCheck], from slot: Int) throws -> Bool {
    let firstValue = try first(frame)
    var admitted = checks[0].admits(firstValue)
    callee.slots[slot] = firstValue
    let secondValue = try second(frame)
    admitted = admitted && checks[1].admits(secondValue)
    callee.slots[slot &+ 1] = secondValue
    return admitted
  }
}

struct ThreeArguments: DirectArguments {
  let first: Evaluation
  let second: Evaluation
  let third: Evaluation
  init(_ values: [CompiledExpression]) {
    (first, second, third) = (values[0].evaluate, values[1].evaluate, values[2].evaluate)
  }

  @inline(__always)
  func evaluate(in frame: Frame, into callee: Frame, checks: [ScalarTypeCheck], from slot: Int) throws -> Bool {
    let firstValue = try first(frame)
    var admitted = checks[0].admits(firstValue)
    callee.slots[slot] = firstValue
    let secondValue = try second(frame)
    admitted = admitted && checks[1].admits(secondValue)
    callee.slots[slot &+ 1] = secondValue
    let thirdValue = try third(frame)
    admitted = admitted && checks[2].admits(thirdValue)
    callee.slots[slot &+ 2] = thirdValue
    return admitted
  }
}

/// Four arguments or more, from an array.
struct ArgumentList: DirectArguments {
  let values: [CompiledExpression]
  init(_ values: [CompiledExpression]) { self.values = values }

  func evaluate(in frame: Frame, into callee: Frame, checks: [ScalarTypeCheck], from first: Int) throws -> Bool {
    var admitted = true
    for index in values.indices {
      let value = try values[index].evaluate(frame)
      admitted = admitted && checks[index].admits(value)
      callee.slots[first &+ index] = value
    }
    return admitted
  }
}
