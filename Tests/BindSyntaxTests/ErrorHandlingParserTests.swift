import XCTest
@testable import BindSyntax

/// `throw`, `throws`, `try`/`try?`/`try!`, `do`/`catch`, `defer` and
/// `: Error`, asserted on their `ASTDump` form, and their syntax errors.
final class ErrorHandlingParserTests: XCTestCase {
  func testThrowingDeclarations() {
    XCTAssertEqual(
      dump("enum LoginError: Error { case invalid, network(String) }"),
      "(enum LoginError : Error (case invalid) (case network (String)))")
    XCTAssertEqual(dump("enum Code: Int, Error { case a }"), "(enum Code : Int : Error (case a))")
    XCTAssertEqual(dump("struct Bad: Error { var field: String }"), "(struct Bad : Error (var field String))")
    XCTAssertEqual(
      dump("func login(_ name: String) throws -> String { throw LoginError.invalid }"),
      "(func login ((_ name String)) throws -> String (block (throw (. LoginError invalid))))")
    XCTAssertEqual(dump("func f() throws { }"), "(func f () throws (block))")
    XCTAssertEqual(dump("type T { func save() throws { } }"), "(type T (func save () throws (block)))")
    XCTAssertEqual(dump("var g: ((Int) throws -> Int)? = nil"), "(var g : ((Int) -> Int)? nil)")
    XCTAssertEqual(dump("let c = { (x: Int) throws -> Int in x }"), "(let c (closure (params x: Int) -> Int x))")
  }

  func testTryForms() {
    XCTAssertEqual(dump("let x = try f() + g()"), "(let x (try (+ (call f) (call g))))")
    XCTAssertEqual(dump("print(try? f(), try! g())"), "(call print (try? (call f)) (try! (call g)))")
    XCTAssertEqual(dump("try await vm.save()"), "(try (await (call (. vm save))))")
    // `try ?` with a blank is not `try?`: the `?` starts a conditional.
    XCTAssertEqual(diagnostics("let x = try ? 1 : 2"), ["1:13: expected expression after 'try'"])
  }

  func testDoCatchClauses() {
    let source = """
      do {
        try login("")
      } catch LoginError.invalid {
        print(1)
      }
      catch .network(let reason) where reason != "" { print(reason) }
      catch let e as LoginError { print(e) }
      catch is LoginError { }
      catch { print(error) }
      """
    XCTAssertEqual(
      dump(source),
      "(do (block (try (call login \"\"))) (catch LoginError.invalid (block (call print 1)))"
        + " (catch (.network (let reason)) where (!= reason \"\") (block (call print reason)))"
        + " (catch (let e) as LoginError (block (call print e))) (catch _ as LoginError (block))"
        + " (catch (block (call print error))))")
    XCTAssertEqual(dump("do { print(1) }"), "(do (block (call print 1)))")
  }

  func testDefer() {
    XCTAssertEqual(dump("func f() { defer { print(1) }; return }"), "(func f () (block (defer (block (call print 1))) (return)))")
  }

  func testSyntaxErrors() {
    XCTAssertEqual(diagnostics("catch { }"), ["1:1: 'catch' must follow the '}' of a 'do' block, as in 'do { try f() } catch { … }'"])
    XCTAssertEqual(diagnostics("throw"), ["1:6: expected an error value after 'throw', as in 'throw LoginError.invalid'"])
    XCTAssertEqual(
      diagnostics("let x = 1 + try f()"),
      ["1:13: 'try' cannot appear to the right of an operator; put it at the start of the expression (before 'await')"])
    XCTAssertEqual(diagnostics("var g: (Int) throws = nil"), ["1:14: expected '->' and a result type after 'throws'"])
    XCTAssertEqual(
      diagnostics("do { } catch let a as E, let b { }"),
      ["1:30: 'as Type' goes after one name in a 'catch', as in 'catch let error as LoginError'"])
    XCTAssertEqual(
      diagnostics("struct S: [Int] { }"),
      ["1:11: '[Int]' is not a protocol; a type conforms to protocols by name, as in ': Error, Store'"])
    XCTAssertEqual(diagnostics("let do = 1"), diagnostics("let if = 1").map { $0.replacingOccurrences(of: "'if'", with: "'do'") })
  }
}
