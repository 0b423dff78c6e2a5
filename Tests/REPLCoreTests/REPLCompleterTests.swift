import BindLanguage
import BindSyntax
import Foundation
import LineEditor
import LineReading
import XCTest

@testable import REPLCore

/// Completion candidates from a live session, without a terminal.
final class REPLCompleterTests: XCTestCase {
  private var captured = CapturedConsole()
  private var session: REPLSession!
  private var completer: REPLCompleter!

  override func setUp() {
    captured = CapturedConsole()
    session = REPLSession(console: captured.console)
    completer = REPLCompleter { [unowned self] in session.interpreter }
    session.evaluate("""
      type User {
        var nickname: String = ""
        var age: Int = 0
      }
      type Model {
        var title: String = ""
        var user: User?
        var owner: User { User(nickname: "derived") }
        event tapped
      }
      let vm = Model(title: "Home")
      let greeting = "hello"
      let numbers = [1, 2]
      """)
    XCTAssertEqual(captured.errors, "")
  }

  private func candidates(_ line: String) -> [String] {
    completer.complete(line).candidates
  }

  func testIdentifiersIncludeKeywordsVariablesTypesAndBuiltins() {
    XCTAssertEqual(candidates("ob"), ["observe"])
    XCTAssertEqual(candidates("v"), ["var", "vm"])
    XCTAssertEqual(candidates("let x = gr"), ["greeting"])
    XCTAssertEqual(candidates("let u = Us"), ["User"])
    XCTAssertEqual(candidates("La"), ["Label"])
    XCTAssertEqual(candidates("pri"), ["print"])
    XCTAssertEqual(candidates("bind vm.title -> Mo"), ["Model"])
    XCTAssertTrue(candidates("").contains("bind"))
    XCTAssertTrue(candidates("").contains("numbers"))
  }

  func testMembersAfterNameDot() {
    XCTAssertEqual(candidates("vm."), ["title", "user", "owner", "tapped"])
    XCTAssertEqual(candidates("bind vm.ti"), ["title"])
    XCTAssertEqual(completer.complete("vm.ti").word, "ti")
    XCTAssertEqual(candidates("on vm.ta"), ["tapped"])
  }

  func testChainsFollowValuesThenDeclaredTypes() {
    // `vm.user` is nil: the declared type `User?` still completes.
    XCTAssertEqual(candidates("vm.user."), ["nickname", "age"])
    session.evaluate("vm.user = User(nickname: \"ada\")")
    XCTAssertEqual(candidates("observe vm.user.ni"), ["nickname"])
    // A string value completes string members.
    XCTAssertEqual(candidates("vm.user.nickname.up"), ["uppercased"])
    XCTAssertEqual(candidates("greeting.has"), ["hasPrefix", "hasSuffix"])
    XCTAssertEqual(candidates("numbers.app"), ["append"])
    XCTAssertEqual(candidates("nothing.x"), [])
    XCTAssertEqual(candidates("vm.nope."), [])
  }

  func testCompletionNeverRunsScriptCode() {
    // `owner` is derived; completing through it must not evaluate it
    // (which would construct a User and bump the instance count).
    XCTAssertEqual(candidates("vm.owner."), ["nickname", "age"])
    captured.clear()
    session.evaluate("User()")
    XCTAssertEqual(captured.output, "User#1\n")
  }

  func testMembersOfSubscriptedValues() {
    session.evaluate("""
      let models = [vm]
      let byName = ["home": vm]
      let empty: [Model] = []
      let words = ["a": "x"]
      """)
    XCTAssertEqual(captured.errors, "")
    XCTAssertEqual(candidates("models[0].ti"), ["title"])
    XCTAssertEqual(candidates("models[0].user."), ["nickname", "age"], "through a nil property's declared type")
    // An index that is not a literal, or past the end, stands for an element.
    XCTAssertEqual(candidates("models[i].ti"), ["title"])
    XCTAssertEqual(candidates("models[7].ti"), ["title"])
    XCTAssertEqual(candidates("byName[\"home\"]?.ti"), ["title"])
    XCTAssertEqual(candidates("byName[\"home\"]!.user?.ni"), ["nickname"])
    XCTAssertEqual(candidates("words[\"a\"]?.up"), ["uppercased"])
    XCTAssertEqual(candidates("numbers[0].x"), [], "an Int has no members to offer")
    XCTAssertEqual(candidates("empty[0].ti"), [], "an empty collection with no element to look at")
  }

