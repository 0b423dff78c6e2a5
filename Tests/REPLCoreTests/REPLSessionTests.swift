import BindLanguage
import BindSyntax
import Foundation
import XCTest

import BindTestRunner
@testable import REPLCore

/// Evaluation, errors, meta commands and the transcript, without a terminal.
final class REPLSessionTests: XCTestCase {
  private var captured = CapturedConsole()
  private var session: REPLSession!
  private var directory: URL!

  override func setUp() {
    captured = CapturedConsole()
    session = REPLSession(console: captured.console)
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("repl-session-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  override func tearDown() {
    try? FileManager.default.removeItem(at: directory)
  }

  private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

  func testBareExpressionsEchoTheirLiteralValue() {
    session.evaluate("let p = Label(text: \"Hi\")")
    session.evaluate("p.text")
    session.evaluate("1 + 2; 2.5; true; nil; [1, 2]; p")
    session.evaluate("print(\"plain\")")
    XCTAssertEqual(captured.output, "\"Hi\"\n3\n2.5\ntrue\nnil\n[1, 2]\nLabel#1\nplain\n")
  }

  func testErrorsShowACaretAndKeepState() {
    session.evaluate("var total = 40")
    session.evaluate("total += nope")
    XCTAssertTrue(captured.errors.hasPrefix("error: "), captured.errors)
    XCTAssertTrue(captured.errors.hasSuffix("total += nope\n         ^~~~\n"), captured.errors)
    captured.clear()
    session.evaluate("total + 2")
    XCTAssertEqual(captured.output, "42\n")
  }

  func testSyntaxErrorsRejectTheWholeEntry() {
    session.evaluate("var n = 1")
    session.evaluate("n = 5; let = 3")
    XCTAssertTrue(captured.errors.hasPrefix("error: "))
    captured.clear()
    session.evaluate("n")
    XCTAssertEqual(captured.output, "1\n")
  }

  func testTranscriptRecordsStatementsOutputAndErrors() {
    session.evaluate("type Person {\n  var name: String = \"\"\n}")
    session.evaluate("let p = Person(name: \"Ada\")")
    session.evaluate("observe p.name")
    session.evaluate("p.name = \"Grace\"; p.name")
    session.evaluate("p.nope")
    session.evaluate("print(\"done\")")
    _ = session.perform(":vars")
    XCTAssertEqual(session.transcript.text, """
      type Person {
        var name: String = ""
      }
      let p = Person(name: "Ada")
      observe p.name
      p.name = "Grace"
      #> p.name: "Ada" -> "Grace"
      p.name
      #> "Grace"
      p.nope
      #> error: no property 'nope' on Person
      print("done")
      #> done

      """)
  }

  func testInterruptedStatementsAreRecordedWithWhereTheyStopped() {
    var polls = 0
    let session = REPLSession(console: captured.console) {
      polls += 1
      return polls == 3
    }
    session.evaluate("var i = 0")
    session.evaluate("while true { i += 1 }")
    XCTAssertTrue(captured.errors.hasPrefix("error: interrupted\n"), captured.errors)
    captured.clear()
    session.evaluate("i")
    let reached = captured.output
    XCTAssertEqual(session.transcript.text, """
      var i = 0
      # interrupted at point 3
      while true { i += 1 }
      #> error: interrupted
      i
      #> \(reached)
      """)
    XCTAssertNotEqual(reached, "0\n")
  }

  /// Issue 15: a saved session replays byte for byte, whatever was
  /// interrupted (a loop, a handler inside a statement) or failed in it.
  func testSavedSessionWithInterruptionsAndErrorsReplaysExactly() {
    var polls = 0
    let interruptAt: Set<Int> = [5, 9, 20]
    let session = REPLSession(console: captured.console) {
      polls += 1
      return interruptAt.contains(polls)
    }
    for line in [
      "var n = 0", "let l = Label()", "observe l.text { print(\"seen\"); while true { n += 1 } }",
      "while true { n += 1 }", "n", "l.text = \"a\"; print(n)", "n += 1", "n / 0", "var total = 0",
      "for i in 0..<100000 { total += i; if i % 20000 == 0 { print(i) } }", "total", "n",
    ] {
      session.evaluate(line)
    }
    let script = TestScript(text: session.transcript.text, path: "saved.bind")
    let result = ScriptTestRunner().run(script)
    XCTAssertTrue(result.passed, "\(result.failures)\n\(session.transcript.text)")
    XCTAssertTrue(session.transcript.text.contains("# interrupted at point"), session.transcript.text)
  }

  func testSaveWritesTheTranscript() throws {
    session.evaluate("let x = 41 + 1")
    session.evaluate("x")
    captured.clear()
    XCTAssertTrue(session.perform(.save(path: path("s.bind"))))
    XCTAssertEqual(captured.output, "saved 2 statements to '\(path("s.bind"))'\n")
    XCTAssertEqual(try String(contentsOfFile: path("s.bind"), encoding: .utf8), "let x = 41 + 1\nx\n#> 42\n")
    captured.clear()
    _ = session.perform(.save(path: "/nonexistent-dir/x.bind"))
    XCTAssertTrue(captured.errors.hasPrefix("error: cannot write '/nonexistent-dir/x.bind': "))
  }

  func testSaveOntoADeviceWritesThroughIt() throws {
    session.evaluate("let x = 1")
    for (device, error) in [("/dev/null", nil), ("/dev/full", String(cString: strerror(ENOSPC)))] {
      // A copy of the device (the same driver) in the test's folder, so a
      // writer that renames over it harms nothing; without the right to
      // make a device (not root), /dev is not writable and cannot be harmed.
      var original = stat()
      XCTAssertEqual(stat(device, &original), 0)
      let copy = path(String(device.dropFirst("/dev/".count)))
      let target = mknod(copy, S_IFCHR | 0o666, original.st_rdev) == 0 ? copy : device
      captured.clear()
      _ = session.perform(.save(path: target))
      if let error {
        XCTAssertEqual(captured.errors, "error: cannot write '\(target)': \(error)\n")
      } else {
        XCTAssertEqual(captured.output, "saved 1 statement to '\(target)'\n")
        XCTAssertEqual(captured.errors, "")
      }
      var after = stat()
      XCTAssertEqual(lstat(target, &after), 0)
      XCTAssertEqual(after.st_mode & S_IFMT, S_IFCHR, "'\(target)' is still a character device")
    }
  }

  func testLoadRunsAFileAndShowsErrorsWithTheirLocation() throws {
    try "let a = 1\nprint(a)\nlet b = nope\nlet c = 3\n".write(toFile: path("lib.bind"), atomically: true, encoding: .utf8)
    _ = session.perform(.load(path: path("lib.bind")))
    XCTAssertEqual(captured.output, "1\n")
    XCTAssertTrue(captured.errors.hasPrefix("\(path("lib.bind")):3:9: error: "), captured.errors)
    captured.clear()
    session.evaluate("a")
    // Declared (hoisted, as `run` does) but never assigned: the file stopped.
    session.evaluate("c")
    XCTAssertEqual(captured.output, "1\nnil\n")
    XCTAssertEqual(captured.errors, "")
    XCTAssertTrue(session.transcript.text.hasPrefix("# :load \(path("lib.bind"))\nlet a = 1\nprint(a)\n#> 1\nlet b = nope\n#> error: "))
    captured.clear()
    _ = session.perform(.load(path: path("missing.bind")))
    XCTAssertTrue(captured.errors.hasPrefix("error: cannot read '\(path("missing.bind"))': "))
  }

  func testTypesShowThrowsAndReadOnlyProperties() {
    session.evaluate("""
      enum Failure: Error { case empty }
      type Account {
        private(set) var balance: Int = 0
        let id: Int = 1
        func withdraw(amount: Int) throws -> Int { amount }
      }
      struct Wallet {
        private(set) var coins: Int = 0
        mutating func spend(_ count: Int) throws { coins -= count }
      }
      """)
    XCTAssertEqual(captured.errors, "")
    captured.clear()
    _ = session.perform(.types)
    XCTAssertTrue(
      captured.output.contains("""
        type Account {
          private(set) var balance: Int
          let id: Int
          func withdraw(amount: Int) throws -> Int
        }
        """), captured.output)
    XCTAssertTrue(
      captured.output.contains("""
        struct Wallet {
          private(set) var coins: Int
          mutating func spend(_ count: Int) throws
        }
        """), captured.output)
  }

  func testVarsTypesBindingsAndGraph() {
    session.evaluate("type Person { var name: String = \"\"; event renamed }")
    session.evaluate("let p = Person(name: \"Ada\"); let label = Label(); let count = 3")
    session.evaluate("bind p.name -> label.text as shown")
    session.evaluate("observe p.name")
    session.evaluate("on p.renamed { }")
    captured.clear()
    _ = session.perform(.vars)
    XCTAssertEqual(captured.output, "count = 3\nlabel = Label#1\np = Person#1\n")
    captured.clear()
    _ = session.perform(.types)
    XCTAssertTrue(captured.output.hasPrefix("type Person {\n  var name: String\n  event renamed\n}\n# built-in\ntype Button {\n"), captured.output)
    captured.clear()
    _ = session.perform(.bindings)
    XCTAssertEqual(captured.output, "bind p.name -> label.text as shown\nobserve p.name\non p.renamed\n")
    captured.clear()
    _ = session.perform(.graph(path: nil))
    XCTAssertTrue(captured.output.hasPrefix("digraph bindings {\n"))
    _ = session.perform(.graph(path: path("g.dot")))
    XCTAssertTrue(FileManager.default.fileExists(atPath: path("g.dot")))
  }

  func testBindingsListOnlyPendingTimers() {
    session.evaluate("after 1s as soon { }; every 1s as ticker { }; after 1min { }")
    session.evaluate("wait 2s")
    captured.clear()
    _ = session.perform(.bindings)
    XCTAssertEqual(captured.output, "every 1s as ticker\nafter 1min\n")
  }

  func testBindingsListEffectsAndWhatTheirCurrentRunMade() {
    session.evaluate("type C { var n: Int = 0; var m: Int = 0 }")
    session.evaluate("let c = C()")
    session.evaluate("effect as counter { let seen = c.n; observe c.m }")
    session.evaluate("effect { print(c.m) }")
    captured.clear()
    _ = session.perform(.bindings)
    // The effect is listed as its first run starts (that run may dispose it
    // by name), before what the run made.
    XCTAssertEqual(captured.output, "effect as counter\nobserve c.m\neffect\n")
    // A new run ended the observer of the old one and made its own.
    session.evaluate("c.n = 1")
    captured.clear()
    _ = session.perform(.bindings)
    XCTAssertEqual(captured.output, "effect as counter\neffect\nobserve c.m\n")
    session.evaluate("dispose counter")
    captured.clear()
    _ = session.perform(.bindings)
    XCTAssertEqual(captured.output, "effect\n")
  }

  func testResetReleasesTheOldSessionsObjects() {
    session.evaluate("type Node { var next: Node?; var name: String = \"\" }")
    session.evaluate("let a = Node(name: \"a\"); let label = Label()")
    session.evaluate("a.next = a")  // a cycle through a property
    session.evaluate("bind a.name -> label.text")
    session.evaluate("observe a.name { old, new in print(a.name) }")  // a handler capturing `a`
    weak var node: ScriptObject?
    weak var oldInterpreter: Interpreter?
    do {
      if case .object(let object)? = session.interpreter.globals.first(where: { $0.name == "a" })?.value {
        node = object
      }
      oldInterpreter = session.interpreter
    }
    XCTAssertNotNil(node)
    _ = session.perform(.reset)
    // The cycle a.next = a is the script's own: it stays, as in Swift.
    // Everything the session held (bindings, handlers, variables) is gone.
    XCTAssertNil(oldInterpreter)
    XCTAssertEqual(session.interpreter.globals.count, 0)
    XCTAssertEqual(session.transcript.text, "")
    captured.clear()
    session.evaluate("Label()")
    XCTAssertEqual(captured.output, "Label#1\n")
  }

  func testResetReleasesObjectsWithoutScriptCycles() {
    session.evaluate("let p = Label(text: \"x\"); let q = Label()")
    session.evaluate("bind p.text -> q.text")
    session.evaluate("on Button().tap { print(p.text) }")
    weak var label: ScriptObject?
    do {
      if case .object(let object)? = session.interpreter.globals.first(where: { $0.name == "p" })?.value {
        label = object
      }
    }
    XCTAssertNotNil(label)
    _ = session.perform(.reset)
    XCTAssertNil(label)
  }

  /// `:types` shows the protocols a script type may conform to, each
  /// requirement a line, before the types: what a fake must implement.
  func testTypesShowsProtocolsWithTheirRequirements() {
    session.evaluate("protocol Store { var name: String { get }; func value(forKey key: String) async throws -> Int? }")
    session.evaluate("type Memory: Store { var name = \"memory\"; func value(forKey key: String) async throws -> Int? { nil } }")
    captured.clear()
    XCTAssertTrue(session.perform(":types"))
    XCTAssertTrue(
      captured.output.hasPrefix("""
        protocol Store {
          var name: String { get }
          func value(forKey key: String) async throws -> Int?
        }
        type Memory {

        """),
      captured.output)
  }

  func testUnknownMetaCommandSuggests() {
    XCTAssertTrue(session.perform(":typs"))
    XCTAssertEqual(captured.errors, "error: unknown command ':typs'; did you mean ':types'?\n")
    XCTAssertFalse(session.perform(":quit"))
  }
}
