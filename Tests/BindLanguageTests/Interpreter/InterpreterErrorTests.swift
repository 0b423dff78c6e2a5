import BindSyntax
import XCTest
@testable import BindLanguage

/// Runtime and compile-time errors of the interpreter, one row per
/// diagnostic (argument-parser's `ErrorCase` style): each row is a script
/// whose last output line is the error, with its message and its
/// `line:column`.
final class InterpreterErrorTests: XCTestCase {
  func testNameAndMemberErrors() {
    let cases: [ErrorCase] = [
      ErrorCase("let counter = 1\nprint(countr)", "2:7", "cannot find 'countr' in scope; did you mean 'counter'?"),
      ErrorCase("x = 1", "1:1", "cannot find 'x' in scope"),
      ErrorCase("let l = Label()\nl.txt", "2:3", "no property 'txt' on Label; did you mean 'text'?"),
      ErrorCase("let l = Label()\nl.txt = \"a\"", "2:3", "no property 'txt' on Label; did you mean 'text'?"),
      ErrorCase("let b = Button()\nemit b.tapp", "2:8", "no property 'tapp' on Button; did you mean 'tap'?"),
      ErrorCase("let y = Labl()", "1:9", "cannot find 'Labl' in scope; did you mean 'Label'?"),
      ErrorCase("let l = Label\n", "1:9", "'Label' is a type; write 'Label()' to create an instance"),
      ErrorCase("type T { var x: Strin }", "1:17", "cannot find type 'Strin'; did you mean 'String'?"),
      ErrorCase("type T { var x: Int; var x: Int }", "1:26", "'x' is declared twice in type 'T'"),
      ErrorCase("type Label { var x: Int }", "1:6", "type 'Label' is built in; choose another name"),
      ErrorCase("func f(a, a) { }", "1:11", "duplicate parameter 'a'"),
      ErrorCase("func f() { type T { var x: Int } }", "1:17", "type declarations are only allowed at the top level"),
      ErrorCase("let n = 5\nn.count", "2:1", "value of type 'Int' has no property 'count'"),
      ErrorCase("let s = \"a\"\ns.uppercase()", "2:1", "value of type 'String' has no method 'uppercase'; did you mean 'uppercased'?"),
    ]
    for errorCase in cases { errorCase.check() }
  }

  func testAssignmentErrors() {
    let cases: [ErrorCase] = [
      ErrorCase("let a = 1\na = 2", "2:1", "cannot assign to 'a': it is a 'let' constant; declare it with 'var' to change it"),
      ErrorCase("let a = 1\na += 2", "2:1", "cannot assign to 'a': it is a 'let' constant; declare it with 'var' to change it"),
      ErrorCase(
        "type P { var age: Int = 0 }\nlet p = P()\n  p.age = \"x\"", "3:3",
        "cannot assign value of type 'String' to property 'age' of type 'Int'"),
      ErrorCase(
        "type P { var age: Int = 0 }\nlet p = P()\np.age += 0.5", "3:1",
        "cannot assign value of type 'Double' to property 'age' of type 'Int'"),
      ErrorCase(
        "type P { let id: Int = 0 }\nlet p = P()\np.id = 1", "3:1", "cannot assign to 'id': it is a 'let' property of P"),
      ErrorCase(
        "type P { var a: Int = 0; var b: Int { a } }\nlet p = P()\np.b = 1", "3:1",
        "cannot assign to 'b': it is a derived property, computed from other properties"),
      ErrorCase("let b = Button()\nb.tap = 1", "2:1", "cannot assign to event 'tap'; send it with 'emit'"),
      ErrorCase("var l = nil\nl.text = \"a\"", "2:1", "cannot assign to 'text' of nil"),
      ErrorCase("var n = 3\nn.text = \"a\"", "2:1", "cannot assign to 'text' of a value of type 'Int'"),
      ErrorCase("var xs = [1]\nxs[1] = 2", "2:1", "index 1 out of range for an array of 1 element"),
      ErrorCase("var s = \"ab\"\ns[0] = 1", "2:1", "cannot assign through a subscript of a value of type 'String'"),
    ]
    for errorCase in cases { errorCase.check() }
  }

