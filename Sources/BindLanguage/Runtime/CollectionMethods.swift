import BindSyntax

/// The closure-taking array methods, run over an array's elements.
enum CollectionMethods {
  static func call(
    _ method: CollectionMethod, on elements: [Value], arguments: [Value], context: CallContext,
    closureRange: SourceRange
  ) throws -> Value {
    let closure = try checkedClosure(of: method, in: arguments, context: context, closureRange: closureRange)
    let interpreter = context.interpreter
    let invocation = closure?.invocation
    defer { if let invocation { interpreter.releaseArguments(of: invocation) } }
    // A one-expression closure (`{ $0 * 2 }`) is evaluated in place, in one
    // frame, for every element: one call level for the whole run, a step
    // per element, and no call per element.
    let inPlace = try InPlace(invocation, context: context)
    defer {
      if let invocation, let inPlace {
        interpreter.leaveCalls()
        invocation.spare = inPlace.frame
      }
    }
    // In place, the one-argument methods count a step per element up
    // front (at most one per element: `first(where:)` may stop early).
    if inPlace != nil, method != .reduce, method != .sortedBy, !elements.isEmpty {
      try interpreter.step(at: context.range, in: context.file, cost: elements.count)
    }
    let calls = ElementCalls(
      method: method, closure: closure, inPlace: inPlace, context: context, closureRange: closureRange)
    if let inPlace, !calls.splitsPairs, method == .map || method == .filter {
      return try mapOrFilter(elements, in: inPlace, keeping: method == .filter, calls: calls)
    }
    return try run(method, over: elements, arguments: arguments, calls: calls)
  }

  /// The closure `arguments` end with, checked against what `method`
  /// passes it; nil for a method that takes none.
  private static func checkedClosure(
    of method: CollectionMethod, in arguments: [Value], context: CallContext, closureRange: SourceRange
  ) throws -> Callable? {
    guard let arity = method.closureArity else { return nil }
    guard case .function(let callable) = arguments.last! else {
      throw ScriptError(
        .call(.needsClosure(method: method.rawValue, valueType: arguments.last!.typeName)), at: closureRange, in: context.file)
    }
    // A closure of two parameters takes each pair of `enumerated()` or
    // `zip` apart, as Swift's does a tuple: `zip(xs, ys).map { $0 + $1 }`.
    if let taken = callable.arity, taken != arity, !(arity == 1 && taken == 2) {
      throw ScriptError(
        .call(.closureArity(method: method.baseName, passes: arity, closure: callable.quotedName, takes: taken)),
        at: closureRange, in: context.file)
    }
    return callable
  }

  /// `map` and `filter` in place: the loops with the frame and the
  /// expression in locals (through `ElementCalls`, a retain and a release
  /// of the frame per element).
  private static func mapOrFilter(
    _ elements: [Value], in inPlace: InPlace, keeping: Bool, calls: ElementCalls
  ) throws -> Value {
    let frame = inPlace.frame
    let evaluate = inPlace.evaluate
    var result: [Value] = []
    if keeping {
      for element in elements {
        frame.slots[0] = element
        let kept = try evaluate(frame)
        guard case .bool(let holds) = kept else { throw calls.notBool(kept) }
        if holds { result.append(element) }
      }
    } else {
      result.reserveCapacity(elements.count)
      for element in elements {
        frame.slots[0] = element
        let mapped = try evaluate(frame)
        try checkNesting(mapped)
        result.append(mapped)
      }
    }
    return .array(result)
  }

