// The errors in statements and expressions (patterns, loops, errors,
// closures, names used early), as data with their messages: the
// `statement` family of `ScriptError.Kind`.

extension ScriptError {
  /// A statement or expression that is not valid where it is, or fails as written.
  public enum StatementProblem {
    // MARK: Patterns

    /// A `switch` value no case matches.
    case noMatchingCase(literal: String)
    /// `if case` with other than one value after `=`.
    case ifCaseValueCount
    /// A name bound in one pattern of a case but not another.
    case unboundInPattern(name: String)
    /// `Name.case(…)` in a pattern where `Name` is no enum.
    case unknownEnumType(name: String)
    /// A case pattern with another number of associated values; `shape`
    /// is the case as declared.
    case patternArity(given: Int, caseName: String, count: Int, shape: String)
    /// `for x in dictionary`; `sequence` is as written.
    case dictionaryLoopPattern(sequence: String)
    /// `for` over a value that is no sequence.
    case notSequence(valueType: String)
    /// `for (a, b)` over elements that are not pairs.
    case notPairs(first: String, second: String, element: String)
    /// One name twice in a loop's pattern.
    case loopNameTwice(name: String)
    /// A tuple literal of another size than its declared type.
    case tupleArity(count: Int, expected: String, expectedCount: Int)
    /// A tuple value of another size than the tuple type it is given to.
    case tupleSize(valueType: String, expected: String, count: Int, expectedCount: Int)
    /// A tuple value whose element `index` has another label than its type's.
    case tupleLabel(valueType: String, expected: String, index: Int, written: String, label: String)
    /// A tuple pattern (`let (a, b): T`) with a type that is not a tuple.
    case notTupleType(pattern: String, type: String)
    /// A tuple pattern whose names do not match its declared type's elements.
    case patternNamesVersusType(pattern: String, names: Int, type: String, elements: Int)
    /// A tuple pattern whose names do not match the tuple literal.
    case patternNamesVersusTuple(pattern: String, names: Int, elements: Int)
    /// A tuple pattern over a value of another size (or no tuple: `found` describes it).
    case patternNamesVersusValue(pattern: String, count: Int, found: String)
    /// A tuple pattern of a `case` (`'(0, _)'`, as written) of `count`
    /// elements matched against a tuple of `elements` (`valueType`, as
    /// written or its type's name).
    case tuplePatternSize(pattern: String, count: Int, valueType: String, elements: Int)
    /// A tuple pattern of a `case` matched against a value that is no tuple.
    case tuplePatternNotTuple(pattern: String, valueType: String)
    /// An element of a tuple pattern labelled otherwise than the tuple's.
    case tuplePatternLabel(index: Int, written: String, label: String)
    /// `t.name` of a tuple without that element; `elements` lists its names.
    case noTupleElement(name: String, tupleType: String, elements: [String])
    /// An implicit member (`.idle`) whose enum nothing names.
    case implicitMemberUnknownEnum(written: String)

    // MARK: Errors and control flow

    /// A call of a throwing function not marked `try`.
    case unmarkedThrowingCall(function: String)
    /// `throw` (`byTry` false) or `try` where errors may not leave, for `reason`.
    case unhandledError(byTry: Bool, reason: UnhandledReason)
    /// `throw .someCase`, whose error type nothing names.
    case implicitThrow(written: String)
    /// `throw` of a value that is not an `Error`.
    case notAnError(valueType: String)
    /// `try!` of a call that threw.
    case forcedTryFailed(description: String)
    /// `return`, `break` or `continue` out of a `defer`.
    case leavesDefer(keyword: String)
    /// `defer` at the top level.
    case topLevelDefer
    /// A `guard` body that can fall through.
    case guardFallsThrough
    /// A body that can end without returning its declared type; `kind`
    /// names it ("function", "closure").
    case missingReturn(kind: String, returnType: String)

    // MARK: Expressions

    /// A branch of an `if`/`switch` expression that is not one expression.
    case branchNotExpression(construct: String)
    /// Branches of an `if`/`switch` expression giving different types.
    case branchTypes(construct: String, first: String, second: String)
    /// `$0` in a closure with named parameters.
    case anonymousInNamedClosure(name: String)
    /// More anonymous parameters than a closure may have.
    case tooManyAnonymousParameters(limit: Int)
    /// `$0` outside any closure.
    case anonymousOutsideClosure(name: String)
    /// A type name used as a value.
    case typeAsValue(name: String)
    /// A bare `Type.init` as a value, where the type has several
    /// initializers (`forms`, as `init(name:)`) or none a script knows.
    case initializerReferenceNeedsLabels(typeName: String, forms: [String])
    /// `debounce(…)` or another time operator outside a connection's source.
    case timedSourceOutside(op: String)
    /// A short type name that several registered types share.
    case ambiguousTypeName(name: String, candidates: [String])
    /// A name used before its declaration (`line`), in a closure or not:
    /// a local one, or a top-level one outside any function.
    case usedBeforeDeclaration(name: String, line: Int, inClosure: Bool, isLocal: Bool)
    /// A top-level variable read by a function called before its declaration ran.
    case usedBeforeInitialized(name: String, line: Int)
    /// `self`'s member where no object is running.
    case memberWithoutObject(name: String)
    /// A write to a captured name inside a `bind` or `observe` expression.
    case assignInReactiveExpression(name: String)
  }

