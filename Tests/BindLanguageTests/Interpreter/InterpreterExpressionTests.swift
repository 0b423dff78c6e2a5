import BindSyntax
import XCTest
@testable import BindLanguage

/// Expressions and the printed literal forms (Grammar.md
/// sections 3, 5 and 6).
final class InterpreterExpressionTests: XCTestCase {
  // MARK: arithmetic

  func testIntegerArithmeticAndPrecedence() {
    assertTranscript(
      """
      1 + 2 * 3
      (1 + 2) * 3
      7 / 2
      -7 / 2
      7 % 3
      -7 % 3
      10 - 2 - 3
      2 * -3
      -(4)
      1_000 + 1
      """,
      ["7", "9", "3", "-3", "1", "-1", "5", "-6", "-4", "1001"])
  }

  func testIntegerOverflowIsAnError() {
    assertTranscript(
      """
      let big = 9223372036854775807
      let small = -9223372036854775808
      small
      big + 1
      small - 1
      big * 2
      small / -1
      small % -1
      -small
      abs(small)
      var n = big
      n += 1
      n
      """,
      [
        "-9223372036854775808",
        "error: arithmetic overflow: 9223372036854775807 + 1 does not fit in Int",
        "error: arithmetic overflow: -9223372036854775808 - 1 does not fit in Int",
        "error: arithmetic overflow: 9223372036854775807 * 2 does not fit in Int",
        "error: arithmetic overflow: -9223372036854775808 / -1 does not fit in Int",
        "error: arithmetic overflow: -9223372036854775808 % -1 does not fit in Int",
        "error: arithmetic overflow: -(-9223372036854775808) does not fit in Int",
        "error: arithmetic overflow: abs(-9223372036854775808) does not fit in Int",
        "error: arithmetic overflow: 9223372036854775807 + 1 does not fit in Int",
        "9223372036854775807",
      ])
  }

  func testDivisionByZero() {
    assertTranscript(
      """
      1 / 0
      1 % 0
      1.5 / 0
      1.5 % 0.0
      """,
      ["error: division by zero", "error: remainder by zero", "error: division by zero", "error: remainder by zero"])
  }

  func testIntAndDoubleMixing() {
    assertTranscript(
      """
      1 + 0.5
      0.5 + 1
      3 * 1.5
      7 / 2.0
      7.5 % 2
      1 == 1.0
      2 > 1.5
      1.5 < 2
      0.1 + 0.2
      """,
      ["1.5", "1.5", "4.5", "3.5", "1.5", "true", "true", "true", "0.30000000000000004"])
  }

  func testArithmeticOperandErrors() {
    assertTranscript(
      """
      1 + "a"
      "a" - "b"
      true * 2
      -"x"
      !1
      nil + 1
      [1] + [2]
      """,
      [
        "error: cannot apply '+' to 'Int' and 'String'; convert with String(…) or use interpolation \"\\(…)\"",
        "error: cannot apply '-' to 'String' and 'String'",
        "error: cannot apply '*' to 'Bool' and 'Int'",
        "error: '-' needs a number, not 'String'",
        "error: '!' needs a Bool, not 'Int'",
        "error: cannot apply '+' to 'nil' and 'Int'",
        "[1, 2]",
      ])
  }

  // MARK: strings

  func testConcatenationAndInterpolation() {
    assertTranscript(
      """
      let name = "Ada"
      "Hello, " + name + "!"
      "Hi \\(name), \\(1 + 2) \\(1.5) \\(nil) \\(true) \\([1, "a"])"
      "nested \\("in \\(name.uppercased())")"
      "\\(name)\\(name)"
      "empty \\("")."
      var s = ""
      s += "x"
      s
      """,
      [
        "\"Hello, Ada!\"",
        "\"Hi Ada, 3 1.5 nil true [1, \\\"a\\\"]\"",
        "\"nested in ADA\"",
        "\"AdaAda\"",
        "\"empty .\"",
        "\"x\"",
      ])
  }

