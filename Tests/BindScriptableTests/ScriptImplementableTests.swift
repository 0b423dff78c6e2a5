import BindRuntime
import BindScriptable
import BindSyntax
import Testing
@testable import BindLanguage

/// Where an app keeps its settings: production code passes `UserDefaults`'
/// wrapper, a test a fake written in a script.
@ScriptImplementable
protocol SettingsStore {
  func string(forKey key: String) -> String?
  func set(_ value: String, forKey key: String)
  func count() throws -> Int
}

/// A model whose dependency is typed as the protocol, as production code has it.
@Scriptable
final class SettingsModel {
  @Observed var theme = "light"
  private let store: any SettingsStore

  init(store: any SettingsStore) {
    self.store = store
    theme = store.string(forKey: "theme") ?? "light"
  }

  func save() { store.set(theme, forKey: "theme") }
  func storedCount() -> Int { (try? store.count()) ?? -1 }
}

/// The production store: a host class that conforms in Swift.
@Scriptable
final class MemoryStore: SettingsStore {
  var values: [String: String] = [:]
  init() {}
  func string(forKey key: String) -> String? { values[key] }
  func set(_ value: String, forKey key: String) { values[key] = value }
  func count() throws -> Int { values.count }
}

/// `@ScriptImplementable` against scripts: a script type implements a Swift
/// protocol, and Swift calls it synchronously through the generated class.
struct ScriptImplementableTests {
  private func run(_ source: String, register: (Interpreter) throws -> Void = { _ in }) throws -> [String] {
    let interpreter = Interpreter()
    defer { interpreter.endSession() }
    try ScriptedSettingsStore.register(in: interpreter)
    try interpreter.register(SettingsModel.self)
    try interpreter.register(MemoryStore.self)
    try register(interpreter)
    var lines: [String] = []
    interpreter.output = { lines.append($0) }
    for statement in Parser.parse(source).statements {
      do {
        if let value = try interpreter.execute(statement, in: SourceFile(path: "fake.bind", text: source)) {
          lines.append(value.literal)
        }
      } catch let error as ScriptError {
        lines.append("error: \(error.message)")
      }
    }
    return lines
  }

  @Test func aScriptTypePassesWhereSwiftExpectsTheProtocol() throws {
    let lines = try run("""
      type FakeStore: SettingsStore {
        var values: [String: String] = ["theme": "dark"]
        func string(forKey key: String) -> String? { values[key] }
        func set(_ value: String, forKey key: String) { values[key] = value }
        func count() throws -> Int { values.count }
      }
      let store = FakeStore()
      let settings = SettingsModel(store: store)
      settings.theme
      settings.theme = "blue"
      settings.save()
      store.values
      settings.storedCount()
      """)
    #expect(lines == ["\"dark\"", "[\"theme\": \"blue\"]", "1"])
  }

  @Test func aRegisteredHostObjectPassesAsItself() throws {
    let lines = try run("""
      let memory = MemoryStore()
      let settings = SettingsModel(store: memory)
      settings.theme = "green"
      settings.save()
      settings.storedCount()
      """)
    #expect(lines == ["1"])
  }

  @Test func aMistakeInTheFakeIsTheStatementsErrorAndSwiftGetsTheFallback() throws {
    let lines = try run("""
      type BrokenStore: SettingsStore {
        func string(forKey key: String) -> String? { nil }
        func set(_ value: String, forKey key: String) {}
        func count() throws -> Int { [1][3] }
      }
      let settings = SettingsModel(store: BrokenStore())
      settings.storedCount()
      type NoCount: SettingsStore {
        func string(forKey key: String) -> String? { nil }
        func set(_ value: String, forKey key: String) {}
      }
      SettingsModel(store: 3)
      """)
    #expect(lines == [
      "error: index 3 out of range for an array of 1 element",
      "error: type 'NoCount' does not conform to protocol 'SettingsStore': it has no 'count()'; add 'func count() throws -> Int { … }'",
      "error: cannot convert value of type 'Int' to expected argument type 'any SettingsStore' in call to 'SettingsModel.init(store:)'",
    ])
  }

  @Test func aFakeSwiftKeepsAfterItsSessionFailsInsteadOfRunning() throws {
    var model: SettingsModel?
    do {
      let interpreter = Interpreter()
      try ScriptedSettingsStore.register(in: interpreter)
      try interpreter.register(SettingsModel.self)
      try interpreter.run(Parser.parse("""
        type FakeStore: SettingsStore {
          func string(forKey key: String) -> String? { nil }
          func set(_ value: String, forKey key: String) {}
          func count() throws -> Int { 7 }
        }
        let settings = SettingsModel(store: FakeStore())
        """))
      if case .object(let object)? = interpreter.global("settings") { model = object.hostObject as? SettingsModel }
      #expect(model?.storedCount() == 7)
      interpreter.endSession()
    }
    #expect(model != nil)
    #expect(model?.storedCount() == -1)
  }

  @Test func aProtocolNotMarkedForScriptsSaysHowToMarkIt() throws {
    let holder = Holder()
    let lines = try run("holder.use(1)") { interpreter in
      try interpreter.register(Holder.self, as: "Holder") { type in
        type.method("use(_:)") { (_: Holder, _: any Unmarked) in }
      }
      try interpreter.inject(holder, as: "holder")
    }
    #expect(lines.count == 1)
    #expect(lines.first?.contains("protocol 'Unmarked' does not bridge to scripts; mark it @ScriptImplementable and register it ('try ScriptedUnmarked.register(in: interpreter)')") == true)
  }
}

protocol Unmarked {}
final class Holder {}
