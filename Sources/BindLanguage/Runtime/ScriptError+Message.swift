// The one place script errors become text (argument-parser's
// `ErrorMessageGenerator`): lowercase, tokens in 'quotes', a fix where
// there is one.

extension ScriptError.Kind {
  /// The error's message.
  public var message: String {
    switch self {
    // Writes
    case .assignToLet, .assignToDerived, .assignToReadOnly, .assignToMemberOf:
      return refusedWrite(verb: "cannot assign to")
    case .bindInto(let reason):
      return reason.refusedWrite(verb: "cannot bind into")
    case .inaccessibleSetter(let property, let typeName):
      return "cannot assign to property: '\(property)' setter is inaccessible; \(typeName) declares it private, so only its own methods write it"
    case .assignInsideDerived(let name):
      return "cannot assign to '\(name)' inside a derived property; derived properties are read-only"
    case .assignToEvent(let name):
      return "cannot assign to event '\(name)'; send it with 'emit'"
    case .assignToGetOnly(let name):
      return "cannot assign to property: '\(name)' is a get-only property"
    case .assignMismatch(let valueType, let place, let expected):
      return "cannot assign value of type '\(valueType)' to \(place) of type '\(expected)'"
    case .variableMismatch(let valueType, let name, nil):
      return "cannot assign a value of type '\(valueType)' to '\(name)'"
    case .variableMismatch(let valueType, let name, let declared?):
      return "cannot assign a value of type '\(valueType)' to '\(name)', which is declared '\(declared)'"
    case .hostCannotMake(let typeName, let literal):
      return "the host cannot make a Swift '\(typeName)' from \(literal): it registered no initializer for it, or the initializer threw; register one with 'initializer' (or let @ScriptableValue write it)"
    case .cannotPassArgument(let function, let reason):
      return "cannot pass argument to '\(function)': \(reason.message)"
    case .implicitMemberNotEnum(let caseName, let expected):
      return "cannot infer the enum of '.\(caseName)': '\(expected)' is not an enum"
    case .cannotAssign(let place, let reason):
      return "cannot assign to \(place): \(reason.message)"
    case .immutableStruct(.assignToLet(let name, nil), byMutatingMethod: false):
      return ScriptError.Kind.assignToLet(name: name, owner: nil).message
    case .immutableStruct(let reason, let byMutatingMethod):
      let clause: String
      if case .assignToLet(let name, nil) = reason {
        clause = "'\(name)' is a 'let' constant; declare it with 'var' to change it"
      } else {
        clause = reason.message
      }
      return (byMutatingMethod ? "cannot use mutating member on immutable value: " : "cannot assign to property: ") + clause
    case .assignToElementOfValue:
      return "cannot assign to an element of this value"
    case .structNotStored:
      return "cannot change a struct that is not stored in a variable or property"
    case .immutableSelf:
      return "'self' is immutable; mark the method 'mutating' to change the value's fields"

    // Names and members
    case .unknownName(let name, let guess):
      return "cannot find '\(name)' in scope" + didYouMean(guess)
    case .unknownType(let name, let guess):
      return "cannot find type '\(name)'" + didYouMean(guess)
    case .noMember(let name, let valueType, let memberKind, let guess):
      return "value of type '\(valueType)' has no \(memberKind) '\(name)'" + didYouMean(guess)
    case .noProperty(let name, let typeName, let guess, let field):
      return "no \(field ? "field" : "property") '\(name)' on \(typeName)" + didYouMean(guess)
    case .noMethod(let signature, let typeName, let guess):
      return "no method '\(signature)' on \(typeName)" + didYouMean(guess)
    case .unknownCase(let name, let typeName, let guess?, _):
      return "type '\(typeName)' has no member '\(name)'" + didYouMean(guess)
    case .unknownCase(let name, let typeName, nil, let cases):
      return "type '\(typeName)' has no member '\(name)'; its cases are " + cases.map { "'.\($0)'" }.joined(separator: ", ")
    case .noStaticMember(let name, let typeName, let guess?, _):
      return "type '\(typeName)' has no static member '\(name)'" + didYouMean(guess)
    case .noStaticMember(let name, let typeName, nil, let statics) where statics.isEmpty:
      return "type '\(typeName)' has no static member '\(name)'; to use an instance's member, make one first, as in '\(typeName)().\(name)'"
    case .noStaticMember(let name, let typeName, nil, let statics):
      return "type '\(typeName)' has no static member '\(name)'; its static members are " + statics.map { "'\($0)'" }.joined(separator: ", ")
    case .noFunction(let signature, let owner, let guess):
      return "no \(owner == nil ? "function" : "method") '\(signature)'\(owner.map { " on \($0)" } ?? "")" + didYouMean(guess)
    case .noInitializer(let signature, let typeName, let guess):
      return "no initializer '\(signature)' in type '\(typeName)'" + didYouMean(guess)
    case .unknownProtocol(let name, let guess?):
      return "cannot find protocol '\(name)'" + didYouMean(guess)
    case .unknownProtocol(let name, nil):
      return "cannot find protocol '\(name)'; declare it with 'protocol \(name) { … }'"
    case .unknownConnection(let name, let guess):
      return "no binding, observer, handler or timer named '\(name)'" + didYouMean(guess)
    case .unknownCharacterSet(let name, let known, let guess):
      return "'trimmingCharacters(in:)' knows \(known), not '.\(name)'" + (guess.map { "; did you mean '.\($0)'?" } ?? "")
    case .methodNotCalled(let method, let typeName, let name):
      return "'\(method)' is a method of \(typeName); call it, as in '\(name)(…)'"
    case .propertyNotMethod(let name, let typeName):
      return "'\(name)' is a property of \(typeName), not a method"
    case .propertyCalled(let name, let valueType):
      return "'\(name)' of '\(valueType)' is a property; write it without '()'"
    case .unavailableMember(let reason):
      return reason

    // nil
    case .forceUnwrapNil:
      return "unexpectedly found nil while unwrapping an Optional value; check it first with 'if let' or 'guard let', or give a default with '??'"
    case .readOfNil(let member, let hint):
      return "cannot read '\(member)' of nil" + (hint ? "; use '?.' to read it only when the value is not nil" : "")
    case .bindIntoValue(let valueType):
      return "cannot bind into a value of type '\(valueType)'"
    case .callOnNil(let method, inPlace: false):
      return "cannot call '\(method)' on nil; use '?.' to call it only when the value is not nil"
    case .callOnNil(let method, inPlace: true):
      return "cannot call '\(method)' on nil; unwrap the value first"
    case .subscriptOfNil:
      return "cannot subscript nil"

    // Operators and numbers
    case .operands(let op, let lhs, let rhs, let hints):
      return "cannot apply '\(op)' to '\(lhs)' and '\(rhs)'" + hints.map { "; " + $0.text }.joined()
    case .needsBoolOperands(let op):
      return "'\(op)' needs Bool operands"
    case .cannotCompare(let lhs, let rhs, let op):
      return "cannot compare '\(lhs)' and '\(rhs)' with '\(op)'"
    case .needs(let subject, let expected, let actual):
      return "\(subject) needs \(expected), not '\(actual)'"
    case .cannotConvert(let from, let to, let hint):
      return "cannot convert '\(from)' to \(to)" + (hint.map { "; " + $0 } ?? "")
    case .divisionByZero(let remainder):
      return remainder ? "remainder by zero" : "division by zero"
    case .intOverflow(let expression):
      return "arithmetic overflow: \(expression) does not fit in Int"
    case .conversionOverflow(let expression):
      return "\(expression) does not fit in Int"

    // Collections
    case .indexOutOfRange(let index, let count):
      return "index \(index) out of range for an array of \(count) element\(count == 1 ? "" : "s")"
    case .indexNotInt(let valueType):
      return "array index must be Int, not '\(valueType)'"
    case .notSubscriptable(let valueType):
      return "cannot subscript a value of type '\(valueType)'"
    case .notHashable(let role, let valueType):
      return "\(role) must be a String, Int or Bool, not '\(valueType)'"
    case .invertedRange(let low, let high, let hint):
      return "range \(low)...\(high) has its lower bound above its upper bound" + (hint.map { "; " + $0 } ?? "")
    case .rangeBoundsNotInt(let lhs, let rhs?):
      return "range bounds must be Int, not '\(lhs)' and '\(rhs)'"
    case .rangeBoundsNotInt(let bound, nil):
      return "range bounds must be Int, not '\(bound)'"

    // Calls
    case .argumentCount(let callee, let expected, let given):
      return "\(callee) takes \(expected) argument\(expected == 1 ? "" : "s") but \(given) \(given == 1 ? "was" : "were") given"
    case .incorrectLabels(let function, let have, let expected, let plural):
      return "incorrect argument label\(plural ? "s" : "") in call to '\(function)' (have '\(have)', expected '\(expected)')"
    case .missingLabel(let label, let function):
      return "missing argument label '\(label):' in call to '\(function)'"
    case .extraneousLabel(let label, let function):
      return "extraneous argument label '\(label):' in call to '\(function)'"
    case .missingArgument(let parameter, let function):
      return "missing argument for parameter \(parameter) in call to '\(function)'"
    case .extraArgument(let label, let function):
      return "extra argument\(label.map { " '\($0)'" } ?? "") in call to '\(function)'"
    case .notCallable(let valueType):
      return "cannot call a value of type '\(valueType)'"
    case .argumentMismatch(let valueType, let expected, let context):
      return "cannot convert value of type '\(valueType)' to expected argument type '\(expected)'" + (context.map { " " + $0 } ?? "")
    case .returnMismatch(let valueType, let expected):
      return "cannot convert return expression of type '\(valueType)' to return type '\(expected)'"
    case .closureArgumentMismatch(let parameter, let expected, let valueType):
      return "closure parameter '\(parameter)' has type '\(expected)', but the argument is '\(valueType)'"
    case .closureReturnMismatch(let expected, let valueType):
      return "closure declared to return '\(expected)' returned a value of type '\(valueType)'"
    case .missingReturnValue(let expected):
      return "non-void function should return a value of type '\(expected)'"
    case .unexpectedReturnValue:
      return "unexpected non-void return value in void function; declare its return type, as in '-> Int'"
    case .closureResult(let method, let expected, let valueType, let hint):
      return "the closure of '\(method)' must return \(expected), not '\(valueType)'" + (hint.map { "; " + $0 } ?? "")
    case .branchMismatch(let valueType, let expected, let construct):
      return "cannot convert value of type '\(valueType)' to '\(expected)' in a branch of the \(construct); every branch must give a value of type '\(expected)'"
    case .assertionFailed(let condition, let message, let values):
      return "assertion failed: \(condition)" + (message.map { ": " + $0 } ?? "")
        + (values.isEmpty ? "" : " (" + values.joined(separator: ", ") + ")")
    case .nonExhaustive(let typeName?, let missing):
      let list = missing.map { "'\($0)'" }.joined(separator: ", ")
      return "switch must be exhaustive; missing case\(missing.count == 1 ? "" : "s") of '\(typeName)': \(list); add \(missing.count == 1 ? "it" : "them"), or a 'default' case"
    case .nonExhaustive(nil, let missing) where !missing.isEmpty:
      return "switch must be exhaustive; missing \(missing.map { "'\($0)'" }.joined(separator: ", ")); add \(missing.count == 1 ? "it" : "them"), or a 'default' case"
    case .nonExhaustive(nil, _):
      return "switch must be exhaustive; add a 'default' case"
    case .conditionNotBool(let valueType):
      return "condition must be a Bool, not '\(valueType)'"
    case .patternTypeMismatch(let patternType, let valueType):
      return "pattern of type '\(patternType)' cannot match values of type '\(valueType)'"
    case .caseHasNoValues(let caseName):
      return "enum case '\(caseName)' has no associated values; write '.\(caseName)'"
    case .caseValueCount(let caseName, let expected, let given, let shape):
      return "enum case '\(caseName)' takes \(expected) associated value\(expected == 1 ? "" : "s"), as in '\(shape)'; \(given) given"
    case .caseValueLabel(let position, let caseName, let have, let expected, let shape):
      return "incorrect argument label for associated value \(position) of '\(caseName)' (have '\(have ?? "_"):', expected '\(expected ?? "_"):'), as in '\(shape)'"
    case .enumMismatch(let valueType, let expected):
      return "cannot convert value of type '\(valueType)' to '\(expected)'"
    case .initializesComputed(let label, isEvent: true):
      return "cannot initialize event '\(label)'"
    case .initializesComputed(let label, isEvent: false):
      return "cannot initialize derived property '\(label)'; it is computed from other properties"
    case .missingPropertyArgument(let property, let type):
      return "missing argument for property '\(property)' of type '\(type)'"
    case .initializerMismatch(let name, let expected, let valueType):
      return "cannot initialize '\(name)' of type '\(expected)' with a value of type '\(valueType)'"

    // Limits
    case .stepLimit(let limit):
      return "step limit of \(limit) exceeded; the loop may never end (raise the limit with --max-steps)"
    case .callDepthLimit(let limit, let inHandler, let callee):
      return "call depth limit of \(limit) exceeded\(inHandler ? " in a handler" : ""); \(recursionQuestion(inHandler, callee))"
    case .derivedDependsOnItself(let property, let typeName):
      return "derived property '\(property)' of \(typeName) depends on itself"
    case .derivedChainTooDeep(let property, let typeName):
      return "out of stack space evaluating derived property '\(property)' of \(typeName), a chain of derived "
        + "properties too deep to evaluate at once; read a link nearer its start first, or shorten the chain"
    case .stackExhausted(let depth, let inHandler, let callee):
      return "out of stack space after \(depth) nested calls\(inHandler ? " in handlers" : ""); \(recursionQuestion(inHandler, callee))"
    case .arrayTooLarge(let count, let limit):
      return "array of \(count) elements is larger than the limit of \(limit)"
    case .stringTooLong(let bytes, let limit):
      return "string of \(bytes) bytes is longer than the limit of \(limit)"
    case .nestingTooDeep(let limit, arraysOnly: true):
      return "arrays nested more than \(limit) levels deep"
    case .nestingTooDeep(let limit, arraysOnly: false):
      return "values nested more than \(limit) levels deep (arrays, dictionaries, structs, enum values and tuples count)"
    case .interrupted:
      return "interrupted"
    case .awaitIdle:
      return "'await' gave up after \(Interpreter.hostTaskIdleLimit.literal): the task waits for something outside the script (no task of the script is ready and no timer is pending)"

    // Time
    case .waitNotHere(inTimer: true):
      return "'wait' cannot run inside a timer's body; schedule the rest with 'after' instead"
    case .waitNotHere(inTimer: false):
      return "'wait' cannot run inside a derived value, a binding's expression or a batch; time passes only between statements"
    case .negativeWait(let literal):
      return "cannot wait a negative duration (\(literal)); use 0ms or more"
    case .badInterval(let keyword, let interval, let allowsZero, let reason):
      return "'\(keyword)' needs a \(allowsZero ? "duration of 0ms or more" : "positive interval"), not \(interval)\(reason)"
    case .durationOverflow(let expression):
      return "arithmetic overflow: \(expression) is too long a duration"

    // Reactive
    case .notAnEvent(let text, .on(let suggestObserve)):
      return "'\(text)' is not an event; 'on' handles events such as 'button.tap'" + (suggestObserve ? "; use 'observe' for values" : "")
    case .notAnEvent(let text, .emit):
      return "'\(text)' is not an event; only events can be emitted"
    case .eventNotValue(let text, let fix):
      return "'\(text)' is an event; \(fix)"
    case .bindMismatch(let valueType, let place, let expected):
      return "cannot bind value of type '\(valueType)' into '\(place)' of type '\(expected)'"
    case .twoWayTypes(let lhs, let rhs):
      return "'<->' needs two properties of the same type, not '\(lhs)' and '\(rhs)'"
    case .payloadMismatch(let event, let expected?, nil):
      return "event '\(event)' needs a payload of type '\(expected)': emit \(event.split(separator: ".").last ?? "")(value)"
    case .payloadMismatch(let event, let expected?, let given?):
      return "event '\(event)' takes a payload of type '\(expected)', not '\(given)'"
    case .payloadMismatch(let event, nil, _):
      return "event '\(event)' takes no payload"

    // Declarations
    case .redeclaration(let name, let container, let parameter):
      return "invalid redeclaration of \(parameter ? "parameter " : "")'\(name)'" + (container.map { " in \($0)" } ?? "")
    case .duplicateParameter(let name):
      return "duplicate parameter '\(name)'"
    case .declaredTwice(let name, let typeName):
      return "'\(name)' is declared twice in type '\(typeName)'"
    case .builtInTypeName(let name):
      return "type '\(name)' is built in; choose another name"
    case .doesNotConform(let typeName, let protocolName, let reason):
      return "type '\(typeName)' does not conform to protocol '\(protocolName)': \(reason)"
    case .notAtTopLevel(let what):
      return "\(what) declarations are only allowed at the top level"
    case .caseOutsideEnum:
      return "'case' declares an enum case; it is only allowed in an 'enum'"
    case .outside(let keyword, let place):
      return "'\(keyword)' outside \(place)"

    // Other layers
    case .importFailed(let path, let reason):
      return "cannot import '\(path)': \(reason)"
    case .library(let problem):
      return problem.message
    case .declaration(let problem):
      return problem.message
    case .statement(let problem):
      return problem.message
    case .connection(let problem):
      return problem.message
    case .call(let problem):
      return problem.message
    case .format(let problem):
      return problem.message
    case .bridge(let problem):
      return problem.message
    case .uncaught(let description):
      return "uncaught error: \(description); handle it with 'do { try … } catch { … }'"
    case .reactive(let error):
      return error.description
    case .released(let name, weak: false):
      return "'\(name)' was released by the host; Swift must keep it alive while scripts use it"
    case .released(let name, weak: true):
      return "'\(name)' was released by the host; it was injected with 'ownership: .weak', so Swift must keep it alive while scripts use it"
    case .hostThrew(let function, let description):
      return "'\(function)' threw an error: \(description)"
    case .hostCancelled(let function):
      return "'\(function)' was cancelled"
    case .swiftError(let text), .syntax(let text):
      return text
    }
  }

