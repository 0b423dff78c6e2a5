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
///
/// A struct of pointers, not a class: a class instance is retained around
/// every call into C (the mutex functions), a few times per write.
/// Whoever owns one MUST call ``destroy()`` when done with it, because nothing
/// else frees its memory. `@usableFromInline` (like the rest of a write's fast
/// path) so that client modules inline and specialize ``Property/set(_:)``.
@usableFromInline
struct RecursiveLock: @unchecked Sendable {
  @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
  /// The thread holding the mutex, or 0. Relaxed is enough: a thread only ever
  /// finds its own identifier here if it stored it itself, while holding the mutex.
  @usableFromInline let owner: UnsafeMutablePointer<Atomic<UInt>>
  /// How many times the owner has locked. Only the owner touches it, inside the
  /// mutex, so it needs no synchronization of its own.
  @usableFromInline let depth: UnsafeMutablePointer<Int>

  init() {
    mutex = .allocate(capacity: 1)
    pthread_mutex_init(mutex, nil)
    owner = .allocate(capacity: 1)
    owner.initialize(to: Atomic(0))
    depth = .allocate(capacity: 1)
    depth.initialize(to: 0)
  }

  /// Frees the lock. It MUST NOT be held, or used afterwards.
  func destroy() {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
    owner.deinitialize(count: 1)
    owner.deallocate()
    depth.deallocate()
  }

  @inlinable static var currentThread: UInt {
    #if canImport(Darwin)
    UInt(bitPattern: pthread_self())
    #else
    UInt(pthread_self())
    #endif
  }

  @inlinable func lock() {
    let me = Self.currentThread
    if owner.pointee.load(ordering: .relaxed) == me {
      depth.pointee += 1
      return
    }
    pthread_mutex_lock(mutex)
    owner.pointee.store(me, ordering: .relaxed)
    depth.pointee = 1
  }

  @inlinable func unlock() {
    depth.pointee -= 1
    if depth.pointee == 0 {
      owner.pointee.store(0, ordering: .relaxed)
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
///
/// A struct (just the key), not a class: reaching it costs no retain.
@usableFromInline
struct ThreadLocalCounter: @unchecked Sendable {
  @usableFromInline let key: pthread_key_t

  init() {
    var key = pthread_key_t()
    // The cell is freed when its thread ends.
    pthread_key_create(&key) { free($0) }
    self.key = key
  }

  /// This thread's cell: look it up once, then read and write it directly.
  @inlinable var cell: UnsafeMutablePointer<Int> {
    if let raw = pthread_getspecific(key) { return raw.assumingMemoryBound(to: Int.self) }
    return Self.makeCell(key: key)
  }

  @usableFromInline @inline(never) static func makeCell(key: pthread_key_t) -> UnsafeMutablePointer<Int> {
    let cell = malloc(MemoryLayout<Int>.size)!.bindMemory(to: Int.self, capacity: 1)
    cell.initialize(to: 0)
    pthread_setspecific(key, cell)
    return cell
  }
}
