import BindRuntime
import XCTest
@testable import BindLanguage

/// Each kind of script error renders its text in one place (the renderer,
/// `ScriptError+Message.swift`): one row per kind and variant, asserting
/// the message a script sees, and the names a quick fix takes from it.
final class ScriptErrorKindTests: XCTestCase {
  typealias Kind = ScriptError.Kind

  private let rows: [(kind: Kind, message: String)] = [
    // Writes: one wording per reason, for assignments and bindings alike.
    (.assignToLet(name: "n", owner: nil), "cannot assign to 'n': it is a 'let' constant; declare it with 'var' to change it"),
    (.assignToLet(name: "id", owner: "Person"), "cannot assign to 'id': it is a 'let' property of Person"),
    (.bindInto(.assignToLet(name: "id", owner: "Person")), "cannot bind into 'id': it is a 'let' property of Person"),
    (.bindInto(.assignToDerived(name: "total")), "cannot bind into 'total': it is a derived property, computed from other properties"),
    (.bindInto(.assignToReadOnly(name: "device")), "cannot bind into 'device': it is read-only"),
    (.bindInto(.assignToMemberOf(name: "text", valueType: nil)), "cannot bind into 'text' of nil"),
    (.inaccessibleSetter(property: "count", typeName: "Counter"),
     "cannot assign to property: 'count' setter is inaccessible; Counter declares it private, so only its own methods write it"),
    (.assignToDerived(name: "total"), "cannot assign to 'total': it is a derived property, computed from other properties"),
    (.assignInsideDerived(name: "x"), "cannot assign to 'x' inside a derived property; derived properties are read-only"),
    (.assignToEvent(name: "tap"), "cannot assign to event 'tap'; send it with 'emit'"),
    (.assignToReadOnly(name: "device"), "cannot assign to 'device': it is read-only"),
    (.assignToGetOnly(name: "sum"), "cannot assign to property: 'sum' is a get-only property"),
    (.assignMismatch(valueType: "String", to: "property 'volume'", expected: "Int"),
     "cannot assign value of type 'String' to property 'volume' of type 'Int'"),
    (.variableMismatch(valueType: "String", name: "xs", declared: "[Int]"),
     "cannot assign a value of type 'String' to 'xs', which is declared '[Int]'"),
    (.variableMismatch(valueType: "String", name: "xs", declared: nil), "cannot assign a value of type 'String' to 'xs'"),
    (.hostCannotMake(typeName: "Hit", literal: "Hit(score: 1)"),
     "the host cannot make a Swift 'Hit' from Hit(score: 1): it registered no initializer for it, or the initializer threw; register one with 'initializer' (or let @ScriptableValue write it)"),
    (.cannotPassArgument(function: "show", because: .hostCannotMake(typeName: "Hit", literal: "Hit()")),
     "cannot pass argument to 'show': the host cannot make a Swift 'Hit' from Hit(): it registered no initializer for it, or the initializer threw; register one with 'initializer' (or let @ScriptableValue write it)"),
    (.implicitMemberNotEnum(caseName: "idle", expected: "Int"), "cannot infer the enum of '.idle': 'Int' is not an enum"),
    (.cannotAssign(to: "property 'hit'", because: .hostCannotMake(typeName: "Hit", literal: "Hit()")),
     "cannot assign to property 'hit': the host cannot make a Swift 'Hit' from Hit(): it registered no initializer for it, or the initializer threw; register one with 'initializer' (or let @ScriptableValue write it)"),
    (.assignToElementOfValue, "cannot assign to an element of this value"),
    (.assignToMemberOf(name: "x", valueType: nil), "cannot assign to 'x' of nil"),
    (.assignToMemberOf(name: "x", valueType: "Int"), "cannot assign to 'x' of a value of type 'Int'"),
    (.immutableStruct(.assignToLet(name: "p", owner: nil), byMutatingMethod: false),
     "cannot assign to 'p': it is a 'let' constant; declare it with 'var' to change it"),
    (.immutableStruct(.assignToLet(name: "p", owner: nil), byMutatingMethod: true),
     "cannot use mutating member on immutable value: 'p' is a 'let' constant; declare it with 'var' to change it"),
    (.immutableStruct(.immutableSelf, byMutatingMethod: false),
     "cannot assign to property: 'self' is immutable; mark the method 'mutating' to change the value's fields"),
    (.immutableStruct(.structNotStored, byMutatingMethod: true),
     "cannot use mutating member on immutable value: cannot change a struct that is not stored in a variable or property"),

    // Names and members.
    (.unknownName("vn", suggestion: "vm"), "cannot find 'vn' in scope; did you mean 'vm'?"),
    (.unknownName("zz", suggestion: nil), "cannot find 'zz' in scope"),
    (.unknownType("Strng", suggestion: "String"), "cannot find type 'Strng'; did you mean 'String'?"),
    (.noMember(name: "apend", valueType: "[Int]", memberKind: "method", suggestion: "append"),
     "value of type '[Int]' has no method 'apend'; did you mean 'append'?"),
    (.noProperty(name: "titel", typeName: "VM", suggestion: "title", field: false), "no property 'titel' on VM; did you mean 'title'?"),
    (.noProperty(name: "z", typeName: "Hit", suggestion: nil, field: true), "no field 'z' on Hit"),
    (.noMethod(signature: "selct(index:)", typeName: "Picker", suggestion: "select(index:)"),
     "no method 'selct(index:)' on Picker; did you mean 'select(index:)'?"),
    (.unknownCase(name: "bleu", typeName: "Color", suggestion: "blue", cases: ["red", "blue"]),
     "type 'Color' has no member 'bleu'; did you mean 'blue'?"),
    (.unknownCase(name: "green", typeName: "Color", suggestion: nil, cases: ["red", "blue"]),
     "type 'Color' has no member 'green'; its cases are '.red', '.blue'"),
    (.noStaticMember(name: "sise", typeName: "Item", suggestion: "size", statics: ["size"]),
     "type 'Item' has no static member 'sise'; did you mean 'size'?"),
    (.noStaticMember(name: "x", typeName: "Item", suggestion: nil, statics: []),
     "type 'Item' has no static member 'x'; to use an instance's member, make one first, as in 'Item().x'"),
    (.noStaticMember(name: "x", typeName: "Item", suggestion: nil, statics: ["size", "zero"]),
     "type 'Item' has no static member 'x'; its static members are 'size', 'zero'"),
    (.noFunction(signature: "load(id:)", owner: "Store", suggestion: "load(key:)"),
     "no method 'load(id:)' on Store; did you mean 'load(key:)'?"),
    (.noFunction(signature: "fetch(id:)", owner: nil, suggestion: "fetch(key:)"), "no function 'fetch(id:)'; did you mean 'fetch(key:)'?"),
    (.noInitializer(signature: "Counter.init(strat:)", typeName: "Counter", suggestion: "Counter.init(start:)"),
     "no initializer 'Counter.init(strat:)' in type 'Counter'; did you mean 'Counter.init(start:)'?"),
    (.unknownProtocol("Equatabel", suggestion: "Equatable"), "cannot find protocol 'Equatabel'; did you mean 'Equatable'?"),
    (.unknownProtocol("Shape", suggestion: nil), "cannot find protocol 'Shape'; declare it with 'protocol Shape { … }'"),
    (.unknownConnection("feeed", suggestion: "feed"), "no binding, observer, handler or timer named 'feeed'; did you mean 'feed'?"),
    (.unknownCharacterSet("whitespace", known: ".newlines, .whitespaces", suggestion: "whitespaces"),
     "'trimmingCharacters(in:)' knows .newlines, .whitespaces, not '.whitespace'; did you mean '.whitespaces'?"),
    (.methodNotCalled(method: "save()", typeName: "VM", name: "save"), "'save()' is a method of VM; call it, as in 'save(…)'"),
    (.propertyNotMethod(name: "title", typeName: "VM"), "'title' is a property of VM, not a method"),
    (.propertyCalled(name: "count", valueType: "[Int]"), "'count' of '[Int]' is a property; write it without '()'"),
    (.unavailableMember(reason: "'secret' cannot be used from scripts"), "'secret' cannot be used from scripts"),

    // nil.
    (.readOfNil(member: "name", hint: true), "cannot read 'name' of nil; use '?.' to read it only when the value is not nil"),
    (.readOfNil(member: "name", hint: false), "cannot read 'name' of nil"),
    (.bindIntoValue(valueType: "Int"), "cannot bind into a value of type 'Int'"),
    (.callOnNil(method: "uppercased", inPlace: false),
     "cannot call 'uppercased' on nil; use '?.' to call it only when the value is not nil"),
    (.callOnNil(method: "append", inPlace: true), "cannot call 'append' on nil; unwrap the value first"),
    (.subscriptOfNil, "cannot subscript nil"),

    // Operators and numbers.
    (.operands(op: "+", lhs: "String", rhs: "Int", hints: [.convertToString]),
     "cannot apply '+' to 'String' and 'Int'; convert with String(…) or use interpolation \"\\(…)\""),
    (.operands(op: "%", lhs: "Decimal", rhs: "Double", hints: [.convertDecimal, .noDecimalRemainder]),
     "cannot apply '%' to 'Decimal' and 'Double'; convert one side, as in 'Decimal(x)' or 'Double(d)'; Decimal has no '%'"),
    (.operands(op: "*", lhs: "Duration", rhs: "Duration", hints: [.durationArithmetic]),
     "cannot apply '*' to 'Duration' and 'Duration'; durations add and subtract durations, and multiply or divide by numbers"),
    (.operands(op: "+", lhs: "Date", rhs: "Date", hints: [.dateArithmetic]),
     "cannot apply '+' to 'Date' and 'Date'; a Date takes '+' or '-' with a Duration, and '-' with another Date"),
    (.operands(op: "-", lhs: "Bool", rhs: "Int", hints: []), "cannot apply '-' to 'Bool' and 'Int'"),
    (.needsBoolOperands(op: "&&"), "'&&' needs Bool operands"),
    (.cannotCompare(lhs: "Bool", rhs: "Int", op: "<"), "cannot compare 'Bool' and 'Int' with '<'"),
    (.needs(subject: "'-'", expected: "a number", actual: "String"), "'-' needs a number, not 'String'"),
    (.cannotConvert(from: "String", to: "Bool", hint: "compare it instead, as in 'x != 0'"),
     "cannot convert 'String' to Bool; compare it instead, as in 'x != 0'"),
    (.cannotConvert(from: "[Int]", to: "Int", hint: nil), "cannot convert '[Int]' to Int"),
    (.divisionByZero(remainder: false), "division by zero"),
    (.divisionByZero(remainder: true), "remainder by zero"),
    (.intOverflow(expression: "9223372036854775807 + 1"), "arithmetic overflow: 9223372036854775807 + 1 does not fit in Int"),
    (.conversionOverflow(expression: "Int(1e+30)"), "Int(1e+30) does not fit in Int"),

    // Collections.
    (.indexOutOfRange(index: 3, count: 1), "index 3 out of range for an array of 1 element"),
    (.indexOutOfRange(index: 5, count: 2), "index 5 out of range for an array of 2 elements"),
    (.indexNotInt(valueType: "String"), "array index must be Int, not 'String'"),
    (.notSubscriptable(valueType: "Int"), "cannot subscript a value of type 'Int'"),
    (.notHashable(role: "a Set element", valueType: "[Int]"), "a Set element must be a String, Int or Bool, not '[Int]'"),
    (.invertedRange(low: 3, high: 1, hint: nil), "range 3...1 has its lower bound above its upper bound"),
    (.invertedRange(low: 3, high: 1, hint: "count down with a 'while' loop"),
     "range 3...1 has its lower bound above its upper bound; count down with a 'while' loop"),
    (.rangeBoundsNotInt(lhs: "Double", rhs: "Int"), "range bounds must be Int, not 'Double' and 'Int'"),
    (.rangeBoundsNotInt(lhs: "Double", rhs: nil), "range bounds must be Int, not 'Double'"),

    // Calls.
    (.argumentCount(callee: "'f'", expected: 1, given: 2), "'f' takes 1 argument but 2 were given"),
    (.argumentCount(callee: "closure", expected: 2, given: 1), "closure takes 2 arguments but 1 was given"),
    (.incorrectLabels(function: "f(a:)", have: "b:", expected: "a:", plural: false),
     "incorrect argument label in call to 'f(a:)' (have 'b:', expected 'a:')"),
    (.incorrectLabels(function: "f(a:b:)", have: "x:y:", expected: "a:b:", plural: true),
     "incorrect argument labels in call to 'f(a:b:)' (have 'x:y:', expected 'a:b:')"),
    (.missingLabel("start", function: "Counter.init(start:)"), "missing argument label 'start:' in call to 'Counter.init(start:)'"),
    (.extraneousLabel("x", function: "f(_:)"), "extraneous argument label 'x:' in call to 'f(_:)'"),
    (.missingArgument(parameter: "'b'", function: "f(a:b:)"), "missing argument for parameter 'b' in call to 'f(a:b:)'"),
    (.extraArgument(label: "c", function: "f(a:)"), "extra argument 'c' in call to 'f(a:)'"),
    (.extraArgument(label: nil, function: "f(a:)"), "extra argument in call to 'f(a:)'"),
    (.notCallable(valueType: "Int"), "cannot call a value of type 'Int'"),
    (.argumentMismatch(valueType: "String", expected: "Int", context: "in call to 'show'"),
     "cannot convert value of type 'String' to expected argument type 'Int' in call to 'show'"),
    (.argumentMismatch(valueType: "String", expected: "Int", context: nil),
     "cannot convert value of type 'String' to expected argument type 'Int'"),
    (.returnMismatch(valueType: "String", expected: "Int"), "cannot convert return expression of type 'String' to return type 'Int'"),
    (.closureArgumentMismatch(parameter: "x", expected: "Int", valueType: "String"),
     "closure parameter 'x' has type 'Int', but the argument is 'String'"),
    (.closureReturnMismatch(expected: "Int", valueType: "String"), "closure declared to return 'Int' returned a value of type 'String'"),
    (.missingReturnValue(expected: "Int"), "non-void function should return a value of type 'Int'"),
    (.unexpectedReturnValue, "unexpected non-void return value in void function; declare its return type, as in '-> Int'"),
    (.closureResult(method: "filter", expected: "a Bool", valueType: "Int", hint: nil),
     "the closure of 'filter' must return a Bool, not 'Int'"),
    (.closureResult(method: "flatMap", expected: "an array", valueType: "Int", hint: "use 'map' or 'compactMap' for one value per element"),
     "the closure of 'flatMap' must return an array, not 'Int'; use 'map' or 'compactMap' for one value per element"),
    (.branchMismatch(valueType: "String", expected: "Int", construct: "'if' expression"),
     "cannot convert value of type 'String' to 'Int' in a branch of the 'if' expression; every branch must give a value of type 'Int'"),
    (.assertionFailed(condition: "x == 2", message: "why", values: ["'x' is 1"]), "assertion failed: x == 2: why ('x' is 1)"),
    (.assertionFailed(condition: "ok", message: nil, values: []), "assertion failed: ok"),
    (.nonExhaustive(typeName: "Phase", missing: [".idle"]),
     "switch must be exhaustive; missing case of 'Phase': '.idle'; add it, or a 'default' case"),
    (.nonExhaustive(typeName: "Phase", missing: [".idle", ".done(_)"]),
     "switch must be exhaustive; missing cases of 'Phase': '.idle', '.done(_)'; add them, or a 'default' case"),
    (.nonExhaustive(typeName: nil, missing: []), "switch must be exhaustive; add a 'default' case"),
    (.conditionNotBool(valueType: "Int"), "condition must be a Bool, not 'Int'"),
    (.patternTypeMismatch(patternType: "Shape", valueType: "Color"), "pattern of type 'Shape' cannot match values of type 'Color'"),
    (.initializerMismatch(name: "n", expected: "Int", valueType: "String"),
     "cannot initialize 'n' of type 'Int' with a value of type 'String'"),

    // Limits.
    (.stepLimit(1000), "step limit of 1000 exceeded; the loop may never end (raise the limit with --max-steps)"),
    (.callDepthLimit(200, inHandler: false, callee: "'f'"), "call depth limit of 200 exceeded; is 'f' calling itself without end?"),
    (.callDepthLimit(200, inHandler: true, callee: "a function"),
     "call depth limit of 200 exceeded in a handler; do handlers trigger each other without end?"),
    (.stackExhausted(depth: 90, inHandler: false, callee: "a closure"),
     "out of stack space after 90 nested calls; is a closure calling itself without end?"),
    (.arrayTooLarge(count: 11, limit: 10), "array of 11 elements is larger than the limit of 10"),
    (.stringTooLong(bytes: 11, limit: 10), "string of 11 bytes is longer than the limit of 10"),
    (.nestingTooDeep(limit: 100, arraysOnly: true), "arrays nested more than 100 levels deep"),
    (.nestingTooDeep(limit: 100, arraysOnly: false),
     "values nested more than 100 levels deep (arrays, dictionaries, structs, enum values and tuples count)"),
    (.interrupted, "interrupted"),
    (.awaitIdle,
     "'await' gave up after 30s: the task waits for something outside the script (no task of the script is ready and no timer is pending)"),

    // Time.
    (.badInterval(keyword: "every", interval: "0ms", allowsZero: false, reason: ""), "'every' needs a positive interval, not 0ms"),
    (.badInterval(keyword: "after", interval: "-1s", allowsZero: true, reason: ""), "'after' needs a duration of 0ms or more, not -1s"),
    (.durationOverflow(expression: "200y + 200y"), "arithmetic overflow: 200y + 200y is too long a duration"),

    // Reactive.
    (.notAnEvent("vm.count", use: .on(suggestObserve: false)), "'vm.count' is not an event; 'on' handles events such as 'button.tap'"),
    (.notAnEvent("vm.count", use: .on(suggestObserve: true)),
     "'vm.count' is not an event; 'on' handles events such as 'button.tap'; use 'observe' for values"),
    (.notAnEvent("vm.count", use: .emit), "'vm.count' is not an event; only events can be emitted"),
    (.eventNotValue("button.tap", fix: "send it with 'emit'"), "'button.tap' is an event; send it with 'emit'"),
    (.bindMismatch(valueType: "String", into: "vm.count", expected: "Int"), "cannot bind value of type 'String' into 'vm.count' of type 'Int'"),
    (.twoWayTypes(lhs: "Int", rhs: "String"), "'<->' needs two properties of the same type, not 'Int' and 'String'"),
    (.payloadMismatch(event: "vm.picked", expected: "Int", given: nil), "event 'vm.picked' needs a payload of type 'Int': emit picked(value)"),
    (.payloadMismatch(event: "vm.picked", expected: "Int", given: "String"), "event 'vm.picked' takes a payload of type 'Int', not 'String'"),
    (.payloadMismatch(event: "button.tap", expected: nil, given: nil), "event 'button.tap' takes no payload"),

    // Declarations.
    (.redeclaration(name: "x", container: "'Point'"), "invalid redeclaration of 'x' in 'Point'"),
    (.redeclaration(name: "f(a:)", container: nil), "invalid redeclaration of 'f(a:)'"),
    (.redeclaration(name: "a", container: nil, parameter: true), "invalid redeclaration of parameter 'a'"),
    (.duplicateParameter("x"), "duplicate parameter 'x'"),
    (.declaredTwice("count", typeName: "VM"), "'count' is declared twice in type 'VM'"),
    (.builtInTypeName("Int"), "type 'Int' is built in; choose another name"),
    (.doesNotConform(typeName: "Item", protocolName: "Named", reason: "it has no 'name'; add 'var name: …'"),
     "type 'Item' does not conform to protocol 'Named': it has no 'name'; add 'var name: …'"),
    (.notAtTopLevel(what: "protocol"), "protocol declarations are only allowed at the top level"),
    (.caseOutsideEnum, "'case' declares an enum case; it is only allowed in an 'enum'"),
    (.outside(keyword: "break", place: "a loop or 'switch'"), "'break' outside a loop or 'switch'"),

    // Other layers.
    (.uncaught(description: "LoginError.invalid"), "uncaught error: LoginError.invalid; handle it with 'do { try … } catch { … }'"),
    (.reactive(.readOnly("total")), "cannot assign to 'total': it is a derived value without a setter"),
    (.released(name: "vm", weak: false), "'vm' was released by the host; Swift must keep it alive while scripts use it"),
    (.released(name: "vm", weak: true),
     "'vm' was released by the host; it was injected with 'ownership: .weak', so Swift must keep it alive while scripts use it"),
    (.hostThrew(function: "load", description: "offline"), "'load' threw an error: offline"),
    (.hostCancelled(function: "load"), "'load' was cancelled"),
    (.swiftError("file not found"), "file not found"),
    (.syntax("expected expression"), "expected expression"),

    // Families with a message each.
    (.library(.writtenDifferently(base: "split", forms: ["split(separator:)", "split(whereSeparator:)"], written: "split(by:)")),
     "'split' is written 'split(separator:)' or 'split(whereSeparator:)', not 'split(by:)'"),
    (.library(.needsNumbers(function: "stride(from:to:by:)", given: ["String", "Int", "Int"])),
     "'stride(from:to:by:)' needs numbers, not 'String', 'Int' and 'Int'"),
    (.format(.moreArgumentsThanConversions(conversions: 1, given: 2)),
     "the format has 1 conversion but 2 arguments were given; add a conversion such as '%@' for each"),
    (.bridge(.closureArguments(expected: ["Int"], given: "String")), "the closure takes 'Int', not 'String'"),
    (.declaration(.genericArgumentCount(typeName: "Dictionary", count: 2, written: "Dictionary<K, V>")),
     "'Dictionary' takes 2 generic arguments, as in 'Dictionary<K, V>'"),
    (.statement(.unhandledError(byTry: true, reason: .catchNotExhaustive)),
     "errors thrown from here are not handled because the enclosing 'catch' is not exhaustive; add a 'catch { … }' for every other error"),
    (.statement(.unhandledError(byTry: false, reason: .insideDefer)),
     "errors cannot be thrown out of a 'defer' body; handle them there with 'do { … } catch { … }'"),
    (.statement(.usedBeforeDeclaration(name: "x", line: 3, inClosure: true, isLocal: false)),
     "closure captures 'x' before it is declared; declare 'x' (line 3) before the closure"),
    (.statement(.usedBeforeDeclaration(name: "x", line: 3, inClosure: false, isLocal: false)),
     "use of 'x' before its declaration; move its declaration (line 3) above this use"),
    (.statement(.ambiguousTypeName(name: "State", candidates: ["A.State", "B.State"])),
     "'State' is ambiguous: it may be 'A.State' or 'B.State'; write the one you mean"),
    (.connection(.effectLoop(depthLimit: 200)), "call depth limit of 200 exceeded in an effect; do effects trigger each other without end?"),
    (.connection(.effectLoop(depthLimit: nil)), "out of stack space in an effect; do effects trigger each other without end?"),
    (.call(.ambiguousOverload(function: "set(_:forKey:)", given: "'Double', 'String'", candidates: ["set(_: Int, forKey: String)", "set(_: String, forKey: String)"])),
     "ambiguous use of 'set(_:forKey:)': arguments of types 'Double', 'String' fit 'set(_: Int, forKey: String)', 'set(_: String, forKey: String)' alike; convert an argument to the type of the one you mean"),
    (.call(.dictionaryMethodArguments(method: "removeAll()", count: 0)), "'removeAll()' takes no arguments"),
  ]

