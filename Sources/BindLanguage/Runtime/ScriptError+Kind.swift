import BindRuntime

extension ScriptError {
  /// What went wrong, as data: one case per family of errors, with the
  /// names, types and numbers it is about. ``message`` renders it.
  ///
  /// Type names are kept as written in messages (`'[Int]'`, `'String?'`);
  /// a `callee` is already quoted or described (`'f'`, `closure`).
  public enum Kind {
    // MARK: Writes

    /// A write to a `let`: a variable or constant (`owner` nil) or a
    /// property of type `owner`.
    case assignToLet(name: String, owner: String?)
    /// A write to a `private(set)` (or `private`) property from outside
    /// its type's own code.
    case inaccessibleSetter(property: String, typeName: String)
    /// A write to a derived property (computed from other properties).
    case assignToDerived(name: String)
    /// A `bind` into a place that refuses writes, for the reason a write
    /// gives (`assignToLet`, `assignToDerived`, `assignToReadOnly`,
    /// `assignToMemberOf`), worded for a binding.
    indirect case bindInto(Kind)
    /// A write inside a derived property, which is read-only.
    case assignInsideDerived(name: String)
    /// A write to an event.
    case assignToEvent(name: String)
    /// A write to a host property Swift exposes read-only.
    case assignToReadOnly(name: String)
    /// A write to a struct's computed property.
    case assignToGetOnly(name: String)
    /// A value that does not fit the place it is written to; `place`
    /// names it ("property 'count'", "'self'").
    case assignMismatch(valueType: String, to: String, expected: String)
    /// A write of a value to a variable whose declared type (`declared`,
    /// nil when unknown) does not take it.
    case variableMismatch(valueType: String, name: String, declared: String?)
    /// A registered Swift struct the host cannot make from a script value.
    case hostCannotMake(typeName: String, literal: String)
    /// An argument the host cannot take, for the reason given.
    indirect case cannotPassArgument(function: String, because: Kind)
    /// An implicit member (`.idle`) where the expected type is no enum.
    case implicitMemberNotEnum(caseName: String, expected: String)
    /// A write the place refuses for the reason given.
    indirect case cannotAssign(to: String, because: Kind)
    /// A subscript write to a value that is not stored anywhere.
    case assignToElementOfValue
    /// A write to a member of a value that has none (`nil`, an Int).
    case assignToMemberOf(name: String, valueType: String?)
    /// A struct that cannot change where it is: a field write (or a
    /// `mutating` call, `byMutatingMethod`) for the reason given.
    indirect case immutableStruct(Kind, byMutatingMethod: Bool)
    /// A struct that is not stored anywhere (a call's result) cannot change.
    case structNotStored
    /// `self` in a non-`mutating` method cannot change.
    case immutableSelf

    // MARK: Names and members

    /// A name that is not declared (`cannot find 'x' in scope`).
    case unknownName(String, suggestion: String?)
    /// A type name that is not declared.
    case unknownType(String, suggestion: String?)
    /// A member a value's type lacks: `memberKind` is "member", "method",
    /// "property" or "observable property".
    case noMember(name: String, valueType: String, memberKind: String, suggestion: String?)
    /// A property or field a script or host type lacks (`no property 'x' on T`).
    case noProperty(name: String, typeName: String, suggestion: String?, field: Bool)
    /// A method a host type lacks, named with its labels.
    case noMethod(signature: String, typeName: String, suggestion: String?)
    /// An enum case a type lacks; `cases` lists them when nothing is close.
    case unknownCase(name: String, typeName: String, suggestion: String?, cases: [String])
    /// A static member a type lacks; `statics` lists those it has.
    case noStaticMember(name: String, typeName: String, suggestion: String?, statics: [String])
    /// A host function or method no registered signature matches;
    /// `owner` is the type of a method.
    case noFunction(signature: String, owner: String?, suggestion: String?)
    /// A host initializer no registered signature matches.
    case noInitializer(signature: String, typeName: String, suggestion: String?)
    /// A conformance to a protocol that is not declared.
    case unknownProtocol(String, suggestion: String?)
    /// A `dispose` of a connection name that is not in use.
    case unknownConnection(String, suggestion: String?)
    /// A character set `trimmingCharacters(in:)` does not know.
    case unknownCharacterSet(String, known: String, suggestion: String?)
    /// A method read as a property (`vm.save` without `()`).
    case methodNotCalled(method: String, typeName: String, name: String)
    /// A host property called as a method (`vm.title()`).
    case propertyNotMethod(name: String, typeName: String)
    /// A property called as a method (`xs.count()`).
    case propertyCalled(name: String, valueType: String)
    /// A member a host type registers as unavailable to scripts, with why.
    case unavailableMember(reason: String)