  /// Runs `method` over `elements`, calling its closure through `calls`.
  private static func run(
    _ method: CollectionMethod, over elements: [Value], arguments: [Value], calls: ElementCalls
  ) throws -> Value {
    switch method {
    case .map: return .array(try map(elements, calls))
    case .flatMap: return .array(try flatMap(elements, calls))
    case .compactMap: return .array(try compactMap(elements, calls))
    case .filter: return .array(try elements.filter { try calls.test($0) })
    case .reduce:
      var accumulator = arguments[0]
      for element in elements { accumulator = try calls.apply(accumulator, element) }
      return accumulator
    case .containsWhere: return .bool(try elements.contains { try calls.test($0) })
    case .allSatisfy: return .bool(try elements.allSatisfy { try calls.test($0) })
    case .firstWhere: return try elements.first { try calls.test($0) } ?? .null
    case .lastWhere: return try elements.last { try calls.test($0) } ?? .null
    case .firstIndexWhere: return try elements.firstIndex { try calls.test($0) }.map { .int($0) } ?? .null
    case .countWhere: return .int(try elements.reduce(0) { count, element in try calls.test(element) ? count + 1 : count })
    case .forEach:
      for element in elements { _ = try calls.apply(element) }
      return .null
    case .enumerated:
      return .array(elements.enumerated().map {
        .tuple(TupleValue(elements: [.int($0.offset), $0.element], labels: TupleValue.enumeratedLabels))
      })
    case .sorted:
      return .array(try sort(elements) { a, b in
        guard case .bool(let less) = try Operators.apply(.less, a, b) else { return false }
        return less
      })
    case .sortedBy:
      return .array(try sort(elements) { a, b in
        let result = try calls.apply(a, b)
        guard case .bool(let less) = result else {
          throw ScriptError(
            .closureResult(method: "sorted(by:)", expected: "a Bool", valueType: result.typeName, hint: nil),
            at: calls.closureRange, in: calls.context.file)
        }
        return less
      })
    }
  }

  private static func map(_ elements: [Value], _ calls: ElementCalls) throws -> [Value] {
    var result: [Value] = []
    result.reserveCapacity(elements.count)
    for element in elements {
      let mapped = try calls.apply(element)
      try checkNesting(mapped)
      result.append(mapped)
    }
    return result
  }

  private static func flatMap(_ elements: [Value], _ calls: ElementCalls) throws -> [Value] {
    var result: [Value] = []
    for element in elements {
      let mapped = try calls.apply(element)
      guard case .array(let items) = mapped else {
        throw ScriptError(
          .closureResult(
            method: "flatMap", expected: "an array", valueType: mapped.typeName,
            hint: "use 'map' or 'compactMap' for one value per element"),
          at: calls.closureRange, in: calls.context.file)
      }
      try Operators.checkCount(result.count + items.count)
      result += items
    }
    return result
  }

  private static func compactMap(_ elements: [Value], _ calls: ElementCalls) throws -> [Value] {
    var result: [Value] = []
    for element in elements {
      let mapped = try calls.apply(element)
      try checkNesting(mapped)
      if !mapped.isNull { result.append(mapped) }
    }
    return result
  }

  /// The nesting check of one element of a new array, done only for the
  /// values that can nest (`Operators.checkNesting`).
  @inline(__always) private static func checkNesting(_ value: Value) throws {
    switch value {
    case .array, .dictionary: try Operators.checkNesting([value])
    default: return
    }
  }

  /// A stable merge sort whose comparison may throw (the standard library's
  /// `sort(by:)` takes a throwing closure, but must not be left half-done).
  private static func sort(_ elements: [Value], by less: (Value, Value) throws -> Bool) throws -> [Value] {
    if elements.count < 2 { return elements }
    var source = elements
    var target = elements
    var width = 1
    while width < source.count {
      var start = 0
      while start < source.count {
        let middle = min(start + width, source.count)
        let end = min(start + 2 * width, source.count)
        var (left, right, out) = (start, middle, start)
        while left < middle && right < end {
          if try less(source[right], source[left]) {
            target[out] = source[right]
            right += 1
          } else {
            target[out] = source[left]
            left += 1
          }
          out += 1
        }
        while left < middle { target[out] = source[left]; left += 1; out += 1 }
        while right < end { target[out] = source[right]; right += 1; out += 1 }
        start = end
      }
      swap(&source, &target)
      width *= 2
    }
    return source
  }
}

