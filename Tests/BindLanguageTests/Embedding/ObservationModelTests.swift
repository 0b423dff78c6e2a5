import BindRuntime
import Foundation
import Observation
import XCTest
@testable import BindLanguage

/// `@Observable` classes registered by plain key paths: the script and
/// Swift see each other's writes; observers, bindings and derived values
/// behave as with an `@Observed` property.
final class ObservationModelTests: XCTestCase {
  private func makeSession() throws -> TranscriptSession {
    let session = TranscriptSession()
    try session.interpreter.register(ObservableOwner.self, as: "Owner") { type in
      type.property("name", \.name)
      type.constructor { ObservableOwner(name: "") }
    }
    try session.interpreter.register(ObservableSettings.self, as: "Settings") { type in
      type.property("volume", \.volume)
      type.property("device", readOnly: \.device)
      type.property("tags", \.tags)
      type.property("owner", \.owner)
      type.property("changeCount", \.changeCount)
      type.property("isLoud", \.isLoud)
      type.property("balance", \.balance)
      type.event("bump", \.bump)
      type.constructor { ObservableSettings() }
    }
    return session
  }

  // MARK: Registration

  func testKeyPathsDecideWhatScriptsMayWrite() throws {
    let session = try makeSession()
    let type = try XCTUnwrap(session.interpreter.typesByName["Settings"])
    let constant = Dictionary(uniqueKeysWithValues: type.stored.map { ($0.name, $0.isConstant) })
    XCTAssertEqual(constant["volume"], false)
    XCTAssertEqual(constant["device"], true, "readOnly: keeps a settable property read-only")
    XCTAssertEqual(constant["changeCount"], true, "private(set) is read-only outside the class")
    XCTAssertEqual(constant["isLoud"], true, "a computed property is read-only")
    let settings = ObservableSettings()
    try session.interpreter.inject(settings, as: "s")
    XCTAssertEqual(
      session.run("s.device = \"x\"\ns.isLoud = true"),
      [
        "error: cannot assign to 'device': it is a 'let' property of Settings",
        "error: cannot assign to 'isLoud': it is a 'let' property of Settings",
      ])
  }

  func testAMemberOfATypeThatDoesNotBridgeIsLeftOut() throws {
    let interpreter = Interpreter()
    try interpreter.register(ObservableSettings.self, as: "Settings") { type in
      type.property("owner", \.owner)
    }
    XCTAssertEqual(
      interpreter.types["Settings"]?.host?.unavailableMembers["owner"],
      "'owner' of Settings has type Optional<ObservableOwner>, which scripts cannot use; register 'ObservableOwner' or mark it @ScriptIgnored")
  }

  // MARK: Swift writes, the script sees them

  func testSwiftWritesAreVisibleToTheNextStatement() throws {
    let session = try makeSession()
    let settings = ObservableSettings()
    try session.interpreter.inject(settings, as: "s")
    settings.volume = 5
    settings.tags = ["a"]
    settings.owner = ObservableOwner(name: "Ada")
    XCTAssertEqual(
      session.run("s.volume\ns.tags\ns.owner.name\ns.isLoud"), ["5", "[\"a\"]", "\"Ada\"", "false"])
    settings.volume = 9
    XCTAssertEqual(session.run("s.isLoud"), ["true"])
  }

  func testObserversSeeEachSwiftChangeOnceWithOldAndNew() throws {
    let session = try makeSession()
    let settings = ObservableSettings()
    try session.interpreter.inject(settings, as: "s")
    XCTAssertEqual(session.run("observe s.volume\nobserve s.isLoud initial"), ["s.isLoud: false"])
    // Between statements: reported when the interpreter next looks (here,
    // explicitly; otherwise at the next statement).
    settings.volume = 4
    XCTAssertEqual(session.output { session.interpreter.deliverHostChanges() }, ["s.volume: 3 -> 4"])
    settings.volume = 9
    XCTAssertEqual(session.run("print(\"next\")"), ["s.volume: 4 -> 9", "s.isLoud: false -> true", "next"])
    // Nothing pending: nothing reported again.
    XCTAssertEqual(session.run("print(\"again\")"), ["again"])
  }

  func testSeveralSwiftWritesBetweenStatementsAreOneChange() throws {
    let session = try makeSession()
    let settings = ObservableSettings()
    try session.interpreter.inject(settings, as: "s")
    session.run("observe s.volume")
    settings.volume = 4
    settings.volume = 5
    settings.volume = 3
    settings.volume = 6
    XCTAssertEqual(session.run("s.volume"), ["s.volume: 3 -> 6", "6"])
  }

  func testASwiftWriteDuringAStatementIsReportedInThatStatement() throws {
    let session = try makeSession()
    let settings = ObservableSettings()
    try session.interpreter.inject(settings, as: "s")
    session.run("observe s.volume\nobserve s.changeCount")
    // The script makes Swift write (the event's Swift handler), then reads.
    XCTAssertEqual(
      session.run("emit s.bump\nprint(\"after\", s.volume)"),
      ["s.volume: 3 -> 4", "s.changeCount: 0 -> 1", "after 4"])
    // A read in the same statement as the Swift write is already fresh.
    XCTAssertEqual(
      session.run("for i in [1] { emit s.bump; print(\"inside\", s.volume) }"),
      ["inside 5", "s.volume: 4 -> 5", "s.changeCount: 1 -> 2"])
  }