  func testEachKindRendersItsText() {
    for row in rows {
      XCTAssertEqual(row.kind.message, row.message)
      XCTAssertEqual(ScriptError(row.kind).message, row.message, "a ScriptError's message is its kind's")
    }
  }

  func testAKindNamesTheWordItsQuickFixReplaces() {
    XCTAssertEqual(Kind.unknownName("vn", suggestion: "vm").suggestion?.written, "vn")
    XCTAssertEqual(Kind.unknownName("vn", suggestion: "vm").suggestion?.replacement, "vm")
    let method = Kind.noMethod(signature: "selct(index:)", typeName: "Picker", suggestion: "select(index:)").suggestion
    XCTAssertEqual(method.map { [$0.written, $0.replacement] }, ["selct", "select"])
    XCTAssertNil(Kind.noFunction(signature: "load(id:)", owner: "Store", suggestion: "load(key:)").suggestion)
    XCTAssertNil(Kind.unknownName("zz", suggestion: nil).suggestion)
    XCTAssertNil(Kind.noInitializer(signature: "C.init(strat:)", typeName: "C", suggestion: "C.init(start:)").suggestion)
    XCTAssertNil(Kind.swiftError("value of type 'X' has no member 'y'; did you mean 'z'?").suggestion)
  }

  /// The wordings of a write to a `let` are one: a variable, a property,
  /// a struct's field and a struct in a `let` all read the same way.
  func testWritesToALetAreWordedOneWay() throws {
    let session = TranscriptSession()
    let lines = session.run(
      """
      let n = 1
      n = 2
      type P { let id: Int = 0 }
      let p = P()
      p.id = 1
      struct S { let id: Int; var x: Int }
      var s = S(id: 1, x: 2)
      s.id = 3
      let t = S(id: 1, x: 2)
      t.x = 3
      """)
    XCTAssertEqual(
      lines,
      [
        "error: cannot assign to 'n': it is a 'let' constant; declare it with 'var' to change it",
        "error: cannot assign to 'id': it is a 'let' property of P",
        "error: cannot assign to 'id': it is a 'let' property of S",
        "error: cannot assign to 't': it is a 'let' constant; declare it with 'var' to change it",
      ])
  }
}