  func testStringMembers() {
    assertTranscript(
      """
      let s = "Hello"
      s.count
      "".count
      "é👍🏽".count
      s.isEmpty
      "".isEmpty
      s.uppercased()
      s.lowercased()
      s.contains("ell")
      s.contains("xyz")
      s.contains("")
      s.hasPrefix("He")
      s.hasPrefix("he")
      s.hasSuffix("lo")
      s.hasSuffix("l")
      "abc".uppercased().count
      """,
      [
        "5", "0", "2", "false", "true", "\"HELLO\"", "\"hello\"", "true", "false", "true", "true", "false", "true",
        "false", "3",
      ])
  }

  func testStringMemberErrors() {
    assertTranscript(
      """
      "a".length
      "a".uppercase()
      "a".contains(1)
      "a".hasPrefix()
      "a".uppercased(1)
      let none = nil
      none.count
      none.uppercased()
      """,
      [
        "error: value of type 'String' has no property 'length'",
        "error: value of type 'String' has no method 'uppercase'; did you mean 'uppercased'?",
        "error: 'contains(_:)' needs a String, not 'Int'",
        "error: 'hasPrefix' takes 1 argument but 0 were given",
        "error: 'uppercased' takes 0 arguments but 1 was given",
        "error: cannot read 'count' of nil; use '?.' to read it only when the value is not nil",
        "error: cannot call 'uppercased' on nil; use '?.' to call it only when the value is not nil",
      ])
  }

  func testStringComparison() {
    assertTranscript(
      """
      "a" < "b"
      "b" <= "a"
      "abc" == "abc"
      "abc" != "abd"
      "Z" < "a"
      """,
      ["true", "false", "true", "true", "true"])
  }

  // MARK: conversions and built-in functions

  func testConversions() {
    assertTranscript(
      """
      String(42)
      String(3.5)
      String("x")
      String(nil)
      String(true)
      String([1, "a"])
      String(Label())
      Int("12")
      Int("-12")
      Int("1.5")
      Int("x")
      Int(3.9)
      Int(-3.9)
      Int(7)
      Double("2.5")
      Double("x")
      Double(2)
      Double(2.5)
      Int(1e300)
      Int(nil)
      Double(true)
      """,
      [
        "\"42\"", "\"3.5\"", "\"x\"", "\"nil\"", "\"true\"", "\"[1, \\\"a\\\"]\"", "\"Label#1\"",
        "12", "-12", "nil", "nil", "3", "-3", "7",
        "2.5", "nil", "2.0", "2.5",
        "error: Int(1e+300) does not fit in Int",
        "error: cannot convert 'nil' to Int",
        "error: cannot convert 'Bool' to Double",
      ])
  }

  func testMinMaxAbs() {
    assertTranscript(
      """
      min(3, 1, 2)
      max(3, 1, 2)
      min(1, 2.5)
      max(1, 2.5)
      min(-1.5, 2)
      abs(-3)
      abs(3)
      abs(-2.5)
      min(1)
      max(1, "a")
      abs("x")
      abs(1, 2)
      """,
      [
        "1", "3", "1.0", "2.5", "-1.5", "3", "3", "2.5",
        "error: 'min' needs at least 2 arguments",
        "error: 'max' needs numbers, not 'Int' and 'String'",
        "error: abs needs a number, not 'String'",
        "error: 'abs' takes 1 argument but 2 were given",
      ])
  }

  func testBuiltinsCanBeShadowed() {
    assertTranscript(
      """
      func max(a, b) { return "mine" }
      max(1, 2)
      let print = 3
      print
      """,
      ["\"mine\"", "3"])
  }

  // MARK: comparisons and logic

  func testComparisonsAndEquality() {
    assertTranscript(
      """
      1 < 2
      2 <= 2
      3 > 4
      4 >= 4
      1 == 1
      1 != 1
      "1" == 1
      nil == nil
      nil == 0
      [1, 2] == [1, 2]
      [1, 2] == [2, 1]
      let a = Label()
      let b = Label()
      a == a
      a == b
      true == true
      1 < "a"
      nil < 1
      """,
      [
        "true", "true", "false", "true", "true", "false", "false", "true", "false", "true", "false",
        "true", "false", "true",
        "error: cannot compare 'Int' and 'String' with '<'",
        "error: cannot compare 'nil' and 'Int' with '<'",
      ])
  }