/// A one-expression closure evaluated in place (see `ClosureInvocation`):
/// the frame it runs in for every element, and the expression.
/// (A struct, not a tuple of a closure in an Optional: see `compileSequence`.)
private struct InPlace {
  let frame: Frame
  let evaluate: Evaluation

  /// Enters the call level the run takes, when `invocation` can be
  /// evaluated in place; the caller leaves it and gives the frame back.
  init?(_ invocation: ClosureInvocation?, context: CallContext) throws {
    guard let invocation, let expression = invocation.expression else { return nil }
    try context.interpreter.enterCalls(at: context)
    frame = invocation.spare ?? Frame(parent: invocation.parent, slotCount: 2)
    invocation.spare = nil
    if frame.slots.count < 2 { frame.slots.append(.null) }
    evaluate = expression.evaluate
  }
}

/// How a collection method calls its closure per element: in place when
/// it can (see ``InPlace``), else as a call; a closure of two parameters
/// given the pairs of `enumerated()` or `zip` takes each apart.
///
/// A class, made once per method call: the per-element closures (`sort`'s
/// comparison, `first(where:)`'s test) hold one reference to it, where a
/// struct of these fields was copied, a retain and a release each, on
/// every call (a third more CPU time over `reduce`, `first(where:)` and
/// `sorted(by:)` in a debug build).
private final class ElementCalls {
  let closure: Callable?
  let invocation: ClosureInvocation?
  let splitsPairs: Bool
  /// Taken out of the ``InPlace`` once: `if let inPlace` per element
  /// copies the struct, a retain and a release of both the frame and the closure.
  let inPlaceFrame: Frame?
  let evaluate: Evaluation
  let methodName: String
  let context: CallContext
  let closureRange: SourceRange

  init(method: CollectionMethod, closure: Callable?, inPlace: InPlace?, context: CallContext, closureRange: SourceRange) {
    self.closure = closure
    invocation = closure?.invocation
    splitsPairs = method.closureArity == 1 && closure?.arity == 2
    inPlaceFrame = inPlace?.frame
    if let inPlace { evaluate = inPlace.evaluate } else { evaluate = { _ in .null } }
    methodName = method.baseName
    self.context = context
    self.closureRange = closureRange
  }

  func apply(_ first: Value, _ second: Value) throws -> Value {
    if let frame = inPlaceFrame {
      try context.interpreter.step(at: context.range, in: context.file)
      frame.slots[0] = first
      frame.slots[1] = second
      return try evaluate(frame)
    }
    if let invocation { return try context.interpreter.call(invocation, first, second, at: context) }
    return try closure!.body([first, second], context)
  }

  func apply(_ element: Value) throws -> Value {
    if splitsPairs {
      guard case .tuple(let tuple) = element, case let pair = tuple.elements, pair.count == 2 else {
        throw ScriptError(
          .call(.closureArity(method: methodName, passes: 1, closure: closure!.quotedName, takes: 2)),
          at: closureRange, in: context.file)
      }
      return try apply(pair[0], pair[1])
    }
    if let frame = inPlaceFrame {
      frame.slots[0] = element
      return try evaluate(frame)
    }
    if let invocation { return try context.interpreter.call(invocation, element, at: context) }
    return try closure!.body([element], context)
  }

  /// Whether the closure holds for `element`, which it must say with a Bool.
  func test(_ element: Value) throws -> Bool {
    let result = try apply(element)
    guard case .bool(let holds) = result else { throw notBool(result) }
    return holds
  }

  func notBool(_ result: Value) -> ScriptError {
    ScriptError(
      .closureResult(method: methodName, expected: "a Bool", valueType: result.typeName, hint: nil),
      at: closureRange, in: context.file)
  }
}
