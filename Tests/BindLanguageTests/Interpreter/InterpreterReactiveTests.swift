import BindSyntax
import XCTest
@testable import BindLanguage

/// The reactive semantics as scripts see them: live properties, variables
/// looked up once, lifetimes, key-path chains, glitch-free propagation,
/// ordering and cycles (the runtime's guarantees and Grammar.md §6).
final class InterpreterReactiveTests: XCTestCase {
  // MARK: properties are live, variables are looked up once

  func testReassigningAnObservedVariableDoesNotMoveTheObserver() {
    assertTranscript(
      """
      type Person { var name: String = "" }
      var p2 = Person(name: "P2")
      let keep = p2
      observe p2.name
      p2 = Person(name: "other")
      p2.name = "ignored"
      keep.name = "seen"
      """,
      ["p2.name: \"P2\" -> \"seen\""])
  }

  func testReleasingTheLastReferenceCompletesObservers() {
    assertTranscript(
      """
      type Person { var name: String = "" }
      var p2 = Person(name: "P2")
      observe p2.name
      observe p2.name initial
      observe "<\\(p2.name)>"
      p2.name = "x"
      p2 = nil
      p2 = Person(name: "new")
      p2.name = "not observed"
      """,
      [
        "p2.name: \"P2\"",
        "p2.name: \"P2\" -> \"x\"",
        "p2.name: \"P2\" -> \"x\"",
        "\"<\\(p2.name)>\": \"<P2>\" -> \"<x>\"",
        "p2.name: completed",
        "p2.name: completed",
        "\"<\\(p2.name)>\": completed",
      ])
  }

  func testBindingMovesWithNeitherVariable() {
    assertTranscript(
      """
      type Model { var value: String = "" }
      var source = Model(value: "first")
      let keep = source
      var target = Label()
      let firstTarget = target
      bind source.value -> target.text
      source = Model(value: "second")
      target = Label()
      keep.value = "changed"
      print(firstTarget.text, target.text)
      source.value = "ignored"
      firstTarget.text
      """,
      ["changed nil", "\"changed\""])
  }

  func testVariablesInsideAnExpressionSourceAreReadOnce() {
    assertTranscript(
      """
      type Model { var value: String = "v" }
      let m = Model()
      var suffix = "!"
      var model = m
      let label = Label()
      bind "\\(model.value)\\(suffix)" -> label.text
      observe model.value + suffix
      suffix = "?"
      model = Model(value: "other")
      m.value = "w"
      label.text
      """,
      ["model.value + suffix: \"v!\" -> \"w!\"", "\"w!\""])
  }

  func testBindingDoesNotKeepItsTargetAlive() {
    assertTranscript(
      """
      type VM { var title: String = "t0" }
      let vm = VM()
      var label = Label()
      bind vm.title -> label.text
      observe label.text
      vm.title = "t1"
      label = nil
      vm.title = "t2"
      vm.title
      """,
      ["label.text: \"t0\" -> \"t1\"", "label.text: completed", "\"t2\""])
  }

  func testSourceGoingAwayEndsTheBindingAndTheTargetKeepsItsValue() {
    assertTranscript(
      """
      type VM { var title: String = "s1" }
      var source = VM()
      let kept = Label()
      bind source.title -> kept.text
      observe kept.text
      source = nil
      kept.text = "free"
      """,
      ["kept.text: \"s1\" -> \"free\""])
  }

  func testObjectPropertiesHoldStrongly() {
    assertTranscript(
      """
      type Person { var name: String = ""; var friend: Person? }
      let owner = Person(name: "owner")
      var f = Person(name: "friend")
      owner.friend = f
      observe f.name
      f = nil
      owner.friend.name = "renamed"
      owner.friend = nil
      """,
      ["f.name: \"friend\" -> \"renamed\"", "f.name: completed"])
  }

