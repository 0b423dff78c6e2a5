import XCTest

@testable import REPLCore

final class MetaCommandTests: XCTestCase {
  func testParsesCommands() {
    let rows: [(String, MetaCommand, UInt)] = [
      (":help", .help(topic: nil), #line),
      (":help bind", .help(topic: "bind"), #line),
      (":quit", .quit, #line),
      (":load demo.bind", .load(path: "demo.bind"), #line),
      (":load   my file.bind ", .load(path: "my file.bind"), #line),
      (":save out.bind", .save(path: "out.bind"), #line),
      (":vars", .vars, #line),
      (":types", .types, #line),
      (":bindings", .bindings, #line),
      (":graph", .graph(path: nil), #line),
      (":graph g.dot", .graph(path: "g.dot"), #line),
      (":reset", .reset, #line),
      (":why  rows[0].title ", .why(value: "rows[0].title"), #line),
    ]
    for (line, expected, source) in rows {
      XCTAssertEqual(try MetaCommand.parse(line).get(), expected, line, line: source)
    }
  }

  func testErrors() {
    let rows: [(String, String, UInt)] = [
      (":lod x", "unknown command ':lod'; did you mean ':load'?", #line),
      (":q", "unknown command ':q'; did you mean ':quit'?", #line),
      (":exit", "unknown command ':exit'; type :help to list the commands", #line),
      (":load", "':load' needs a file name: :load FILE", #line),
      (":save ", "':save' needs a file name: :save FILE", #line),
      (":vars x", "':vars' takes no argument", #line),
      (":why", "':why' needs a value: :why label.text", #line),
      (":", "expected a command name after ':'; type :help to list them", #line),
    ]
    for (line, message, source) in rows {
      guard case .failure(let error) = MetaCommand.parse(line) else {
        XCTFail("\(line) parsed", line: source)
        continue
      }
      XCTAssertEqual(error.message, message, line: source)
    }
  }

  func testHelpHasATopicWithAnExampleForEveryStatementForm() {
    let forms = ["bind", "observe", "on", "emit", "dispose", "batch", "type", "func", "if", "for",
                 "while", "import", "print", "assert", "let", "var", "why"]
    XCTAssertEqual(Set(REPLHelp.topics.keys), Set(forms))
    for form in forms {
      let text = try? REPLHelp.text(for: form).get()
      XCTAssertNotNil(text, form)
      XCTAssertTrue(text?.contains("Example:") ?? false, form)
    }
    guard case .failure(let error) = REPLHelp.text(for: "bnid") else { return XCTFail() }
    XCTAssertEqual(error.message, "no help on 'bnid'; did you mean 'bind'?")
  }

  func testHelpExamplesParse() {
    for (topic, entry) in REPLHelp.topics {
      let parsed = BindLanguageParse.parse(entry.example)
      XCTAssertFalse(parsed.hasErrors, "\(topic): \(parsed.diagnostics.map(\.message))")
    }
  }

  func testOverviewListsEveryCommand() {
    for name in MetaCommand.names {
      XCTAssertTrue(REPLHelp.overview.contains(":\(name)"), name)
    }
  }
}

import BindLanguage
import BindSyntax

/// `Parser.parse` under a name that does not clash with XCTest's.
enum BindLanguageParse {
  static func parse(_ text: String) -> ParseResult { Parser.parse(SourceFile(path: nil, text: text)) }
}
