import Foundation

/// Runs recursive work on a thread with a large stack.
///
/// The parser (and a tree-walking interpreter) recurse once per nesting
/// level; at the nesting limit a debug build needs several MiB of stack,
/// while threads other than the main one get 512 KiB by default. Running on
/// a dedicated thread makes the depth a caller can reach independent of the
/// thread it calls from. The stack is reserved, not committed: untouched
/// pages cost no memory.
public enum LargeStack {
  /// The stack size used by default: 64 MiB.
  public static let defaultSize = 64 << 20

  /// Runs `body` on a new thread with a `stackSize`-byte stack and waits for
  /// its result.
  public static func run<T>(stackSize: Int = defaultSize, _ body: @escaping () -> T) -> T {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread { [box] in
      box.value = body()
      done.signal()
    }
    thread.stackSize = stackSize
    thread.start()
    done.wait()
    return box.value!
  }

  /// Carries the result from the worker thread; the semaphore orders the
  /// write before the read.
  private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
  }
}
