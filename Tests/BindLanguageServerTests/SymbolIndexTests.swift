import BindLanguage
import BindSyntax
import XCTest

@testable import BindLanguageServer

/// Declarations and scopes found from tokens, and the analysis behind
/// diagnostics and quick fixes.
final class SymbolIndexTests: XCTestCase {
  private func index(_ text: String) -> SymbolIndex {
    let file = SourceFile(text: text)
    return SymbolIndex(tokens: Lexer.tokenize(file).tokens, fileSize: file.bytes.count)
  }

  func testAStrayCloserOfAnotherKindNeverClosesABlock() {
    // Half-typed edits: a `{` after `=`, a `)` where a comment was. The `{`
    // stays open to the end of the file, so `b` is scoped from its name to
    // there (a `)` closing the `{` used to end the scope before it began).
    let text = "var a ={ 0\non t { print(a) }\n) comment\nlet b = 1\n"
    let b = index(text).symbols.first { $0.name == "b" }
    let nameStart = text.utf8.count - "b = 1\n".utf8.count
    XCTAssertEqual(b?.scope, nameStart..<text.utf8.count)
    XCTAssertEqual(index("f(a, { ]\nlet c = 1 )\n}").symbols.map(\.name), ["c"])
  }

  func testImportsAreTheStringsAfterImportWithTheirDecodedPaths() {
    // The index keeps no string values: the paths are taken while its
    // tokens are made.
    let text = "import \"lib\\\\x.bind\"\nlet s = \"other.bind\"\n"
    let imports = index(text).imports
    XCTAssertEqual(imports.map(\.path), ["lib\\x.bind"])
    XCTAssertEqual(imports.map(\.range), [7..<20])
  }

