#include "CAllocator.h"

#if __has_include(<malloc.h>)
#include <malloc.h>
#endif

void bindscript_configure_allocator(void) {
#if defined(__GLIBC__)
  // A thread other than the main one gets an arena of its own, which glibc
  // grows one page at a time with an mprotect() call; the interpreter runs on
  // such a thread (LargeStack). The main arena grows by brk() in steps of
  // M_TOP_PAD.
  mallopt(M_ARENA_MAX, 1);
  mallopt(M_TOP_PAD, 4 << 20);
#endif
}
