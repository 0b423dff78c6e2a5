#ifndef CPLATFORM_H
#define CPLATFORM_H

#include <stdint.h>

// The few system calls BindPlatform needs that Swift cannot reach: they are
// variadic (prctl) or GNU extensions the Glibc module leaves out
// (pthread_getattr_np, mkostemp).

/// Asks the kernel to send `signal` to this process when its parent dies
/// (Linux's PR_SET_PDEATHSIG). Returns 0 on success, -1 where the system has
/// no such request.
int bindscript_set_parent_death_signal(int signal);

/// The lowest usable address of the calling thread's stack (above its guard
/// area), or 0 when the system cannot say.
uintptr_t bindscript_stack_lowest_address(void);

#endif