  func testDefinedFunctionsAndValueTypesAreIdentifiers() {
    session.evaluate("""
      func greet(name: String, times: Int = 1) -> String { name }
      struct Money { var cents: Int = 0 }
      enum Tab { case home, search }
      """)
    XCTAssertEqual(captured.errors, "")
    XCTAssertEqual(candidates("gre"), ["greet", "greeting"])
    XCTAssertEqual(candidates("let m = Mon"), ["Money"])
    XCTAssertEqual(candidates("var t: Ta"), ["Tab"])
  }

  func testASignatureHintAfterTheParenthesisOfACall() {
    session.evaluate("""
      func greet(name: String, times: Int = 1) -> String { name }
      func check(_ value: Int) throws -> Bool { value > 0 }
      type Picker {
        var index: Int = 0
        func select(index: Int) -> Bool { true }
      }
      struct Point {
        var x: Int = 0
        func moved(by dx: Int) -> Point { Point(x: x + dx) }
      }
      let picker = Picker()
      let pickers = [picker]
      let origin = Point()
      """)
    XCTAssertEqual(captured.errors, "")
    let hint = completer.complete("let s = greet(")
    XCTAssertEqual(hint.action, .list(["greet(name: String, times: Int) -> String"]))
    XCTAssertEqual(hint.word, "", "nothing typed is replaced")
    XCTAssertEqual(completer.complete("try check(").action, .list(["check(_ value: Int) throws -> Bool"]))
    XCTAssertEqual(completer.complete("picker.select(").action, .list(["select(index: Int) -> Bool"]))
    XCTAssertEqual(completer.complete("pickers[0].select(").action, .list(["select(index: Int) -> Bool"]))
    XCTAssertEqual(completer.complete("origin.moved(").action, .list(["moved(by dx: Int) -> Point"]))
    XCTAssertEqual(completer.complete("let p = Point(").action, .list(["init(x: Int)"]))
    // After a `,` the hint is the enclosing call's.
    XCTAssertEqual(completer.complete("greet(name: \"a, (\", ").action, .list(["greet(name: String, times: Int) -> String"]))
    // No signature to show (a built-in, a keyword): every identifier, as before.
    XCTAssertTrue(candidates("print(").contains("picker"))
    XCTAssertTrue(candidates("if (").contains("picker"))
  }

  func testMetaCommandsAndHelpTopics() {
    let load = completer.complete(":lo")
    XCTAssertEqual(load.candidates, [":load "])
    XCTAssertEqual(load.word, ":lo")
    XCTAssertEqual(candidates(":q"), [":quit"])
    XCTAssertEqual(completer.complete(":").listedNames.count, MetaCommand.names.count)
    XCTAssertEqual(candidates(":help b"), ["batch", "bind"])
    XCTAssertEqual(candidates(":help  ob"), ["observe"])
  }

  func testFileNamesAfterLoadSaveAndGraph() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("repl-completion-\(getpid())")
    try FileManager.default.createDirectory(at: directory.appendingPathComponent("scripts"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    FileManager.default.createFile(atPath: directory.appendingPathComponent("demo.bind").path, contents: Data())
    FileManager.default.createFile(atPath: directory.appendingPathComponent("scripts/a.bind").path, contents: Data())
    completer.files = FileNameCompleter(currentDirectory: directory.path, homeDirectory: directory.path)
    XCTAssertEqual(candidates(":load de"), ["demo.bind"])
    XCTAssertEqual(candidates(":save sc"), ["scripts/"])
    XCTAssertEqual(candidates(":graph scripts/"), ["a.bind"])
    XCTAssertEqual(completer.complete(":load scripts/a").word, "a")
  }

  func testNothingInsideStringsOrNumbers() {
    XCTAssertEqual(completer.complete("print(\"vm.").action, .beep)
    XCTAssertEqual(completer.complete("1.").action, .beep)
    XCTAssertEqual(completer.complete(":vars x").action, .beep)
  }

  func testResetIsSeen() {
    XCTAssertEqual(candidates("vm"), ["vm"])
    _ = session.perform(.reset)
    XCTAssertEqual(candidates("vm"), [])
    XCTAssertEqual(candidates("Mod"), [])
  }
}
