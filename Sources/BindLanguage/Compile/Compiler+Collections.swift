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
}
