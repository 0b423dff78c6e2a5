import Foundation
import LineReading
import XCTest

@testable import LineEditor

final class CompletionTests: XCTestCase {
  func testSplitTable() {
    let rows: [(line: String, word: CompletionWord)] = [
      ("", CompletionWord(kind: .identifier, token: "", partial: "")),
      ("pr", CompletionWord(kind: .identifier, token: "pr", partial: "pr")),
      ("let x = va", CompletionWord(kind: .identifier, token: "va", partial: "va")),
      ("bind vm.user.na", CompletionWord(kind: .member, token: "vm.user.na", partial: "na", receiver: ["vm", "user"])),
      ("print(vm.", CompletionWord(kind: .member, token: "vm.", partial: "", receiver: ["vm"])),
      ("x = héllo.wö", CompletionWord(kind: .member, token: "héllo.wö", partial: "wö", receiver: ["héllo"])),
      (":", CompletionWord(kind: .metaCommand, token: ":", partial: ":")),
      ("  :lo", CompletionWord(kind: .metaCommand, token: ":lo", partial: ":lo")),
      (":load ", CompletionWord(kind: .path, token: "", partial: "", command: "load")),
      (":load Scripts/ba", CompletionWord(kind: .path, token: "Scripts/ba", partial: "ba", directory: "Scripts/", command: "load")),
      (":save ~/my file", CompletionWord(kind: .path, token: "~/my file", partial: "my file", directory: "~/", command: "save")),
      (":graph /tmp/", CompletionWord(kind: .path, token: "/tmp/", partial: "", directory: "/tmp/", command: "graph")),
      (":vars x", CompletionWord(kind: .none, token: "", partial: "")),
      ("print(\"vm.na", CompletionWord(kind: .none, token: "", partial: "")),
      ("print(\"a\\\"b\") + vm.na", CompletionWord(kind: .member, token: "vm.na", partial: "na", receiver: ["vm"])),
      ("x = 3.1", CompletionWord(kind: .none, token: "", partial: "")),
      ("x = a..b", CompletionWord(kind: .none, token: "", partial: "")),
      ("f().na", CompletionWord(kind: .none, token: "", partial: "")),
      // Subscripts are steps of the chain; optional chaining's marks are left out.
      ("search.results[0].", CompletionWord(kind: .member, token: "search.results[0].", partial: "", receiver: ["search", "results", "[0]"])),
      ("x = dict[\"k]\"]?.co", CompletionWord(kind: .member, token: "dict[\"k]\"]?.co", partial: "co", receiver: ["dict", "[\"k]\"]"])),
      ("grid[xs[1]][2].", CompletionWord(kind: .member, token: "grid[xs[1]][2].", partial: "", receiver: ["grid", "[xs[1]]", "[2]"])),
      ("vm.user?.na", CompletionWord(kind: .member, token: "vm.user?.na", partial: "na", receiver: ["vm", "user"])),
      ("xs[0]", CompletionWord(kind: .identifier, token: "", partial: "")),
      ("xs[1", CompletionWord(kind: .none, token: "1", partial: "")),
      // After a call's `(` or `,`: the callee, for its signature.
      ("let u = vm.signIn(", CompletionWord(kind: .arguments, token: "", partial: "", receiver: ["vm", "signIn"])),
      ("f(g(1), \")\", ", CompletionWord(kind: .arguments, token: "", partial: "", receiver: ["f"])),
      ("items[0].select(", CompletionWord(kind: .arguments, token: "", partial: "", receiver: ["items", "[0]", "select"])),
      ("f(x", CompletionWord(kind: .identifier, token: "x", partial: "x")),
      ("let xs = [1, ", CompletionWord(kind: .identifier, token: "", partial: "")),
      ("let y = (", CompletionWord(kind: .identifier, token: "", partial: "")),
      ("x # comment va", CompletionWord(kind: .none, token: "", partial: "")),
    ]
    for row in rows {
      XCTAssertEqual(CompletionWord.split(row.line), row.word, "line \(row.line.debugDescription)")
    }
  }

  func testAHintIsShownInItsOrderAndNeverInserted() {
    let hint = Completion(hint: ["signIn(email: String, password: String) async throws -> User", "reset()"])
    XCTAssertEqual(hint.word, "")
    XCTAssertEqual(hint.candidates, [])
    XCTAssertEqual(hint.action, .list(["signIn(email: String, password: String) async throws -> User", "reset()"]))
  }

