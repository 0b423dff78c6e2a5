import XCTest
@testable import BindPlatform

/// The parser and the evaluator recurse once per nesting level; LargeStack
/// is what lets them reach their limits from any thread.
final class LargeStackTests: XCTestCase {
  /// Recursion with a frame big enough that 100,000 levels need several
  /// MiB: more than a secondary thread's default 512 KiB or 8 MiB main stack.
  private func depth(_ n: Int) -> Int {
    var padding = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    padding.0 = n
    return n == 0 ? 0 : 1 + depth(padding.0 - 1) + padding.11
  }

  func testDeepRecursionRunsOnTheLargeStack() {
    XCTAssertEqual(LargeStack.run { self.depth(100_000) }, 100_000)
  }

  func testNestedRunStaysOnTheSameThread() {
    XCTAssertFalse(LargeStack.isOnLargeStack)
    let (outer, inner, nestedOnLarge) = LargeStack.run { () -> (pthread_t, pthread_t, Bool) in
      let outer = pthread_self()
      let (inner, onLarge) = LargeStack.run { (pthread_self(), LargeStack.isOnLargeStack) }
      return (outer, inner, onLarge)
    }
    XCTAssertTrue(nestedOnLarge)
    XCTAssertEqual(pthread_equal(outer, inner), 1, "a nested run runs in place")
    XCTAssertFalse(LargeStack.isOnLargeStack, "the caller's thread is not marked")
  }

  func testResultComesBack() {
    let text = LargeStack.run(stackSize: 1 << 20) { String(repeating: "ab", count: 3) }
    XCTAssertEqual(text, "ababab")
  }
}
