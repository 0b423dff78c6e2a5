// The errors of calls and of making values (labels, overloads, host
// structs and enums, collection methods' closures, places that cannot be
// assigned), as data with their messages: the `call` family of
// `ScriptError.Kind`.

extension ScriptError {
  /// A call, construction or assignment that cannot be made as written.
  public enum CallProblem {
    /// A label on an argument of a function that takes none.
    case unexpectedLabel(label: String, function: String)
    /// A mutating array method through `?.`.
    case mutatingThroughOptional(method: String)
    /// A mutating method of a value that is not stored anywhere.
    case mutatingOnValue(method: String)
    /// A property called as a method, holding no function.
    case propertyNotFunction(method: String, typeName: String, valueType: String)
    /// A constructor argument with no property label.
    case constructorNeedsLabels(typeName: String)
    /// A constructor given one property twice.
    case propertyGivenTwice(property: String)
    /// `assert` with other arguments than a condition and a message.
    case assertArguments
    /// `await` where nothing can wait (`context` says where).
    case awaitNotHere(context: String)
    /// An async host function called where nothing can wait.
    case asyncCallNotHere(function: String, context: String)
    /// No overload of a host function takes these argument types.
    case noOverload(function: String, given: String, candidates: [String])
    /// Several overloads take these argument types alike.
    case ambiguousOverload(function: String, given: String, candidates: [String])
    /// A host enum made like a struct; `firstCase` shows one of its cases.
    case hostEnumConstructed(typeName: String, firstCase: String)
    /// A host struct written with another number of fields; `expected` is the form to write.
    case hostFieldCount(typeName: String, count: Int, given: Int, expected: String)
    /// A host struct field written without its label.
    case hostFieldLabel(field: String, typeName: String, expected: String)
    /// A host struct written as an enum case.
    case hostStructAsCase(typeName: String)
    /// A host enum case with associated values written without them.
    case hostCaseNeedsValues(caseName: String, typeName: String, form: String)
    /// A host enum case written another way.
    case hostCaseForm(caseName: String, typeName: String, form: String)
    /// A field or associated value (`name`) of the wrong type.
    case hostValueType(name: String, owner: String, expected: String, valueType: String)
    /// A Foundation initializer scripts cannot call; `forms` lists those they can.
    case noFoundationInitializer(written: String, typeName: String, forms: [String])
    /// A collection method given something else than a closure.
    case needsClosure(method: String, valueType: String)
    /// A closure taking another number of arguments than the method passes.
    case closureArity(method: String, passes: Int, closure: String, takes: Int)
    /// A key written twice in a dictionary literal.
    case duplicateKey(literal: String)
    /// A dictionary method given other arguments than its form takes.
    case dictionaryMethodArguments(method: String, count: Int)
    /// An assignment through `?.`.
    case assignThroughOptional
    /// An assignment to something that is not a place.
    case notAssignable
  }
}

extension ScriptError.CallProblem {
  var message: String {
    switch self {
    case .unexpectedLabel(let label, let function):
      return "unexpected argument label '\(label):'; '\(function)' takes its arguments without labels"
    case .mutatingThroughOptional(let method):
      return "'\(method)' cannot be called through '?.'"
    case .mutatingOnValue(let method):
      return "cannot call mutating method '\(method)' on a value that cannot be assigned to"
    case .propertyNotFunction(let method, let typeName, let valueType):
      return "cannot call '\(method)' of \(typeName): it holds a value of type '\(valueType)'"
    case .constructorNeedsLabels(let typeName):
      return "constructor arguments need property labels, as in '\(typeName)(name: …)'"
    case .propertyGivenTwice(let property):
      return "property '\(property)' given twice"
    case .assertArguments:
      return "'assert' takes a condition and an optional message: assert(x == 1, \"why\")"
    case .awaitNotHere(let context):
      return "'await' cannot be used in \(context); call the async method in a statement of its own"
    case .asyncCallNotHere(let function, let context):
      return "cannot call async '\(function)' in \(context); nothing can wait there, so call it in a statement of its own"
    case .noOverload(let function, let given, let candidates):
      return "no '\(function)' takes arguments of types \(given); the candidates are \(Self.quoted(candidates))"
    case .ambiguousOverload(let function, let given, let candidates):
      return "ambiguous use of '\(function)': arguments of types \(given) fit \(Self.quoted(candidates)) alike; convert an argument to the type of the one you mean"
    case .hostEnumConstructed(let typeName, let firstCase):
      return "'\(typeName)' is an enum; write one of its cases, as in '\(typeName).\(firstCase)'"
    case .hostFieldCount(let typeName, let count, let given, let expected):
      return "'\(typeName)' takes \(count) field\(count == 1 ? "" : "s") but \(given) \(given == 1 ? "was" : "were") given; write '\(typeName)(\(expected))'"
    case .hostFieldLabel(let field, let typeName, let expected):
      return "argument for field '\(field)' of '\(typeName)' must be labelled '\(field):'; write '\(typeName)(\(expected))'"
    case .hostStructAsCase(let typeName):
      return "'\(typeName)' is a struct; make one with '\(typeName)(…)'"
    case .hostCaseNeedsValues(let caseName, let typeName, let form):
      return "case '\(caseName)' of '\(typeName)' has associated values; write '\(form)'"
    case .hostCaseForm(let caseName, let typeName, let form):
      return "case '\(caseName)' of '\(typeName)' is written '\(form)'"
    case .hostValueType(let name, let owner, let expected, let valueType):
      return "\(name) of '\(owner)' is \(expected), not '\(valueType)'"
    case .noFoundationInitializer(let written, let typeName, let forms):
      return "no initializer '\(written)' of \(typeName); scripts may call \(Self.quoted(forms))"
    case .needsClosure(let method, let valueType):
      return "'\(method)' needs a closure, not '\(valueType)'"
    case .closureArity(let method, let passes, let closure, let takes):
      return "'\(method)' passes \(passes) argument\(passes == 1 ? "" : "s") to its closure, but \(closure) takes \(takes)"
    case .duplicateKey(let literal):
      return "dictionary literal contains the key \(literal) twice"
    case .dictionaryMethodArguments(let method, let count):
      return count == 0 ? "'\(method)' takes no arguments" : "'\(method)' takes \(count) argument\(count == 1 ? "" : "s")"
    case .assignThroughOptional:
      return "cannot assign through '?.'; unwrap the value first"
    case .notAssignable:
      return "cannot assign to this expression; assign to a variable, a property or an element"
    }
  }

  /// `'a', 'b', 'c'`.
  private static func quoted(_ items: [String]) -> String {
    items.map { "'\($0)'" }.joined(separator: ", ")
  }
}
