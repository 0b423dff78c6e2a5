import Synchronization

/// The graph's one lock: recursive, because derived values read other nodes and
/// bindings write other nodes while a propagation already holds it.
///
/// A plain (non-recursive) mutex plus an owner and a depth: re-entering, which
/// every read inside an evaluation and every write a binding makes does, costs
/// a `pthread_self()` and a compare instead of a recursive `pthread_mutex`
/// round trip (~75 instructions a lock/unlock pair).
///
/// It deliberately avoids Foundation's `NSRecursiveLock`: the runtime must not
/// pull Foundation into a command-line tool whose start-up time is measured.
final class RecursiveLock: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  /// The thread holding the mutex, or 0. Relaxed is enough: a thread only ever
  /// finds its own identifier here if it stored it itself, while holding the mutex.
  private let owner = Atomic<UInt>(0)
  /// How many times the owner has locked. Only the owner touches it, inside the
  /// mutex, so it needs no synchronization of its own.
  @exclusivity(unchecked) private var depth = 0

  init() {
    mutex = .allocate(capacity: 1)
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  @inline(__always) private static var currentThread: UInt {
    #if canImport(Darwin)
    UInt(bitPattern: pthread_self())
    #else
    UInt(pthread_self())
    #endif
  }

  @inline(__always) func lock() {
    let me = Self.currentThread
    if owner.load(ordering: .relaxed) == me {
      depth += 1
      return
    }
    pthread_mutex_lock(mutex)
    owner.store(me, ordering: .relaxed)
    depth = 1
  }

  @inline(__always) func unlock() {
    depth -= 1
    if depth == 0 {
      owner.store(0, ordering: .relaxed)
      pthread_mutex_unlock(mutex)
    }
  }
}

/// A per-thread counter, used to bound how deeply observers may write back
/// into the graph before the chain is reported as a feedback loop.
///
/// Each thread's count lives in a cell of its own, found with
/// `pthread_getspecific` (a few instructions); storing the count in the key
/// itself made every write pay two `pthread_setspecific` calls (~70 each).
final class ThreadLocalCounter: @unchecked Sendable {
  private let key: pthread_key_t

  init() {
    var key = pthread_key_t()
    // The cell is freed when its thread ends.
    pthread_key_create(&key) { free($0) }
    self.key = key
  }

  var value: Int {
    @inline(__always) get { cell.pointee }
    @inline(__always) set { cell.pointee = newValue }
  }

  /// This thread's cell: look it up once, then read and write it directly.
  @inline(__always) var cell: UnsafeMutablePointer<Int> {
    if let raw = pthread_getspecific(key) { return raw.assumingMemoryBound(to: Int.self) }
    return makeCell()
  }

  @inline(never) private func makeCell() -> UnsafeMutablePointer<Int> {
    let cell = malloc(MemoryLayout<Int>.size)!.bindMemory(to: Int.self, capacity: 1)
    cell.initialize(to: 0)
    pthread_setspecific(key, cell)
    return cell
  }
}
