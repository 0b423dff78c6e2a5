import BindSyntax
import Foundation
import XCTest

@testable import BindFormatter

/// The layout rules, one row per rule, and the safety net: formatting keeps
/// the program (tokens and syntax tree) and is idempotent, over every script
/// in the repository, the fuzz corpus and mutations of both.
final class FormatterTests: XCTestCase {
  private func assertFormats(_ input: String, _ expected: String, file: StaticString = #filePath, line: UInt = #line) {
    do {
      let output = try Formatter.format(input)
      XCTAssertEqual(output, expected, file: file, line: line)
      XCTAssertEqual(try Formatter.format(output), output, "not idempotent", file: file, line: line)
    } catch {
      XCTFail("\(error)", file: file, line: line)
    }
  }

  func testSpacingBetweenTokens() {
    assertFormats("let   x=1+2*3\n", "let x = 1 + 2 * 3\n")
    assertFormats("print( min(1 ,2) )\n", "print(min(1, 2))\n")
    assertFormats("let a = [ 1,2 ,3 ]\nlet b = a [0]\n", "let a = [1, 2, 3]\nlet b = a[0]\n")
    assertFormats("let x = - y\nlet y = ! true\nlet z = 3 - -x\n", "let x = -y\nlet y = !true\nlet z = 3 - -x\n")
    // `- 1` negates 1, `-1` is a literal: different trees, both kept.
    assertFormats("let a = - 1\nlet b = -1\n", "let a = - 1\nlet b = -1\n")
    assertFormats("for i in 0 ... 3 { print(i) }\n", "for i in 0...3 { print(i) }\n")
    assertFormats("for i in 0..<3 {print(i)}\n", "for i in 0..<3 { print(i) }\n")
    assertFormats("let t = true ? 1:2\n", "let t = true ? 1 : 2\n")
    assertFormats("let s = \"a\\( 1+2 )b\"\n", "let s = \"a\\(1 + 2)b\"\n")
    assertFormats("type P {\n  var name : String?\n  var n: Int = 0\n}\n", "type P {\n  var name: String?\n  var n: Int = 0\n}\n")
    assertFormats("let a = 1;let b = 2\n", "let a = 1; let b = 2\n")
    // A tuple's element of an integer stays apart: `3.9` is another token.
    assertFormats("let t = (1, 2)\nt. 0\nInt(3. 9)\n", "let t = (1, 2)\nt.0\nInt(3. 9)\n")
    // A closure type's attribute stands apart from the type, as Swift lays it out.
    assertFormats(
      "func run(_ w:  @escaping  @Sendable(Int)->Int) { }\n", "func run(_ w: @escaping @Sendable (Int) -> Int) { }\n")
    // Generic arguments stay against their type (`Set < Int` would not parse); `<` between values is spaced.
    assertFormats(
      "var s: Set<Int>? = nil\nvar d:Dictionary<String, Int> = [:]\nlet b = 1<2 ? 1:2\n",
      "var s: Set<Int>? = nil\nvar d: Dictionary<String, Int> = [:]\nlet b = 1 < 2 ? 1 : 2\n")
    // So do qualified names, function types and doubled optionals among them
    // (found by `make fuzz`: `Dictionary<String.Int, Int>` became `Dictionary < String.Int, Int >`).
    assertFormats(
      "let a: Dictionary<Screen.State, Int> = [:]\nlet f: Array<(Int) throws -> Int> = []\nlet o: Array<Int??> = []\n",
      "let a: Dictionary<Screen.State, Int> = [:]\nlet f: Array<(Int) throws -> Int> = []\nlet o: Array<Int??> = []\n")
    // An initializer named by its labels is written as Swift writes it; a call is spaced.
    assertFormats(
      "let f = Point.init( x : y : )\nlet p = Point.init(x :1, y:2)\n",
      "let f = Point.init(x:y:)\nlet p = Point.init(x: 1, y: 2)\n")
    // A closure called or subscripted where it is written stays against its call.
    assertFormats("print({ $0 + 1 }(2))\nlet n = [{ $0 }][0](3)\n", "print({ $0 + 1 }(2))\nlet n = [{ $0 }][0](3)\n")
    assertFormats("let m = {[1, 2]}()[0]\n", "let m = { [1, 2] }()[0]\n")
  }

  func testNewStatementForms() {
    assertFormats("repeat{n += 1}while n<3\n", "repeat { n += 1 } while n < 3\n")
    assertFormats("repeat {\nn += 1\n}\nwhile n < 3\n", "repeat {\n  n += 1\n}\nwhile n < 3\n")
    assertFormats(
      "switch ( a,b ) {\ncase ( 0 , _ ):print(1)\ncase let( x,y )where x==y:print(x)\ndefault:break\n}\n",
      "switch (a, b) {\ncase (0, _): print(1)\ncase let (x, y) where x == y: print(x)\ndefault: break\n}\n")
  }

