import BindRuntime
import BindSyntax
import XCTest
@testable import BindLanguage

/// Registrations and injections the interpreter refuses, one row per
/// diagnostic: each is thrown by `register`/`inject`, before any script runs.
final class EmbeddingRegistrationTests: XCTestCase {
  struct RegistrationCase {
    let name: String
    let register: (Interpreter) throws -> Void
    let problems: [String]
    let line: UInt

    init(_ name: String, _ problems: [String], line: UInt = #line, _ register: @escaping (Interpreter) throws -> Void) {
      self.name = name
      self.problems = problems
      self.register = register
      self.line = line
    }
  }

  /// A member whose type does not bridge never stops the registration:
  /// it is left out, the rest of the type works, and a script that uses it
  /// (or `check`) is told which member, its type, and the fix.
  func testAMemberWhoseTypeDoesNotBridgeIsLeftOutAndNamedWhenUsed() throws {
    final class Odd {
      @Observed var count = 0
      @Observed var formatter = Point()
      @Observed var nested: Int?? = nil
      @Observed var user: HostUser?
    }
    let session = TranscriptSession()
    session.showsLocations = true
    try session.interpreter.register(Odd.self, as: "Odd") { type in
      type.property("count", \.$count)
      type.property("formatter", \.$formatter)
      type.property("nested", \.$nested)
      type.property("user", \.$user)
      type.method("format(_:)") { (_: Odd, point: Point) in point.x }
      type.method("origin()") { (_: Odd) in Point() }
      type.method("bump()") { (odd: Odd) in odd.count += 1 }
    }
    let odd = Odd()
    try session.interpreter.inject(odd, as: "vm")
    let lines = session.run(
      """
      vm.bump()
      vm.count
      vm.formatter
      vm.formatter = 1
      observe vm.user
      vm.nested
      vm.format(1)
      vm.origin()
      """)
    XCTAssertEqual(
      lines,
      [
        "1",
        "error: 3:4: 'formatter' of Odd has type Point, which scripts cannot use; register it or mark it @ScriptIgnored",
        "error: 4:4: 'formatter' of Odd has type Point, which scripts cannot use; register it or mark it @ScriptIgnored",
        "error: 5:12: 'user' of Odd has type Optional<HostUser>, which scripts cannot use; register 'HostUser' or mark it @ScriptIgnored",
        "error: 6:4: 'nested' of Odd has type Optional<Optional<Int>>, which scripts cannot use (nested optionals such as 'Optional<Optional<Int>>' do not bridge; use a single '?'); mark it @ScriptIgnored",
        "error: 7:1: 'format(_:)' of Odd cannot be called from scripts: method 'format(_:)': type 'Point' does not bridge to scripts; if it is a struct or enum, register it first ('registerStruct', 'registerEnum' or '@ScriptableValue'), else use Int, Double, String, Bool, Decimal, Duration, Date, UUID, URL, Data, optionals, arrays or a registered type; mark it @ScriptIgnored, or register the types it uses",
        "error: 8:1: 'origin()' of Odd cannot be called from scripts: method 'origin()': type 'Point' does not bridge to scripts; if it is a struct or enum, register it first ('registerStruct', 'registerEnum' or '@ScriptableValue'), else use Int, Double, String, Bool, Decimal, Duration, Date, UUID, URL, Data, optionals, arrays or a registered type; mark it @ScriptIgnored, or register the types it uses",
      ])
  }

  /// A struct field likewise: the struct registers without it, scripts
  /// read the other fields, and naming the field says why it is not there.
  func testAStructFieldWhoseTypeDoesNotBridgeIsLeftOut() throws {
    struct Entry {
      var name: String
      var origin: Point
    }
    final class Holder {
      @Observed var entry = Entry(name: "a", origin: Point())
    }
    let session = TranscriptSession()
    try session.interpreter.registerStruct(Entry.self, as: "Entry") { type in
      type.field("name", \.name)
      type.field("origin", \.origin)
      type.initializer { try Entry(name: $0.value("name"), origin: $0.value("origin")) }
    }
    try session.interpreter.register(Holder.self, as: "Holder") { type in type.property("entry", \.$entry) }
    try session.interpreter.inject(Holder(), as: "h")
    let lines = session.run("h.entry.name\nh.entry.origin\nh.entry = h.entry")
    XCTAssertEqual(lines.count, 3, "\(lines)")
    XCTAssertEqual(lines[0], "\"a\"")
    XCTAssertEqual(
      lines[1], "error: 'origin' of Entry has type Point, which scripts cannot use; register it or mark it @ScriptIgnored")
    XCTAssertTrue(lines[2].contains("the host cannot make a Swift 'Entry' from Entry(name: \"a\")"), lines[2])
  }

