#define _GNU_SOURCE
#include "CPlatform.h"

#include <pthread.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <unistd.h>

#if defined(__linux__)
#include <sys/prctl.h>

int bindscript_set_parent_death_signal(int signal) {
  return prctl(PR_SET_PDEATHSIG, (unsigned long)signal, 0UL, 0UL, 0UL);
}

uintptr_t bindscript_stack_lowest_address(void) {
  pthread_attr_t attributes;
  if (pthread_getattr_np(pthread_self(), &attributes) != 0) return 0;
  void *address = NULL;
  size_t size = 0, guard = 0;
  int failed = pthread_attr_getstack(&attributes, &address, &size);
  pthread_attr_getguardsize(&attributes, &guard);
  pthread_attr_destroy(&attributes);
  return failed ? 0 : (uintptr_t)address + guard;
}
#elif defined(__APPLE__)
int bindscript_set_parent_death_signal(int signal) {
  (void)signal;
  return -1;
}

uintptr_t bindscript_stack_lowest_address(void) {
  pthread_t self = pthread_self();
  return (uintptr_t)pthread_get_stackaddr_np(self) - pthread_get_stacksize_np(self);
}
#else
int bindscript_set_parent_death_signal(int signal) {
  (void)signal;
  return -1;
}

uintptr_t bindscript_stack_lowest_address(void) { return 0; }
#endif

int bindscript_peer_uid(int socket, unsigned int *uid) {
#if defined(__linux__)
  struct ucred credentials;
  socklen_t length = sizeof credentials;
  if (getsockopt(socket, SOL_SOCKET, SO_PEERCRED, &credentials, &length) != 0) return -1;
  *uid = credentials.uid;
  return 0;
#elif defined(__APPLE__) || defined(__FreeBSD__) || defined(__OpenBSD__)
  uid_t peer;
  gid_t group;
  if (getpeereid(socket, &peer, &group) != 0) return -1;
  *uid = peer;
  return 0;
#else
  (void)socket;
  (void)uid;
  return -1;
#endif
}

int bindscript_name_thread(const char *name) {
#if defined(__linux__)
  return pthread_setname_np(pthread_self(), name) == 0 ? 0 : -1;
#elif defined(__APPLE__)
  return pthread_setname_np(name) == 0 ? 0 : -1;
#else
  (void)name;
  return -1;
#endif
}
