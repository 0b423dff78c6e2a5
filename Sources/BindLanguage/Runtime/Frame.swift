/// A variable frame: one per function call, handler run or top level.
final class Frame {
  // Every variable access touches these; the interpreter runs on one thread
  // at a time, so the runtime's exclusivity checks only cost time here.
  @exclusivity(unchecked) var slots: ContiguousArray<Value>
  let parent: Frame?
  let selfObject: ScriptObject?
  /// Variables captured by value when a `bind` or `observe` ran.
  @exclusivity(unchecked) var captures: [CapturedValue] = []

  init(parent: Frame?, slotCount: Int = 0, selfObject: ScriptObject? = nil) {
    self.parent = parent
    self.selfObject = selfObject ?? parent?.selfObject
    self.slots = ContiguousArray(repeating: .null, count: slotCount)
  }

  /// Whether an object captured by a `bind`/`observe` has been deallocated.
  var capturesLostAnObject: Bool {
    captures.contains { capture in
      if case .object(let weak) = capture { return weak.object == nil }
      return false
    }
  }

  @inline(__always) func ancestor(_ hops: Int) -> Frame {
    var frame = self
    for _ in 0..<hops { frame = frame.parent! }
    return frame
  }
}
