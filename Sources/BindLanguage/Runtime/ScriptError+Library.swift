// The errors of the built-in library (formats, methods' arguments, sizes
// and the host's bridges), as data with their messages: the families of
// `ScriptError.Kind` that are about one function rather than the language.

extension ScriptError {
  /// A `String(format:)` specification that does not fit its arguments.
  public enum FormatProblem {
    /// A conversion past the last argument.
    case moreConversionsThanArguments(given: Int, conversion: String)
    /// Arguments left over after the last conversion.
    case moreArgumentsThanConversions(conversions: Int, given: Int)
    /// A width or precision over the limit.
    case widthTooLarge(digits: String, limit: Int)
    /// A `%` with no conversion character after it.
    case endsInsideConversion(written: String)
    /// A width or position taken from an argument (`*`, `$`).
    case widthFromArgument(conversion: String)
    /// A conversion character the format does not know; `known` lists them.
    case unknownConversion(String, known: String)
    /// An argument of the wrong type for its conversion.
    case argumentType(conversion: String, wanted: String, position: Int, valueType: String, literal: String)
  }

  /// A built-in function or method given arguments it cannot use, or asked
  /// for something larger than a script may build.
  public enum LibraryProblem {
    /// A method written with labels none of its forms has.
    case writtenDifferently(base: String, forms: [String], written: String)
    /// A negative count (`prefix(-1)`).
    case negativeCount(method: String, count: Int)
    /// Arguments that are not numbers where numbers are needed.
    case needsNumbers(function: String, given: [String])
    /// Fewer arguments than the function needs.
    case tooFewArguments(function: String, atLeast: Int)
    /// Arguments to a method that takes none.
    case takesNoArguments(method: String)
    /// A stride whose step is 0.
    case zeroStep(function: String)
    /// A stride of Doubles with an infinite or NaN bound, or a 0 step.
    case nonFiniteStride(function: String)
    /// An empty separator (`split(separator: "")`).
    case emptySeparator(method: String)
    /// `removeLast()` on an empty array.
    case removeLastFromEmpty
    /// `insert(_:at:)` past the array's end.
    case insertPosition(literal: String, count: Int)
    /// A compound write through a dictionary key that is missing.
    case missingKey(literal: String)
    /// A write through a subscript of a value that has none.
    case subscriptWrite(valueType: String)
    /// A range literal over the array size limit outside a `for` loop.
    case rangeTooLarge(written: String)
    /// A stride over the array size limit.
    case strideTooLarge(written: String)
    /// A Decimal operation whose result does not fit.
    case decimalOverflow(operation: String)
    /// A Double (NaN, infinite) that no Decimal represents.
    case notADecimal(literal: String)
    /// Two dates too far apart for a Duration.
    case dateDifferenceTooLong(from: String, to: String)
    /// A duration negated past its range.
    case negatedDurationOverflow(literal: String)
    /// A number of seconds too large for a Duration.
    case durationTooLong(seconds: String)
  }

  /// A value crossing the bridge between Swift and scripts that does not fit.
  public enum BridgeProblem {
    /// A script function handed to Swift, called with another arity.
    case hostArity(callee: String, arity: Int, given: Int)
    /// A Swift closure called from a script with values it cannot take.
    case closureArguments(expected: [String], given: String?)
    /// A Swift enum value of a case that was not registered.
    case unregisteredCase(typeName: String, value: String, enumName: String)
    /// A script implementation of a Swift protocol returning the wrong type.
    case implementationResult(method: String, valueType: String, expected: String)
    /// `Type(…)` of a host type with no registered constructor.
    case noConstructor(typeName: String)
    /// A main-actor async call awaited where the main actor cannot run it.
    case mainActorAwait
  }
}

extension ScriptError.FormatProblem {
  var message: String {
    switch self {
    case .moreConversionsThanArguments(let given, let conversion):
      return "the format has more conversions than the \(given) argument\(given == 1 ? "" : "s") given: '\(conversion)' has none; add one or write '%%' for a percent sign"
    case .moreArgumentsThanConversions(let conversions, let given):
      return "the format has \(conversions) conversion\(conversions == 1 ? "" : "s") but \(given) arguments were given; add a conversion such as '%@' for each"
    case .widthTooLarge(let digits, let limit):
      return "'\(digits)' in a format is wider than the limit of \(limit)"
    case .endsInsideConversion(let written):
      return "the format ends inside a conversion '\(written)'; write '%%' for a percent sign"
    case .widthFromArgument(let conversion):
      return "'\(conversion)' in a format: widths and positions from arguments ('*', '$') are not supported"
    case .unknownConversion(let conversion, let known):
      return "unknown conversion '\(conversion)' in a format; the conversions are \(known)"
    case .argumentType(let conversion, let wanted, let position, let valueType, let literal):
      return "'\(conversion)' needs \(wanted), but argument \(position) is '\(valueType)' (\(literal))"
    }
  }
}

