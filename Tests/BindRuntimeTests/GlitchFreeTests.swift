import XCTest
@testable import BindRuntime

/// Runtime guarantee 8: glitch-free propagation. Each write evaluates every derived value
/// at most once, after all of its inputs, and only when an input really changed.
final class GlitchFreeTests: RuntimeTestCase {
  func testADiamondEvaluatesItsBottomOncePerWriteWithConsistentInputs() {
    let a = Property(1)
    let b = Derived { a.value * 2 }
    let c = Derived { a.value + 10 }
    let log = Log()
    let d = Derived { () -> String in
      let seen = "\(b.value)/\(c.value)"
      log.append(seen)
      return seen
    }
    let history = History<String>()
    let token = history.observe(d)
    a.value = 2
    a.value = 3
    XCTAssertEqual(log.entries, ["2/11", "4/12", "6/13"], "never 4/11 or 2/12")
    XCTAssertEqual(history.events, [.changed(old: "2/11", new: "4/12"), .changed(old: "4/12", new: "6/13")])
    withExtendedLifetime(token) {}
  }

  func testTheBottomIsNotEvaluatedWhenNoInputReallyChanged() {
    let a = Property(2)
    let parity = Derived { a.value % 2 }
    let isBig = Derived { a.value > 100 }
    var evaluations = 0
    let d = Derived { () -> String in
      evaluations += 1
      return "\(parity.value) \(isBig.value)"
    }
    let token = d.observe { _ in }
    a.value = 4  // parity and isBig re-evaluate to equal values
    a.value = 4  // not a change at all
    a.value = 6
    XCTAssertEqual(evaluations, 1, "only the initial evaluation")
    a.value = 7
    XCTAssertEqual(evaluations, 2)
    withExtendedLifetime(token) {}
  }

  func testUnevenPathsStillEvaluateOnceAfterAllInputs() {
    let a = Property(1)
    let b = Derived { a.value + 1 }
    let c = Derived { b.value + 1 }
    let e = Derived { c.value + 1 }
    let log = Log()
    let bottom = Derived { () -> Int in
      log.append("\(a.value),\(e.value)")
      return a.value + e.value
    }
    let token = bottom.observe { _ in }
    a.value = 10
    XCTAssertEqual(log.entries, ["1,4", "10,13"])
    withExtendedLifetime(token) {}
  }

  func testObserversSeeEveryValueAlreadyConsistent() {
    let a = Property(1)
    let doubled = Derived { a.value * 2 }
    var seen: [String] = []
    let tokens = [
      a.observeChanges { _, new in seen.append("a=\(new) doubled=\(doubled.value)") },
      doubled.observeChanges { _, new in seen.append("doubled=\(new) a=\(a.value)") },
    ]
    a.value = 5
    XCTAssertEqual(seen, ["a=5 doubled=10", "doubled=10 a=5"])
    withExtendedLifetime(tokens) {}
  }

  func testABindingTargetIsUpdatedBeforeValuesThatReadIt() {
    let source = Property(1)
    let mirror = Property(1)
    let log = Log()
    let check = Derived { () -> Bool in
      let same = source.value == mirror.value
      log.append(same ? "same" : "glitch")
      return same
    }
    let token = source.bind(to: mirror)
    let observation = check.observe { _ in }
    source.value = 2
    source.value = 3
    XCTAssertEqual(log.entries, ["same", "same", "same"])
    withExtendedLifetime((token, observation)) {}
  }

  func testAWideDiamondEvaluatesItsSumOnce() {
    let head = Property(0)
    let branches = (0..<20).map { i in Derived { head.value + i } }
    var evaluations = 0
    let sum = Derived { () -> Int in
      evaluations += 1
      return branches.reduce(0) { $0 + $1.value }
    }
    let token = sum.observe { _ in }
    head.value = 1
    XCTAssertEqual(evaluations, 2)
    XCTAssertEqual(sum.value, 20 + 190)
    withExtendedLifetime(token) {}
  }
}