  /// Why an error thrown at a point would not be handled (Swift's "error
  /// is not handled because …").
  public enum UnhandledReason: Equatable, Sendable {
    /// In a function not declared `throws`.
    case functionCannotThrow
    /// In a handler, timer, effect or property.
    case blockCannotThrow
    /// In a `defer` body.
    case insideDefer
    /// In a `do` whose `catch` clauses do not catch everything.
    case catchNotExhaustive
  }
}

extension ScriptError.StatementProblem {
  var message: String {
    switch self {
    case .noMatchingCase(let literal):
      return "no case of the 'switch' matches \(literal); add a 'default' case"
    case .ifCaseValueCount:
      return "'if case' takes one value after '='"
    case .unboundInPattern(let name):
      return "'\(name)' must be bound in every pattern of the case"
    case .unknownEnumType(let name):
      return "cannot find enum type '\(name)'"
    case .patternArity(let given, let caseName, let count, let shape):
      return "the pattern gives \(given) associated value\(given == 1 ? "" : "s"), but '\(caseName)' has \(count), as in '\(shape)'"
    case .dictionaryLoopPattern(let sequence):
      return "go through a dictionary with 'for (key, value) in \(sequence)'"
    case .notSequence(let valueType):
      return "'for' needs an array, a set, a dictionary or a range like '1...10', not '\(valueType)'"
    case .notPairs(let first, let second, let element):
      return "'for (\(first), \(second))' needs pairs (tuples of two), such as 'xs.enumerated()' gives, not '\(element)'"
    case .loopNameTwice(let name):
      return "'\(name)' is named twice in the loop's pattern"
    case .tupleArity(let count, let expected, let expectedCount):
      return "cannot convert a tuple of \(count) elements to '\(expected)', which has \(expectedCount); write \(expectedCount) elements"
    case .tupleSize(let valueType, let expected, let count, let expectedCount):
      return "cannot convert '\(valueType)' to '\(expected)': a tuple of \(count) elements, where \(expectedCount) are expected; write \(expectedCount) elements"
    case .tupleLabel(let valueType, let expected, let index, let written, let label):
      return "cannot convert '\(valueType)' to '\(expected)': element \(index) is labelled '\(written)', not '\(label)'; write '\(label):' or no label"
    case .notTupleType(let pattern, let type):
      return "'\(pattern)' takes a tuple apart; '\(type)' is not a tuple type"
    case .patternNamesVersusType(let pattern, let names, let type, let elements):
      return "'\(pattern)' has \(names) names, but '\(type)' has \(elements) elements; write one name per element ('_' for one you do not need)"
    case .patternNamesVersusTuple(let pattern, let names, let elements):
      return "'\(pattern)' has \(names) names, but the tuple has \(elements) elements; write one name per element ('_' for one you do not need)"
    case .patternNamesVersusValue(let pattern, let count, let found):
      return "'\(pattern)' takes a tuple of \(count) elements apart, not \(found); write one name per element ('_' for one you do not need)"
    case .tuplePatternSize(let pattern, let count, let valueType, let elements):
      return "'\(pattern)' matches a tuple of \(count) elements, not '\(valueType)', which has \(elements) elements; write one pattern per element ('_' for one you do not need)"
    case .tuplePatternNotTuple(let pattern, let valueType):
      return "tuple pattern '\(pattern)' cannot match values of type '\(valueType)'; match it with a pattern of that type"
    case .tuplePatternLabel(let index, let written, let label):
      return "element \(index) of the tuple is labelled '\(label)', not '\(written)'; write '\(label):' or no label"
    case .noTupleElement(let name, let tupleType, let elements):
      return "value of tuple type '\(tupleType)' has no member '\(name)'; its elements are \(ScriptError.quotedList(elements, joinedBy: "and"))"
    case .implicitMemberUnknownEnum(let written):
      return "cannot infer the enum of an implicit member here; name its type, as in 'EnumName\(written)'"

    case .unmarkedThrowingCall(let function):
      return "call can throw but is not marked with 'try'; write 'try \(function)(…)' inside 'do { … } catch { … }', or 'try?' for nil on error"
    case .unhandledError(_, .insideDefer):
      return "errors cannot be thrown out of a 'defer' body; handle them there with 'do { … } catch { … }'"
    case .unhandledError(let byTry, let reason):
      return (byTry ? "errors thrown from here are not handled" : "error is not handled") + " because " + reason.explanation
    case .implicitThrow(let written):
      return "cannot infer the error type of '\(written)'; name it, as in 'throw LoginError\(written)'"
    case .notAnError(let valueType):
      return "thrown value of type '\(valueType)' does not conform to 'Error'; throw a value of an enum or struct declared ': Error', as in 'enum LoginError: Error { case invalid }'"
    case .forcedTryFailed(let description):
      return "'try!' expression unexpectedly raised an error: \(description); use 'try' inside 'do { … } catch { … }' to handle it"
    case .leavesDefer(let keyword):
      return "'\(keyword)' cannot transfer control out of a 'defer' statement"
    case .topLevelDefer:
      return "'defer' at the top level would run at once; put it in a function or a block, such as 'do { … }'"
    case .guardFallsThrough:
      return "'guard' body must not fall through; end it with 'return', 'break', 'continue' or 'throw'"
    case .missingReturn(let kind, let returnType):
      return "missing return in \(kind) expected to return '\(returnType)'"

    case .branchNotExpression(let construct):
      return "a branch of an \(construct) must be a single expression"
    case .branchTypes(let construct, let first, let second):
      return "branches of the \(construct) have mismatching types '\(first)' and '\(second)'; make them give one type, or declare the type of the value, as in 'let value: \(first) = …'"
    case .anonymousInNamedClosure(let name):
      return "anonymous closure arguments cannot be used inside a closure that has explicit arguments; use a parameter's name instead of '\(name)'"
    case .tooManyAnonymousParameters(let limit):
      return "a closure takes at most \(limit) anonymous parameters ($0 to $\(limit - 1))"
    case .anonymousOutsideClosure(let name):
      return "anonymous closure argument '\(name)' is not inside a closure; it names a parameter of '{ … }'"
    case .typeAsValue(let name):
      return "'\(name)' is a type; write '\(name)()' to create an instance"
    case .initializerReferenceNeedsLabels(let typeName, let forms) where forms.count > 1:
      return "'\(typeName).init' is ambiguous: \(typeName) has \(ScriptError.quotedList(forms, joinedBy: "and")); name the one you mean with its labels, as in '\(typeName).\(forms[0])'"
    case .initializerReferenceNeedsLabels(let typeName, _):
      return "'\(typeName).init' does not say which initializer it means; name it with its labels, as in '\(typeName).init(_:)', or write a closure, as in '{ \(typeName)($0) }'"
    case .timedSourceOutside(let op):
      return "'\(op)(…)' makes a timed source: use it as the whole source of 'bind', 'observe' or 'on', as in 'bind \(op)(field.text, 300ms) -> vm.query'"
    case .ambiguousTypeName(let name, let candidates):
      return "'\(name)' is ambiguous: it may be \(ScriptError.quotedList(candidates, joinedBy: "or")); write the one you mean"
    case .usedBeforeDeclaration(let name, let line, inClosure: true, _):
      return "closure captures '\(name)' before it is declared; declare '\(name)' (line \(line)) before the closure"
    case .usedBeforeDeclaration(let name, let line, inClosure: false, isLocal: false):
      return "use of '\(name)' before its declaration; move its declaration (line \(line)) above this use"
    case .usedBeforeDeclaration(let name, let line, inClosure: false, isLocal: true):
      return "use of local variable '\(name)' before its declaration; move its declaration (line \(line)) above this use"
    case .usedBeforeInitialized(let name, let line):
      return "variable '\(name)' used before being initialized: its declaration (line \(line)) has not run yet; move it above the call that reaches this read"
    case .memberWithoutObject(let name):
      return "'\(name)' needs an object"
    case .assignInReactiveExpression(let name):
      return "cannot assign to '\(name)' inside a 'bind' or 'observe' expression"
    }
  }
}

extension ScriptError.UnhandledReason {
  /// The clause after "because".
  var explanation: String {
    switch self {
    case .functionCannotThrow:
      return "the enclosing function is not declared 'throws'; mark it 'throws', or handle the error with 'do { … } catch { … }'"
    case .blockCannotThrow:
      return "a handler, timer, effect or property cannot throw; handle the error inside it with 'do { … } catch { … }'"
    case .insideDefer:
      return "it is inside 'defer'"
    case .catchNotExhaustive:
      return "the enclosing 'catch' is not exhaustive; add a 'catch { … }' for every other error"
    }
  }
}