  func testReleasedObjectsAreDeallocated() throws {
    let session = TranscriptSession()
    XCTAssertEqual(
      session.run(
        """
        type Person { var name: String = ""; var friend: Person? }
        var p = Person(name: "a")
        let label = Label()
        bind p.name -> label.text
        observe p.name { v in print(v) }
        bind "\\(p.name)!" -> label.text as shout
        on label.isHidden { }
        """),
      ["error: 'label.isHidden' is not an event; 'on' handles events such as 'button.tap'"])
    weak var person: ScriptObject?
    person = try XCTUnwrap(object(named: "p", in: session))
    XCTAssertNotNil(person)
    XCTAssertEqual(session.run("p = nil"), [])
    XCTAssertNil(person, "bindings and observers must not keep their source alive")
  }

  func testEndingTheSessionReleasesEverything() throws {
    let session = TranscriptSession()
    session.run(
      """
      type VM { var count: Int = 0; event ping }
      let vm = VM()
      let button = Button()
      on button.tap { vm.count += 1 }
      on vm.ping { print(vm.count) }
      observe vm.count { print(button.title) }
      bind vm.count -> button.isEnabled
      """)
    weak var vm: ScriptObject?
    weak var button: ScriptObject?
    vm = try XCTUnwrap(object(named: "vm", in: session))
    button = try XCTUnwrap(object(named: "button", in: session))
    session.end()
    XCTAssertNil(vm)
    XCTAssertNil(button)
  }

  private func object(named name: String, in session: TranscriptSession) -> ScriptObject? {
    guard let value = session.interpreter.globals.first(where: { $0.name == name })?.value,
      case .object(let object) = value
    else { return nil }
    return object
  }

  // MARK: key-path chains

  func testObservedChainRetargetsAndNilLinksGiveNil() {
    assertTranscript(
      """
      type User { var name: String = "" }
      type VM { var user: User? }
      let u1 = User(name: "Ann")
      let u2 = User(name: "Bob")
      let vm = VM(user: u1)
      let label = Label()
      observe vm.user.name initial
      bind vm.user.name -> label.text
      u1.name = "Anna"
      vm.user = u2
      u1.name = "ignored"
      u2.name = "Bobby"
      vm.user = User(name: "Bobby")
      vm.user = nil
      label.text
      vm.user = u1
      label.text
      """,
      [
        "vm.user.name: \"Ann\"",
        "vm.user.name: \"Ann\" -> \"Anna\"",
        "vm.user.name: \"Anna\" -> \"Bob\"",
        "vm.user.name: \"Bob\" -> \"Bobby\"",
        "vm.user.name: \"Bobby\" -> nil",
        "nil",
        "vm.user.name: nil -> \"ignored\"",
        "\"ignored\"",
      ])
  }

  func testChainThatStartsNilAndDeepChains() {
    assertTranscript(
      """
      type User { var name: String = "" }
      type Session { var user: User? }
      type App { var session: Session? }
      let app = App()
      observe app.session.user.name initial
      observe app.session?.user?.name ?? "guest" initial
      app.session = Session()
      app.session.user = User(name: "Ada")
      app.session.user.name = "Grace"
      app.session = nil
      """,
      [
        "app.session.user.name: nil",
        "app.session?.user?.name ?? \"guest\": \"guest\"",
        "app.session.user.name: nil -> \"Ada\"",
        "app.session?.user?.name ?? \"guest\": \"guest\" -> \"Ada\"",
        "app.session.user.name: \"Ada\" -> \"Grace\"",
        "app.session?.user?.name ?? \"guest\": \"Ada\" -> \"Grace\"",
        "app.session.user.name: \"Grace\" -> nil",
        "app.session?.user?.name ?? \"guest\": \"Grace\" -> \"guest\"",
      ])
  }

