import XCTest
@testable import BindRuntime

/// Runtime guarantee 5: two-way bindings.
final class TwoWayBindingTests: RuntimeTestCase {
  func testRightTakesLeftsValueAtBindTime() {
    let left = Property("left"), right = Property("right")
    let leftHistory = History<String>(), rightHistory = History<String>()
    let observations = [leftHistory.observe(left), rightHistory.observe(right)]
    let link = left.bindTwoWay(with: right)
    XCTAssertEqual(left.value, "left")
    XCTAssertEqual(right.value, "left")
    XCTAssertEqual(leftHistory.events, [])
    XCTAssertEqual(rightHistory.events, [.changed(old: "right", new: "left")])
    withExtendedLifetime((observations, link)) {}
  }

  func testEachChangeReachesTheOtherSideExactlyOnce() {
    let left = Property(0), right = Property(0)
    let leftHistory = History<Int>(), rightHistory = History<Int>()
    let observations = [leftHistory.observe(left), rightHistory.observe(right)]
    let link = left.bindTwoWay(with: right)
    left.value = 1
    right.value = 2
    left.value = 3
    XCTAssertEqual(
      leftHistory.events, [.changed(old: 0, new: 1), .changed(old: 1, new: 2), .changed(old: 2, new: 3)])
    XCTAssertEqual(rightHistory.events, leftHistory.events)
    withExtendedLifetime((observations, link)) {}
  }

  func testNoEchoRunsBackIntoTheWrittenSide() {
    let left = Property("a", label: "left"), right = Property("b", label: "right")
    let link = left.bindTwoWay(with: right)
    let steps = trace { left.value = "c" }
    let writes = steps.filter { $0.hasPrefix("write") }
    XCTAssertEqual(writes, ["write left: a -> c", "write right: a -> c"])
    withExtendedLifetime(link) {}
  }

  func testEqualValuesAtBindTimeChangeNothing() {
    let left = Property(7), right = Property(7)
    let history = History<Int>()
    let observation = history.observe(right)
    let link = left.bindTwoWay(with: right)
    XCTAssertEqual(history.events, [])
    withExtendedLifetime((observation, link)) {}
  }

  func testDisposingTheLinkEndsBothDirections() {
    let left = Property(0), right = Property(0)
    let link = left.bindTwoWay(with: right)
    left.value = 1
    link.dispose()
    left.value = 2
    right.value = 3
    XCTAssertEqual([left.value, right.value], [2, 3])
    XCTAssertTrue(link.isDisposed)
  }

  func testAChainOfTwoWayLinksSettlesWithEachSideChangedOnce() {
    let a = Property(0), b = Property(0), c = Property(0)
    let histories = [History<Int>(), History<Int>(), History<Int>()]
    let observations = zip([a, b, c], histories).map { $1.observe($0) }
    let links = [a.bindTwoWay(with: b), b.bindTwoWay(with: c)]
    a.value = 1
    c.value = 2
    for history in histories {
      XCTAssertEqual(history.events, [.changed(old: 0, new: 1), .changed(old: 1, new: 2)])
    }
    XCTAssertTrue(takeErrors().isEmpty, "two-way links are not cycles")
    withExtendedLifetime((observations, links)) {}
  }

  func testObjectPropertiesBindBothWaysWithoutLooping() {
    let screen = ProfileViewModel(), session = ProfileViewModel()
    let ada = Person(name: "Ada"), grace = Person(name: "Grace")
    let history = History<Person?>()
    let observation = history.observe(session.$user)
    let link = screen.$user.bindTwoWay(with: session.$user)
    screen.user = ada
    session.user = grace
    XCTAssertTrue(screen.user === grace)
    XCTAssertEqual(history.events.map { $0.newValue??.name }, ["Ada", "Grace"])
    XCTAssertTrue(takeErrors().isEmpty)
    withExtendedLifetime((observation, link)) {}
  }

  func testValuesThatCannotBeComparedBindBothWaysWithoutAnEcho() {
    struct Opaque { var n: Int }
    let left = Property(Opaque(n: 1)), right = Property(Opaque(n: 0))
    var rightSeen: [Int] = []
    let observation = right.observeChanges { _, new in rightSeen.append(new.n) }
    let link = left.bindTwoWay(with: right)
    left.value = Opaque(n: 2)
    right.value = Opaque(n: 3)
    XCTAssertEqual(left.value.n, 3)
    XCTAssertEqual(rightSeen, [1, 2, 3])
    XCTAssertTrue(takeErrors().isEmpty, "an echo is not a cycle")
    withExtendedLifetime((observation, link)) {}
  }

  func testBothSidesWrittenInOneTransactionEndEqual() throws {
    let left = Property(0), right = Property(0)
    let link = left.bindTwoWay(with: right)
    try graph.transaction {
      left.value = 1
      right.value = 2
    }
    XCTAssertEqual(left.value, right.value)
    withExtendedLifetime(link) {}
  }

  func testTheLinkHoldsNeitherSideAlive() {
    let left = Property("x")
    var field: TextField? = TextField()
    weak let weakField = field
    let link = left.bindTwoWay(with: field!.$text)
    XCTAssertEqual(field?.text, "x")
    field = nil
    XCTAssertNil(weakField)
    left.value = "y"
    XCTAssertTrue(link.isDisposed)
  }
}