extension ScriptError.LibraryProblem {
  var message: String {
    switch self {
    case .writtenDifferently(let base, let forms, let written):
      return "'\(base)' is written \(ScriptError.quotedList(forms, joinedBy: "or")), not '\(written)'"
    case .negativeCount(let method, let count):
      return "'\(method)' needs a count of 0 or more, not \(count)"
    case .needsNumbers(let function, let given):
      return "'\(function)' needs numbers, not \(ScriptError.quotedList(given, joinedBy: "and"))"
    case .tooFewArguments(let function, let atLeast):
      return "'\(function)' needs at least \(atLeast) arguments"
    case .takesNoArguments(let method):
      return "'\(method)' takes no arguments"
    case .zeroStep(let function):
      return "'\(function)' needs a step that is not 0"
    case .nonFiniteStride(let function):
      return "'\(function)' needs finite numbers and a step that is not 0"
    case .emptySeparator(let method):
      return "'\(method)' needs a separator that is not empty"
    case .removeLastFromEmpty:
      return "cannot removeLast() from an empty array"
    case .insertPosition(let literal, let count):
      return "insert position \(literal) is outside 0...\(count)"
    case .missingKey(let literal):
      return "cannot change the value of key \(literal): the dictionary has no such key"
    case .subscriptWrite(let valueType):
      return "cannot assign through a subscript of a value of type '\(valueType)'"
    case .rangeTooLarge(let written):
      return "range \(written) is too large to build; loop over it with 'for' instead"
    case .strideTooLarge(let written):
      return "\(written) is too large to build; loop with 'while' instead"
    case .decimalOverflow(let operation):
      return "decimal overflow: \(operation) does not fit in Decimal"
    case .notADecimal(let literal):
      return "\(literal) cannot be a Decimal"
    case .dateDifferenceTooLong(let from, let to):
      return "the time between \(from) and \(to) is too long for a Duration"
    case .negatedDurationOverflow(let literal):
      return "arithmetic overflow: -(\(literal)) is too long"
    case .durationTooLong(let seconds):
      return "duration \(seconds)s is too long; the limit is about 292 years"
    }
  }
}

extension ScriptError {
  /// The items quoted and listed as a message says them: `'a'`,
  /// `'a' or 'b'`, `'a', 'b' or 'c'` (with `conjunction` "or").
  static func quotedList(_ items: [String], joinedBy conjunction: String) -> String {
    let quoted = items.map { "'\($0)'" }
    guard let last = quoted.last else { return "" }
    return quoted.count == 1 ? last : quoted.dropLast().joined(separator: ", ") + " \(conjunction) " + last
  }
}

extension ScriptError.BridgeProblem {
  var message: String {
    switch self {
    case .hostArity(let callee, let arity, let given):
      return "\(callee) takes \(arity) argument\(arity == 1 ? "" : "s") but the host passes \(given)"
    case .closureArguments(let expected, let given?):
      return "the closure takes \(ScriptError.quotedList(expected, joinedBy: "and")), not '\(given)'"
    case .closureArguments(let expected, nil):
      return "the closure takes \(ScriptError.quotedList(expected, joinedBy: "and"))"
    case .unregisteredCase(let typeName, let value, let enumName):
      return "the \(typeName) value '\(value)' is of a case that was not registered, so scripts cannot represent it; register every case of '\(enumName)'"
    case .implementationResult(let method, let valueType, let expected):
      return "'\(method)' returned a value of type '\(valueType)', where Swift expects '\(expected)'"
    case .noConstructor(let typeName):
      return "type '\(typeName)' cannot be created in scripts; the host app registered no constructor for it"
    case .mainActorAwait:
      return "'await' cannot finish here: run from the main actor, a main-actor async call can be awaited only by a top-level statement ('await vm.submit()', 'let items = await vm.load()', 'print(await vm.count())'), not inside a function, a handler, a closure, an 'if' or a loop, nor after another call or in a condition of the same statement; await it at the top and pass the value in"
    }
  }
}