  func testOperatorErrors() {
    let cases: [ErrorCase] = [
      ErrorCase("let x = 10 / 0", "1:9", "division by zero"),
      ErrorCase("let x = 10 % 0", "1:9", "remainder by zero"),
      ErrorCase("print(1, 9223372036854775807 + 1)", "1:10", "arithmetic overflow: 9223372036854775807 + 1 does not fit in Int"),
      ErrorCase("var n = 9223372036854775807\nn += 1", "2:1", "arithmetic overflow: 9223372036854775807 + 1 does not fit in Int"),
      ErrorCase("let m = -9223372036854775807 - 1\nlet x = -m", "2:9", "arithmetic overflow: -(-9223372036854775808) does not fit in Int"),
      ErrorCase(
        "let x = \"a\" + 1", "1:9",
        "cannot apply '+' to 'String' and 'Int'; convert with String(…) or use interpolation \"\\(…)\""),
      ErrorCase("let x = !3", "1:9", "'!' needs a Bool, not 'Int'"),
      ErrorCase("let x = 1 < \"a\"", "1:9", "cannot compare 'Int' and 'String' with '<'"),
      ErrorCase("let x = 1 && true", "1:9", "'&&' needs Bool operands"),
      ErrorCase("let x = false || 2", "1:18", "'||' needs Bool operands"),
      ErrorCase("let x = [1, 2][2]", "1:9", "index 2 out of range for an array of 2 elements"),
      ErrorCase("let xs = [1]\nlet y = xs[true]", "2:9", "array index must be Int, not 'Bool'"),
      ErrorCase("let x = 3...1", "1:9", "range 3...1 has its lower bound above its upper bound"),
      ErrorCase("let x = 1 ? 2 : 3", "1:9", "condition must be a Bool, not 'Int'"),
      // Columns count characters, not UTF-8 bytes.
      ErrorCase("print(\"日本語\", \"é\", 1 / 0)", "1:19", "division by zero"),
      ErrorCase("let 名前 = 1\n名前 = 2", "2:1", "cannot assign to '名前': it is a 'let' constant; declare it with 'var' to change it"),
    ]
    for errorCase in cases { errorCase.check() }
  }

  func testCallErrors() {
    let cases: [ErrorCase] = [
      ErrorCase("func f(a) { }\nf()", "2:1", "'f' takes 1 argument but 0 were given"),
      ErrorCase("func f(a) { }\nf(x: 1)", "2:3", "unexpected argument label 'x:'; 'f' takes its arguments without labels"),
      ErrorCase("let n = 1\nn()", "2:1", "cannot call a value of type 'Int'"),
      ErrorCase("let x = abs(\"a\")", "1:9", "abs needs a number, not 'String'"),
      ErrorCase("let x = min(1)", "1:9", "'min' needs at least 2 arguments"),
      ErrorCase("let x = Int(1e300)", "1:9", "Int(1e+300) does not fit in Int"),
      ErrorCase("let x = Double([1])", "1:9", "cannot convert '[Int]' to Double"),
      ErrorCase("var xs = []\nxs.removeLast()", "2:1", "cannot removeLast() from an empty array"),
      ErrorCase("[1].append(2)", "1:5", "cannot call mutating method 'append' on a value that cannot be assigned to"),
      ErrorCase("type P { var n: Int = 0 }\nlet p = P(m: 1)", "2:11", "no property 'm' on P; did you mean 'n'?"),
      ErrorCase(
        "type P { var n: Int = 0 }\nlet p = P(n: \"1\")", "2:11",
        "cannot assign value of type 'String' to property 'n' of type 'Int'"),
      ErrorCase("type P { var n: Int = 0 }\nlet p = P(1)", "2:11", "constructor arguments need property labels, as in 'P(name: …)'"),
      ErrorCase("type P { var n: Int = 0 }\nlet p = P(n: 1, n: 2)", "2:17", "property 'n' given twice"),
      ErrorCase("type Q { var q: Q }\nlet q = Q()", "2:9", "missing argument for property 'q' of type 'Q'"),
      ErrorCase(
        "type P { var a: Int = 0; var b: Int { a } }\nlet p = P(b: 1)", "2:11",
        "cannot initialize derived property 'b'; it is computed from other properties"),
      ErrorCase("let b = Button(tap: 1)", "1:16", "cannot initialize event 'tap'"),
      ErrorCase("type T { var n: Int = 1 / 0 }\nlet t = T()", "1:23", "division by zero"),
      ErrorCase("type U { var s: String = 5 }\nlet u = U()", "2:9", "cannot assign value of type 'Int' to property 's' of type 'String'"),
      // Runaway recursion: InterpreterLimitsTests (it needs the command's
      // stack to reach the call-count limit; this runs on the test's).
    ]
    for errorCase in cases { errorCase.check() }
  }

