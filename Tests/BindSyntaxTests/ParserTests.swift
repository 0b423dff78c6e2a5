import XCTest
@testable import BindSyntax

/// One test (or more) per grammar rule, asserting on the `ASTDump` form.
final class ParserTests: XCTestCase {
  func testLiterals() {
    XCTAssertEqual(dump("42; 1_000; -7; 3.25; 1e-3; true; false; nil"),
                   "42\n1000\n-7\n3.25\n0.001\ntrue\nfalse\nnil")
    XCTAssertEqual(dump(#""a\"b\n""#), #""a\"b\n""#)
    XCTAssertEqual(dump("-9223372036854775808; 9223372036854775807"),
                   "-9223372036854775808\n9223372036854775807")
    XCTAssertEqual(dump("- 7; -x; -7.count"), "(- 7)\n(- x)\n(- (. 7 count))")
  }

  func testStringInterpolation() {
    XCTAssertEqual(dump(#""Hi, \(p1.name)!""#), #"(interp "Hi, " (. p1 name) "!")"#)
    XCTAssertEqual(dump(#""\(a)\(b)""#), "(interp a b)")
    XCTAssertEqual(dump(#""x \(f("y \(1 + (2))"))""#), #"(interp "x " (call f (interp "y " (+ 1 (paren 2)))))"#)
  }

  func testArraysAndGrouping() {
    XCTAssertEqual(dump("[]; [1, 2]; [1, 2,]; [[1], []]"),
                   "(array)\n(array 1 2)\n(array 1 2)\n(array (array 1) (array))")
    XCTAssertEqual(dump("(1 + 2) * 3"), "(* (paren (+ 1 2)) 3)")
    XCTAssertEqual(dump("[\n1,\n2\n]"), "(array 1 2)")
  }

  func testPostfixExpressions() {
    XCTAssertEqual(dump("a.b.c"), "(. (. a b) c)")
    XCTAssertEqual(dump("a?.b.c"), "(. (?. a b) c)")
    XCTAssertEqual(dump("xs[0][i + 1]"), "([] ([] xs 0) (+ i 1))")
    XCTAssertEqual(dump("xs.append(3)"), "(call (. xs append) 3)")
    XCTAssertEqual(dump(#"Person(name: "P1", age: 3)"#), #"(call Person (name: "P1") (age: 3))"#)
    XCTAssertEqual(dump("f()"), "(call f)")
    XCTAssertEqual(dump("f(a,\n  b,\n)"), "(call f a b)")
    XCTAssertEqual(dump("vm.type.in"), "(. (. vm type) in)")
    XCTAssertEqual(dump("f(type: 1, if: 2)"), "(call f (type: 1) (if: 2))")
  }

  func testPrecedence() {
    XCTAssertEqual(dump("a + b * c - d / e % f"), "(- (+ a (* b c)) (% (/ d e) f))")
    XCTAssertEqual(dump("a || b && c == d"), "(|| a (&& b (== c d)))")
    XCTAssertEqual(dump("1 + 2...3 * 4"), "(... (+ 1 2) (* 3 4))")
    XCTAssertEqual(dump("0..<n"), "(..< 0 n)")
    XCTAssertEqual(dump("a ?? b ?? c"), "(?? a (?? b c))")
    XCTAssertEqual(dump("a ?? 0 > 5"), "(> (?? a 0) 5)")
    XCTAssertEqual(dump("a ?? 0...5"), "(?? a (... 0 5))")
    XCTAssertEqual(dump("c ? x : d ? y : z"), "(?: c x (?: d y z))")
    XCTAssertEqual(dump("a || b ? 1 + 2 : 3"), "(?: (|| a b) (+ 1 2) 3)")
    XCTAssertEqual(dump("!a && -b < c"), "(&& (! a) (< (- b) c))")
    XCTAssertEqual(dump("!!a.b(1)[2]"), "(! (! ([] (call (. a b) 1) 2)))")
    XCTAssertEqual(dump("a - -1"), "(- a -1)")
    XCTAssertEqual(dump("a +\n  b"), "(+ a b)")
  }

  func testVariablesAndAssignments() {
    XCTAssertEqual(dump("let p1 = Person(name: \"P1\")"), #"(let p1 (call Person (name: "P1")))"#)
    XCTAssertEqual(dump("var p2 = nil\np2 = nil"), "(var p2 nil)\n(= p2 nil)")
    XCTAssertEqual(dump("a.b.c = 1; xs[0] -= 2; vm.count += 1"),
                   "(= (. (. a b) c) 1)\n(-= ([] xs 0) 2)\n(+= (. vm count) 1)")
    XCTAssertEqual(dump("x =\n  1"), "(= x 1)")
  }

  func testTypeDeclaration() {
    let source = """
      type Person {
        var name: String = ""
        var age: Int = 0
        var nickname: String?                     # optional, starts nil
        var greeting: String { "Hello, \\(name)" } # derived, read-only
        var friend: Person?
        var tags: [String] = []
        var grid: [[Int]?]?
        let id: Int = 1
        var type: String = "t"; event renamed
        event picked: Int
        var long: Bool {
          a &&
            b
        }
      }
      """
    XCTAssertEqual(dump(source), """
      (type Person (var name String "") (var age Int 0) (var nickname String?) \
      (derived greeting String (interp "Hello, " name)) (var friend Person?) (var tags [String] (array)) \
      (var grid [[Int]?]?) (let id Int 1) (var type String "t") (event renamed) (event picked Int) \
      (derived long Bool (&& a b)))
      """)
    XCTAssertEqual(dump("type Empty {}"), "(type Empty)")
  }

  func testFunctionDeclarationAndReturn() {
    XCTAssertEqual(dump("func fill(vm, name) { vm.username = name; return vm }"),
                   "(func fill (vm name) (block (= (. vm username) name) (return vm)))")
    XCTAssertEqual(dump("func f() {\n  return\n}"), "(func f () (block (return)))")
    XCTAssertEqual(dump("func f(a,\n b,) { return }"), "(func f (a b) (block (return)))")
  }

  func testBindStatements() {
    XCTAssertEqual(dump("bind p1.name -> label.text"), "(bind (. p1 name) -> (. label text))")
    XCTAssertEqual(dump(#"bind "Hi, \(p1.name)!" -> label.text as greet"#),
                   #"(bind (interp "Hi, " (. p1 name) "!") -> (. label text) as greet)"#)
    XCTAssertEqual(dump("bind field.text <-> vm.username"), "(bind (. field text) <-> (. vm username))")
    XCTAssertEqual(dump("bind button.tap -> vm.submit as fwd"), "(bind (. button tap) -> (. vm submit) as fwd)")
    XCTAssertEqual(dump("bind a.x + 1 ->\n  b.x"), "(bind (+ (. a x) 1) -> (. b x))")
  }

  func testObserveStatements() {
    XCTAssertEqual(dump("observe p1.name"), "(observe (. p1 name))")
    XCTAssertEqual(dump("observe p1.name initial"), "(observe (. p1 name) initial)")
    XCTAssertEqual(dump("observe p1.name initial as n"), "(observe (. p1 name) initial as n)")
    XCTAssertEqual(dump(#"observe vm.count as counter { old, new in print("count \(old) -> \(new)") }"#),
                   #"(observe (. vm count) as counter (block (params old new) (call print (interp "count " old " -> " new))))"#)
    XCTAssertEqual(dump("observe a {\n  print(1)\n  print(2)\n}"),
                   "(observe a (block (call print 1) (call print 2)))")
    XCTAssertEqual(dump("observe a { v in }"), "(observe a (block (params v)))")
    XCTAssertEqual(dump("observe a {\n  old, new in\n  print(old)\n}"),
                   "(observe a (block (params old new) (call print old)))")
  }

  func testOnEmitDisposeBatch() {
    XCTAssertEqual(dump("on button.tap { vm.count += 1 }"), "(on (. button tap) (block (+= (. vm count) 1)))")
    XCTAssertEqual(dump("on picker.picked as h { v in print(v) }"),
                   "(on (. picker picked) as h (block (params v) (call print v)))")
    XCTAssertEqual(dump("emit button.tap"), "(emit (. button tap))")
    XCTAssertEqual(dump("emit picker.picked(3)"), "(emit (. picker picked) 3)")
    XCTAssertEqual(dump("emit picker.picked()"), "(emit (. picker picked))")
    XCTAssertEqual(dump("dispose greet"), "(dispose greet)")
    XCTAssertEqual(dump("batch { a.x = 1; a.y = 2 }"), "(batch (block (= (. a x) 1) (= (. a y) 2)))")
    XCTAssertEqual(dump("batch {\n}"), "(batch (block))")
  }

  func testControlFlow() {
    XCTAssertEqual(dump("if c { a } else if c2 { b } else { d }"),
                   "(if c (block a) (else (if c2 (block b) (else (block d)))))")
    XCTAssertEqual(dump("if c {\n  a\n}\nelse {\n  b\n}"), "(if c (block a) (else (block b)))")
    XCTAssertEqual(dump("if c { a }\nb"), "(if c (block a))\nb")
    XCTAssertEqual(dump("for i in 1...10 { print(i) }"), "(for i (... 1 10) (block (call print i)))")
    XCTAssertEqual(dump("for x in xs { if x { break } else { continue } }"),
                   "(for x xs (block (if x (block (break)) (else (block (continue))))))")
    XCTAssertEqual(dump("while n < 3 { n += 1 }"), "(while (< n 3) (block (+= n 1)))")
    XCTAssertEqual(dump("repeat { n += 1 } while n < 3"), "(repeat (block (+= n 1)) (< n 3))")
    XCTAssertEqual(dump("repeat {\n  n += 1\n}\nwhile n < 3\nn"), "(repeat (block (+= n 1)) (< n 3))\nn")
    // Contextual: a name anywhere else.
    XCTAssertEqual(dump("repeat + 1"), "(+ repeat 1)")
  }

  func testImportAndCalls() {
    XCTAssertEqual(dump(#"import "Shared/types.bind""#), #"(import "Shared/types.bind")"#)
    XCTAssertEqual(dump(#"print(a, b); assert(label.text == "Hi, Ada!")"#),
                   #"(call print a b)"# + "\n" + #"(call assert (== (. label text) "Hi, Ada!"))"#)
  }

  func testSeparatorsAndLayout() {
    let source = """
      #!/usr/bin/env bindscript

      let a = 1 ;; let b = 2
      #> nothing
      print(a,
            b)
      """
    XCTAssertEqual(dump(source), "(let a 1)\n(let b 2)\n(call print a b)")
    XCTAssertEqual(dump(""), "")
    XCTAssertEqual(dump("\n\n  # only a comment\n"), "")
  }

  func testRangesAndSourceText() {
    let result = Parser.parse("observe  vm.user?.name  initial\nbind (a +\n b) -> c.d as x")
    guard case .observe(let observe) = result.statements[0],
      case .bind(let bind) = result.statements[1]
    else { return XCTFail("wrong statements") }
    XCTAssertEqual(observe.expression.sourceText(in: result.file), "vm.user?.name")
    XCTAssertEqual("\(observe.range)", "1:1-1:32")
    XCTAssertEqual(bind.source.sourceText(in: result.file), "(a +\n b)")
    XCTAssertEqual(result.file.text(in: bind.range), "bind (a +\n b) -> c.d as x")
    XCTAssertEqual(bind.name?.range.start.column, 15)
    XCTAssertEqual(result.statements[1].range.start.line, 2)
  }

  func testStatementRangesCoverTheWholeStatement() {
    let source = """
      type T { var x: Int = 1 }
      func f(a) { return a }
      on b.tap as h { v in print(v) }
      if a { } else { }
      """
    let result = Parser.parse(source)
    XCTAssertEqual(result.statements.map { result.file.text(in: $0.range) },
                   source.split(separator: "\n").map(String.init))
  }

  /// tupleExpression, tuplePattern, tupleTypeElement and '.INTEGER'.
  func testTuples() {
    XCTAssertEqual(dump("(1, \"a\")"), "(tuple 1 \"a\")")
    XCTAssertEqual(dump("(x: 1, y: 2,)"), "(tuple (x: 1) (y: 2))")
    XCTAssertEqual(dump("(1)"), "(paren 1)")
    XCTAssertEqual(dump("t.0.1"), "(. (. t 0) 1)")
    XCTAssertEqual(dump("let (a, _) = p"), "(let (a, _) p)")
    XCTAssertEqual(dump("var p: (x: Int, String) = q"), "(var p : (x: Int, String) q)")
    XCTAssertEqual(dump("let f: (Int, Int) -> Int = g"), "(let f : (Int, Int) -> Int g)")
  }
}