  func testLongestCommonPrefix() {
    XCTAssertEqual(longestCommonPrefix([String]()), "")
    XCTAssertEqual(longestCommonPrefix(["value"]), "value")
    XCTAssertEqual(longestCommonPrefix(["value", "valid", "vm"]), "v")
    XCTAssertEqual(longestCommonPrefix(["name", "nation"]), "na")
    XCTAssertEqual(longestCommonPrefix(["abc", "xyz"]), "")
    XCTAssertEqual(longestCommonPrefix(["héllo", "hélium"]), "hél")
    // Never splits a grapheme: "e" + combining acute is one Character.
    XCTAssertEqual(longestCommonPrefix(["e\u{301}a", "e"]), "")
  }

  func testActions() {
    XCTAssertEqual(Completion.none.action, .beep)
    XCTAssertEqual(Completion(word: "pr", candidates: ["print"]).action, .replace(with: "print"))
    XCTAssertEqual(
      Completion(word: "na", candidates: ["nation", "name"]).action, .list(["name", "nation"]))
    XCTAssertEqual(
      Completion(word: "n", candidates: ["nation", "name"]).action, .replace(with: "na"))
    XCTAssertEqual(
      Completion(word: "x", candidates: ["x1", "x1"]).action, .replace(with: "x1"), "duplicates collapse")
    XCTAssertEqual(
      Completion(word: "Scripts/b", candidates: ["Scripts/bad/", "Scripts/basic.bind"], listedNames: ["bad/", "basic.bind"]).action,
      .replace(with: "Scripts/ba"))
    XCTAssertEqual(
      Completion(word: "ba", candidates: ["basic.bind", "bad/"], listedNames: ["B", "A"]).action,
      .list(["A", "B"]))
  }

  func testFileNameCompleter() throws {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("LineEditorTests-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("Scripts/bad"), withIntermediateDirectories: true)
    for name in ["Scripts/basic.bind", "Scripts/other.bind", "Scripts/.hidden", "top.bind"] {
      try Data().write(to: root.appendingPathComponent(name))
    }
    let completer = FileNameCompleter(currentDirectory: root.path, homeDirectory: root.path)
    XCTAssertEqual(completer.complete("Scr"), Completion(word: "Scr", candidates: ["Scripts/"]))
    XCTAssertEqual(
      completer.complete("Scripts/ba"), Completion(word: "ba", candidates: ["bad/", "basic.bind"]))
    XCTAssertEqual(
      completer.complete("Scripts/"),
      Completion(word: "", candidates: ["bad/", "basic.bind", "other.bind"]))
    XCTAssertEqual(completer.complete("Scripts/.h"), Completion(word: ".h", candidates: [".hidden"]))
    XCTAssertEqual(completer.complete("~/to"), Completion(word: "to", candidates: ["top.bind"]))
    XCTAssertEqual(
      completer.complete(root.path + "/Scripts/o"), Completion(word: "o", candidates: ["other.bind"]))
    XCTAssertEqual(completer.complete("nope/x"), Completion(word: "x", candidates: []))
  }

  func testColumns() {
    XCTAssertEqual(CompletionList.columns([], width: 80), "")
    XCTAssertEqual(CompletionList.columns(["a", "bb", "ccc"], width: 80), "a    bb   ccc\n")
    // Column-major, like ls: read down, then across.
    XCTAssertEqual(
      CompletionList.columns(["a", "b", "c", "d", "e"], width: 7), "a  c  e\nb  d\n")
    XCTAssertEqual(CompletionList.columns(["long-name", "x"], width: 5), "long-name\nx\n")
  }

  func testPromptMarkup() {
    XCTAssertEqual(PromptMarkup.mark("> "), "> ")
    XCTAssertEqual(
      PromptMarkup.mark("\u{1B}[1;32mbind>\u{1B}[0m "),
      "\u{1}\u{1B}[1;32m\u{1}bind>\u{1}\u{1B}[0m\u{1} ")
    XCTAssertEqual(PromptMarkup.mark("a\u{1}b"), "ab")
    XCTAssertEqual(
      PromptMarkup.mark("\u{1B}]0;title\u{7}✓ "), "\u{1}\u{1B}]0;title\u{7}\u{1}✓ ")
  }
}
