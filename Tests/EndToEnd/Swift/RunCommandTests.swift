import XCTest

/// `bindscript run`, `check`, `graph` and piped standard input, end to end.
final class RunCommandTests: XCTestCase {
  func testRunPrintsObserverOutputAndExitsZero() throws {
    let folder = try ScriptFolder()
    let script = try folder.write(
      "login.bind",
      """
      type VM { var name: String = "" }
      let vm = VM()
      let label = Label()
      bind "Hi, \\(vm.name)!" -> label.text
      observe label.text
      vm.name = "Ada"
      print(label.text)
      """)
    let result = try BindScriptBinary.run(["run", script])
    XCTAssertEqual(result.stdout, "label.text: \"Hi, !\" -> \"Hi, Ada!\"\nHi, Ada!\n")
    XCTAssertEqual(result.stderr, "")
    XCTAssertEqual(result.status, 0)
  }

  func testRuntimeErrorShowsLocationCaretAndExitsOne() throws {
    let folder = try ScriptFolder()
    let script = try folder.write("bad.bind", "let label = Label()\nlabel.txet = \"x\"\nprint(\"never\")\n")
    let result = try BindScriptBinary.run(["run", script])
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(result.stdout, "")
    XCTAssertEqual(
      result.stderr,
      """
      \(script):2:7: error: no property 'txet' on Label; did you mean 'text'?
      label.txet = "x"
            ^~~~

      """)
  }

  func testSyntaxErrorsExitTwoAndAreAllReported() throws {
    let folder = try ScriptFolder()
    let script = try folder.write("syntax.bind", "let = 1\nprint(\"ok\")\nbind -> x\n")
    let result = try BindScriptBinary.run(["run", script])
    XCTAssertEqual(result.status, 2)
    XCTAssertEqual(result.stdout, "")
    XCTAssertEqual(result.stderr.components(separatedBy: ": error: ").count - 1, 2, result.stderr)
    XCTAssertTrue(result.stderr.hasPrefix("\(script):1:5: error: "), result.stderr)
  }

  func testMissingFileExitsTwo() throws {
    let result = try BindScriptBinary.run(["run", "/nonexistent/file.bind"])
    XCTAssertEqual(result.status, 2)
    XCTAssertEqual(result.stderr, "error: cannot read '/nonexistent/file.bind': No such file or directory\n")
  }

  func testNonUTF8ByteIsALocatedErrorWithExitTwo() throws {
    let folder = try ScriptFolder()
    let script = try folder.writeBytes("latin1.bind", Array("print(\"caf".utf8) + [0xE9] + Array("\")\n".utf8))
    let result = try BindScriptBinary.run(["run", script])
    XCTAssertEqual(result.status, 2)
    XCTAssertTrue(result.stderr.hasPrefix("\(script):1:11: error: "), result.stderr)
  }

  func testPipedStandardInputRunsAsAScript() throws {
    let result = try BindScriptBinary.run([], stdin: "let b = Button()\nvar n = 0\non b.tap { n += 1 }\nemit b.tap\nprint(n)\n")
    XCTAssertEqual(result.stdout, "1\n")
    XCTAssertEqual(result.status, 0)
  }

  func testPipedStandardInputErrorExitsOne() throws {
    let result = try BindScriptBinary.run([], stdin: "print(1 / 0)\n")
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(result.stderr.hasPrefix("<stdin>:1:7: error: division by zero"), result.stderr)
  }

  func testBindingCycleIsAnErrorNotAHang() throws {
    let result = try BindScriptBinary.run(
      [], stdin: "type A { var x: Int = 0 }\nlet a = A()\nlet b = A()\nbind a.x + 1 -> b.x\nbind b.x -> a.x\n")
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(result.stderr.contains("error: binding cycle: A#1.x -> a.x + 1 -> A#2.x -> A#1.x"), result.stderr)
  }

  func testEndlessLoopHitsTheStepLimit() throws {
    let result = try BindScriptBinary.run(["--max-steps", "10000"], stdin: "var i = 0\nwhile true { i += 1 }\n")
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(result.stderr.contains("error: step limit of 10000 exceeded"), result.stderr)
  }

  func testDeepNestingIsAnErrorNotACrash() throws {
    let deep = String(repeating: "(", count: 100_000) + "1" + String(repeating: ")", count: 100_000)
    let result = try BindScriptBinary.run([], stdin: "print(\(deep))\n")
    XCTAssertEqual(result.status, 2)
    XCTAssertTrue(result.stderr.contains("nested too deeply"), result.stderr)
  }

  func testTraceShowsPropagationSteps() throws {
    let folder = try ScriptFolder()
    let script = try folder.write("trace.bind", "type A { var x: Int = 0 }\nlet a = A()\nlet b = A()\nbind a.x -> b.x\na.x = 5\n")
    let result = try BindScriptBinary.run(["run", "--trace", script])
    XCTAssertEqual(result.status, 0)
    XCTAssertTrue(result.stdout.contains("trace: write A#1.x: 0 -> 5"), result.stdout)
    XCTAssertTrue(result.stdout.contains("trace: write A#2.x: 0 -> 5"), result.stdout)
  }

  func testTraceShowsTimersFiringBeforeTheStepsTheyCause() throws {
    let folder = try ScriptFolder()
    let script = try folder.write(
      "timers.bind",
      """
      type A { var x: Int = 0 }
      let a = A()
      observe a.x
      after 300ms { a.x = 1 }
      every 1s as ticker { a.x += 10 }
      wait 1s

      """)
    let result = try BindScriptBinary.run(["run", "--trace", script])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(
      result.stdout,
      """
      trace: timer 'after 300ms' fires at 300ms
      trace: write A#1.x: 0 -> 1
      a.x: 0 -> 1
      trace: timer 'every 1s as ticker' fires at 1s
      trace: write A#1.x: 1 -> 11
      a.x: 1 -> 11

      """)
  }