  func testControlFlowErrors() {
    let cases: [ErrorCase] = [
      ErrorCase("if 1 { }", "1:4", "condition must be a Bool, not 'Int'"),
      ErrorCase("while nil { }", "1:7", "condition must be a Bool, not 'nil'"),
      ErrorCase("for i in 5 { }", "1:10", "'for' needs an array, a set, a dictionary or a range like '1...10', not 'Int'"),
      ErrorCase("for i in 3...1 { }", "1:10", "range 3...1 has its lower bound above its upper bound; count down with a 'while' loop"),
      ErrorCase("for i in 1.5...3 { }", "1:10", "range bounds must be Int, not 'Double'"),
      ErrorCase("return", "1:1", "'return' outside a function or handler"),
      ErrorCase("if true { break }", "1:11", "'break' outside a loop or 'switch'"),
      ErrorCase("continue", "1:1", "'continue' outside a loop"),
      ErrorCase("for i in 1...3 {\n  print(i)\n  if i == 2 { print(1 / 0) }\n}", "3:21", "division by zero", before: ["1", "2"]),
    ]
    for errorCase in cases { errorCase.check() }
  }

  func testReactiveErrors() {
    let cases: [ErrorCase] = [
      ErrorCase("let b = Button()\nobserve b.tap", "2:9", "'b.tap' is an event; handle it with 'on b.tap { … }'"),
      ErrorCase("var x = 1\nobserve x", "2:9", "'x' holds a value of type 'Int', not an object; observe an object or a property, such as 'x.name'"),
      ErrorCase("let l = Label()\non l.text { }", "2:4", "'l.text' is not an event; 'on' handles events such as 'button.tap'"),
      ErrorCase("let l = Label()\nemit l.text", "2:6", "'l.text' is not an event; only events can be emitted"),
      ErrorCase("let b = Button()\nemit b.tap(1)", "2:1", "event 'Button#1.tap' takes no payload"),
      ErrorCase("type P { event e: Int }\nlet p = P()\nemit p.e", "3:1", "event 'P#1.e' needs a payload of type 'Int': emit e(value)"),
      ErrorCase(
        "type P { event e: Int }\nlet p = P()\nemit p.e(\"x\")", "3:1", "event 'P#1.e' takes a payload of type 'Int', not 'String'"),
      ErrorCase("dispose nothing", "1:9", "no binding, observer, handler or timer named 'nothing'"),
      ErrorCase(
        "let l = Label()\nbind l.text -> l.isHidden as shown", "2:1",
        "cannot bind value of type 'nil' into 'Label#1.isHidden' of type 'Bool'"),
      ErrorCase(
        "let l = Label()\nlet f = TextField()\nbind f.text -> l.text as shown\ndispose shwn", "4:9",
        "no binding, observer, handler or timer named 'shwn'; did you mean 'shown'?"),
      ErrorCase("var x = 1\nlet l = Label()\nbind \"a\" -> x", "3:13", "cannot bind into variable 'x'; bind into a property such as 'label.text'"),
      ErrorCase(
        "type P { var a: Int = 0; var b: Int { a } }\nlet p = P()\nbind 1 -> p.b", "3:11",
        "cannot bind into 'b': it is a derived property, computed from other properties"),
      ErrorCase("type P { let a: Int = 0 }\nlet p = P()\nbind 1 -> p.a", "3:11", "cannot bind into 'a': it is a 'let' property of P"),
      ErrorCase("var p = nil\nlet l = Label()\nbind \"x\" -> p.text", "3:13", "cannot bind into 'text' of nil"),
      ErrorCase("let b = Button()\nlet l = Label()\nbind \"x\" -> b.tap", "3:1", "cannot bind a value into event 'Button#1.tap'; events are sent with 'emit'"),
      ErrorCase("let b = Button()\nlet c = Button()\nbind b.tap <-> c.tap", "3:1", "'<->' binds two properties; events cannot be bound both ways"),
      ErrorCase("var p = nil\nobserve p.name", "2:9", "cannot read 'name' of nil"),
      ErrorCase(
        "type C { var v: Int = 0 }\nlet c = C()\nobserve c.v { n in\n  print(10 / n)\n}\nc.v = 0\nc.v = 5\nc.v = 0", "4:9",
        "division by zero", before: ["2"]),
      ErrorCase(
        "type N { var x: Int = 0 }\nlet a = N()\nlet b = N()\nbind a.x + 1 -> b.x\nbind b.x -> a.x", "5:1",
        "binding cycle: N#1.x -> a.x + 1 -> N#2.x -> N#1.x (the change fed back into itself 10 times)"),
    ]
    for errorCase in cases { errorCase.check() }
  }

