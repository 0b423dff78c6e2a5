import XCTest
@testable import BindRuntime

/// What the graph records of each change while causes are recorded (`why`):
/// the write that started it, then each derived value, binding and effect
/// that carried it, as it actually happened.
final class ChangeCauseTests: RuntimeTestCase {
  /// A place a writer names itself by, as a script statement does.
  private final class Site {
    let line: Int
    init(_ line: Int) { self.line = line }
  }

  override func setUp() {
    super.setUp()
    graph.beginRecordingCauses()
  }

  override func tearDown() {
    graph.endRecordingCauses()
    super.tearDown()
  }

  /// Each hop as `label: step`, from the value back to the write.
  private func hops(_ cause: ChangeCause?) -> [String] {
    (cause?.chain ?? []).map { cause in
      let step: String =
        switch cause.step {
        case .written(let origin): "written at \((origin as? Site)?.line ?? -1) = \(cause.value)"
        case .notified(let origin): "notified at \((origin as? Site)?.line ?? -1)"
        case .bound(let binding, let origin): "bound by \(binding.label ?? "?") made at \((origin as? Site)?.line ?? -1)"
        case .effect(let effect, _): "written by \(effect.label ?? "?")"
        case .evaluated: "evaluated = \(cause.value)"
        }
      return "\(cause.node.label ?? "?"): \(step)"
    }
  }

  private func write<Value: Equatable>(_ property: Property<Value>, _ value: Value, at line: Int) {
    graph.writeOrigin = Site(line)
    property.value = value
    graph.writeOrigin = nil
  }

  func testAPropertyWithNothingDownstreamRecordsItsWriteAndItsPlace() {
    let name = Property("", label: "vm.name")
    XCTAssertNil(graph.lastCause(of: name), "not changed since it was made")
    write(name, "Ada", at: 12)
    XCTAssertEqual(hops(graph.lastCause(of: name)), ["vm.name: written at 12 = Ada"])
    name.value = "Grace"  // no origin: a write from Swift
    XCTAssertEqual(hops(graph.lastCause(of: name)), ["vm.name: written at -1 = Grace"])
  }

  func testTheChainRunsFromTheTargetThroughTheBindingAndTheDerivedValueToTheWrite() throws {
    let name = Property("", label: "vm.name")
    let greeting = Derived(label: "vm.greeting") { "Hello, \(name.value)" }
    let text = Property("", label: "label.text")
    graph.writeOrigin = Site(7)
    let token = try greeting.bindChecked(to: text, label: "bind")
    graph.writeOrigin = nil
    write(name, "Ada", at: 12)
    XCTAssertEqual(
      hops(graph.lastCause(of: text)),
      ["label.text: bound by bind made at 7", "vm.greeting: evaluated = Hello, Ada", "vm.name: written at 12 = Ada"])
    token.dispose()
  }

  func testAnEqualEvaluationKeepsTheCauseOfTheLastRealChange() throws {
    let name = Property("", label: "name")
    let long = Derived(label: "long") { name.value.count > 3 }
    let shown = Property(false, label: "shown")
    let token = try long.bindChecked(to: shown, label: "bind")
    write(name, "Grace", at: 1)
    write(name, "Hopper", at: 2)  // still long: nothing downstream changes
    XCTAssertEqual(
      hops(graph.lastCause(of: shown)),
      ["shown: bound by bind made at -1", "long: evaluated = true", "name: written at 1 = Grace"])
    token.dispose()
  }

  func testALazyDerivedValueMadeAfterTheWriteIsCausedByIt() {
    let name = Property("", label: "name")
    write(name, "Ada", at: 3)
    let greeting = Derived(label: "greeting") { "Hi, \(name.value)" }
    XCTAssertEqual(hops(graph.lastCause(of: greeting)), ["greeting: evaluated = Hi, Ada", "name: written at 3 = Ada"])
    write(name, "Grace", at: 4)
    XCTAssertEqual(hops(graph.lastCause(of: greeting)), ["greeting: evaluated = Hi, Grace", "name: written at 4 = Grace"])
  }

  func testAnEffectsWriteNamesTheEffectAndWhatItRead() throws {
    let count = Property(0, label: "count")
    let doubled = Property(0, label: "doubled")
    let effect = try Effect(label: "doubler") { doubled.value = count.value * 2 }
    write(count, 2, at: 5)
    XCTAssertEqual(hops(graph.lastCause(of: doubled)), ["doubled: written by doubler", "count: written at 5 = 2"])
    effect.dispose()
  }

  func testNotifyIsRecordedAsAForcedChange() throws {
    let items = Property([1], label: "items")
    graph.writeOrigin = Site(9)
    try items.notifyChange()
    graph.writeOrigin = nil
    XCTAssertEqual(hops(graph.lastCause(of: items)), ["items: notified at 9"])
  }

  func testNothingIsRecordedOnceTheLastRecorderEnds() {
    let name = Property("", label: "name")
    graph.endRecordingCauses()
    name.value = "Ada"
    graph.beginRecordingCauses()
    XCTAssertNil(graph.lastCause(of: name), "the write happened while nothing recorded")
  }
}
