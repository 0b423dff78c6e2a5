import BindSyntax
import XCTest
@testable import BindLanguage

/// Growing a collection changes it where it is stored (issue 34): a
/// variable's, a struct field's, an element's or an unobserved property's
/// array keeps its storage from one `append` to the next, except when it
/// grows its capacity. A copy per change (what made building an array
/// O(n²)) would move it on every one. Values are checked by
/// Scripts/conformance/collections/in-place-changes.bind.
final class InPlaceChangeTests: XCTestCase {
  private struct Case {
    let name: String
    let setUp: String
    let change: String
    /// The array changed, read from the session's globals.
    let array: (Interpreter) -> [Value]?
  }

  private static func global(_ name: String) -> (Interpreter) -> [Value]? {
    { interpreter in
      guard case .array(let elements)? = interpreter.global(name) else { return nil }
      return elements
    }
  }

  private static func field(_ index: Int, of name: String) -> (Interpreter) -> [Value]? {
    { interpreter in
      switch interpreter.global(name) {
      case .structValue(let value)?:
        guard case .array(let elements) = value.fields[index] else { return nil }
        return elements
      case .object(let object)?:
        guard case .array(let elements)? = try? object.access(index).read() else { return nil }
        return elements
      default: return nil
      }
    }
  }

  private static func firstElement(of name: String) -> (Interpreter) -> [Value]? {
    { interpreter in
      guard case .array(let rows)? = interpreter.global(name), case .array(let elements)? = rows.first else {
        return nil
      }
      return elements
    }
  }

  private let cases: [Case] = [
    Case(name: "typed variable", setUp: "var a: [Int] = []", change: "a.append(1)", array: global("a")),
    Case(name: "untyped variable", setUp: "var a = []", change: "a.append(1)", array: global("a")),
    Case(name: "typed +=", setUp: "var a: [Double] = []", change: "a += [1]", array: global("a")),
    Case(name: "untyped +=", setUp: "var a = []", change: "a += [1]", array: global("a")),
    Case(
      name: "inside a function", setUp: "var a: [Int] = []\nfunc add() { a.append(1) }", change: "add()",
      array: global("a")),
    Case(
      name: "struct field", setUp: "struct S { var items: [Int] = [] }\nvar s = S()", change: "s.items.append(1)",
      array: field(0, of: "s")),
    Case(name: "element", setUp: "var grid: [[Int]] = [[]]", change: "grid[0].append(1)", array: firstElement(of: "grid")),
    Case(
      name: "object property", setUp: "type VM { var items: [Int] = [] }\nlet vm = VM()", change: "vm.items.append(1)",
      array: field(0, of: "vm")),
    Case(
      name: "object property +=", setUp: "type VM { var items: [Int] = [] }\nlet vm = VM()", change: "vm.items += [1]",
      array: field(0, of: "vm")),
    Case(
      name: "method of the object",
      setUp: "type VM {\n  var items: [Int] = []\n  func add() { items.append(1) }\n}\nlet vm = VM()",
      change: "vm.add()", array: field(0, of: "vm")),
  ]

  /// Where an array's elements are.
  private func storageAddress(_ elements: [Value]) -> UnsafeRawPointer? {
    elements.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
  }

  func testGrowingACollectionKeepsItsStorageBetweenCapacityGrowths() {
    let appends = 1_000
    for testCase in cases {
      let session = TranscriptSession()
      XCTAssertEqual(session.run(testCase.setUp), [], testCase.name)
      var moves = 0
      var address: UnsafeRawPointer?
      for _ in 0..<appends {
        XCTAssertEqual(session.run(testCase.change), [], testCase.name)
        // Only the address is kept: a copy of the array held across the
        // next change would make that change copy it.
        guard let elements = testCase.array(session.interpreter) else {
          return XCTFail("\(testCase.name): no array")
        }
        let current = storageAddress(elements)
        if current != address { moves += 1 }
        address = current
      }
      XCTAssertEqual(testCase.array(session.interpreter)?.count, appends, testCase.name)
      // Doubling capacity moves the storage about log2(1000) = 10 times.
      XCTAssertLessThanOrEqual(moves, 20, "\(testCase.name): copied on \(moves) of \(appends) appends")
    }
  }