  // MARK: the script writes, Swift sees them

  func testScriptWritesReachSwiftOnceWithoutEcho() throws {
    let session = try makeSession()
    let settings = ObservableSettings()
    try session.interpreter.inject(settings, as: "s")
    XCTAssertEqual(
      session.run(
        """
        observe s.volume
        s.volume = 7
        s.volume = 7
        s.volume += 1
        s.tags = ["x"]
        s.owner = Owner(name: "Grace")
        """), ["s.volume: 3 -> 7", "s.volume: 7 -> 8"])
    XCTAssertEqual(settings.volume, 8)
    XCTAssertEqual(settings.tags, ["x"])
    XCTAssertEqual(settings.owner?.name, "Grace")
    XCTAssertEqual(settings.writes, ["volume 7", "volume 8", "tags [\"x\"]"], "Swift saw each script write once")
    // The script's own writes come back from Observation as no change.
    XCTAssertEqual(session.run("print(\"next\")"), ["next"])
  }

  func testSwiftLogicOnAScriptWriteIsWhatTheScriptSees() throws {
    let session = try makeSession()
    let settings = ObservableSettings()
    try session.interpreter.inject(settings, as: "s")
    XCTAssertEqual(
      session.run("observe s.balance\ns.balance = 50\ns.balance"),
      ["s.balance: 0 -> 10", "10"], "one change, to what Swift kept")
    XCTAssertEqual(settings.balance, 10)
    XCTAssertEqual(session.run("s.balance = 50\ns.balance = 5"), ["s.balance: 10 -> 5"], "a clamp to the value held is no change")
  }

  /// A `bind` into the property runs Swift's setter as an assignment does,
  /// and Swift's own write is read once, when the interpreter next looks:
  /// each is one change, from the old value to the one Swift kept.
  func testAClampedWriteByABindOrBySwiftIsOneChange() throws {
    let session = try makeSession()
    let settings = ObservableSettings()
    try session.interpreter.inject(settings, as: "s")
    XCTAssertEqual(
      session.run(
        """
        observe s.balance
        type Knob { var level: Int = 3 }
        let knob = Knob()
        bind knob.level -> s.balance
        knob.level = 40
        knob.level = 41
        knob.level = 7
        """),
      ["s.balance: 0 -> 3", "s.balance: 3 -> 10", "s.balance: 10 -> 7"])
    XCTAssertEqual(settings.balance, 7)
    settings.balance = 99
    XCTAssertEqual(session.run("s.balance"), ["s.balance: 7 -> 10", "10"])
  }

  // MARK: bindings and derived values

  func testTwoWayBindingWithAScriptPropertyHasNoEcho() throws {
    let session = try makeSession()
    let settings = ObservableSettings()
    settings.device = "start"
    try session.interpreter.inject(settings, as: "s")
    XCTAssertEqual(
      session.run(
        """
        type Panel { var items: [String] = ["panel"] }
        let panel = Panel()
        observe panel.items
        observe s.tags
        bind s.tags <-> panel.items
        panel.items = ["typed"]
        """),
      [
        "panel.items: [\"panel\"] -> []",
        "panel.items: [] -> [\"typed\"]", "s.tags: [] -> [\"typed\"]",
      ])
    XCTAssertEqual(settings.tags, ["typed"])
    settings.tags = ["from swift"]
    XCTAssertEqual(
      session.run("panel.items"),
      ["panel.items: [\"typed\"] -> [\"from swift\"]", "s.tags: [\"typed\"] -> [\"from swift\"]", "[\"from swift\"]"])
    XCTAssertEqual(settings.writes, ["tags [\"typed\"]", "tags [\"from swift\"]"])
    XCTAssertEqual(session.run("print(\"quiet\")"), ["quiet"])
  }

  func testBindingsIntoAndOutOfAnObservableProperty() throws {
    let session = try makeSession()
    let settings = ObservableSettings()
    try session.interpreter.inject(settings, as: "s")
    XCTAssertEqual(
      session.run(
        """
        let label = Label()
        bind "volume \\(s.volume)" -> label.text
        type Knob { var value: Int = 0 }
        let knob = Knob()
        bind knob.value -> s.volume
        label.text
        """), ["\"volume 0\""])
    XCTAssertEqual(settings.volume, 0)
    settings.volume = 6
    XCTAssertEqual(session.run("label.text"), ["\"volume 6\""])
    session.run("knob.value = 2")
    XCTAssertEqual(settings.volume, 2)
  }

