import BindRuntime
import BindScriptable
import BindSyntax
import Observation
import XCTest
@testable import BindLanguage

// The declarations of `ScriptableExpansionTests`, compiled for real: what
// the expanded registration lets a script do.

struct FormError: Error, CustomStringConvertible {
  let description: String
}

@Scriptable
final class ScriptedForm {
  @Observed var name = ""
  @Observed private(set) var status = "idle"
  lazy var canSubmit: Derived<Bool> = Derived { [unowned self] in !self.name.isEmpty }
  let submitted = EventStream<String>()
  var plain = 3
  private var secret = 1
  @ScriptIgnored @Observed var internalNote = ""
  @ScriptName("email") @Observed var address = ""
  @ScriptIgnored var titles: [String] = []

  init() {}
  convenience init(name: String) {
    self.init()
    self.name = name
  }

  func clear() { name = "" }
  func move(_ from: Int, to target: Int) -> String { "\(from)->\(target)" }
  @discardableResult func add(title: String) throws -> Int {
    guard !title.isEmpty else { throw FormError(description: "a title is needed") }
    titles.append(title)
    return titles.count
  }
  func submit() async throws {
    await Task.yield()
    guard !name.isEmpty else { throw FormError(description: "no name") }
    status = "sent"
    submitted.send(name)
  }
  @ScriptName("pick") func choose(at index: Int) -> String { titles[index] }
  private func helper() {}
}

/// An `@Observed` var whose `didSet` clamps: scripts write through the setter.
@Scriptable
final class ScriptedMixer {
  @Observed var volume = 5 {
    didSet { if volume > 10 { volume = 10 } }
  }
  static let maxVolume = 10
  nonisolated(unsafe) static var presets = ["quiet", "loud"]
  /// Of a type scripts cannot use: left out, and said so when named.
  nonisolated(unsafe) static let engine = MixerEngine()

  init() {}

  func louder(by step: Int) { volume += step }

  static func clamped(_ volume: Int) -> Int { min(volume, maxVolume) }
  static func preset(named name: String) throws -> Int {
    guard let index = presets.firstIndex(of: name) else { throw FormError(description: "no preset \(name)") }
    return index * 10
  }
}

final class MixerEngine {}

/// Overloads by parameter type, as a settings store has them.
@Scriptable
final class ScriptedStore {
  var entries: [String] = []

  init() {}
  init(capacity: Int) { entries.reserveCapacity(capacity) }
  init(capacity: String) { entries = [capacity] }

  func set(_ value: Int, forKey key: String) { entries.append("\(key)=\(value) (Int)") }
  func set(_ value: String, forKey key: String) { entries.append("\(key)=\(value) (String)") }
  func set(_ value: Double, forKey key: String) { entries.append("\(key)=\(value) (Double)") }
  func pair(_ a: Int, _ b: Double) -> String { "Int, Double" }
  func pair(_ a: Double, _ b: Int) -> String { "Double, Int" }
}

@Observable @Scriptable("Prefs")
final class ScriptedSettings {
  var volume = 3
  private(set) var device = "speaker"
  var isLoud: Bool { volume > 7 }
  @ObservationIgnored var cache = 0

  init() {}

  func connectHeadphones() {
    device = "headphones"
    volume = min(volume, 6)
  }
}

