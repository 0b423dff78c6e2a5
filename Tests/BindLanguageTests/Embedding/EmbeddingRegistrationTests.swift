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

  let cases: [RegistrationCase] = [
    RegistrationCase("a value type that does not bridge", [
      "member 'origin' of 'Shape': type 'Point' does not bridge to scripts; if it is a struct or enum, register it first ('registerStruct', 'registerEnum' or '@ScriptableValue'), else use Int, Double, String, Bool, Date, optionals, arrays or a registered type"
    ]) { interpreter in
      try interpreter.register(Unbridgeable.self, as: "Shape") { type in
        type.property("origin", \.$origin)
        type.property("count", \.$count)
      }
    },
    RegistrationCase("a nested optional", [
      "member 'nested' of 'Shape': nested optionals such as 'Optional<Optional<Int>>' do not bridge; use a single '?'"
    ]) { interpreter in
      try interpreter.register(Unbridgeable.self, as: "Shape") { type in type.property("nested", \.$nested) }
    },
    RegistrationCase("a class that is not registered", [
      "member 'user' of 'Shape': class 'HostUser' is not registered; register it before the types that use it"
    ]) { interpreter in
      try interpreter.register(Unbridgeable.self, as: "Shape") { type in type.property("user", \.$user) }
    },
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
    XCTAssertThrowsError(try interpreter.register(Unbridgeable.self, as: "Shape") { type in type.property("origin", \.$origin) })
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
