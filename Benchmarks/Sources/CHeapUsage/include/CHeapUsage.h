#ifndef CHEAPUSAGE_H
#define CHEAPUSAGE_H

#include <stddef.h>

/// Bytes the C heap holds for live allocations, or 0 where it cannot be read.
/// glibc's mallinfo2(): in-use chunks (uordblks, malloc's chunk headers
/// included) plus mmap'd blocks (hblkhd, where big arrays go). Swift's Glibc
/// module does not export <malloc.h>, hence this shim.
size_t cheap_bytes_in_use(void);

#endif