  func testErrorHandlingSyntax() {
    assertFormats(
      "enum E :Error{ case bad }\nfunc f( _ x:Int )throws->Int{\ndefer{print( 1 )}\nif x<0 {throw   E.bad}\nreturn x\n}\n",
      "enum E: Error { case bad }\nfunc f(_ x: Int) throws -> Int {\n  defer { print(1) }\n  if x < 0 { throw E.bad }\n  return x\n}\n")
    assertFormats(
      "do{\nlet y=try f(1)\n}catch   .bad where  true{print(1)}\ncatch let e as E{print(e)}\n  catch{print(error)}\n",
      "do {\n  let y = try f(1)\n} catch .bad where true { print(1) }\ncatch let e as E { print(e) }\ncatch { print(error) }\n")
    // `try?` and `try!` stay attached; the value after them does not.
    assertFormats("print(try?f(a:1), try!  f(a: 2))\n", "print(try? f(a: 1), try! f(a: 2))\n")
    assertFormats("let g = {(x:Int)throws->Int in x}\n", "let g = { (x: Int) throws -> Int in x }\n")
  }

  func testIndentationFollowsBrackets() {
    assertFormats(
      "func f(a) {\nif a {\nreturn 1\n} else {\n      return 2\n}\n}\n",
      "func f(a) {\n  if a {\n    return 1\n  } else {\n    return 2\n  }\n}\n")
    assertFormats(
      "print(min(\n1,\n2\n))\n",
      "print(min(\n  1,\n  2\n))\n")
    assertFormats("let x =\n1 +\n2\nlet y = 3\n", "let x =\n  1 +\n  2\nlet y = 3\n")
    assertFormats(
      "func join(a,\n          b) {\n  return a\n}\n",
      "func join(a,\n  b) {\n  return a\n}\n")
  }

  func testBlankLinesAreNormalised() {
    assertFormats("\n\nlet a = 1\n\n\n\nlet b = 2\n\n\n", "let a = 1\n\nlet b = 2\n")
    assertFormats("if true {\n\n  print(1)\n\n}\n", "if true {\n  print(1)\n}\n")
    assertFormats("let a = 1", "let a = 1\n")
    assertFormats("", "")
  }

  func testCommentsAreKeptByteForByte() {
    assertFormats("#!/usr/bin/env bindscript\nprint(1)   #  trailing   comment  \n#> 1\n", "#!/usr/bin/env bindscript\nprint(1)   #  trailing   comment  \n#> 1\n")
    assertFormats("if true {\n# inside\nprint(1)\n    # before the brace\n}\n", "if true {\n  # inside\n  print(1)\n  # before the brace\n}\n")
    assertFormats("# only a comment", "# only a comment\n")
    assertFormats("print(\"#not a comment\")  # a comment\n", "print(\"#not a comment\")  # a comment\n")
    assertFormats("let a = 1# tight\n", "let a = 1 # tight\n")
  }

  func testPrintedSourceTextKeepsItsSpacing() {
    // `observe` prints its expression's text: `a+b: 3 -> 4`.
    assertFormats("var a = 1\nobserve  a+a\nassert(a==1)\n", "var a = 1\nobserve a+a\nassert(a==1)\n")
  }

  func testCarriageReturnsAndByteOrderMark() {
    assertFormats("\u{FEFF}let a = 1\r\nprint(a)\r\n", "\u{FEFF}let a = 1\nprint(a)\n")
    // A comment ending in stray carriage returns loses all of them at once
    // (found by `make fuzz`: one per pass made fmt not idempotent).
    assertFormats("# note\r\r\r\nprint(1)\r\n#> 1\r\r\n", "# note\nprint(1)\n#> 1\n")
  }

  /// Issue 27: derived properties with statement bodies, `get` bodies, and
  /// `if`/`switch` expressions lay out as the statements they are made of,
  /// comments kept.
  func testStatementBodiesAndBranchExpressions() {
    assertFormats(
      "type VM {\nvar a: Int = 0\nvar b: Int {\nlet x = a*2  # twice\nreturn x+1\n}\nvar c: Int {\nget {\nlet y = a\nreturn y\n}\nset { a = newValue }\n}\n}\n",
      "type VM {\n  var a: Int = 0\n  var b: Int {\n    let x = a * 2  # twice\n    return x + 1\n  }\n  var c: Int {\n    get {\n      let y = a\n      return y\n    }\n    set { a = newValue }\n  }\n}\n")
    assertFormats(
      "type VM {\nvar phase: Int = 0\nvar shown: Bool {\nswitch phase {\ncase 1: return true\n# otherwise\ndefault: return false\n}\n}\n}\n",
      "type VM {\n  var phase: Int = 0\n  var shown: Bool {\n    switch phase {\n    case 1: return true\n      # otherwise\n    default: return false\n    }\n  }\n}\n")
    assertFormats(
      "let label = if ok {\n\"on\"\n} else {\n\"off\"  # off\n}\n",
      "let label = if ok {\n  \"on\"\n} else {\n  \"off\"  # off\n}\n")
    assertFormats(
      "let n = switch phase {\n  case .a: 1\ndefault:\n2\n}\n",
      "let n = switch phase {\ncase .a: 1\ndefault:\n  2\n}\n")
    assertFormats(
      "func f(x: Int) -> Int {\nreturn if x>0 { 1 }\nelse { 2 }\n}\nvar t = 0\nt =\nif ok {1} else {2}\n",
      "func f(x: Int) -> Int {\n  return if x > 0 { 1 }\n  else { 2 }\n}\nvar t = 0\nt =\n  if ok { 1 } else { 2 }\n")
  }

