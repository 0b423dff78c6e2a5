import BindSyntax

extension Compiler {
  /// `xs.map { … }`, `xs.filter { … }`, `xs.reduce(0) { … }`, `xs.sorted(by: …)`,
  /// `xs.enumerated()` and their kin: array methods that call a closure per element.
  /// On a host object the method of that name is called instead.
  func compileCollectionMethod(
    _ method: CollectionMethod, base: Expression, receiver: @escaping Evaluation, arguments: [Argument],
    values: [Evaluation], site: HostCallSite, range: SourceRange, optional: Bool
  ) throws -> Evaluation {
    let interpreter = self.interpreter
    let file = self.file
    let argumentRanges = arguments.map(\.range)
    let closureRange = arguments.last?.range ?? range
    return locating(range) { frame in
      let value = try receiver(frame)
      if case .object(let object) = value, object.type.host != nil {
        return try site.callMethod(on: object, arguments: try values.map { try $0(frame) }, interpreter: interpreter)
      }
      if optional && value.isNull { throw OptionalChainEnded() }
      let elements: [Value]
      switch value {
      case .array(let items): elements = items
      case .set(let set): elements = set.elements
      case .dictionary(let dictionary):
        // As Swift's, a dictionary's elements are `(key:, value:)` pairs,
        // here in the order the keys were added.
        elements = dictionary.entryTuples
      default:
        if value.isNull {
          throw ScriptError(.callOnNil(method: method.baseName, inPlace: false))
        }
        throw ScriptError(.noMember(name: method.rawValue, valueType: value.typeName, memberKind: "method", suggestion: nil))
      }
      let evaluated = try values.map { try $0(frame) }
      let context = CallContext(interpreter: interpreter, range: range, file: file, argumentRanges: argumentRanges)
      let result = try CollectionMethods.call(
        method, on: elements, arguments: evaluated, context: context, closureRange: closureRange)
      interpreter.lastCallProducedValue = method != .forEach
      // A set's `filter` makes a set, as Swift's does; its other methods make arrays.
      if case .set = value, method == .filter, case .array(let kept) = result { return .set(try ScriptSet(kept)) }
      // And a dictionary's `filter` a dictionary.
      if case .dictionary = value, method == .filter, case .array(let kept) = result {
        var dictionary = ScriptDictionary()
        for case .tuple(let entry) in kept { _ = try dictionary.setValue(entry.elements[1], forKey: entry.elements[0]) }
        return .dictionary(dictionary)
      }
      return result
    }
  }

  /// `items.append(x)`, `items.remove(at: 0)`, …: a mutating method of an
  /// array (or dictionary) stored in `base`, changed where it is stored.
  func compileMutatingMethod(
    _ base: Expression, _ name: Identifier, _ arguments: [Argument], receiver: @escaping Evaluation,
    values: [Evaluation], site: HostCallSite, range: SourceRange, optional: Bool
  ) throws -> Evaluation {
    let method = name.name
    let methodName = MethodName(method, labels: arguments.map { $0.label?.name })
    let interpreter = self.interpreter
    guard !optional else { throw error(.call(.mutatingThroughOptional(method: method)), at: name.range) }
    guard base.isAssignable else {
      throw error(.call(.mutatingOnValue(method: method)), at: name.range)
    }
    // Changed where it is stored, so `append` does not copy the whole
    // array (which made building one element by element O(n²)); a
    // property's change is still one write, old and new value observed.
    let place = try compilePlace(base)
    let file = self.file
    /// The change, once the receiver is read and the arguments evaluated.
    let change = { (frame: Frame, arguments: [Value]) throws -> Value in
      try place(frame) { stored, rules in
        do {
          return try InPlaceChanges.callMutatingMethod(methodName, arguments: arguments, on: &stored, rules: rules)
        } catch let error as ScriptError {
          throw error.located(at: range, in: file)
        }
      }
    }
    let general = locating(range) { frame in
      // Read first, as an expression reads it, then let go of: it would
      // share the storage of the value in place.
      var value = try receiver(frame)
      if case .object(let object) = value, object.type.host != nil {
        return try site.callMethod(on: object, arguments: try values.map { try $0(frame) }, interpreter: interpreter)
      }
      try InPlaceChanges.checkMutable(value, for: method)
      let isDictionary = if case .dictionary = value { true } else { false }
      value = .null
      let result = try change(frame, try values.map { try $0(frame) })
      interpreter.lastCallProducedValue =
        isDictionary ? method == "removeValue" : method == "removeLast" || method == "remove"
      return result
    }
    if method == "append", arguments.count == 1, arguments[0].label == nil,
      let fast = compileVariableAppend(
        base, argument: locating(range, values[0]), general: general,
        appendGenerally: { frame, element in
          let result = try change(frame, [element])
          interpreter.lastCallProducedValue = false
          return result
        })
    {
      return fast
    }
    return general
  }
}