  func testDeclarationsAndScopes() {
    let text = """
      type User { var name: String = ""; event saved }
      let vm = User()
      func greet(person, label other: Int) {
        let inner = 1
        print(person)
      }
      on vm.saved as saving { value in print(value) }
      for item in [1] { print(item) }
      """
    let index = index(text)
    let byName = Dictionary(index.symbols.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    XCTAssertEqual(byName["User"]?.kind, .type)
    XCTAssertEqual(byName["name"]?.container, "User")
    XCTAssertEqual(byName["name"]?.typeName, "String")
    XCTAssertEqual(byName["saved"]?.kind, .event)
    XCTAssertEqual(byName["vm"]?.typeName, "User")
    XCTAssertEqual(byName["greet"]?.signature, "func greet(person, other)")
    XCTAssertEqual(byName["other"]?.typeName, "Int")
    XCTAssertEqual(byName["saving"]?.kind, .connection)
    XCTAssertEqual(byName["value"]?.kind, .parameter)
    XCTAssertEqual(byName["item"]?.kind, .constant)
    let insideGreet = text.utf8.count - text.split(separator: "\n").dropFirst(4).joined(separator: "\n").utf8.count
    let visible = Set(index.visible(at: insideGreet).map(\.name))
    XCTAssertTrue(visible.isSuperset(of: ["person", "other", "inner", "vm", "greet", "User"]))
    XCTAssertFalse(Set(index.visible(at: 0).map(\.name)).contains("inner"))
  }

  func testNewSyntaxDoesNotStopTheIndex() {
    // `struct`, `enum` and `case` are names to this grammar, keywords to newer ones.
    let index = index("struct Point { let x: Int }\nenum Color { case red, green }\nlet p = Point(x: 1)\n")
    XCTAssertEqual(index.type(named: "Point")?.kind, .type)
    XCTAssertEqual(index.members(of: "Point").map(\.name), ["x"])
    XCTAssertEqual(index.members(of: "Color").map(\.name), ["red", "green"])
  }

  func testCatchClausesBindTheirNamesInTheirBodyOnly() {
    let text = "do { try f() } catch let e as E { print(e) }\ndo { } catch { print(error) }\nlet after = 1\n"
    let index = index(text)
    let insideFirst = text.utf8.count - text.split(separator: "\n").dropFirst().joined(separator: "\n").utf8.count - 4
    let insideSecond = (text.range(of: "print(error)").map { text.utf8.distance(from: text.startIndex, to: $0.lowerBound) })!
    XCTAssertTrue(index.visible(at: insideFirst).contains { $0.name == "e" && $0.kind == .constant })
    XCTAssertTrue(index.visible(at: insideSecond).contains { $0.name == "error" })
    XCTAssertFalse(index.visible(at: text.utf8.count - 2).contains { $0.name == "e" || $0.name == "error" })
  }

  /// Issue 27: a derived property's statement body declares variables of
  /// its own, not members of the type; an `if` expression's value is a
  /// variable like any other.
  /// Issue 27: a protocol is a type symbol; an extension's members are the
  /// extended type's; statics and initializers are members too.
  func testProtocolsExtensionsAndStatics() {
    let text = """
      protocol Store { func load() -> [String] }
      final class Memory: Store {
        static let shared = 1
        var items: [String] = []
        init(items: [String]) { self.items = items }
        func load() -> [String] { items }
      }
      extension Memory {
        func count() -> Int { items.count }
      }
      """
    let index = index(text)
    XCTAssertEqual(index.type(named: "Store")?.kind, .type)
    XCTAssertEqual(index.type(named: "Memory")?.kind, .type)
    XCTAssertEqual(Set(index.members(of: "Memory").map(\.name)).intersection(["shared", "items", "load", "count"]),
      ["shared", "items", "load", "count"])
  }

  func testStatementBodiesAndBranchExpressions() {
    let text = """
      type VM {
        var a: Int = 0
        var b: Int {
          let x = a * 2
          return x + 1
        }
        var label: String { if a > 0 { "on" } else { "off" } }
      }
      let shown = if true { 1 } else { 2 }
      """
    let index = index(text)
    XCTAssertEqual(index.members(of: "VM").map(\.name), ["a", "b", "label"])
    let byName = Dictionary(index.symbols.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    XCTAssertEqual(byName["x"]?.kind, .constant)
    XCTAssertNil(byName["x"]?.container)
    XCTAssertEqual(byName["b"]?.signature, "var b: Int {")
    XCTAssertEqual(byName["label"]?.signature, "var label: String { if a > 0 { \"on\" } else { \"off\" } }")
    XCTAssertEqual(byName["shown"]?.kind, .constant)
    let insideBody = text.utf8.count - text.split(separator: "\n").dropFirst(4).joined(separator: "\n").utf8.count
    XCTAssertTrue(Set(index.visible(at: insideBody).map(\.name)).isSuperset(of: ["x", "a", "b"]))
    XCTAssertFalse(Set(index.visible(at: text.utf8.count - 1).map(\.name)).contains("x"))
  }

  func testDiagnosticsAreThoseOfCheckWithAFix() {
    let document = TextDocument(uri: "file:///tmp/x.bind", version: 1, text: "type VM { var title: String = \"\" }\nlet vm = VM()\nprint(vn.title)\n")
    let analysis = DocumentAnalysis(document) { Interpreter() }
    let parsed = Parser.parse(document.sourceFile)
    let expected = Interpreter().check(parsed).map(\.diagnostic)
    XCTAssertEqual(analysis.diagnostics, expected)
    guard analysis.diagnostics.count == 1 else { return XCTFail("\(analysis.diagnostics)") }
    let fix = analysis.fix(forDiagnosticAt: 0)
    XCTAssertEqual(fix?.replacement, "vm")
    XCTAssertEqual(fix.map { String(decoding: document.bytes[$0.range], as: UTF8.self) }, "vn")
  }

  func testAMisspelledMethodOfAnAppsObjectIsFixedByItsBaseName() throws {
    final class Picker {
      func select(index: Int) {}
    }
    let document = TextDocument(uri: "file:///tmp/p.bind", version: 1, text: "picker.selct(index: 1)\n")
    let picker = Picker()
    let analysis = DocumentAnalysis(document) {
      let interpreter = Interpreter()
      try interpreter.register(Picker.self, as: "Picker") { type in
        type.method("select(index:)") { (picker: Picker, index: Int) in picker.select(index: index) }
      }
      try interpreter.inject(picker, as: "picker")
      return interpreter
    }
    XCTAssertEqual(
      analysis.diagnostics.map(\.message), ["no method 'selct(index:)' on Picker; did you mean 'select(index:)'?"])
    let fix = try XCTUnwrap(analysis.fix(forDiagnosticAt: 0))
    XCTAssertEqual(fix.replacement, "select")
    XCTAssertEqual(String(decoding: document.bytes[fix.range], as: UTF8.self), "selct")
  }

  /// A quick fix comes from the error's kind, not from its text: a
  /// misspelled member is replaced where it is written, and an initializer
  /// whose labels are wrong gets none although its message says "did you
  /// mean" (renaming a word would not fix the labels).
  func testQuickFixesAreChosenByTheErrorsKind() throws {
    final class Counter {
      var count = 0
    }
    let text = "let titl = 1\nlet c = Counter(strat: 1)\ntype VM { var title: String = \"\" }\nlet vm = VM()\nprint(vm.titel + titl)\n"
    let document = TextDocument(uri: "file:///tmp/k.bind", version: 1, text: text)
    let analysis = DocumentAnalysis(document) {
      let interpreter = Interpreter()
      try interpreter.register(Counter.self, as: "Counter") { type in
        type.constructor("init(start:)") { (start: Int) in Counter() }
        type.constructor("init(limit:)") { (limit: Int) in Counter() }
      }
      return interpreter
    }
    XCTAssertEqual(
      analysis.diagnostics.map(\.message),
      [
        "no initializer 'Counter.init(strat:)' in type 'Counter'; did you mean 'Counter.init(start:)'?",
        "no property 'titel' on VM; did you mean 'title'?",
      ])
    guard analysis.diagnostics.count == 2 else { return }
    XCTAssertNil(analysis.fix(forDiagnosticAt: 0))
    let fix = try XCTUnwrap(analysis.fix(forDiagnosticAt: 1))
    XCTAssertEqual(fix.replacement, "title")
    XCTAssertEqual(String(decoding: document.bytes[fix.range], as: UTF8.self), "titel")
  }

  func testSyntaxErrorsComeFromTheParser() {
    let document = TextDocument(uri: "file:///tmp/x.bind", version: 1, text: "let = 1\n")
    let analysis = DocumentAnalysis(document) { Interpreter() }
    XCTAssertEqual(analysis.diagnostics, Parser.parse(document.sourceFile).diagnostics)
  }
}