final class ScriptableBehaviourTests: XCTestCase {
  /// Runs `source` statement by statement and returns what it printed: its
  /// output, each bare expression's value, each error as `error: MESSAGE`.
  func run(_ source: String, in interpreter: Interpreter) -> [String] {
    var lines: [String] = []
    interpreter.output = { lines += $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
    let parsed = Parser.parse(source)
    XCTAssertEqual(parsed.diagnostics.map(\.message), [])
    interpreter.hoist(parsed)
    for statement in parsed.statements {
      do {
        if let value = try interpreter.execute(statement, in: parsed.file) { lines.append(value.literal) }
      } catch let error as ScriptError {
        lines.append("error: \(error.message)")
      } catch {
        lines.append("error: \(error)")
      }
    }
    return lines
  }

  func testObservedDerivedEventsAndMethodsReachScripts() throws {
    let interpreter = Interpreter()
    defer { interpreter.endSession() }
    try ScriptedForm.register(in: interpreter)
    let form = ScriptedForm()
    try interpreter.inject(form, as: "form")
    XCTAssertEqual(
      run(
        """
        observe form.canSubmit
        on form.submitted { n in print("submitted", n) }
        form.name = "Ada"
        form.email = "ada@example.com"
        form.add(title: "milk")
        form.add(title: "bread")
        form.pick(at: 1)
        form.move(1, to: 2)
        await form.submit()
        form.status
        form.clear()
        form.add(title: "")
        await form.submit()
        """, in: interpreter),
      [
        "form.canSubmit: false -> true", "1", "2", "\"bread\"", "\"1->2\"",
        "submitted Ada", "\"sent\"", "form.canSubmit: true -> false",
        "error: 'add(title:)' threw an error: a title is needed",
        "error: 'submit()' threw an error: no name",
      ])
    XCTAssertEqual(form.address, "ada@example.com")
    XCTAssertEqual(form.titles, ["milk", "bread"])
  }

  func testAClampingDidSetOnAnObservedVarIsOneChange() throws {
    let interpreter = Interpreter()
    defer { interpreter.endSession() }
    try ScriptedMixer.register(in: interpreter)
    let mixer = ScriptedMixer()
    try interpreter.inject(mixer, as: "mixer")
    XCTAssertEqual(
      run("observe mixer.volume\nmixer.volume = 15\nmixer.volume = 7\nmixer.volume", in: interpreter),
      ["mixer.volume: 5 -> 10", "mixer.volume: 10 -> 7", "7"])
    XCTAssertEqual(mixer.volume, 7)
  }

  /// A `bind` into the clamped var runs its setter too, and Swift's own
  /// writes (a method, a write between statements) reach scripts as one
  /// change, from the old value to the one the `didSet` kept.
  func testAClampedObservedVarIsOneChangeThroughABindAndFromSwift() throws {
    let interpreter = Interpreter()
    defer { interpreter.endSession() }
    try ScriptedMixer.register(in: interpreter)
    let mixer = ScriptedMixer()
    try interpreter.inject(mixer, as: "mixer")
    XCTAssertEqual(
      run("observe mixer.volume\ntype Knob { var level: Int = 3 }\nlet knob = Knob()\nbind knob.level -> mixer.volume\nknob.level = 40\nknob.level = 7", in: interpreter),
      ["mixer.volume: 5 -> 3", "mixer.volume: 3 -> 10", "mixer.volume: 10 -> 7"])
    XCTAssertEqual(mixer.volume, 7)
    XCTAssertEqual(run("mixer.louder(by: 20)", in: interpreter), ["mixer.volume: 7 -> 10"])
    mixer.volume = 2
    XCTAssertEqual(run("mixer.volume", in: interpreter), ["mixer.volume: 10 -> 2", "2"])
    mixer.volume = 30
    XCTAssertEqual(run("mixer.volume", in: interpreter), ["mixer.volume: 2 -> 10", "10"])
  }

  /// The link that makes it one change goes with the object, as the
  /// `Property` would: the script's observer completes at once.
  func testAClampedObservedVarCompletesWithItsObject() throws {
    let interpreter = Interpreter()
    defer { interpreter.endSession() }
    try ScriptedMixer.register(in: interpreter)
    var mixer: ScriptedMixer? = ScriptedMixer()
    weak let released = mixer
    try interpreter.inject(mixer!, as: "mixer", ownership: .weak)
    XCTAssertEqual(run("observe mixer.volume\nmixer.volume = 8", in: interpreter), ["mixer.volume: 5 -> 8"])
    var lines: [String] = []
    interpreter.output = { lines.append($0) }
    mixer = nil
    XCTAssertNil(released)
    XCTAssertEqual(lines, ["mixer.volume: completed"])
  }

  func testStaticsAreMembersOfTheType() throws {
    let interpreter = Interpreter()
    defer { interpreter.endSession() }
    try ScriptedMixer.register(in: interpreter)
    XCTAssertEqual(
      run(
        """
        ScriptedMixer.maxVolume
        ScriptedMixer.presets
        ScriptedMixer.clamped(15)
        ScriptedMixer.preset(named: "loud")
        ScriptedMixer.preset(named: "club")
        ScriptedMixer.maxVolume = 3
        ScriptedMixer.engine
        ScriptedMixer.clamp(15)
        """, in: interpreter),
      [
        "10", "[\"quiet\", \"loud\"]", "10", "10",
        "error: 'ScriptedMixer.preset(named:)' threw an error: no preset club",
        "error: cannot assign to 'ScriptedMixer.maxVolume': a static member of a Swift type is read-only in scripts",
        "error: 'engine' of ScriptedMixer has type MixerEngine, which scripts cannot use; register it or mark it @ScriptIgnored",
        "error: type 'ScriptedMixer' has no static member 'clamp'; its static members are 'maxVolume', 'presets', 'clamped', 'preset'",
      ])
  }

  func testOverloadsArePickedByTheArgumentsTypes() throws {
    let interpreter = Interpreter()
    defer { interpreter.endSession() }
    try ScriptedStore.register(in: interpreter)
    let store = ScriptedStore()
    try interpreter.inject(store, as: "store")
    XCTAssertEqual(
      run(
        """
        store.set(3, forKey: "a")
        store.set("x", forKey: "b")
        store.set(2.5, forKey: "c")
        let n = 4
        store.set(n, forKey: "d")
        store.pair(1, 2.0)
        store.pair(1.0, 2)
        store.pair(1, 2)
        store.set(true, forKey: "e")
        ScriptedStore(capacity: "seed").entries
        """, in: interpreter),
      [
        "\"Int, Double\"", "\"Double, Int\"",
        "error: ambiguous use of 'pair(_:_:)': arguments of types (Int, Int) fit 'pair(_: Int, _: Double)', 'pair(_: Double, _: Int)' alike; convert an argument to the type of the one you mean",
        "error: no 'set(_:forKey:)' takes arguments of types (Bool, String); the candidates are 'set(_: Int, forKey: String)', 'set(_: String, forKey: String)', 'set(_: Double, forKey: String)'",
        "error: no property 'entries' on ScriptedStore",
      ])
    XCTAssertEqual(store.entries, ["a=3 (Int)", "b=x (String)", "c=2.5 (Double)", "d=4 (Int)"])
  }

  func testWhatIsLeftOutOrReadOnly() throws {
    let interpreter = Interpreter()
    defer { interpreter.endSession() }
    try interpreter.register(ScriptedForm.self)
    try interpreter.inject(ScriptedForm(), as: "form")
    let lines = run(
      """
      form.status = "hacked"
      form.canSubmit = true
      form.plain
      form.secret
      form.internalNote
      form.address
      form.choose(at: 0)
      form.helper()
      """, in: interpreter)
    XCTAssertEqual(lines.count, 8, "\(lines)")
    XCTAssert(lines.allSatisfy { $0.hasPrefix("error: ") }, "\(lines)")
  }

  func testTheConstructorAndTheTypeName() throws {
    let interpreter = Interpreter()
    defer { interpreter.endSession() }
    XCTAssertEqual(ScriptedForm.scriptTypeName, "ScriptedForm")
    XCTAssertEqual(ScriptedSettings.scriptTypeName, "Prefs")
    try ScriptedForm.register(in: interpreter, as: "Form")
    XCTAssertEqual(run("let f = Form()\nf.name = \"x\"\nf.canSubmit", in: interpreter), ["true"])
  }

  func testObservableClassRegistersItsVars() throws {
    let interpreter = Interpreter()
    defer { interpreter.endSession() }
    try interpreter.register(ScriptedSettings.self)
    let settings = ScriptedSettings()
    try interpreter.inject(settings, as: "settings")
    XCTAssertEqual(
      run(
        """
        observe settings.isLoud
        settings.volume = 9
        settings.connectHeadphones()
        settings.device
        settings.device = "tv"
        """, in: interpreter),
      [
        "settings.isLoud: false -> true", "settings.isLoud: true -> false",
        "\"headphones\"", "error: cannot assign to 'device': it is a 'let' property of Prefs",
      ])
    XCTAssertEqual(settings.volume, 6)
  }
}
