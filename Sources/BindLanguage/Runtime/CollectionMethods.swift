import BindSyntax

/// The closure-taking array methods, run over an array's elements.
enum CollectionMethods {
  static func call(
    _ method: CollectionMethod, on elements: [Value], arguments: [Value], context: CallContext,
    closureRange: SourceRange
  ) throws -> Value {
    let closure: Callable?
    if let arity = method.closureArity {
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
      closure = callable
    } else {
      closure = nil
    }
    let interpreter = context.interpreter
    let splitsPairs = method.closureArity == 1 && closure?.arity == 2
    let invocation = closure?.invocation
    defer { if let invocation { interpreter.releaseArguments(of: invocation) } }
    // A one-expression closure (`{ $0 * 2 }`) is evaluated in place, in one
    // frame, for every element: one call level for the whole run, a step
    // per element, and no call per element.
    // (A struct, not a tuple of a closure in an Optional: see `compileSequence`.)
    struct InPlace {
      let frame: Frame
      let evaluate: Evaluation
    }
    let inPlace: InPlace?
    if let fast = invocation, let expression = fast.expression {
      try interpreter.enterCalls(at: context)
      let frame = fast.spare ?? Frame(parent: fast.parent, slotCount: 2)
      fast.spare = nil
      if frame.slots.count < 2 { frame.slots.append(.null) }
      inPlace = InPlace(frame: frame, evaluate: expression.evaluate)
    } else {
      inPlace = nil
    }
    defer {
      if let fast = invocation, let inPlace {
        interpreter.leaveCalls()
        fast.spare = inPlace.frame
      }
    }
    // In place, the one-argument methods count a step per element up
    // front (at most one per element: `first(where:)` may stop early).
    if inPlace != nil, method != .reduce, method != .sortedBy, !elements.isEmpty {
      try interpreter.step(at: context.range, in: context.file, cost: elements.count)
    }
    // Taken out of `inPlace` once: `if let inPlace` per element copies the
    // struct, a retain and a release of both the frame and the closure.
    let inPlaceFrame = inPlace?.frame
    let evaluate: Evaluation
    if let inPlace { evaluate = inPlace.evaluate } else { evaluate = { _ in .null } }
    func apply(_ first: Value, _ second: Value) throws -> Value {
      if let frame = inPlaceFrame {
        try interpreter.step(at: context.range, in: context.file)
        frame.slots[0] = first
        frame.slots[1] = second
        return try evaluate(frame)
      }
      if let invocation { return try interpreter.call(invocation, first, second, at: context) }
      return try closure!.body([first, second], context)
    }
    func apply(_ element: Value) throws -> Value {
      if splitsPairs {
        guard case .tuple(let tuple) = element, case let pair = tuple.elements, pair.count == 2 else {
          throw ScriptError(
            .call(.closureArity(method: method.baseName, passes: 1, closure: closure!.quotedName, takes: 2)),
            at: closureRange, in: context.file)
        }
        return try apply(pair[0], pair[1])
      }
      if let frame = inPlaceFrame {
        frame.slots[0] = element
        return try evaluate(frame)
      }
      if let invocation { return try interpreter.call(invocation, element, at: context) }
      return try closure!.body([element], context)
    }
    func notBool(_ result: Value) -> ScriptError {
      ScriptError(
        .closureResult(method: method.baseName, expected: "a Bool", valueType: result.typeName, hint: nil),
        at: closureRange, in: context.file)
    }
    func test(_ element: Value) throws -> Bool {
      let result = try apply(element)
      guard case .bool(let holds) = result else { throw notBool(result) }
      return holds
    }
    // `map` and `filter` in place: the loops with the frame and the
    // expression in locals (through `apply`, a retain and a release of the
    // frame per element).
    if let inPlace, !splitsPairs, method == .map || method == .filter {
      let frame = inPlace.frame
      let evaluate = inPlace.evaluate
      var result: [Value] = []
      if method == .map {
        result.reserveCapacity(elements.count)
        for element in elements {
          frame.slots[0] = element
          let mapped = try evaluate(frame)
          try checkNesting(mapped)
          result.append(mapped)
        }
      } else {
        for element in elements {
          frame.slots[0] = element
          let kept = try evaluate(frame)
          guard case .bool(let holds) = kept else { throw notBool(kept) }
          if holds { result.append(element) }
        }
      }
      return .array(result)
    }
    switch method {
    case .map:
      var result: [Value] = []
      result.reserveCapacity(elements.count)
      for element in elements {
        let mapped = try apply(element)
        try checkNesting(mapped)
        result.append(mapped)
      }
      return .array(result)
    case .flatMap:
      var result: [Value] = []
      for element in elements {
        let mapped = try apply(element)
        guard case .array(let items) = mapped else {
          throw ScriptError(
            .closureResult(
              method: "flatMap", expected: "an array", valueType: mapped.typeName,
              hint: "use 'map' or 'compactMap' for one value per element"),
            at: closureRange, in: context.file)
        }
        try Operators.checkCount(result.count + items.count)
        result += items
      }
      return .array(result)
    case .compactMap:
      var result: [Value] = []
      for element in elements {
        let mapped = try apply(element)
        try checkNesting(mapped)
        if !mapped.isNull { result.append(mapped) }
      }
      return .array(result)
    case .filter:
      var result: [Value] = []
      for element in elements where try test(element) { result.append(element) }
      return .array(result)
    case .reduce:
      var accumulator = arguments[0]
      for element in elements {
        accumulator = try apply(accumulator, element)
      }
      return accumulator
    case .containsWhere:
      for element in elements where try test(element) { return .bool(true) }
      return .bool(false)
    case .allSatisfy:
      for element in elements where !(try test(element)) { return .bool(false) }
      return .bool(true)
    case .firstWhere:
      for element in elements where try test(element) { return element }
      return .null
    case .lastWhere:
      for element in elements.reversed() where try test(element) { return element }
      return .null
    case .firstIndexWhere:
      for (index, element) in elements.enumerated() where try test(element) { return .int(index) }
      return .null
    case .countWhere:
      var count = 0
      for element in elements where try test(element) { count += 1 }
      return .int(count)
    case .forEach:
      for element in elements { _ = try apply(element) }
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
        let result = try apply(a, b)
        guard case .bool(let less) = result else {
          throw ScriptError(
            .closureResult(method: "sorted(by:)", expected: "a Bool", valueType: result.typeName, hint: nil),
            at: closureRange, in: context.file)
        }
        return less
      })
    }
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
