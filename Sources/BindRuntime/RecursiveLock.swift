import CTaskHooks
import Synchronization
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The graph's one lock: recursive, because derived values read other nodes and
/// bindings write other nodes while a propagation already holds it.
///
/// A lock word taken with one compare-and-swap and released with one
/// exchange, both inlined into the caller, plus an owner and a depth for
/// re-entry: re-entering (every read inside an evaluation, every write a
/// binding makes) costs a thread-local address and a compare. A recursive
/// `pthread_mutex` cost ~75 instructions a lock/unlock pair, calls included.
/// Contended threads sleep on a condition variable (Drepper's three-state
/// mutex, "Futexes Are Tricky", with a condition variable for the futex).
///
/// A struct of pointers, not a class: a class instance is retained around
/// every call into C, a few times per write. Whoever owns one MUST call
/// ``destroy()`` when done with it, because nothing else frees its memory.
/// `@usableFromInline` (like the rest of a write's fast path) so that client
/// modules inline and specialize ``Property/set(_:)``.
///
/// It deliberately avoids Foundation's `NSRecursiveLock`: the runtime must not
/// pull Foundation into a command-line tool whose start-up time is measured.
@usableFromInline
struct RecursiveLock: @unchecked Sendable {
  /// 0: free; 1: held; 2: held, and a thread may be waiting for it.
  @usableFromInline let state: UnsafeMutablePointer<Atomic<Int>>
  /// The thread holding the lock, or 0. Relaxed is enough: a thread only ever
  /// finds its own identifier here if it stored it itself, while holding the lock.
  @usableFromInline let owner: UnsafeMutablePointer<Atomic<UInt>>
  /// How many times the owner has locked. Only the owner touches it, while
  /// holding the lock, so it needs no synchronization of its own.
  @usableFromInline let depth: UnsafeMutablePointer<Int>
  /// Where contended threads sleep, and the mutex that guards that sleep.
  @usableFromInline let parking: UnsafeMutablePointer<pthread_mutex_t>
  @usableFromInline let wakeUp: UnsafeMutablePointer<pthread_cond_t>

  init() {
    state = .allocate(capacity: 1)
    state.initialize(to: Atomic(0))
    owner = .allocate(capacity: 1)
    owner.initialize(to: Atomic(0))
    depth = .allocate(capacity: 1)
    depth.initialize(to: 0)
    parking = .allocate(capacity: 1)
    pthread_mutex_init(parking, nil)
    wakeUp = .allocate(capacity: 1)
    pthread_cond_init(wakeUp, nil)
  }

  /// Frees the lock. It MUST NOT be held, or used afterwards.
  func destroy() {
    state.deinitialize(count: 1)
    state.deallocate()
    owner.deinitialize(count: 1)
    owner.deallocate()
    depth.deallocate()
    pthread_mutex_destroy(parking)
    parking.deallocate()
    pthread_cond_destroy(wakeUp)
    wakeUp.deallocate()
  }

  /// The calling thread (`bindscript_current_thread`: the address of a
  /// thread-local, unique among live threads, with no call into libc).
  @inlinable static var currentThread: UInt { bindscript_current_thread() }

  /// Whether the calling thread holds the lock: a read inside an evaluation
  /// (`Derived.value`), tests and assertions. The owner is loaded through C
  /// (`bindscript_relaxed_load`), which Swift's optimizer knows releases
  /// nothing, unlike its own atomic load: so an inlined read retains the
  /// value it reads only on its slow path.
  @inlinable var isHeldByCurrentThread: Bool { bindscript_relaxed_load(owner) == Self.currentThread }

  @inlinable func lock() {
    let me = Self.currentThread
    if bindscript_relaxed_load(owner) == me {
      depth.pointee += 1
      return
    }
    if !state.pointee.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged {
      waitForLock()
    }
    owner.pointee.store(me, ordering: .relaxed)
    depth.pointee = 1
  }

  @inlinable func unlock() {
    depth.pointee -= 1
    if depth.pointee == 0 {
      owner.pointee.store(0, ordering: .relaxed)
      if state.pointee.exchange(0, ordering: .releasing) == 2 { wakeWaiter() }
    }
  }

  /// The contended path of ``lock()``. Marking the word 2 ("maybe waiters")
  /// MUST happen under `parking`, because that is what makes the releasing
  /// thread's signal (sent under `parking` too) unable to fall between this
  /// thread's look at the word and its going to sleep.
  @usableFromInline @inline(never) func waitForLock() {
    pthread_mutex_lock(parking)
    while state.pointee.exchange(2, ordering: .acquiring) != 0 {
      pthread_cond_wait(wakeUp, parking)
    }
    pthread_mutex_unlock(parking)
  }

  @usableFromInline @inline(never) func wakeWaiter() {
    pthread_mutex_lock(parking)
    pthread_cond_signal(wakeUp)
    pthread_mutex_unlock(parking)
  }
}
