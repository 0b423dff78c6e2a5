#include "CFuzzerDriver.h"

// Weak, so that the fuzzer links without LeakSanitizer too.
extern void __lsan_disable(void) __attribute__((weak));
extern void __lsan_enable(void) __attribute__((weak));

void bindscript_fuzz_ignore_leaks_begin(void) {
  if (__lsan_disable) __lsan_disable();
}

void bindscript_fuzz_ignore_leaks_end(void) {
  if (__lsan_enable) __lsan_enable();
}
