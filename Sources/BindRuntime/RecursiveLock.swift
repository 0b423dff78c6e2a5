/// The graph's one lock: recursive, because derived values read other nodes and
/// bindings write other nodes while a propagation already holds it.
///
/// It deliberately avoids Foundation's `NSRecursiveLock`: the runtime must not
/// pull Foundation into a command-line tool whose start-up time is measured.
final class RecursiveLock: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  init() {
    mutex = .allocate(capacity: 1)
    var attributes = pthread_mutexattr_t()
    pthread_mutexattr_init(&attributes)
    pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
    pthread_mutex_init(mutex, &attributes)
    pthread_mutexattr_destroy(&attributes)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  @inline(__always) func lock() { pthread_mutex_lock(mutex) }
  @inline(__always) func unlock() { pthread_mutex_unlock(mutex) }
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

  @inline(__always) private var cell: UnsafeMutablePointer<Int> {
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