  func testAnObservedPropertyIsCopiedOncePerChangeAndItsObserversSeeBothValues() {
    let session = TranscriptSession()
    session.run("type VM { var items: [Int] = [] }\nlet vm = VM()\nvar seen = []")
    session.run("observe vm.items { old, new in seen.append(old.count * 10 + new.count) }")
    for _ in 0..<3 { session.run("vm.items.append(1)") }
    XCTAssertEqual(session.run("seen"), ["[1, 12, 23]"])
  }

  func testACopyMadeBeforeAChangeKeepsItsElements() {
    let session = TranscriptSession()
    XCTAssertEqual(
      session.run(
        """
        var a: [Int] = [1]
        var b = a
        let keep = { b }
        a.append(2)
        a[0] = 5
        a += [3]
        b
        keep()
        a
        struct S { var items: [Int] = [] }
        var s = S()
        let t = s
        s.items.append(1)
        t.items
        s.items
        """),
      ["[1]", "[1]", "[5, 2, 3]", "[]", "[1]"])
  }

  /// `compileVariableAppend` against the general path: a variable of the
  /// global frame (the fast path) and one an escaping closure captured from
  /// its function (the general path) give the same array or the same error
  /// for every declared type and element, those that leave the fast path too.
  func testTheVariableAppendFastPathAgreesWithTheGeneralPath() {
    let declarations = [
      "[Int] = [1]", "[Double] = [1.5]", "[String] = []", "[Int]? = [1]", "[Int]? = nil", "[[Int]] = []",
      "[String: Int] = [:]", "Int = 5",
    ]
    let untyped = ["[1]", "[]", "5", "nil"]
    let elements = ["2", "2.5", "\"s\"", "nil", "[3]", "true", "[[1]]"]
    for element in elements {
      for declaration in declarations.map({ ": \($0)" }) + untyped.map({ " = \($0)" }) {
        let fast = TranscriptSession().run("var a\(declaration)\na.append(\(element))\na")
        let general = TranscriptSession().run(
          """
          var add = nil
          var show = nil
          func probe() {
            var a\(declaration)
            add = { a.append(\(element)) }
            show = { a }
          }
          probe()
          add()
          show()
          """)
        XCTAssertEqual(fast, general, "var a\(declaration); a.append(\(element))")
      }
    }
  }

  /// `compileVariableElementStore` against the general path, as above:
  /// `a[key] = element` for every declared type, key and element.
  func testTheVariableElementStoreFastPathAgreesWithTheGeneralPath() {
    let declarations = [
      ": [Int] = [1, 2]", ": [Double] = [1.5]", ": [Int]? = [1]", ": [String: Int] = [\"a\": 1]",
      ": [Int: String] = [:]", ": [String: [Int]] = [:]", ": Int = 5", " = [1, 2]", " = [\"a\": 1]", " = nil",
    ]
    let keys = ["0", "1", "5", "-1", "\"a\"", "\"b\"", "true", "2.5", "[1]"]
    let elements = ["2", "2.5", "\"s\"", "nil", "[3]"]
    for key in keys {
      for element in elements {
        for declaration in declarations {
          let fast = TranscriptSession().run("var a\(declaration)\na[\(key)] = \(element)\na")
          let general = TranscriptSession().run(
            """
            var set = nil
            var show = nil
            func probe() {
              var a\(declaration)
              set = { a[\(key)] = \(element) }
              show = { a }
            }
            probe()
            set()
            show()
            """)
          XCTAssertEqual(fast, general, "var a\(declaration); a[\(key)] = \(element)")
        }
      }
    }
  }
}

