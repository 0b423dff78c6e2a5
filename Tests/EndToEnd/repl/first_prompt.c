// Measures the REPL's time from start to its first prompt, for hyperfine:
//
//   cc -O2 -o /tmp/first_prompt Tests/EndToEnd/repl/first_prompt.c -lutil
//   NO_COLOR=1 BINDSCRIPT_HISTORY=/tmp/h hyperfine -N --warmup 5 \
//     '/tmp/first_prompt .build/release/bindscript' \
//     '/tmp/first_prompt /bin/echo "> "'        # the harness's own cost
//
// It starts the program in a new pseudo-terminal (so the REPL, not the
// script runner, starts), reads until "> " appears, then kills it. The
// process exits when the prompt is seen, so hyperfine's time is
// fork + exec + start-up + first prompt. `script -qc` is no good for this:
// it sleeps after its input ends, adding hundreds of milliseconds.

#include <pty.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: first_prompt PROGRAM [ARG...]\n");
    return 2;
  }
  int master;
  pid_t pid = forkpty(&master, NULL, NULL, NULL);
  if (pid < 0) { perror("forkpty"); return 2; }
  if (pid == 0) {
    execv(argv[1], argv + 1);
    _exit(127);
  }
  alarm(5);  // A program that never prompts must not hang the benchmark.
  char seen[2] = {0, 0};
  char buffer[4096];
  for (;;) {
    ssize_t count = read(master, buffer, sizeof buffer);
    if (count <= 0) { fprintf(stderr, "no prompt\n"); return 1; }
    for (ssize_t i = 0; i < count; i++) {
      seen[0] = seen[1];
      seen[1] = buffer[i];
      if (seen[0] == '>' && seen[1] == ' ') {
        kill(pid, SIGKILL);
        waitpid(pid, NULL, 0);
        return 0;
      }
    }
  }
}