    // MARK: nil

    /// A member read on `nil`; `hint` suggests `?.`.
    case readOfNil(member: String, hint: Bool)
    /// `x!` of a `nil`.
    case forceUnwrapNil
    /// A `bind` into a member of a value that has no properties.
    case bindIntoValue(valueType: String)
    /// A method called on `nil`; `inPlace` methods cannot use `?.`.
    case callOnNil(method: String, inPlace: Bool)
    /// A subscript of `nil`.
    case subscriptOfNil

    // MARK: Operators and numbers

    /// A binary operator that does not take these operand types; `hints`
    /// say how to convert.
    case operands(op: String, lhs: String, rhs: String, hints: [OperandHint])
    /// `&&` or `||` with an operand that is not a Bool.
    case needsBoolOperands(op: String)
    /// A comparison of values that have no order.
    case cannotCompare(lhs: String, rhs: String, op: String)
    /// Something (an operator, a method, a function) that needs another
    /// kind of value: "'-' needs a number, not 'String'".
    case needs(subject: String, expected: String, actual: String)
    /// A conversion that has no meaning (`Int("x" as Bool)`).
    case cannotConvert(from: String, to: String, hint: String?)
    /// Integer division by zero (or `%` by zero, `remainder`).
    case divisionByZero(remainder: Bool)
    /// An Int result too large: `expression` is what was computed.
    case intOverflow(expression: String)
    /// A conversion to Int of a number too large.
    case conversionOverflow(expression: String)

    // MARK: Collections

    /// An index outside an array.
    case indexOutOfRange(index: Int, count: Int)
    /// An array index that is not an Int.
    case indexNotInt(valueType: String)
    /// A subscript of a value that has none.
    case notSubscriptable(valueType: String)
    /// A dictionary key or Set element of a type that cannot be one.
    case notHashable(role: String, valueType: String)
    /// A closed range whose lower bound is above its upper; `hint` says
    /// how to count down.
    case invertedRange(low: Int, high: Int, hint: String?)
    /// Range bounds that are not Ints.
    case rangeBoundsNotInt(lhs: String, rhs: String?)

    // MARK: Calls