  /// A write a place refuses, as an assignment ("cannot assign to") or a
  /// binding ("cannot bind into") words it: one wording for each reason.
  private func refusedWrite(verb: String) -> String {
    switch self {
    case .assignToLet(let name, let owner?):
      return "\(verb) '\(name)': it is a 'let' property of \(owner)"
    case .assignToLet(let name, nil):
      return "\(verb) '\(name)': it is a 'let' constant; declare it with 'var' to change it"
    case .assignToDerived(let name):
      return "\(verb) '\(name)': it is a derived property, computed from other properties"
    case .assignToReadOnly(let name):
      return "\(verb) '\(name)': it is read-only"
    case .assignToMemberOf(let name, nil):
      return "\(verb) '\(name)' of nil"
    case .assignToMemberOf(let name, let valueType?):
      return "\(verb) '\(name)' of a value of type '\(valueType)'"
    default:
      return message
    }
  }

  private func didYouMean(_ guess: String?) -> String {
    guess.map { "; did you mean '\($0)'?" } ?? ""
  }

  private func recursionQuestion(_ inHandler: Bool, _ callee: String) -> String {
    inHandler ? "do handlers trigger each other without end?" : "is \(callee) calling itself without end?"
  }
}

extension ScriptError.OperandHint {
  fileprivate var text: String {
    switch self {
    case .convertToString: return "convert with String(…) or use interpolation \"\\(…)\""
    case .convertDecimal: return "convert one side, as in 'Decimal(x)' or 'Double(d)'"
    case .noDecimalRemainder: return "Decimal has no '%'"
    case .durationArithmetic: return "durations add and subtract durations, and multiply or divide by numbers"
    case .dateArithmetic: return "a Date takes '+' or '-' with a Duration, and '-' with another Date"
    }
  }
}