  func testAssertErrors() {
    let cases: [ErrorCase] = [
      ErrorCase("let x = 1\nassert(x == 2)", "2:8", "assertion failed: x == 2 ('x' is 1)"),
      ErrorCase("let x = 1\nassert(x > 5, \"big\")", "2:8", "assertion failed: x > 5: big ('x' is 1)"),
      ErrorCase("assert(false)", "1:8", "assertion failed: false"),
      ErrorCase("let s = \"a\"\nassert(!s.isEmpty && s.count > 1)", "2:8", "assertion failed: !s.isEmpty && s.count > 1 ('s.isEmpty' is false, 's.count' is 1)"),
      ErrorCase("assert(\"yes\")", "1:8", "assert needs a Bool condition, not 'String'"),
      ErrorCase("assert()", "1:1", "'assert' takes a condition and an optional message: assert(x == 1, \"why\")"),
      ErrorCase("assert(true, \"a\", \"b\")", "1:1", "'assert' takes a condition and an optional message: assert(x == 1, \"why\")"),
    ]
    for errorCase in cases { errorCase.check() }
  }

  func testErrorsInDerivedPropertiesAndChains() {
    let cases: [ErrorCase] = [
      ErrorCase(
        "type T { var n: Int = 0; var r: Int { 10 / n } }\nlet t = T()\nt.r", "1:39", "division by zero"),
      ErrorCase(
        "type T { var n: Int = 1; var s: String { n } }\nlet t = T()\nlet v = t.s", "3:9",
        "cannot assign value of type 'Int' to derived property 's' of type 'String'"),
      ErrorCase(
        "type U { var name: String = \"\" }\ntype V { var user: U? }\nlet v = V()\nv.user.name", "4:1",
        "cannot read 'name' of nil; use '?.' to read it only when the value is not nil"),
    ]
    for errorCase in cases { errorCase.check() }
  }
}
