// The signals a line editor on a terminal follows: resizes (SIGWINCH),
// suspension (SIGTSTP, SIGCONT) and termination (SIGTERM, SIGHUP, SIGQUIT).
//
// libedit's own handlers (EL_SIGNAL) resize and redraw inside the handler,
// on whichever thread the signal lands on: el_resize frees and allocates the
// display buffers the editing thread may be drawing from at that moment,
// which quick resizes turned into a double free or a segmentation fault.
// These handlers only record the signal and write a byte to a pipe that
// wakes the reader's poll; the reader resizes, suspends or restores the
// terminal on its own thread. Recording and writing to a non-blocking pipe
// are async-signal-safe, so any thread may take the signal.

#include "CLibEdit.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

static atomic_int wake_read_end = -1;
static atomic_int wake_write_end = -1;
static atomic_int resized = 0;
static atomic_int suspended = 0;
static atomic_int continued = 0;
static atomic_int terminating = 0;

/// The signals handled only while a line is read: outside a read the
/// terminal is in its own mode, and their default actions are right.
static const int reading_signals[] = {SIGTSTP, SIGCONT, SIGTERM, SIGHUP,
                                      SIGQUIT};
enum { reading_signal_count = sizeof reading_signals / sizeof *reading_signals };
static struct sigaction saved_actions[reading_signal_count];
static int reading_handlers_on = 0;

void bs_wake_reader(void) {
  int fd = atomic_load(&wake_write_end);
  if (fd < 0) return;
  int saved_errno = errno;
  char byte = 1;
  // A full pipe is fine: the reader is woken already.
  (void)write(fd, &byte, 1);
  errno = saved_errno;
}

static void on_signal(int signo) {
  switch (signo) {
  case SIGWINCH: atomic_store(&resized, 1); break;
  case SIGTSTP: atomic_store(&suspended, 1); break;
  case SIGCONT: atomic_store(&continued, 1); break;
  default: atomic_store(&terminating, signo); break;
  }
  bs_wake_reader();
}

static int make_wake_pipe(void) {
  if (atomic_load(&wake_read_end) >= 0) return 0;
  int ends[2];
  if (pipe(ends) != 0) return -1;
  for (int i = 0; i < 2; i++) {
    fcntl(ends[i], F_SETFL, fcntl(ends[i], F_GETFL) | O_NONBLOCK);
    fcntl(ends[i], F_SETFD, FD_CLOEXEC);
  }
  atomic_store(&wake_read_end, ends[0]);
  atomic_store(&wake_write_end, ends[1]);
  return 0;
}

static int install(int signo, struct sigaction *previous) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = on_signal;
  sigemptyset(&action.sa_mask);
  // SA_RESTART: a resize must not fail a read or a wait elsewhere (a
  // statement reading a file); the reader is woken through the pipe.
  action.sa_flags = SA_RESTART;
  return sigaction(signo, &action, previous);
}

int bs_terminal_signals_install(void) {
  static atomic_int installed = 0;
  if (atomic_exchange(&installed, 1)) return 0;
  if (make_wake_pipe() != 0 || install(SIGWINCH, NULL) != 0) {
    atomic_store(&installed, 0);
    return -1;
  }
  return 0;
}

int bs_wake_descriptor(void) {
  if (make_wake_pipe() != 0) return -1;
  return atomic_load(&wake_read_end);
}

void bs_wake_drain(void) {
  int fd = atomic_load(&wake_read_end);
  if (fd < 0) return;
  char buffer[64];
  while (read(fd, buffer, sizeof buffer) > 0) {}
}

void bs_terminal_signals_reading(int on) {
  if (on == reading_handlers_on) return;
  reading_handlers_on = on;
  if (on) {
    // What arrived outside a read was acted on by the old actions.
    atomic_store(&suspended, 0);
    atomic_store(&continued, 0);
    atomic_store(&terminating, 0);
  }
  for (int i = 0; i < reading_signal_count; i++) {
    if (on) {
      install(reading_signals[i], &saved_actions[i]);
    } else {
      sigaction(reading_signals[i], &saved_actions[i], NULL);
    }
  }
}

int bs_terminal_signals_take_resize(void) { return atomic_exchange(&resized, 0); }

int bs_terminal_signals_take_suspend(void) { return atomic_exchange(&suspended, 0); }

int bs_terminal_signals_take_continue(void) { return atomic_exchange(&continued, 0); }

int bs_terminal_signals_take_termination(void) { return atomic_exchange(&terminating, 0); }

void bs_terminal_signals_pass_on(int signo) {
  int index = -1;
  for (int i = 0; i < reading_signal_count; i++) {
    if (reading_signals[i] == signo) index = i;
  }
  int swapped = reading_handlers_on && index >= 0;
  // The action the signal had before the read: by default a stop, or the
  // end of the process; ignored, it stays ignored.
  if (swapped) sigaction(signo, &saved_actions[index], NULL);
  sigset_t only, previous;
  sigemptyset(&only);
  sigaddset(&only, signo);
  pthread_sigmask(SIG_UNBLOCK, &only, &previous);
  // raise() delivers to this thread before it returns: a stop takes the
  // whole process, and this thread goes on from here once it is continued.
  raise(signo);
  pthread_sigmask(SIG_SETMASK, &previous, NULL);
  if (swapped) install(signo, NULL);
}