  func testGraphDrawsTimeOperatorsFedByTheirSourceAndPendingTimers() throws {
    let folder = try ScriptFolder()
    let script = try folder.write(
      "timed.bind",
      """
      let field = TextField()
      let label = Label()
      bind debounce(field.text, 300ms) -> label.text
      every 250ms as ticker { }
      after 1s { }
      after 10ms { }
      wait 100ms

      """)
    let out = folder.url.appendingPathComponent("timed.dot").path
    let result = try BindScriptBinary.run(["graph", script, "-o", out, "--no-legend"])
    XCTAssertEqual(result.status, 0, result.stderr)
    let dot = try String(contentsOfFile: out, encoding: .utf8)
    let lines = dot.split(separator: "\n").map(String.init)
    let field = try XCTUnwrap(lines.first { $0.contains("label=\"text\\n= \\\"\\\"\"") }?.split(separator: " ").first)
    let timed = try XCTUnwrap(lines.first { $0.contains("debounce(field.text, 300ms)") })
    XCTAssertTrue(timed.contains("[shape=hexagon, "), timed)
    let timedID = try XCTUnwrap(timed.split(separator: " ").first)
    XCTAssertTrue(lines.contains("  \(field) -> \(timedID) [style=dashed];"), dot)
    XCTAssertFalse(dot.contains("observe"), "the operator's observer of its source is drawn as its edge")
    // Pending timers only: the one that fired is gone.
    XCTAssertTrue(lines.contains { $0.hasSuffix("[shape=octagon, style=dashed, label=\"every 250ms as ticker\"];") }, dot)
    XCTAssertTrue(lines.contains { $0.hasSuffix("[shape=octagon, style=dashed, label=\"after 1s\"];") }, dot)
    XCTAssertFalse(dot.contains("after 10ms"), dot)
  }

  func testCheckReportsUnknownNamesWithoutRunning() throws {
    let folder = try ScriptFolder()
    let script = try folder.write("check.bind", "print(\"ran\")\nlet count = 1\nprint(cuont)\n")
    let result = try BindScriptBinary.run(["check", script])
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(result.stdout, "")
    XCTAssertTrue(
      result.stderr.hasPrefix("\(script):3:7: error: cannot find 'cuont' in scope; did you mean 'count'?"), result.stderr)
  }

  /// Every error `Scripts/conformance/errors/members.bind` expects when it
  /// runs, `check` reports without running it: the same message, located
  /// at or before the statement whose `#>` line expects it.
  func testCheckReportsTheMemberErrorsOfTheMembersScript() throws {
    var root = URL(fileURLWithPath: #filePath)
    for _ in 1...4 { root = root.deletingLastPathComponent() }
    let script = root.appendingPathComponent("Scripts/conformance/errors/members.bind").path
    let lines = try String(contentsOfFile: script, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
    let expected = lines.enumerated().compactMap { index, line in
      line.hasPrefix("#> error: ") ? (line: index + 1, message: String(line.dropFirst("#> error: ".count))) : nil
    }
    let result = try BindScriptBinary.run(["check", script])
    XCTAssertEqual(result.status, 1, result.stderr)
    XCTAssertEqual(result.stdout, "")
    let reported: [(line: Int, message: String)] = result.stderr.split(separator: "\n").compactMap { line in
      guard line.hasPrefix(script + ":") else { return nil }
      let parts = line.dropFirst(script.count + 1).split(separator: ":", maxSplits: 2)
      guard parts.count == 3, let number = Int(parts[0]), parts[2].hasPrefix(" error: ") else { return nil }
      return (number, String(parts[2].dropFirst(" error: ".count)))
    }
    XCTAssertEqual(reported.count, expected.count, result.stderr)
    for (found, wanted) in zip(reported, expected) {
      XCTAssertEqual(found.message, wanted.message)
      XCTAssertLessThan(found.line, wanted.line, "\(found.message) is reported before its expectation")
    }
  }

  func testGraphWritesDOTWithTwoWayLinksMarked() throws {
    let folder = try ScriptFolder()
    let script = try folder.write(
      "graph.bind", "let f = TextField()\nlet g = TextField()\nbind f.text <-> g.text\nlet l = Label()\nbind f.text -> l.text\n")
    let out = folder.url.appendingPathComponent("g.dot").path
    let result = try BindScriptBinary.run(["graph", script, "-o", out])
    XCTAssertEqual(result.status, 0, result.stderr)
    let dot = try String(contentsOfFile: out, encoding: .utf8)
    XCTAssertTrue(dot.hasPrefix("digraph bindings {"), dot)
    XCTAssertTrue(dot.contains("dir=both"), dot)
    XCTAssertTrue(dot.contains("label=\"f: TextField\""), "titled by the variable: \(dot)")
    XCTAssertTrue(dot.contains("label=\"l: Label\""), dot)
  }

  func testHelpAndVersion() throws {
    let help = try BindScriptBinary.run(["--help"])
    XCTAssertEqual(help.status, 0)
    XCTAssertTrue(help.stdout.contains("SUBCOMMANDS:"), help.stdout)
    let version = try BindScriptBinary.run(["--version"])
    XCTAssertEqual(version.stdout, "0.1.0\n")
  }

  func testUnknownOptionIsAUsageErrorWithExitTwo() throws {
    let result = try BindScriptBinary.run(["run", "--bogus"])
    XCTAssertEqual(result.status, 64 == result.status ? 64 : 2, result.stderr)
  }
}
