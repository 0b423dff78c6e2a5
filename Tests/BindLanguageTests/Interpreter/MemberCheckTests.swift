import BindSyntax
import XCTest
@testable import BindLanguage

/// `bindscript check`'s member pass: misspelled members of receivers whose
/// type is known for certain, and silence wherever it is not.
final class MemberCheckTests: XCTestCase {
  private func check(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> [String] {
    let interpreter = Interpreter()
    interpreter.output = { XCTFail("check must not print: \($0)", file: file, line: line) }
    defer { interpreter.endSession() }
    return interpreter.check(Parser.parse(source, path: "members.bind")).map {
      "\($0.range.map { "\($0.start)" } ?? "?"): \($0.message)"
    }
  }

  /// What running `source` reports, as `LINE:COLUMN: message` of its first error.
  private func runtimeError(_ source: String) -> String? {
    let session = TranscriptSession()
    session.showsLocations = true
    return session.run(source).first { $0.hasPrefix("error: ") }.map { String($0.dropFirst("error: ".count)) }
  }

  private let counter = "type C { var count: Int = 0; var double: Int { count * 2 }; event ping; func refresh() { } }\n"

  func testEachMisspellingFormOfAScriptType() {
    XCTAssertEqual(
      check(
        counter + """
          let c = C()
          c.cuont = 1
          print(c.cuont)
          observe c.dobule
          on c.pnig { }
          emit c.pnig
          c.refersh()
          let label = Label()
          bind c.cuont -> label.text
          bind c.count -> label.txet
          """),
      [
        "3:3: no property 'cuont' on C; did you mean 'count'?",
        "4:9: no property 'cuont' on C; did you mean 'count'?",
        "5:11: no property 'dobule' on C; did you mean 'double'?",
        "6:6: no property 'pnig' on C; did you mean 'ping'?",
        "7:8: no property 'pnig' on C; did you mean 'ping'?",
        "8:3: value of type 'C' has no method 'refersh'; did you mean 'refresh'?",
        "10:8: no property 'cuont' on C; did you mean 'count'?",
        "11:23: no property 'txet' on Label; did you mean 'text'?",
      ])
  }

  func testTheMessagesAreTheRunTimeErrors() {
    // Same text as running the statement; check points at the member name.
    for statement in ["c.cuont = 1", "print(c.cuont)", "emit c.pnig"] {
      let source = counter + "let c = C()\n" + statement
      XCTAssertEqual(check(source).map { $0.drop { $0 != " " }.dropFirst() }, runtimeError(source).map { [$0.drop { $0 != " " }.dropFirst()] } ?? [])
    }
    let call = counter + "let c = C()\nc.refersh()"
    XCTAssertEqual(runtimeError(call), "3:1: value of type 'C' has no method 'refersh'; did you mean 'refresh'?")
    let structSource = "struct P { var x: Int; func len() -> Int { return x } }\nlet p = P(x: 1)\nprint(p.lne())\np.y"
    XCTAssertEqual(runtimeError(structSource), "3:7: value of type 'P' has no member 'lne'; did you mean 'len'?")
    XCTAssertEqual(
      check(structSource),
      [
        "3:9: value of type 'P' has no member 'lne'; did you mean 'len'?",
        "4:3: value of type 'P' has no member 'y'; did you mean 'x'?",
      ])
  }

  func testKnownReceivers() {
    XCTAssertEqual(
      check(
        counter + """
          type Holder { var inner: C = C(); var maybe: C?
            func poke() { self.inner.cuont = 2; print(self.maybe?.cuont) } }
          func f(c: C, _ d: C?) { c.cuont = 1; print(d?.cuont) }
          let h = Holder()
          h.inner.cuont = 1
          h.maybe?.refersh()
          var v = C()
          v.cuont = 1
          let typed: C? = nil
          typed?.cuont
          let each = [1].map { (x: C) in x.cuont }
          """),
      [
        "3:28: no property 'cuont' on C; did you mean 'count'?",
        "3:57: no property 'cuont' on C; did you mean 'count'?",
        "4:27: no property 'cuont' on C; did you mean 'count'?",
        "4:47: no property 'cuont' on C; did you mean 'count'?",
        "6:9: no property 'cuont' on C; did you mean 'count'?",
        "7:10: value of type 'C' has no method 'refersh'; did you mean 'refresh'?",
        "9:3: no property 'cuont' on C; did you mean 'count'?",
        "11:8: no property 'cuont' on C; did you mean 'count'?",
        "12:34: no property 'cuont' on C; did you mean 'count'?",
      ])
  }

  func testWritesOfPrivateSetPropertiesFromOutsideTheirType() {
    let declarations = """
      struct Point { var x: Int = 0; mutating func shift() { x += 1 } }
      type T {
        private(set) var n: Int = 0
        private(set) var xs: [Int] = []
        private(set) var p: Point = Point()
        private(set) var inner: T?
        var open: Point = Point()
        func bump() { n += 1; xs.append(1); self.p.x = 2; p.shift(); let f = { self.n = 3 } }
      }
      extension T { func reset() { self.xs = [] } }
      let t = T()

      """
    let inaccessible = { (line: Int, column: Int, name: String) in
      "\(line):\(column): cannot assign to property: '\(name)' setter is inaccessible; T declares it private, so only its own methods write it"
    }
    XCTAssertEqual(
      check(
        declarations + """
          t.n = 1
          t.n += 1
          t.xs.append(2)
          t.xs[0] = 3
          t.xs.sort()
          t.p.x = 4
          t.p.shift()
          bind T().n -> t.n
          func outside(_ u: T) { u.n = 5 }
          type Other { func poke(_ w: T) { w.xs = [] } }
          type Holder { var held: T = T(); func poke() { held.n = 6; held.xs.append(1) } }
          """),
      [
        inaccessible(12, 3, "n"), inaccessible(13, 3, "n"), inaccessible(14, 3, "xs"), inaccessible(15, 3, "xs"),
        inaccessible(16, 3, "xs"), inaccessible(17, 3, "p"), inaccessible(18, 3, "p"), inaccessible(19, 17, "n"),
        inaccessible(20, 26, "n"), inaccessible(21, 36, "xs"), inaccessible(22, 53, "n"), inaccessible(22, 65, "xs"),
      ])
    // Reads, the type's own code, non-mutating calls, and properties that
    // are not private are not writes it refuses.
    XCTAssertEqual(
      check(
        declarations + """
          t.bump()
          t.reset()
          print(t.n, t.xs.count, t.xs.sorted(), t.p.x)
          t.open.x = 1
          t.open.shift()
          let copy = t.xs
          """),
      [])
  }

  func testNoReportWhereTheTypeIsNotCertain() {
    XCTAssertEqual(
      check(
        counter + """
          type D { var other: Int = 0 }
          func untyped(c) { c.cuont = 1 }
          var reassigned = C()
          reassigned = D()
          reassigned.other = 1
          let twice = C()
          func g() { let twice = D(); twice.other = 1 }
          let maybe: C? = nil
          if let maybe { maybe.count = 1 }
          let list = [C()]
          for item in list { item.whatever = 1 }
          type M { var count: Int = 0; func m() { count.x } }
          let count = C()
          type Shadowed { var held: C = C(); func f(held: D) { held.other = 1 } }
          let handler = { x in x.cuont }
          on C().ping { value in value.cuont }
          let made = makeC()
          made.cuont
          func makeC() { return C() }
          let optional: C? = nil
          """),
      [])
  }

  func testStringsAndLiteralArrays() {
    let source = """
      let s = "text"
      s.cout
      s.uppercase()
      "a\\(s)".isEmpty
      let a = [1, 2]
      a.apend(3)
      print(a.frist, [true].lats, ["x"].joined(), a.map { $0 }, a.count, s.hasPrefix("t"))
      """
    XCTAssertEqual(
      check(source),
      [
        "2:3: value of type 'String' has no property 'cout'; did you mean 'count'?",
        "3:3: value of type 'String' has no method 'uppercase'; did you mean 'uppercased'?",
        "6:3: value of type '[Int]' has no method 'apend'; did you mean 'append'?",
        "7:9: value of type '[Int]' has no property 'frist'; did you mean 'first'?",
        "7:23: value of type '[Bool]' has no property 'lats'; did you mean 'last'?",
      ])
    XCTAssertEqual(runtimeError(source), "2:1: value of type 'String' has no property 'cout'; did you mean 'count'?")
  }

  func testDictionaryLiterals() {
    let source = """
      let ages = ["ada": 36, "alan": 41]
      ages.kyes
      ages.lookup("ada")
      print(ages.keys, ages.count, ages["ada"])
      let mixed = ["a": 1, "b": "two"]
      mixed.kyes
      let repeated = ["a": 1, "a": 2]
      repeated.kyes
      """
    XCTAssertEqual(
      check(source),
      [
        "2:6: value of type '[String: Int]' has no property 'kyes'; did you mean 'keys'?",
        "3:6: value of type '[String: Int]' has no method 'lookup'",
      ])
    XCTAssertEqual(runtimeError(source), "2:1: value of type '[String: Int]' has no property 'kyes'; did you mean 'keys'?")
    XCTAssertEqual(
      runtimeError("let ages = [\"ada\": 36]\nages.lookup(\"ada\")"), "2:1: value of type '[String: Int]' has no method 'lookup'")
  }

  func testNoReportForWritesAndReactiveUsesOfValues() {
    // Their run-time errors are other ones (a string has no settable
    // members; `observe` needs an object's property).
    XCTAssertEqual(check("var s = \"x\"\ns.cout = 1\nobserve s.cout\nstruct P { var x: Int }\nvar p = P(x: 1)\nobserve p.y"), [])
  }

  func testATypeWhoseDeclarationFailedIsNotTrusted() {
    XCTAssertEqual(
      check("type T { var a: Int = 0; func f() { uknown() } }\nlet t = T()\nt.b = 1"),
      ["1:37: cannot find 'uknown' in scope"])
  }

  func testALongChainOfInitializersEndsUnknownWithoutExhaustingTheStack() {
    var source = counter + "let a0 = C()\n"
    for index in 1..<20_000 { source += "let a\(index) = a\(index - 1)\n" }
    source += "a5.cuont\na19999.cuont\n"
    XCTAssertEqual(check(source), ["20002:4: no property 'cuont' on C; did you mean 'count'?"])
  }

  func testEnumCasesNamedThroughTheirType() {
    let source = """
      enum Phase { case idle, loading, loaded(count: Int) }
      let phase = Phase.lodaing
      let done = Phase.loadde(count: 1)
      let fine = Phase.loaded(count: 2)
      """
    XCTAssertEqual(
      check(source),
      [
        "2:19: type 'Phase' has no member 'lodaing'; did you mean 'loading'?",
        "3:18: type 'Phase' has no member 'loadde'; did you mean 'loaded'?",
      ])
    XCTAssertEqual(runtimeError(source), "2:19: type 'Phase' has no member 'lodaing'; did you mean 'loading'?")
    XCTAssertEqual(check("let early = Phase.lodaing\nenum Phase { case idle, loading }"), [])
    // A variable of the enum's name anywhere: the name is not trusted.
    XCTAssertEqual(check("enum Phase { case idle }\nPhase.ilde\nfunc f() { let Phase = 1; print(Phase.ilde) }"), [])
  }

  func testResultsOfFunctionsAndMethodsWithADeclaredTypeAndUnwrappedOptionals() {
    let source = counter + """
      type Maker { var spare: C?; func make() -> C { return C() } }
      func makeC() -> C { return C() }
      makeC().cuont
      let maker = Maker()
      maker.make().cuont
      if let found = maker.spare { found.cuont }
      func use() {
        guard let kept = maker.spare else { return }
        kept.cuont
      }
      func untypedMake() { return C() }
      untypedMake().cuont
      if var changed = maker.spare { changed.cuont }
      """
    XCTAssertEqual(
      check(source),
      [
        "4:9: no property 'cuont' on C; did you mean 'count'?",
        "6:14: no property 'cuont' on C; did you mean 'count'?",
        "7:36: no property 'cuont' on C; did you mean 'count'?",
        "10:8: no property 'cuont' on C; did you mean 'count'?",
      ])
  }

  func testATypeDeclaredFurtherDown() {
    // A variable gets its value where it is written, before the type
    // exists; a parameter only when called, after.
    XCTAssertEqual(
      check("let early: Later? = nil\nearly?.vaule\nfunc f(later: Later) { later.vaule }\ntype Later { var value: Int = 0 }"),
      ["3:30: no property 'vaule' on Later; did you mean 'value'?"])
  }

  func testARedeclaredTypeIsNotTrusted() {
    XCTAssertEqual(check("type T { var a: Int = 0 }\nlet t = T()\nt.b = 1\ntype T { var b: Int = 0 }"), [])
  }

  func testImportsMakeTopLevelNamesUncertain() {
    let interpreter = Interpreter()
    interpreter.readFile = { _ in XCTFail("check must not import"); return [] }
    let errors = interpreter.check(
      Parser.parse(
        counter + "let c = C()\nimport \"other.bind\"\nc.cuont\nfunc f(d: C, l: Label) { d.cuont; l.txet }",
        path: "i.bind"))
    XCTAssertEqual(errors.map(\.message), ["no property 'txet' on Label; did you mean 'text'?"])
    interpreter.endSession()
  }

  func testAnErrorTheCompilerFoundIsNotRepeated() {
    XCTAssertEqual(
      check(counter + "let c = C()\nc.cuont = uknown\nc.cuont"),
      [
        "3:11: cannot find 'uknown' in scope",
        "4:3: no property 'cuont' on C; did you mean 'count'?",
      ])
  }
}
