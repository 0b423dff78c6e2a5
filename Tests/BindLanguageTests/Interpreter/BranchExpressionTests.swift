import BindSyntax
import XCTest

@testable import BindLanguage

/// Issue 27: derived properties with statement bodies and `if`/`switch`
/// expressions, where the conformance scripts cannot look: error locations,
/// what `check` reports, what closures return, and the observers' history.
final class BranchExpressionTests: XCTestCase {
  func testErrorsAreLocatedWhereToFix() {
    let cases: [ErrorCase] = [
      // The closing brace of the body, as for a function.
      ErrorCase(
        "type T {\n  var a: Int = 0\n  var b: Int {\n    if a > 0 { return a }\n  }\n}\nT().b", "5:3",
        "missing return in getter expected to return 'Int'"),
      ErrorCase(
        "struct S {\n  var a: Int\n  var b: Int { if a > 0 { return a } }\n}\nS(a: 0).b", "3:38",
        "missing return in getter expected to return 'Int'"),
      ErrorCase(
        "func f(_ n: Int) -> Int {\n  if n > 0 { return n }\n}\nf(0)", "3:1", "missing return in global function expected to return 'Int'"),
      ErrorCase(
        "type T {\n  var a: Int = 0\n  var b: String { let s = a; return s }\n}\nT().b", "3:37",
        "cannot convert return expression of type 'Int' to return type 'String'"),
      // The branch, before running for a literal, when taken otherwise.
      ErrorCase(
        "type T { var a: Int = 0; var b: String { if a > 0 { \"x\" } else { 2 } } }", "1:66",
        "cannot convert value of type 'Int' to 'String' in a branch of the 'if' expression; every branch must give a value of type 'String'"),
      ErrorCase(
        "let s = \"x\"\nlet n: Int = switch 1 { case 1: s; default: 0 }", "2:33",
        "cannot convert value of type 'String' to 'Int' in a branch of the 'switch' expression; every branch must give a value of type 'Int'"),
      ErrorCase(
        "func f(_ x: Int) -> Int { return if x > 0 { 1 } else { \"no\" } }", "1:56",
        "cannot convert value of type 'String' to 'Int' in a branch of the 'if' expression; every branch must give a value of type 'Int'"),
      ErrorCase(
        "let x = if true { 1 } else { 2.5 }", "1:30",
        "branches of the 'if' expression have mismatching types 'Int' and 'Double'; make them give one type, or declare the type of the value, as in 'let value: Int = …'"),
      ErrorCase(
        "type T { var b: Int { let q = 1\nreturn await f(q) } }", "2:8",
        "'await' cannot be used in a derived property; call the async method in a statement of its own"),
    ]
    for errorCase in cases { errorCase.check() }
  }

  func testCheckReportsTheCompileTimeErrorsWithoutRunning() {
    let interpreter = Interpreter()
    interpreter.output = { XCTFail("check must not print: \($0)") }
    defer { interpreter.endSession() }
    let source = """
      let ok = true
      let n = if ok { 1 } else { "one" }
      type T {
        var a: Int = 0
        var label: String { switch a { case 0: "zero"; default: 1 } }
        var b: Int { let x = a; return x.cuont }
      }
      """
    let errors = interpreter.check(Parser.parse(source, path: "check.bind")).map {
      "\($0.range.map { "\($0.start)" } ?? "?"): \($0.message)"
    }
    XCTAssertEqual(errors, [
      "2:28: branches of the 'if' expression have mismatching types 'Int' and 'String'; make them give one type, or declare the type of the value, as in 'let value: Int = …'",
      "5:59: cannot convert value of type 'Int' to 'String' in a branch of the 'switch' expression; every branch must give a value of type 'String'",
    ])
  }

  func testAnObserverSeesEachChangeOnceWhenTheBodySwitchesBranches() {
    let output = transcript("""
      type Gate {
        var open: Bool = false
        var a: Int = 1
        var b: Int = 2
        var value: Int {
          if open {
            let doubled = a * 2
            return doubled
          }
          switch b {
          case 0: return -1
          default: return b
          }
        }
      }
      let g = Gate()
      observe g.value { old, new in print(old, "->", new) }
      g.a = 5
      g.open = true
      g.b = 7
      g.a = 6
      batch { g.open = false; g.b = 3 }
      g.a = 9
      """)
    XCTAssertEqual(output, ["2 -> 10", "10 -> 12", "12 -> 3"])
  }

  func testClosuresInAStatementBodyCaptureItsLocals() {
    let output = transcript("""
      type Menu {
        var items: [String] = ["a", "bb", "ccc"]
        var width: Int = 1
        var wide: [String] {
          let limit = width
          let keep = { (item: String) -> Bool in item.count > limit }
          return items.filter(keep)
        }
      }
      let m = Menu()
      print(m.wide)
      m.width = 2
      print(m.wide)
      """)
    XCTAssertEqual(output, ["[\"bb\", \"ccc\"]", "[\"ccc\"]"])
  }

  func testAClosureWhoseBranchCallsAVoidFunctionReturnsNothing() {
    let output = transcript("""
      let say = { (loud: Bool) in if loud { print("HI") } else { print("hi") } }
      say(true)
      let pick = { (n: Int) in switch n { case 1: "one"; default: "other" } }
      print(pick(1), pick(2))
      """)
    XCTAssertEqual(output, ["HI", "one other"])
  }
}