  func testSyntaxErrorsAreNotFormatted() {
    XCTAssertThrowsError(try Formatter.format("let = 1\n")) { error in
      guard case FormatError.syntaxErrors(let diagnostics) = error else { return XCTFail("\(error)") }
      XCTAssertFalse(diagnostics.isEmpty)
    }
  }

  // MARK: - The safety net over real scripts

  private static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Every `.bind` file in Scripts/, Sources/Examples/Scripts and every
  /// fuzz corpus input.
  private func corpus() throws -> [(String, String)] {
    var result: [(String, String)] = []
    for folder in ["Scripts", "Sources/Examples/Scripts", "Tests/FuzzCorpus"] {
      let root = Self.repository.appendingPathComponent(folder)
      guard let walker = FileManager.default.enumerator(atPath: root.path) else { continue }
      for case let relative as String in walker where !relative.hasSuffix(".md") {
        let path = root.appendingPathComponent(relative).path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
          let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8),
          data.count < 200_000
        else { continue }
        result.append((path, text))
      }
    }
    return result
  }

  /// The properties `fmt` promises, for one input that parses.
  private func assertKeepsProgram(_ text: String, _ name: String) {
    let parsed = Parser.parse(text)
    guard !parsed.hasErrors else { return }
    let formatted: String
    do {
      formatted = try Formatter.format(text)
    } catch {
      return XCTFail("\(name): \(error)\n--- input\n\(text)")
    }
    let reparsed = Parser.parse(formatted)
    XCTAssertFalse(reparsed.hasErrors, "\(name): the formatted text does not parse")
    XCTAssertEqual(ASTDump.dump(reparsed.statements), ASTDump.dump(parsed.statements), "\(name): program changed")
    XCTAssertEqual(Self.comments(of: formatted), Self.comments(of: text), "\(name): comments changed")
    XCTAssertEqual(try? Formatter.format(formatted), formatted, "\(name): not idempotent")
  }

  /// The comments of a script, each as written (less a CR), in order.
  private static func comments(of text: String) -> [String] {
    let file = SourceFile(text: text)
    let tokens = Lexer.tokenize(file).tokens
    var result: [String] = []
    var previous = file.bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    for token in tokens {
      let gap = file.bytes[previous..<max(previous, token.range.start.offset)]
      for line in gap.split(separator: UInt8(ascii: "\n")) {
        if let hash = line.firstIndex(of: UInt8(ascii: "#")) {
          var comment = String(decoding: line[hash...], as: UTF8.self)
          while comment.hasSuffix("\r") { comment.removeLast() }
          result.append(comment)
        }
      }
      previous = max(previous, token.range.end.offset)
    }
    return result
  }

  func testEveryRepositoryScriptKeepsItsProgram() throws {
    let files = try corpus()
    XCTAssertGreaterThan(files.count, 100, "scripts not found under \(Self.repository.path)")
    for (path, text) in files { assertKeepsProgram(text, path) }
  }

  /// Mutations of the corpus (a fixed seed): tokens' blanks removed or
  /// doubled, line breaks and blank lines added, lines re-indented. Every
  /// mutant that still parses must format to the same program.
  func testMutatedScriptsKeepTheirProgram() throws {
    var random = SplitMix(seed: 16)
    let files = try corpus().filter { $0.1.utf8.count < 20_000 }
    var checked = 0
    for round in 0..<6 {
      for (path, text) in files {
        var bytes = Array(text.utf8)
        for _ in 0..<(1 + random.next() % 8) {
          guard !bytes.isEmpty else { break }
          let at = Int(random.next() % UInt64(bytes.count))
          switch random.next() % 6 {
          case 0: if bytes[at] == UInt8(ascii: " ") { bytes.remove(at: at) }
          case 1: bytes.insert(UInt8(ascii: " "), at: at)
          case 2: bytes.insert(UInt8(ascii: "\n"), at: at)
          case 3: bytes.insert(contentsOf: Array("\t  ".utf8), at: at)
          case 4: bytes.insert(contentsOf: Array("\n\n\n".utf8), at: at)
          default: bytes.insert(contentsOf: Array(" # c\n".utf8), at: at)
          }
        }
        guard let mutant = String(validating: bytes, as: UTF8.self) else { continue }
        if !Parser.parse(mutant).hasErrors { checked += 1 }
        assertKeepsProgram(mutant, "\(path) (mutant \(round))")
      }
    }
    XCTAssertGreaterThan(checked, 100)
  }
}

/// A small deterministic generator (SplitMix64), so failures reproduce.
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