  func testLogicalOperatorsShortCircuit() {
    assertTranscript(
      """
      var calls = 0
      func touch(result) { calls += 1; return result }
      false && touch(true)
      true || touch(false)
      calls
      true && touch(false)
      false || touch(true)
      calls
      !true
      !!true
      true && 1
      1 && true
      false && 1
      """,
      [
        "false", "true", "0", "false", "true", "2", "false", "true",
        "error: '&&' needs Bool operands",
        "error: '&&' needs Bool operands",
        "false",
      ])
  }

  func testTernary() {
    assertTranscript(
      """
      true ? 1 : 2
      false ? 1 : 2
      false ? 1 : true ? 2 : 3
      var calls = 0
      func touch(v) { calls += 1; return v }
      true ? touch("a") : touch("b")
      calls
      1 ? 2 : 3
      """,
      ["1", "2", "2", "\"a\"", "1", "error: condition must be a Bool, not 'Int'"])
  }

  func testNilCoalescing() {
    assertTranscript(
      """
      nil ?? 1
      "a" ?? 1
      nil ?? nil ?? 3
      false ?? true
      var calls = 0
      func touch(v) { calls += 1; return v }
      5 ?? touch(6)
      calls
      let label = Label()
      label.text ?? "" == "x"
      label.text ?? "empty"
      """,
      ["1", "\"a\"", "3", "false", "5", "0", "false", "\"empty\""])
  }

  func testOptionalChaining() {
    assertTranscript(
      """
      type Person { var name: String = ""; var friend: Person? }
      let p = Person(name: "Ada")
      p.friend?.name
      p.friend?.name ?? "nobody"
      p.friend = Person(name: "Bob")
      p.friend?.name
      p.friend?.friend?.name
      let label = Label()
      label.text?.count
      label.text?.uppercased()
      label.text = "hi"
      label.text?.count
      label.text?.uppercased()
      p.friend = nil
      p.friend.name
      """,
      [
        "nil", "\"nobody\"", "\"Bob\"", "nil", "nil", "nil", "2", "\"HI\"",
        "error: cannot read 'name' of nil; use '?.' to read it only when the value is not nil",
      ])
  }

  // MARK: arrays

  func testArraysAndSubscripts() {
    assertTranscript(
      """
      let xs = [10, 20, 30]
      xs[0]
      xs[2]
      xs.count
      xs.isEmpty
      [].isEmpty
      xs.first
      xs.last
      [].first
      xs.contains(20)
      xs.contains(25)
      xs.joined(separator: ", ")
      [[1, 2], [3]][0][1]
      [1, 2,]
      xs[3]
      xs[-1]
      xs["a"]
      [][0]
      nil[0]
      5[0]
      """,
      [
        "10", "30", "3", "false", "true", "10", "30", "nil", "true", "false", "\"10, 20, 30\"", "2", "[1, 2]",
        "error: index 3 out of range for an array of 3 elements",
        "error: index -1 out of range for an array of 3 elements",
        "error: array index must be Int, not 'String'",
        "error: index 0 out of range for an array of 0 elements",
        "error: cannot subscript nil",
        "error: cannot subscript a value of type 'Int'",
      ])
  }

  func testArraysAreValues() {
    assertTranscript(
      """
      var a = [1, 2]
      var b = a
      b.append(3)
      b[0] = 9
      print(a, b)
      func change(xs) { xs.append(4); return xs }
      change(a)
      a
      """,
      ["[1, 2] [9, 2, 3]", "[1, 2, 4]", "[1, 2]"])
  }

  func testMutatingArrayMethods() {
    assertTranscript(
      """
      var xs = [1, 2, 3]
      xs.append(4)
      xs.removeLast()
      xs.insert(0, 0)
      xs.remove(1)
      xs
      xs.removeAll()
      xs
      xs.removeLast()
      let fixed = [1]
      fixed.append(2)
      fixed
      [1].append(2)
      var nested = [[1], [2]]
      nested[1].append(3)
      nested
      nested[5] = [0]
      """,
      [
        "4", "1", "[0, 2, 3]", "[]",
        "error: cannot removeLast() from an empty array",
        "error: cannot assign to 'fixed': it is a 'let' constant; declare it with 'var' to change it",
        "[1]",
        "error: cannot call mutating method 'append' on a value that cannot be assigned to",
        "[[1], [2, 3]]",
        "error: index 5 out of range for an array of 2 elements",
      ])
  }