    /// A call with the wrong number of arguments.
    case argumentCount(callee: String, expected: Int, given: Int)
    /// A call whose labels differ from the declaration's (`have` and
    /// `expected` list the differing labels, as in `x:_:`).
    case incorrectLabels(function: String, have: String, expected: String, plural: Bool)
    /// A call without the label a parameter needs.
    case missingLabel(String, function: String)
    /// A call with a label the parameter does not take.
    case extraneousLabel(String, function: String)
    /// A call that leaves out a parameter without a default; `parameter`
    /// is written as in the message (`'name'`, `#2`).
    case missingArgument(parameter: String, function: String)
    /// A call with more arguments than parameters.
    case extraArgument(label: String?, function: String)
    /// A value that cannot be called.
    case notCallable(valueType: String)
    /// An argument that does not fit its parameter; `context` adds where
    /// ("in call to 'f'").
    case argumentMismatch(valueType: String, expected: String, context: String?)
    /// A return value that does not fit the declared return type.
    case returnMismatch(valueType: String, expected: String)
    /// A closure argument that does not fit its parameter's declared type.
    case closureArgumentMismatch(parameter: String, expected: String, valueType: String)
    /// A closure result that does not fit its declared return type.
    case closureReturnMismatch(expected: String, valueType: String)
    /// A return without a value in a function that declares one.
    case missingReturnValue(expected: String)
    /// A return with a value in a function that declares none.
    case unexpectedReturnValue
    /// A closure passed to a collection method that gives the wrong kind
    /// of result (`filter`'s a Bool); `hint` says what to use instead.
    case closureResult(method: String, expected: String, valueType: String, hint: String?)
    /// A branch of an `if` or `switch` expression whose value does not fit.
    case branchMismatch(valueType: String, expected: String, construct: String)
    /// An `assert` whose condition was false: its text, the message given
    /// and the values of its parts.
    case assertionFailed(condition: String, message: String?, values: [String])
    /// A `switch` that does not cover every value: the enum's cases it
    /// misses (as patterns), or none when it is no enum.
    case nonExhaustive(typeName: String?, missing: [String])
    /// A condition that is not a Bool.
    case conditionNotBool(valueType: String)
    /// A pattern whose type is not the matched value's.
    case patternTypeMismatch(patternType: String, valueType: String)
    /// A `let`/`var` initial value that does not fit its annotation.
    case initializerMismatch(name: String, expected: String, valueType: String)
    /// A value given for an associated value of a case that has none.
    case caseHasNoValues(caseName: String)
    /// A case written with another number of associated values; `shape`
    /// is the case as declared.
    case caseValueCount(caseName: String, expected: Int, given: Int, shape: String)
    /// An associated value written with the wrong label.
    case caseValueLabel(position: Int, caseName: String, have: String?, expected: String?, shape: String)
    /// A case of one enum where another enum is expected.
    case enumMismatch(valueType: String, expected: String)
    /// `Type(derived: …)` or `Type(event: …)`: a member no initializer sets.
    case initializesComputed(label: String, isEvent: Bool)
    /// A stored property with no default, no zero value and no argument.
    case missingPropertyArgument(property: String, type: String)

    // MARK: Limits

    /// More statements than `--max-steps` allows.
    case stepLimit(Int)
    /// Nested calls beyond the call-depth limit.
    case callDepthLimit(Int, inHandler: Bool, callee: String)
    /// Nested calls that use up the stack before the limit.
    case stackExhausted(depth: Int, inHandler: Bool, callee: String)
    /// A derived property whose evaluation needs its own value.
    case derivedDependsOnItself(property: String, typeName: String)
    /// A chain of derived properties too deep to evaluate on the stack.
    case derivedChainTooDeep(property: String, typeName: String)
    /// An array larger than the limit.
    case arrayTooLarge(count: Int, limit: Int)
    /// A string longer than the limit.
    case stringTooLong(bytes: Int, limit: Int)
    /// Values nested deeper than the limit; `arraysOnly` when only arrays.
    case nestingTooDeep(limit: Int, arraysOnly: Bool)
    /// The run was interrupted (Ctrl-C).
    case interrupted
    /// An `await` that waited too long for work outside the script.
    case awaitIdle

    // MARK: Time

    /// A timer interval or duration out of range: `every` and the timed
    /// operators need a positive one, `after` 0ms or more; `reason` adds why.
    case badInterval(keyword: String, interval: String, allowsZero: Bool, reason: String)
    /// `wait` where time cannot pass: inside a timer's body, or inside a
    /// derived value, a binding's expression or a batch.
    case waitNotHere(inTimer: Bool)
    /// `wait` of a negative duration.
    case negativeWait(literal: String)
    /// A Duration result too long: `expression` is what was computed.
    case durationOverflow(expression: String)

    // MARK: Reactive

    /// Something used as an event (by `on` or `emit`) that is not one.
    case notAnEvent(String, use: EventUse)
    /// An event used where a value is wanted; `fix` says what to write.
    case eventNotValue(String, fix: String)
    /// A bound value that does not fit the property it is bound into.
    case bindMismatch(valueType: String, into: String, expected: String)
    /// `<->` between properties of different types.
    case twoWayTypes(lhs: String, rhs: String)
    /// An emit whose payload does not fit the event.
    case payloadMismatch(event: String, expected: String?, given: String?)