  func testBindingAChainIntoANonOptionalTargetReportsNil() {
    assertTranscript(
      """
      type User { var name: String = "" }
      type VM { var user: User? }
      let vm = VM(user: User(name: "a"))
      let field = TextField()
      bind vm.user.name -> field.text
      field.text
      vm.user = nil
      field.text
      """,
      [
        "\"a\"",
        "error: cannot bind value of type 'nil' into 'TextField#1.text' of type 'String'",
        "\"a\"",
      ])
  }

  // MARK: derived values and glitch-freedom

  func testDiamondEvaluatesOnceWithConsistentInputs() {
    assertTranscript(
      """
      var evaluations = 0
      func logged(b, c) { evaluations += 1; print("d from", b, c); return b + c }
      type Diamond {
        var a: Int = 1
        var b: Int { a + 1 }
        var c: Int { a * 2 }
        var d: Int { logged(b, c) }
      }
      let g = Diamond()
      observe g.d initial
      g.a = 2
      g.a = 5
      g.a = 5
      evaluations
      """,
      [
        "d from 2 2", "g.d: 4",
        "d from 3 4", "g.d: 4 -> 7",
        "d from 6 10", "g.d: 7 -> 16",
        "3",
      ])
  }

  func testDiamondOfExpressionBindings() {
    assertTranscript(
      """
      type N { var a: Int = 1; var b: Int = 0; var c: Int = 0 }
      let n = N()
      bind n.a + 1 -> n.b
      bind n.a * 10 -> n.c
      var sums = []
      observe n.b + n.c { v in sums.append(v) }
      n.a = 2
      n.a = 3
      sums
      """,
      ["[23, 34]"])
  }

  func testDerivedPropertiesTrackOnlyWhatTheyReadLastTime() {
    assertTranscript(
      """
      var evaluations = 0
      func count(v) { evaluations += 1; return v }
      type Pick {
        var useA: Bool = true
        var a: Int = 1
        var b: Int = 2
        var picked: Int { count(useA ? a : b) }
      }
      let p = Pick()
      observe p.picked initial
      p.b = 20
      evaluations
      p.useA = false
      p.a = 10
      p.b = 30
      evaluations
      """,
      ["p.picked: 1", "1", "p.picked: 1 -> 20", "p.picked: 20 -> 30", "3"])
  }

  func testEqualWritesAreNotChanges() {
    assertTranscript(
      """
      type M { var n: Int = 1; var d: Double = 1; var xs: [Int] = [1] }
      let m = M()
      observe m.n
      observe m.d
      observe m.xs
      m.n = 1
      m.d = 1
      m.xs = [1]
      m.n += 0
      m.d = 1.5
      """,
      ["m.d: 1.0 -> 1.5"])
  }

  // MARK: order

  func testObserversRunOldestFirstAndNestedWritesPropagateAtOnce() {
    assertTranscript(
      """
      type M { var x: Int = 0; var y: Int = 0 }
      let m = M()
      observe m.x { v in print("first sees x", v); m.y = v * 10 }
      observe m.x { v in print("second sees x", v, "and y", m.y) }
      observe m.y
      m.x = 1
      """,
      ["first sees x 1", "m.y: 0 -> 10", "second sees x 1 and y 10"])
  }

  func testBindingsUpdateBeforeObserversRun() {
    assertTranscript(
      """
      type M { var x: Int = 0 }
      let m = M()
      let label = Label()
      observe m.x { v in print("observer sees label", label.text) }
      bind "x=\\(m.x)" -> label.text
      m.x = 1
      """,
      ["observer sees label x=1"])
  }

  func testHandlerErrorsAreReportedByTheTriggeringStatement() {
    assertTranscript(
      """
      type M { var x: Int = 0 }
      let m = M()
      observe m.x { v in print("before"); print(1 / v); print("after") }
      m.x = 0
      m.x = 2
      m.x = 0
      m.x
      let b = Button()
      on b.tap { print(nope) }
      """,
      [
        "before", "0", "after",
        "before", "error: division by zero",
        "0",
        "error: cannot find 'nope' in scope",
      ])
  }

