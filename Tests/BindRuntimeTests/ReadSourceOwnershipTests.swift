import XCTest
@testable import BindRuntime

/// A derived value or effect holds the derived values its last evaluation
/// read (`ReadSources.swift`), so that a pull of lazy values walks them
/// without retaining each one. Each case captures the inner value weakly,
/// so that only the reader's hold can keep it alive.
final class ReadSourceOwnershipTests: RuntimeTestCase {
  func testADerivedValueReadOnlyByAnotherStaysAliveAndCurrent() {
    let source = Property(1)
    var inner: Derived<Int>? = Derived { source.value * 2 }
    weak let weakInner = inner
    let outer = Derived { [weak inner] in (inner?.value ?? -1) + 1 }
    inner = nil
    XCTAssertNotNil(weakInner, "the reader holds what its evaluation read")
    source.value = 5
    XCTAssertEqual(outer.value, 11)
  }

  func testAReaderLetsGoOfADerivedValueItStopsReading() {
    let source = Property(1)
    let readsInner = Property(true)
    var inner: Derived<Int>? = Derived { source.value * 2 }
    weak let weakInner = inner
    let outer = Derived { [weak inner] in readsInner.value ? (inner?.value ?? -1) : 0 }
    inner = nil
    XCTAssertEqual(outer.value, 2)
    readsInner.value = false
    XCTAssertEqual(outer.value, 0)
    XCTAssertNil(weakInner, "the evaluation that stopped reading it let go of it")
  }

  func testAnObservedReaderHoldsItsSourcesToo() {
    let source = Property(1)
    var inner: Derived<Int>? = Derived { source.value * 2 }
    weak let weakInner = inner
    let outer = Derived { [weak inner] in (inner?.value ?? -1) + 1 }
    let history = History<Int>()
    let token = history.observe(outer)
    inner = nil
    source.value = 2
    XCTAssertEqual(history.events, [.changed(old: 3, new: 5)])
    XCTAssertNotNil(weakInner)
    withExtendedLifetime(token) {}
  }

  func testAReaderLetsGoOfItsSourcesWhenItGoes() {
    let source = Property(1)
    var inner: Derived<Int>? = Derived { source.value * 2 }
    weak let weakInner = inner
    var outer: Derived<Int>? = Derived { [weak inner] in (inner?.value ?? -1) + 1 }
    inner = nil
    XCTAssertEqual(outer!.value, 3)
    outer = nil
    XCTAssertNil(weakInner)
  }

  func testADisposedEffectLetsGoOfWhatItRead() throws {
    let source = Property(1)
    var inner: Derived<Int>? = Derived { source.value * 2 }
    weak let weakInner = inner
    let seen = Log()
    let effect = try Effect { [weak inner] in seen.append("\(inner?.value ?? -1)") }
    inner = nil
    source.value = 2
    XCTAssertEqual(seen.entries, ["2", "4"])
    effect.dispose()
    XCTAssertNil(weakInner)
    withExtendedLifetime(effect) {}
  }

  /// The hazard the deferred release guards against: a pull walks into a
  /// source held only by its reader, and that source's evaluation ends it
  /// (the object whose property it reads goes). Its reader forgets it then,
  /// and the walk returns into it afterwards: it must still be there. Run
  /// under `make asan` to turn a node freed too early into a report.
  func testASourceThatCompletesDuringItsOwnRefreshIsFreedOnlyWhenThePullEnds() {
    final class PersonBox {
      var person: Person?
      init(_ person: Person) { self.person = person }
    }
    let box = PersonBox(Person(name: "a"))
    var dropsThePerson = false
    var middle: Derived<String>? = Derived {
      let name = box.person?.name ?? "-"
      if dropsThePerson { box.person = nil }
      return name
    }
    weak let weakMiddle = middle
    var outer: Derived<String>? = Derived { [weak middle] in (middle?.value ?? "gone") + "!" }
    middle = nil
    XCTAssertEqual(outer!.value, "a!")
    dropsThePerson = true
    box.person!.name = "b"
    XCTAssertEqual(outer!.value, "b!", "read from the completed source, still alive during the pull")
    XCTAssertEqual(graph.pullDepth, 0)
    XCTAssertTrue(graph.nodesReleasedLater.isEmpty, "the release that waited for the pull happened")
    // Read again by the evaluation that followed, so held again, once.
    XCTAssertTrue(weakMiddle?.isCompleted ?? false)
    outer = nil
    XCTAssertNil(weakMiddle)
  }

  /// Letting go of the end of a long chain frees the whole chain, one node
  /// at a time rather than one deinit inside the next (which would overflow
  /// the stack: 50,000 nested deinits do, in a debug build).
  func testAChainHeldOnlyByItsReadersIsFreedWithoutDeepRecursion() {
    let source = Property(0)
    var end: Derived<Int>? = Derived { source.value }
    weak let weakFirst = end
    for _ in 1..<50_000 {
      let previous = end!
      end = Derived { [weak previous] in (previous?.value ?? -1) + 1 }
    }
    XCTAssertNotNil(weakFirst)
    end = nil
    XCTAssertNil(weakFirst)
  }

  func testADeepPullOfValuesHeldOnlyByTheirReadersEndsAtTheRightValue() {
    let source = Property(0)
    var chain: [Derived<Int>] = [Derived { source.value + 1 }]
    for _ in 1..<500 {
      let previous = chain.last!
      chain.append(Derived { [weak previous] in (previous?.value ?? -1_000_000) + 1 })
    }
    let end = chain.removeLast()
    weak let weakFirst = chain.first
    chain.removeAll()
    XCTAssertNotNil(weakFirst)
    for value in 1...3 {
      source.value = value
      XCTAssertEqual(end.value, value + 500)
    }
  }
}
