#ifndef BINDSCRIPT_CALLOCATOR_H
#define BINDSCRIPT_CALLOCATOR_H

/// Tunes the C allocator for the `bindscript` process: one malloc arena,
/// grown in large steps, on Linux backed by huge pages past its first
/// 2 MiB (CAllocator.c says why). glibc's `mallopt` and its constants live in
/// <malloc.h>, which Swift's Glibc module does not include. Does nothing on
/// other C libraries.
void bindscript_configure_allocator(void);

#endif
