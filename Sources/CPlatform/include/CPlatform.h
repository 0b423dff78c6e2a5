#ifndef CPLATFORM_H
#define CPLATFORM_H

#include <stdint.h>

// The few system calls BindPlatform needs that Swift cannot reach: they are
// variadic (prctl) or GNU extensions the Glibc module leaves out
// (pthread_getattr_np, mkostemp), or a credential check that differs by
// system (SO_PEERCRED).

/// Asks the kernel to send `signal` to this process when its parent dies
/// (Linux's PR_SET_PDEATHSIG). Returns 0 on success, -1 where the system has
/// no such request.
int bindscript_set_parent_death_signal(int signal);

/// The lowest usable address of the calling thread's stack (above its guard
/// area), or 0 when the system cannot say.
uintptr_t bindscript_stack_lowest_address(void);

/// The user id of the process at the other end of the connected Unix-domain
/// socket `socket` (Linux's SO_PEERCRED, the BSDs' getpeereid), into `uid`.
/// Returns 0 on success, -1 when the system cannot say.
int bindscript_peer_uid(int socket, unsigned int *uid);

/// Names the calling thread (at most 15 bytes show), for `top -H` and
/// /proc. Returns 0 on success, -1 where the system has no such call.
int bindscript_name_thread(const char *name);

#endif
