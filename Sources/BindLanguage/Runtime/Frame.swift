/// A variable frame: one per function call, handler run or top level.
final class Frame {
  // Every variable access touches these; the interpreter runs on one thread
  // at a time, so the runtime's exclusivity checks only cost time here.
  @exclusivity(unchecked) var slots: ContiguousArray<Value>
  let parent: Frame?
  /// A method's receiver; set on each call of a frame a method reuses
  /// (``SpareFrames``), else fixed when the frame is made.
  @exclusivity(unchecked) var selfObject: ScriptObject?
  /// The next frame of a ``SpareFrames`` list, while this one is spare.
  @exclusivity(unchecked) fileprivate var nextSpare: Frame?
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

/// The frames one function value or method keeps for its next calls, as
/// Lua keeps its `CallInfo`s: a direct call (`Compiler+DirectCalls.swift`)
/// takes the frame given back last, or makes one, and gives it back
/// cleared, so a loop of calls allocates no frame and a recursion only as
/// many as it is deep.
///
/// Only for a body that makes no closures (``FunctionCode/reusesFrame``):
/// anything such a body makes may keep its frame after the call returns.
struct SpareFrames {
  /// At most this many are kept: a recursion 20,000 deep must not leave
  /// 20,000 frames behind for the rest of the session.
  static let limit = 64
  private var top: Frame?
  /// How many are kept.
  private(set) var count = 0

  /// The frame given back last, if any.
  @inline(__always) mutating func take() -> Frame? {
    guard let frame = top else { return nil }
    top = frame.nextSpare
    frame.nextSpare = nil
    count &-= 1
    return frame
  }

  /// Keeps `frame`, cleared (so that it keeps no value of the call alive,
  /// as Swift releases a function's variables when it returns), up to
  /// ``limit`` frames.
  @inline(__always) mutating func give(_ frame: Frame) {
    frame.slots.withUnsafeMutableBufferPointer { slots in
      for index in slots.indices { slots[index] = .null }
    }
    guard count < Self.limit else { return }
    frame.nextSpare = top
    top = frame
    count &+= 1
  }
}