  // MARK: cycles

  func testBindingCycleIsAnErrorNamingTheCycle() {
    assertTranscript(
      """
      type N { var x: Int = 0 }
      let a = N()
      let b = N()
      bind a.x + 1 -> b.x
      bind b.x -> a.x
      a.x = 10
      b.x
      """,
      [
        "error: binding cycle: N#1.x -> a.x + 1 -> N#2.x -> N#1.x (the change fed back into itself 10 times)",
        "11",
      ])
  }

  func testSettlingLoopsAreNotCycles() {
    assertTranscript(
      """
      type N { var x: Int = 0 }
      let p = N()
      let q = N()
      bind p.x -> q.x
      bind q.x -> p.x
      observe p.x
      observe q.x
      p.x = 3
      q.x = 4
      """,
      ["p.x: 0 -> 3", "q.x: 0 -> 3", "p.x: 3 -> 4", "q.x: 3 -> 4"])
  }

  func testObserverFeedbackLoopIsStopped() {
    assertTranscript(
      """
      type N { var x: Int = 0 }
      let e = N()
      observe e.x as bump { v in e.x = v + 1 }
      e.x = 1
      dispose bump
      e.x = 0
      e.x
      """,
      [
        "error: observer feedback loop: observers that write triggered each other 200 levels deep",
        "0",
      ])
  }
  // MARK: more histories

  func testGlitchFreeThroughABinding() {
    assertTranscript(
      """
      type N { var x: Int = 0; var y: Int = 0 }
      let a = N()
      let b = N()
      bind a.x -> b.y
      observe a.x + b.y
      observe "\\(a.x)/\\(b.y)" { old, new in print(old, "=>", new) }
      a.x = 1
      a.x = 2
      """,
      ["a.x + b.y: 0 -> 2", "0/0 => 1/1", "a.x + b.y: 2 -> 4", "1/1 => 2/2"])
  }

  func testObservingObjectAndArrayProperties() {
    assertTranscript(
      """
      type P { var friend: P?; var tags: [String] = [] }
      let p = P()
      observe p.friend
      observe p.tags initial
      p.friend = P()
      p.tags.append("a")
      p.tags = ["a"]
      p.tags[0] = "b"
      p.friend = nil
      """,
      [
        "p.tags: []",
        "p.friend: nil -> P#2",
        "p.tags: [] -> [\"a\"]",
        "p.tags: [\"a\"] -> [\"b\"]",
        "p.friend: P#2 -> nil",
      ])
  }

  func testDerivedPropertyObserversCompleteWithTheirObject() {
    assertTranscript(
      """
      type D { var a: Int = 1; var b: Int { a * 2 } }
      var g = D()
      observe g.b
      observe g.b + 0
      let s = Slider()
      bind g.b -> s.value
      observe s.value
      g.a = 2
      g = nil
      s.value
      """,
      [
        "g.b: 2 -> 4", "g.b + 0: 2 -> 4", "s.value: 2.0 -> 4.0",
        "g.b: completed", "g.b + 0: completed",
        "4.0",
      ])
  }

  func testTwoWayBindingKeepsNeitherSideAlive() {
    assertTranscript(
      """
      var left = TextField(text: "l")
      let right = TextField()
      bind left.text <-> right.text
      observe left.text
      observe right.text
      left = nil
      right.text = "alone"
      """,
      ["left.text: completed", "right.text: \"l\" -> \"alone\""])
  }

  func testObserverMayDisposeItselfAndOthersDuringDelivery() {
    assertTranscript(
      """
      type C { var v: Int = 0 }
      let c = C()
      observe c.v as once { v in print("once", v); dispose once }
      observe c.v { v in print("always", v) }
      c.v = 1
      c.v = 2
      let b = Button()
      on b.tap as h1 { print("h1"); dispose h2 }
      on b.tap as h2 { print("h2") }
      emit b.tap
      on b.tap { print("adds"); on b.tap { print("added") } }
      emit b.tap
      """,
      [
        "once 1", "always 1", "always 2",
        "h1",
        "h1", "adds", "error: no binding, observer, handler or timer named 'h2'; did you mean 'h1'?",
      ])
  }

