#include "CAllocator.h"

#if __has_include(<malloc.h>)
#include <malloc.h>
#endif
#if defined(__linux__)
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>
#endif

#if defined(__GLIBC__) && defined(__linux__)
enum {
  /// How far the heap grows at a time, and how much of it is reserved now.
  /// Address space only: a page costs memory once it is touched.
  heap_step = 64 << 20,
  huge_page = 2 << 20,
  /// Small enough to come from the heap, never from an mmap of its own.
  probe_size = 60 << 10,
};

/// Grows the heap once, by a whole `heap_step`, and lets the kernel back it
/// with 2 MiB pages (where transparent huge pages are enabled for regions
/// that ask, as Debian's default "madvise" does) from the first 2 MiB
/// boundary past what is in use at start-up: a script whose heap stays
/// under that boundary (most, and an empty one) never touches a huge page,
/// and a large graph takes one page fault per 2 MiB instead of one per
/// 4 KiB. Building cellx's 1,000 layers from a script (Benchmarks/Language)
/// took ~1,600 page faults, at 3–6 µs each on the virtual machines we
/// measure on: a third of the run. Now ~200 more than an empty script.
///
/// glibc asks for no huge pages itself unless told by its
/// `glibc.malloc.hugetlb` tunable, which only the environment can set.
static void reserve_heap_on_huge_pages(void) {
  char *in_use = sbrk(0);
  if (in_use == (char *)-1) return;
  // Forces one growth: blocks of the heap until the break moves.
  void *blocks[64];
  int count = 0;
  while (count < 64 && sbrk(0) == in_use) {
    void *block = malloc(probe_size);
    if (block == NULL) break;
    blocks[count++] = block;
  }
  while (count > 0) free(blocks[--count]);
  uintptr_t start = ((uintptr_t)in_use + huge_page - 1) & ~(uintptr_t)(huge_page - 1);
  uintptr_t end = (uintptr_t)sbrk(0) & ~(uintptr_t)(huge_page - 1);
  // Advice only: where it is refused, the heap keeps its small pages.
  if (end > start) (void)madvise((void *)start, end - start, MADV_HUGEPAGE);
}
#endif

void bindscript_configure_allocator(void) {
#if defined(__GLIBC__)
  // A thread other than the main one gets an arena of its own, which glibc
  // grows one page at a time with an mprotect() call; the interpreter runs on
  // such a thread (LargeStack). The main arena grows by brk() in steps of
  // M_TOP_PAD.
  mallopt(M_ARENA_MAX, 1);
#if defined(__linux__)
  mallopt(M_TOP_PAD, heap_step);
  reserve_heap_on_huge_pages();
#else
  mallopt(M_TOP_PAD, 4 << 20);
#endif
#endif
}
