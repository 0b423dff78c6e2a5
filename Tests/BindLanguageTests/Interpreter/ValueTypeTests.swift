import BindSyntax
import XCTest
@testable import BindLanguage

/// Swift signatures, methods, structs, enums and `switch`: behaviour the
/// conformance scripts in `Scripts/conformance/values` also show, plus what
/// only Swift can see (sizes, summaries, completion) and located errors.
final class ValueTypeTests: XCTestCase {
  func testValueStaysSmall() {
    // Struct and enum payloads must not make every value bigger.
    XCTAssertLessThanOrEqual(MemoryLayout<Value>.size, 17)
  }

  func testStructsAreCopiedOnAssignment() {
    XCTAssertEqual(
      transcript("""
        struct P { var x: Int; var tags: [String] = [] }
        var a = P(x: 1)
        var b = a
        b.x = 2
        b.tags.append("t")
        a
        b
        a == b
        """),
      [#"P(x: 1, tags: [])"#, #"P(x: 2, tags: ["t"])"#, "false"])
  }

  func testStructInPropertyNotifiesOncePerWrite() {
    XCTAssertEqual(
      transcript("""
        struct Hit { var score: Int = 0 }
        type VM { var hit: Hit = Hit() }
        let vm = VM()
        observe vm.hit
        vm.hit.score = 3
        vm.hit.score += 1
        vm.hit.score = 4
        """),
      ["vm.hit: Hit(score: 0) -> Hit(score: 3)", "vm.hit: Hit(score: 3) -> Hit(score: 4)"])
  }

  func testMutatingMethodThroughPropertyWritesBackOnce() {
    XCTAssertEqual(
      transcript("""
        struct Counter {
          var n: Int = 0
          mutating func bump(by step: Int = 1) { n += step }
        }
        type VM { var counter: Counter = Counter() }
        let vm = VM()
        observe vm.counter
        vm.counter.bump()
        vm.counter.bump(by: 5)
        """),
      ["vm.counter: Counter(n: 0) -> Counter(n: 1)", "vm.counter: Counter(n: 1) -> Counter(n: 6)"])
  }

  func testDerivedPropertyCallingMethodIsTracked() {
    XCTAssertEqual(
      transcript("""
        type Cart {
          var prices: [Int] = []
          var discount: Int = 0
          var total: Int { sum() - discount }
          func sum() -> Int {
            var s = 0
            for p in prices { s += p }
            return s
          }
        }
        let cart = Cart()
        observe cart.total
        cart.prices = [3, 4]
        cart.discount = 2
        """),
      ["cart.total: 0 -> 7", "cart.total: 7 -> 5"])
  }

  func testMethodsShowInSummariesAndCompletion() throws {
    let session = TranscriptSession()
    session.run("type Picker {\n  var selected: Int = 0\n  func select(index: Int) { selected = index }\n  func reset() { }\n}")
    let type = try XCTUnwrap(session.interpreter.typesByName["Picker"])
    XCTAssertEqual(type.memberSummaries, ["var selected: Int", "func select(index: Int)", "func reset()"])
    XCTAssertEqual(type.methodCompletions, ["select(index: ", "reset()"])
    XCTAssertEqual(type.methodNames, ["select(index:)", "reset()"])
  }

  func testImplicitMembersResolveInTypedContexts() {
    XCTAssertEqual(
      transcript("""
        enum S { case a, b(Int) }
        func pick(_ s: S) -> S { return s }
        pick(.b(2))
        func make() -> S { return .a }
        make() == .a
        type T { var s: S? }
        let t = T()
        t.s = .b(1)
        t.s
        """),
      [".b(2)", "true", ".b(1)"])
  }

  func testSwitchBreakAndContinueInLoops() {
    XCTAssertEqual(
      transcript("""
        var seen = []
        for i in 1...5 {
          switch i {
          case 2: continue
          case 4: break
          default: seen.append(i)
          }
          seen.append(0)
        }
        seen
        """),
      ["[1, 0, 3, 0, 0, 5, 0]"])
  }

  func testLocatedErrors() {
    let cases: [ErrorCase] = [
      ErrorCase(
        "struct A { var a: A? }", "1:19",
        "value type 'A' cannot have a stored property that recursively contains it; store it in an array ('var a: [A]') or make 'A' a 'type' (reference semantics)"),
      ErrorCase(
        "struct B { var x: Int }\nstruct A { var b: B; var a: A }", "2:29",
        "value type 'A' cannot have a stored property that recursively contains it; store it in an array ('var a: [A]') or make 'A' a 'type' (reference semantics)"),
      ErrorCase("enum E { case a }\nE.b", "2:3", "type 'E' has no member 'b'; did you mean 'a'?"),
      ErrorCase("struct P { let id: Int }\nvar p = P(id: 1)\np.id = 2", "3:1", "cannot assign to 'id': it is a 'let' property of P"),
      ErrorCase("struct P { var x: Int; var y: Int }\nP(x: 1)", "2:1", "missing argument for parameter 'y' in call to 'P(x:y:)'"),
      ErrorCase(
        "enum E { case a, b }\nfunc f(_ e: E) {\n  switch e {\n  case .a: print(1)\n  }\n}", "3:3",
        "switch must be exhaustive; missing case of 'E': '.b'; add it, or a 'default' case"),
      ErrorCase("func f(n: Int) { }\nf(2)", "2:3", "missing argument label 'n:' in call to 'f(n:)'"),
      ErrorCase("func f() -> Int { return \"x\" }\nf()", "1:26", "cannot convert return expression of type 'String' to return type 'Int'"),
      ErrorCase("func f(x: Int) { return 1 }", "1:25", "unexpected non-void return value in void function; declare its return type, as in '-> Int'"),
      ErrorCase("type T { mutating func f() { } }", "1:24", "'mutating' is not valid on methods of a 'type': a type has reference semantics, so its methods change its properties already"),
      ErrorCase("struct S { var x: Int; func f() { x = 1 } }\nS(x: 0).f()", "1:35", "cannot assign to property: 'self' is immutable; mark the method 'mutating' to change the value's fields"),
      ErrorCase("enum E: Double { case a }", "1:9", "raw type 'Double' is not supported; an enum's raw type is 'String' or 'Int'"),
      ErrorCase("enum E { case a = 1 }", "1:19", "enum case cannot have a raw value if the enum does not have a raw type; declare one, as in 'enum Tab: String'"),
      ErrorCase("enum E: String { case a(Int) }", "1:23", "enum with raw type cannot have cases with associated values"),
      ErrorCase("enum E { var x: Int = 0 }", "1:14", "enums must not contain stored properties; give a case an associated value ('case x(Int)') or compute it ('var x: Int { … }')"),
    ]
    for errorCase in cases { errorCase.check() }
  }

  func testDeepStructNestingDoesNotCrash() {
    // A long chain of nested struct values prints and compares without
    // overflowing the stack at the nesting the array checks allow.
    let lines = transcript("""
      struct N { var next: [N] = [] }
      var n = N()
      for i in 1...200 { n = N(next: [n]) }
      n == n
      """)
    XCTAssertEqual(lines, ["true"])
  }
}
