import CPlatform

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs recursive work on a thread with a large stack.
///
/// The parser and the evaluator recurse once per nesting level; at the
/// nesting limit a debug build needs several MiB of stack, while threads
/// other than the main one get 512 KiB by default. Running on a dedicated
/// thread makes the depth a caller can reach independent of the thread it
/// calls from. The stack is reserved, not committed: untouched pages cost no
/// memory. Work that is already on such a thread runs in place, so nesting
/// `run` calls (the CLI wraps everything; the parser wraps itself) costs
/// nothing.
///
/// Built on pthreads rather than Foundation's `Thread`, which would add
/// milliseconds to the command-line tool's start-up.
public enum LargeStack {
  /// The stack size used by default: 64 MiB.
  public static let defaultSize = 64 << 20

  /// The stack the command runs scripts on: 512 MiB, reserved, not
  /// committed. Sized so that the interpreter's call-count limit (20,000
  /// nested calls, ~7 KiB each in a debug build) is reached long before the
  /// stack is; the interpreter's stack check stops deeper work (calls that
  /// nest deep expressions) with an error before an overflow.
  public static let interpreterSize = 512 << 20

  /// Marks threads created here.
  private static let marker: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
  }()

  /// Whether the calling thread is one of ours.
  public static var isOnLargeStack: Bool { pthread_getspecific(marker) != nil }

  /// Runs `body` on a thread with a `stackSize`-byte stack and waits for its
  /// result (in place when already on such a thread).
  public static func run<T>(stackSize: Int = defaultSize, _ body: @escaping () -> T) -> T {
    if isOnLargeStack { return body() }
    var result: T?
    guard let thread = start(stackSize: stackSize, { result = body() }) else {
      // No thread to be had: run here rather than fail.
      return body()
    }
    // While it waits, the caller blocks the signals a terminal program
    // handles, so they reach the worker: the REPL reads lines there, and
    // Ctrl-C must interrupt that read, not a thread parked in pthread_join.
    var waiting = sigset_t(), previous = sigset_t()
    sigemptyset(&waiting)
    for signal in [SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGTSTP, SIGCONT, SIGWINCH] { sigaddset(&waiting, signal) }
    pthread_sigmask(SIG_BLOCK, &waiting, &previous)
    thread.join()
    pthread_sigmask(SIG_SETMASK, &previous, nil)
    return result!
  }

  /// Starts `body` on a new thread with a `stackSize`-byte stack, for work
  /// that runs beside the caller (the language server's analyses); `nil`
  /// when the system gives no thread.
  public static func start(stackSize: Int = defaultSize, _ body: @escaping () -> Void) -> StartedThread? {
    let job = Job(body)
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setstacksize(&attributes, stackSize)
    #if canImport(Darwin)
      var thread: pthread_t?
    #else
      var thread = pthread_t()
    #endif
    let context = Unmanaged.passRetained(job).toOpaque()
    let created = pthread_create(&thread, &attributes, { context in
      let job = Unmanaged<Job>.fromOpaque(context!).takeRetainedValue()
      pthread_setspecific(LargeStack.marker, UnsafeRawPointer(bitPattern: 1))
      job.body()
      return nil
    }, context)
    guard created == 0 else {
      Unmanaged<Job>.fromOpaque(context).release()
      return nil
    }
    #if canImport(Darwin)
      return StartedThread(thread: thread!)
    #else
      return StartedThread(thread: thread)
    #endif
  }

  /// A thread ``start(stackSize:_:)`` started.
  public struct StartedThread {
    fileprivate let thread: pthread_t

    /// Waits for the thread's work to end; its writes are then visible.
    public func join() {
      pthread_join(thread, nil)
    }
  }

  /// Carries the work to the thread; `pthread_join` orders its write of the
  /// result before the caller's read.
  private final class Job {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
  }
}

/// How much stack the calling thread has left, so that deep recursion can
/// stop with an error before it overflows (a crash no handler can catch).
///
/// Stacks grow down on every platform Swift runs on: the space left is the
/// distance from the caller's frame down to the stack's lowest address.
public enum StackSpace {
  /// The lowest address of the calling thread's stack (above its guard
  /// page), or `nil` when the system cannot say. Asked of the system once
  /// per thread (for the main thread glibc reads `/proc/self/maps`).
  public static func currentThreadLowestAddress() -> UInt? {
    if let cached = pthread_getspecific(lowestAddressKey) { return UInt(bitPattern: cached) }
    guard let address = systemLowestAddress(), address != 0 else { return nil }
    pthread_setspecific(lowestAddressKey, UnsafeRawPointer(bitPattern: address))
    return address
  }

  private static let lowestAddressKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
  }()

  private static func systemLowestAddress() -> UInt? {
    let address = UInt(bindscript_stack_lowest_address())
    return address == 0 ? nil : address
  }

  /// An address in the caller's stack frame.
  @inline(__always)
  public static func currentAddress() -> UInt {
    var marker: UInt8 = 0
    return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
  }
}
