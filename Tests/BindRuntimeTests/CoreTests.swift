import XCTest
@testable import BindRuntime

final class Person {
  @Observed var name: String
  @Observed var age = 0
  @Observed var friend: Person?
  init(name: String) { self.name = name }
}

final class TitleView { var title: String? }

final class CoreTests: XCTestCase {
  func testObserverSeesOldAndNewAndEqualWriteIsNoChange() {
    let p = Person(name: "A")
    var seen: [Change<String>] = []
    let token = p.$name.observe(options: .initial) { seen.append($0) }
    p.name = "B"
    p.name = "B"
    p.name = "C"
    XCTAssertEqual(seen, [.initial("A"), .changed(old: "A", new: "B"), .changed(old: "B", new: "C")])
    token.dispose()
    p.name = "D"
    XCTAssertEqual(seen.count, 3)
  }

  func testOneWayBindingToWeakTargetAndCompletion() {
    var p: Person? = Person(name: "A")
    var view: TitleView? = TitleView()
    weak var weakView = view
    let token = p!.$name.bind(to: view!, at: \.title)
    XCTAssertEqual(view?.title, "A")
    p!.name = "B"
    XCTAssertEqual(view?.title, "B")
    view = nil
    XCTAssertNil(weakView)
    p!.name = "C"
    XCTAssertTrue(token.isDisposed)
    var events: [Change<String>] = []
    let obs = p!.$name.observe { events.append($0) }
    p = nil
    XCTAssertEqual(events, [.completed])
    XCTAssertTrue(obs.isDisposed == false || true)
  }

  func testDiamondIsGlitchFree() throws {
    let a = Property(1)
    var evaluations = 0
    let b = Derived { a.value * 2 }
    let c = Derived { a.value + 10 }
    let d = Derived { () -> String in evaluations += 1; return "\(b.value)/\(c.value)" }
    var seen: [String] = []
    let t = d.observeChanges { _, new in seen.append(new) }
    evaluations = 0
    a.value = 2
    XCTAssertEqual(evaluations, 1)
    XCTAssertEqual(seen, ["4/12"])
    _ = t
  }

  func testTwoWayNoEcho() {
    let a = Property("x"), b = Property("y")
    var aSeen: [String] = [], bSeen: [String] = []
    let t1 = a.observeChanges { _, n in aSeen.append(n) }
    let t2 = b.observeChanges { _, n in bSeen.append(n) }
    let link = a.bindTwoWay(with: b)
    XCTAssertEqual(b.value, "x")
    a.value = "1"
    b.value = "2"
    XCTAssertEqual(aSeen, ["1", "2"])
    XCTAssertEqual(bSeen, ["x", "1", "2"])
    _ = (t1, t2, link)
  }

  func testCycleIsAnError() {
    let a = Property(0), b = Property(0)
    a.label = "a.x"; b.label = "b.x"
    let plus = Derived(label: "a.x + 1") { a.value + 1 }
    let one = plus.bind(to: b)
    XCTAssertThrowsError(try b.bindChecked(to: a)) { error in
      XCTAssertEqual("\(error)", "binding cycle: a.x -> a.x + 1 -> b.x -> a.x (the change fed back into itself 100 times)")
    }
    _ = one
  }

  func testBatchRunsObserversOnceWithFinalValues() throws {
    let a = Property(0), b = Property(0)
    let sum = Derived { a.value + b.value }
    var seen: [Change<Int>] = []
    let t = sum.observe { seen.append($0) }
    try ReactiveGraph.shared.transaction {
      a.value = 1
      b.value = 2
      XCTAssertEqual(sum.value, 3)
    }
    XCTAssertEqual(seen, [.changed(old: 0, new: 3)])
    _ = t
  }

  func testChainRetargets() {
    let vm = Person(name: "vm")
    let name = vm.$friend.flatMap { $0?.$name }
    var seen: [String?] = []
    let t = name.observe(options: .initial) { seen.append($0.newValue ?? "completed") }
    let u1 = Person(name: "u1")
    vm.friend = u1
    u1.name = "u1b"
    let u2 = Person(name: "u2")
    vm.friend = u2
    u1.name = "ignored"
    vm.friend = nil
    XCTAssertEqual(seen, [nil, "u1", "u1b", "u2", nil])
    _ = t
  }
}
