#define _GNU_SOURCE
#include "CPlatform.h"

#include <pthread.h>

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