    // MARK: Declarations

    /// A name declared twice; `container` is where ("'T'", "one pattern").
    case redeclaration(name: String, container: String?, parameter: Bool = false)
    /// A closure or function parameter named twice.
    case duplicateParameter(String)
    /// A member declared twice in a `type`.
    case declaredTwice(String, typeName: String)
    /// A declared type with a built-in type's name.
    case builtInTypeName(String)
    /// A type that lacks what a protocol it names requires.
    case doesNotConform(typeName: String, protocolName: String, reason: String)
    /// A declaration (`what`: "type", "protocol") inside a block.
    case notAtTopLevel(what: String)
    /// `case` outside an `enum`.
    case caseOutsideEnum
    /// `return`, `break` or `continue` where it has nothing to leave.
    case outside(keyword: String, place: String)

    // MARK: Other layers

    /// A script `throw` nobody caught.
    case uncaught(description: String)
    /// An `import` whose file cannot be read.
    case importFailed(path: String, reason: String)
    /// A built-in function's or method's arguments, or a size limit.
    case library(LibraryProblem)
    /// A declaration that is not valid as written.
    case declaration(DeclarationProblem)
    /// A statement or expression not valid where it is.
    case statement(StatementProblem)
    /// A binding, observer, handler, effect or timer that cannot be made.
    case connection(ConnectionProblem)
    /// A call, construction or assignment that cannot be made as written.
    case call(CallProblem)
    /// A `String(format:)` specification.
    case format(FormatProblem)
    /// A value crossing between Swift and scripts.
    case bridge(BridgeProblem)
    /// An error of the reactive runtime (a derived value without setter, a cycle).
    case reactive(ReactiveError)
    /// A host object Swift released.
    case released(name: String, weak: Bool)
    /// A host function that threw, in Swift's words.
    case hostThrew(function: String, description: String)
    /// A host function whose task was cancelled.
    case hostCancelled(function: String)
    /// An error from Swift code, in its own words.
    case swiftError(String)
    /// A syntax error in an imported file, as the parser worded it.
    case syntax(String)
  }

  /// What wanted an event.
  public enum EventUse {
    /// `on`; `suggestObserve` points at `observe` for values.
    case on(suggestObserve: Bool)
    /// `emit`.
    case emit
  }

  /// How to fix operands an operator does not take.
  public enum OperandHint {
    /// `"a" + 1`: convert with `String(…)` or interpolate.
    case convertToString
    /// A Decimal with a Double: convert one side.
    case convertDecimal
    /// Decimal has no `%`.
    case noDecimalRemainder
    /// What durations combine with.
    case durationArithmetic
    /// What dates combine with.
    case dateArithmetic
  }
}

extension ScriptError.Kind {
  /// The name a "did you mean" suggests, with the name written instead,
  /// for quick fixes (editors replace the one with the other).
  public var suggestion: (written: String, replacement: String)? {
    switch self {
    case .unknownName(let name, let guess?), .unknownType(let name, let guess?):
      return (name, guess)
    case .noMember(let name, _, _, let guess?), .noProperty(let name, _, let guess?, _),
      .unknownCase(let name, _, let guess?, _), .noStaticMember(let name, _, let guess?, _),
      .unknownProtocol(let name, let guess?), .unknownConnection(let name, let guess?),
      .unknownCharacterSet(let name, _, let guess?):
      return (name, guess)
    case .noMethod(let signature, _, let guess?), .noFunction(let signature, _, let guess?):
      // A registered method is suggested by its Swift name
      // (`select(index:)`); the call writes its base name. When only the
      // labels differ, renaming fixes nothing.
      let (written, replacement) = (signature.prefix { $0 != "(" }, guess.prefix { $0 != "(" })
      return written == replacement ? nil : (String(written), String(replacement))
    default:
      return nil
    }
  }
}
