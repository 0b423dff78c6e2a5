import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The language server's one lock, with a condition its analysing thread
/// sleeps on until there is work (a pthread mutex: `Synchronization.Mutex`
/// has no condition to wait on).
final class ServerLock {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

  init() {
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(condition, nil)
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }

  func withLock<T>(_ body: () throws -> T) rethrows -> T {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }

  /// Runs `body` with the lock released; the caller holds it.
  func withoutLock<T>(_ body: () throws -> T) rethrows -> T {
    pthread_mutex_unlock(mutex)
    defer { pthread_mutex_lock(mutex) }
    return try body()
  }

  /// Releases the lock until ``wakeAll()`` (or a spurious wake-up: wait in a
  /// loop over the condition); the caller holds it.
  func wait() {
    pthread_cond_wait(condition, mutex)
  }

  func wakeAll() {
    pthread_cond_broadcast(condition)
  }
}

/// Tells a running analysis to stop: set by the reading thread, read by the
/// analysing one without the lock.
final class Cancellation: Sendable {
  private let flag = Atomic<Bool>(false)

  var isCancelled: Bool { flag.load(ordering: .relaxed) }

  func cancel() {
    flag.store(true, ordering: .relaxed)
  }
}
