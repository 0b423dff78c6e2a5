import Foundation
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
      ("x = 3.1", CompletionWord(kind: .none, token: "3.1", partial: "")),
      ("x = a..b", CompletionWord(kind: .none, token: "a..b", partial: "")),
      ("x # comment va", CompletionWord(kind: .none, token: "", partial: "")),
    ]
    for row in rows {
      XCTAssertEqual(CompletionWord.split(row.line), row.word, "line \(row.line.debugDescription)")
    }
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