  let cases: [RegistrationCase] = [
    RegistrationCase("a member name used twice", ["'count' is registered twice in type 'Shape'"]) { interpreter in
      try interpreter.register(Unbridgeable.self, as: "Shape") { type in
        type.property("count", \.$count)
        type.property("count", \.$count)
      }
    },
    RegistrationCase("an invalid member name", [
      "'2d' is not a valid member name; use letters, digits and '_', not starting with a digit",
      "'my count' is not a valid member name; use letters, digits and '_', not starting with a digit",
    ]) { interpreter in
      try interpreter.register(Unbridgeable.self, as: "Shape") { type in
        type.property("2d", \.$count)
        type.property("my count", \.$count)
      }
    },
    RegistrationCase("an invalid type name", ["'my type' is not a valid type name; use an identifier that is not a keyword"]) {
      interpreter in try interpreter.register(Unbridgeable.self, as: "my type") { _ in }
    },
    RegistrationCase("a keyword as type name", ["'bind' is not a valid type name; use an identifier that is not a keyword"]) {
      interpreter in try interpreter.register(Unbridgeable.self, as: "bind") { _ in }
    },
    RegistrationCase("a built-in type name", ["type 'Label' is built in; register under another name"]) { interpreter in
      try interpreter.register(Unbridgeable.self, as: "Label") { _ in }
    },
    RegistrationCase("a value type name", ["type 'String' is built in; register under another name"]) { interpreter in
      try interpreter.register(Unbridgeable.self, as: "String") { _ in }
    },
    RegistrationCase("a duplicate type name", ["a type named 'User' is already registered"]) { interpreter in
      try interpreter.register(HostUser.self, as: "User") { _ in }
      try interpreter.register(Unbridgeable.self, as: "User") { _ in }
    },
    RegistrationCase("a class registered twice", ["'HostUser' is already registered as 'User'"]) { interpreter in
      try interpreter.register(HostUser.self, as: "User") { _ in }
      try interpreter.register(HostUser.self, as: "Person") { _ in }
    },
    RegistrationCase("a script type's name", ["a type named 'Person' is already registered"]) { interpreter in
      _ = try interpreter.execute(
        Parser.parse("type Person { var name: String = \"\" }", path: "t.bind").statements[0],
        in: Parser.parse("", path: "t.bind").file)
      try interpreter.register(HostUser.self, as: "Person") { _ in }
    },
    RegistrationCase("injecting an unregistered class", [
      "cannot inject 'vm': class 'HostLoginViewModel' is not registered; register it first"
    ]) { interpreter in
      try interpreter.inject(HostLoginViewModel(), as: "vm")
    },
    RegistrationCase("injecting under a keyword", ["'for' is not a valid variable name; use an identifier that is not a keyword"]) {
      interpreter in
      try interpreter.register(HostUser.self, as: "User") { _ in }
      try interpreter.inject(HostUser(name: ""), as: "for")
    },
    RegistrationCase("injecting a name twice", ["cannot inject 'ada': a variable with that name already exists"]) {
      interpreter in
      try interpreter.register(HostUser.self, as: "User") { _ in }
      let user = HostUser(name: "")
      try interpreter.inject(user, as: "ada")
      try interpreter.inject(user, as: "ada")
    },
  ]

  func testBadRegistrationsThrowClearErrors() {
    for row in cases {
      let interpreter = Interpreter()
      defer { interpreter.endSession() }
      do {
        try row.register(interpreter)
        XCTFail("\(row.name): no error", line: row.line)
      } catch let error as EmbeddingError {
        XCTAssertEqual(error.problems, row.problems, row.name, line: row.line)
      } catch {
        XCTFail("\(row.name): \(error)", line: row.line)
      }
    }
  }

  func testAFailedRegistrationRegistersNothing() {
    let interpreter = Interpreter()
    defer { interpreter.endSession() }
    XCTAssertThrowsError(try interpreter.register(Unbridgeable.self, as: "Shape") { type in type.property("2d", \.$origin) })
    XCTAssertNil(interpreter.typesByName["Shape"])
    XCTAssertNoThrow(try interpreter.register(Unbridgeable.self, as: "Shape") { type in type.property("count", \.$count) })
  }

  func testATypeMayReferToItself() throws {
    final class Node {
      @Observed var next: Node?
      @Observed var value = 0
    }
    let interpreter = Interpreter()
    defer { interpreter.endSession() }
    try interpreter.register(Node.self, as: "Node") { type in
      type.property("next", \.$next)
      type.property("value", \.$value)
      type.constructor { Node() }
    }
    XCTAssertEqual(interpreter.typesByName["Node"]?.memberSummaries, ["var next: Node?", "var value: Int"])
  }
}