  func testRangesAsValues() {
    assertTranscript(
      """
      1...3
      0..<3
      3..<1
      2...2
      3...1
      1.5...2
      """,
      [
        "[1, 2, 3]", "[0, 1, 2]", "[]", "[2]",
        "error: range 3...1 has its lower bound above its upper bound",
        "error: range bounds must be Int, not 'Double' and 'Int'",
      ])
  }

  // MARK: printed formats

  func testStringLiteralFormQuotesAndEscapes() {
    assertTranscript(
      #"""
      "plain"
      "quote \" inside"
      "back\\slash"
      "new\nline"
      "tab\t"
      "cr\r"
      "nul\0"
      "\u{1}\u{7F}"
      "é and \u{1F600}"
      "single ' quote"
      ""
      print("quote \" inside", "back\\slash")
      """#,
      [
        #""plain""#,
        #""quote \" inside""#,
        #""back\\slash""#,
        #""new\nline""#,
        #""tab\t""#,
        #""cr\r""#,
        #""nul\0""#,
        #""\u{1}\u{7f}""#,
        "\"é and \u{1F600}\"",
        #""single ' quote""#,
        #""""#,
        #"quote " inside back\slash"#,
      ])
  }

  func testDoubleAndOtherLiteralForms() {
    assertTranscript(
      """
      3.5
      3.0
      1e-3
      1e20
      1e16
      2.5e-10
      -0.0
      100.0 / 3
      1_000.5
      42
      -7
      true
      false
      nil
      []
      [1, [2, [3]], "x", nil, 1.5]
      """,
      [
        "3.5", "3.0", "0.001", "1e+20", "1e+16", "2.5e-10", "-0.0", "33.333333333333336", "1000.5", "42", "-7",
        "true", "false", "nil", "[]", "[1, [2, [3]], \"x\", nil, 1.5]",
      ])
  }

  func testNonLiteralValuesPrintTheirNames() {
    assertTranscript(
      """
      func f() { }
      f
      let b = Button()
      b.tap
      b
      """,
      ["func f", "Button#1.tap", "Button#1"])
  }

  // MARK: names

  func testUnknownNamesSuggestNearbyOnes() {
    assertTranscript(
      """
      let counter = 1
      countr
      zzzzzzzz
      Label
      let l = Label()
      l.titel
      l.txt
      """,
      [
        "error: cannot find 'countr' in scope; did you mean 'counter'?",
        "error: cannot find 'zzzzzzzz' in scope",
        "error: 'Label' is a type; write 'Label()' to create an instance",
        "error: no property 'titel' on Label",
        "error: no property 'txt' on Label; did you mean 'text'?",
      ])
  }

  func testDerivedPropertiesSeeMembersAndSelf() {
    assertTranscript(
      """
      type Person {
        var first: String = "Ada"
        var last: String = "Lovelace"
        var friend: Person?
        var full: String { first + " " + last }
        var initials: String { "\\(first.count)\\(last.count)" }
        var friendName: String { friend?.first ?? "nobody" }
        var me: Person { self }
        var twice: String { full + full }
      }
      let p = Person()
      p.full
      p.initials
      p.friendName
      p.me == p
      p.friend = Person(first: "Bob")
      p.friendName
      p.twice
      p.full = "x"
      """,
      [
        "\"Ada Lovelace\"", "\"38\"", "\"nobody\"", "true", "\"Bob\"", "\"Ada LovelaceAda Lovelace\"",
        "error: cannot assign to 'full': it is a derived property, computed from other properties",
      ])
  }

  func testDerivedPropertyResultIsTypeChecked() {
    assertTranscript(
      """
      type T { var n: Int = 1; var label: String { n } }
      T().label
      """,
      ["error: cannot assign value of type 'Int' to derived property 'label' of type 'String'"])
  }
}
