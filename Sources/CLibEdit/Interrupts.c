// The process-wide SIGINT flag shared by the line editor and the CLI.
//
// The handler does nothing but store to a lock-free atomic and wake the line
// reader's poll through its pipe (TerminalSignals.c), work that is
// async-signal-safe. Everything else (printing "^C", dropping
// the line, stopping a running statement) happens in ordinary code that
// polls the flag.

#include "CLibEdit.h"

#include <signal.h>
#include <stdatomic.h>
#include <string.h>

static atomic_int pending = 0;
static atomic_int installed = 0;

static void on_sigint(int signo) {
  (void)signo;
  atomic_store(&pending, 1);
  bs_wake_reader();
}

int bs_interrupts_install(void) {
  if (atomic_exchange(&installed, 1)) return 0;
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = on_sigint;
  sigemptyset(&action.sa_mask);
  // MUST NOT have SA_RESTART: a read() blocked on the terminal has to fail
  // with EINTR, or Ctrl-C would only take effect after the next keypress.
  action.sa_flags = 0;
  if (sigaction(SIGINT, &action, NULL) != 0) {
    atomic_store(&installed, 0);
    return -1;
  }
  return 0;
}

int bs_interrupts_installed(void) { return atomic_load(&installed); }

int bs_interrupts_consume(void) { return atomic_exchange(&pending, 0); }

int bs_interrupts_peek(void) { return atomic_load(&pending); }

void bs_interrupts_signal(void) {
  atomic_store(&pending, 1);
  bs_wake_reader();
}