  func testADerivedScriptValueTracksAnObservableProperty() throws {
    let session = try makeSession()
    let settings = ObservableSettings()
    try session.interpreter.inject(settings, as: "s")
    XCTAssertEqual(
      session.run(
        """
        type Meter {
          var level: Int = 0
          var isHigh: Bool { level > 7 }
        }
        let meter = Meter()
        bind s.volume * 2 -> meter.level
        observe meter.isHigh
        observe s.volume + 100
        """), [])
    settings.volume = 4
    XCTAssertEqual(session.run("meter.level"), ["meter.isHigh: false -> true", "s.volume + 100: 103 -> 104", "8"])
  }

  func testAComputedPropertyIsTrackedThroughWhatItReads() throws {
    let session = try makeSession()
    let settings = ObservableSettings()
    try session.interpreter.inject(settings, as: "s")
    session.run("observe s.isLoud")
    settings.volume = 8
    settings.volume = 9
    XCTAssertEqual(session.run("s.volume"), ["s.isLoud: false -> true", "9"])
  }

  // MARK: lifetimes

  func testReleasingTheObjectCompletesTheScriptsObservers() throws {
    let session = try makeSession()
    var settings: ObservableSettings? = ObservableSettings()
    weak let weakSettings = settings
    try session.interpreter.inject(settings!, as: "s", ownership: .weak)
    session.run("observe s.volume\nobserve s.isLoud")
    settings!.volume = 5
    let printed = session.output { settings = nil }
    XCTAssertNil(weakSettings)
    XCTAssertEqual(printed.sorted(), ["s.isLoud: completed", "s.volume: completed"], "at once, as for @Observed")
    // The pending write is lost with the object, and touching it is an error.
    XCTAssertEqual(
      session.run("s.volume"),
      ["error: 's' was released by the host; it was injected with 'ownership: .weak', so Swift must keep it alive while scripts use it"])
  }

  func testTheLinkDoesNotKeepTheObjectAliveAndGoesWithIt() throws {
    weak var weakSettings: ObservableSettings?
    do {
      let session = try makeSession()
      let settings = ObservableSettings()
      weakSettings = settings
      try session.interpreter.inject(settings, as: "s")
      session.run("observe s.volume\nlet label = Label()\nbind \"\\(s.volume)\" -> label.text")
      settings.volume = 4
      session.run("label.text")
    }
    XCTAssertNil(weakSettings)
  }

  func testLetsAndComputedPropertiesOverLetsAreReadableAndCompleteWithTheObject() throws {
    let session = TranscriptSession()
    try session.interpreter.register(ObservableHit.self, as: "Hit") { type in
      type.property("title", \.title)
      type.property("score", \.score)
      type.property("label", \.label)
    }
    var hit: ObservableHit? = ObservableHit(title: "Swift", score: 5)
    weak let weakHit = hit
    try session.interpreter.inject(hit!, as: "hit", ownership: .weak)
    // The registrar tracks none of these, so it holds no link: reading and
    // observing them MUST NOT reach a released node.
    XCTAssertEqual(session.run("hit.title\nhit.score\nhit.label\nobserve hit.title"), ["\"Swift\"", "5", "\"Swift (5)\""])
    _ = session.output { hit = nil }
    XCTAssertNil(weakHit)
    // Nothing signals the release; the interpreter sees it at its next look.
    XCTAssertEqual(session.run("print(1)"), ["hit.title: completed", "1"])
  }

  func testAComputedPropertyFollowsWhatItReadsAfterEachChange() throws {
    let session = TranscriptSession()
    try session.interpreter.register(ObservableGate.self, as: "Gate") { type in
      type.property("isOpen", \.isOpen)
      type.property("isArmed", \.isArmed)
      type.property("canFire", \.canFire)
    }
    let gate = ObservableGate()
    try session.interpreter.inject(gate, as: "gate")
    // `canFire` first reads only `isOpen` (false stops the `&&`); once it
    // is open, it reads `isArmed` too, and MUST see that change.
    session.run("observe gate.canFire")
    gate.isOpen = true
    XCTAssertEqual(session.run("gate.isOpen"), ["true"])
    gate.isArmed = true
    XCTAssertEqual(session.run("gate.canFire"), ["gate.canFire: false -> true", "true"])
    XCTAssertEqual(session.run("gate.isArmed = false"), ["gate.canFire: true -> false"])
  }

  func testAnObjectOutlivingItsInterpreterStopsBeingTracked() throws {
    let settings = ObservableSettings()
    do {
      let session = try makeSession()
      try session.interpreter.inject(settings, as: "s")
      session.run("observe s.volume")
    }
    settings.volume = 1
    settings.volume = 2
    XCTAssertEqual(settings.volume, 2)
  }

  func testWritesFromAnotherThreadArriveAtTheNextStatement() throws {
    let session = try makeSession()
    let settings = ObservableSettings()
    try session.interpreter.inject(settings, as: "s")
    session.run("observe s.volume")
    let box = UncheckedBox(settings)
    let written = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      box.value.volume = 42
      written.signal()
    }
    written.wait()
    XCTAssertEqual(session.run("s.volume"), ["s.volume: 3 -> 42", "42"])
  }
}

private final class UncheckedBox<T>: @unchecked Sendable {
  let value: T
  init(_ value: T) { self.value = value }
}