  func testObserverReleasingAnObjectWhileAChangeIsDelivered() {
    assertTranscript(
      """
      type C { var v: Int = 0 }
      let trigger = C()
      var victim = C()
      observe victim.v
      observe trigger.v { v in victim = nil }
      observe trigger.v { v in print("next observer still runs", v) }
      trigger.v = 1
      trigger.v = 2
      """,
      ["victim.v: completed", "next observer still runs 1", "next observer still runs 2"])
  }

  func testHandlersInFunctionsCountIntoTheFunctionsVariables() {
    assertTranscript(
      """
      let b = Button()
      func setup(x) {
        var n = 0
        on x.tap { n += 1; print("tap", n) }
      }
      setup(b)
      setup(b)
      emit b.tap
      emit b.tap
      """,
      ["tap 1", "tap 1", "tap 2", "tap 2"])
  }
  func testErrorsInAnObservedExpressionAreReportedByTheWriteAndTheObserverGoesOn() {
    assertTranscript(
      """
      type P { var n: Int = 0 }
      let p = P()
      observe 1 / p.n initial
      p.n = 1
      let q = P(n: 1)
      observe 10 / q.n
      q.n = 2
      q.n = 0
      q.n = 5
      q.n = 10
      """,
      [
        "error: division by zero",
        "10 / q.n: 10 -> 5",
        "error: division by zero",
        "10 / q.n: 5 -> 2",
        "10 / q.n: 2 -> 1",
      ])
  }
  func testDependenciesAreTrackedThroughFunctionCalls() {
    assertTranscript(
      """
      type P { var name: String = "n"; var age: Int = 1 }
      let p = P()
      func describe(x) { return x.name + " " + String(x.age) }
      observe describe(p)
      let l = Label()
      bind describe(p) -> l.text
      p.name = "m"
      p.age = 2
      l.text
      """,
      ["describe(p): \"n 1\" -> \"m 1\"", "describe(p): \"m 1\" -> \"m 2\"", "\"m 2\""])
  }
  func testAfterPropagationObserversRunInRegistrationOrderNotWriteOrder() {
    assertTranscript(
      """
      type N { var x: Int = 0 }
      let a = N()
      let b = N()
      let c = N()
      observe c.x
      observe b.x
      observe a.x
      bind a.x -> b.x
      bind b.x * 10 -> c.x
      a.x = 1
      """,
      ["c.x: 0 -> 10", "b.x: 0 -> 1", "a.x: 0 -> 1"])
  }

  /// `observe vm` of a model with a thousand properties: one observer each,
  /// in declaration order, printing each change and only the changes; a
  /// batch reports them in that order, and disposing ends all of them.
  func testObservingAnObjectWithAThousandProperties() {
    let properties = (0..<1000).map { "  var p\($0): Int = 0" }.joined(separator: "\n")
    let session = TranscriptSession()
    let output = session.run(
      """
      type Wide {
      \(properties)
      }
      let vm = Wide()
      observe vm as all
      vm.p999 = 1
      vm.p0 = 2
      batch { vm.p500 = 3; vm.p2 = 4; vm.p500 = 0 }
      dispose all
      vm.p1 = 5
      observe vm initial
      """)
    XCTAssertEqual(output.prefix(4), ["vm.p999: 0 -> 1", "vm.p0: 0 -> 2", "vm.p2: 0 -> 4", "vm.p0: 2"])
    XCTAssertEqual(output.count, 3 + 1000, "the changes, then each property's value once")
    XCTAssertEqual(output.last, "vm.p999: 1")
  }
}
