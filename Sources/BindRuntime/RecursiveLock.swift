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
final class ThreadLocalCounter: @unchecked Sendable {
  private var key = pthread_key_t()

  init() { pthread_key_create(&key, nil) }

  var value: Int {
    @inline(__always) get { Int(bitPattern: pthread_getspecific(key)) }
    @inline(__always) set { pthread_setspecific(key, UnsafeRawPointer(bitPattern: newValue)) }
  }
}
