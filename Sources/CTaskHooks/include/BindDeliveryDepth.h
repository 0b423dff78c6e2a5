#ifndef BINDSCRIPT_DELIVERY_DEPTH_H
#define BINDSCRIPT_DELIVERY_DEPTH_H

/// How deeply observers on the calling thread are nested (an observer that
/// writes starts a delivery of its own): the graph's `observerDepthLimit`
/// bounds it. One `long` per thread, zero in a new thread.
///
/// A C thread-local rather than a `pthread_key_t`: every write that notifies
/// reads and writes it, and through the inline function below that is one
/// `%fs`-relative load (the initial-exec model: the variable is in the
/// executable or a library loaded with it), where `pthread_getspecific` was a
/// call of ~17 instructions. Swift has no thread-local variables of its own.
#if defined(__linux__) || defined(__ANDROID__)
extern __thread long bindscript_delivery_depth __attribute__((tls_model("initial-exec")));
#else
extern __thread long bindscript_delivery_depth;
#endif

/// The calling thread's delivery depth, to read and write in place.
static inline long *_Nonnull bindscript_delivery_depth_cell(void) { return &bindscript_delivery_depth; }

/// The calling thread, as a number no other live thread has: the address of
/// its delivery-depth cell. The graph lock compares it with its owner on
/// every lock; `pthread_self()` is a call into libc, this one instruction.
///
/// `pure`, as is `bindscript_relaxed_load`: Swift's optimizer then knows that
/// the check whether this thread holds the graph lock, which every inlined
/// read of a value makes first, releases nothing. As an unknown call, it made
/// the reader retain the value it reads before it, on the fast path too
/// (`Property.value`).
__attribute__((pure)) static inline unsigned long bindscript_current_thread(void) {
  return (unsigned long)&bindscript_delivery_depth;
}

/// A relaxed atomic load of the word at `cell` (the graph lock's owner, a
/// Swift `Atomic<UInt>`): `load(ordering: .relaxed)`, without its cost in
/// the caller's retains.
__attribute__((pure)) static inline unsigned long bindscript_relaxed_load(const void *_Nonnull cell) {
  return __atomic_load_n((const unsigned long *)cell, __ATOMIC_RELAXED);
}

#endif
