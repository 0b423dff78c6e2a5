import BindSyntax
import XCTest
@testable import BindLanguage

/// Closures, collection methods, dictionaries, typed variables and
/// optionals at run time (Grammar.md §6); the conformance scripts under
/// Scripts/conformance cover the same ground as users write it.
final class InterpreterClosureTests: XCTestCase {
  func testValueStaysTwoWordsWithDictionaries() {
    // One storage reference: adding dictionaries did not grow every value.
    XCTAssertEqual(MemoryLayout<ScriptDictionary>.size, 8)
    XCTAssertLessThanOrEqual(MemoryLayout<Value>.size, 17)
  }

  func testClosuresCaptureByReferenceAndReturnTheirLastExpression() {
    assertTranscript(
      """
      var n = 1
      let read = { n }
      n = 5
      read()
      let bump = { n += 1 }
      bump()
      n
      { x in x * 2 }(4)
      """,
      ["5", "6", "8"])
  }

  func testAClosureThatMakesNoClosuresReusesItsFrameAcrossCallsButNotWhenNested() {
    // A recursive closure is called while its frame is in use: the nested
    // call must get a frame of its own.
    assertTranscript(
      """
      var fib = { n in n }
      fib = { n in n < 2 ? n : fib(n - 1) + fib(n - 2) }
      fib(15)
      [1, 2, 3].map { x in [10, 20].map { y in x + y } }
      """,
      ["610", "[[11, 21], [12, 22], [13, 23]]"])
  }

  func testCollectionMethodsCallClosuresPerElement() {
    assertTranscript(
      """
      let xs = [5, 3, 8]
      xs.map { $0 + 1 }
      xs.filter { $0 > 4 }
      xs.reduce(0) { $0 + $1 }
      xs.sorted { $0 > $1 }
      xs.first { $0 < 5 }
      xs.count(where: { $0 > 2 })
      """,
      ["[6, 4, 9]", "[5, 8]", "16", "[8, 5, 3]", "3", "3"])
  }

  func testDictionariesKeepInsertionOrderAndCompareWithoutIt() {
    assertTranscript(
      """
      var d = ["z": 1, "a": 2]
      d["m"] = 3
      d
      d["z"] = nil
      d.keys
      d == ["m": 3, "a": 2]
      d["q"]
      """,
      [#"["z": 1, "a": 2, "m": 3]"#, #"["a", "m"]"#, "true", "nil"])
  }

  func testDictionaryKeysFollowValueEquality() throws {
    // Script equality says 1 == 1.0, so a Double may not be a key that hashes apart from Int.
    XCTAssertThrowsError(try DictionaryKey(.double(1)))
    XCTAssertEqual(try DictionaryKey(.int(1)), try DictionaryKey(.int(1)))
    var dictionary = ScriptDictionary()
    try dictionary.setValue(.int(1), forKey: .string("a"))
    let copy = dictionary
    try dictionary.setValue(.int(2), forKey: .string("a"))
    XCTAssertEqual(try copy.value(forKey: .string("a")), .int(1), "a copy does not see later writes")
    XCTAssertEqual(try dictionary.value(forKey: .string("a")), .int(2))
  }

  func testDeeplyNestedDictionariesAreBounded() {
    assertTranscript(
      """
      var d = ["k": 0]
      for i in 1...1200 { d = ["k": d] }
      """,
      ["error: values nested more than 1000 levels deep (arrays, dictionaries, structs, enum values and tuples count)"])
  }

  func testTypedVariablesCheckEveryWrite() {
    assertTranscript(
      """
      var xs: [Int] = []
      xs.append(1)
      xs.append("a")
      xs
      var d: Double = 1
      d
      """,
      ["error: cannot assign a value of type '[Any]' to 'xs', which is declared '[Int]'", "[1]", "1.0"])
  }

  func testOptionalChainsEndAtTheFirstNil() {
    assertTranscript(
      """
      type U { var name: String = "" }
      type S { var user: U? }
      let s = S()
      s.user?.name.count
      s.user?.name.uppercased().count
      s.user = U(name: "ab")
      s.user?.name.count
      """,
      ["nil", "nil", "2"])
  }

  func testIfLetAndGuardBindOnlyWhereSwiftDoes() {
    assertTranscript(
      """
      let x: Int? = 3
      if let x, x > 2 { print("big", x) } else { print("small") }
      func f(v) {
        guard let v else { return -1 }
        return v * 2
      }
      f(nil)
      f(4)
      """,
      ["big 3", "-1", "8"])
  }
}
