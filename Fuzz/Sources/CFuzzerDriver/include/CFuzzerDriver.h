#ifndef CFUZZERDRIVER_H
#define CFUZZERDRIVER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (compiler-rt, LLVM 12 and later), for a program that
/// has its own `main`: runs the fuzzing loop with `callback` as the target.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

/// libFuzzer's own mutation of `data` in place (for a custom mutator): the
/// new size, at most `maxSize`.
size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t maxSize);

/// LeakSanitizer's `__lsan_disable`/`__lsan_enable` when it is linked in
/// (`-sanitize=address`), nothing otherwise: allocations the calling thread
/// makes in between are never reported as leaks.
void bindscript_fuzz_ignore_leaks_begin(void);
void bindscript_fuzz_ignore_leaks_end(void);

#endif
