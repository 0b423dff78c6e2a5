#!/usr/bin/env python3
"""CPU time (user + system) of short commands, interleaved: run 1 of every
command, then run 2 of every command, and so on, so that load from other
processes on a shared machine falls on all of them alike (hyperfine runs
each command's runs back to back). Start-up and cellx.bind (issue 14):

    Benchmarks/Language/cputime.py --runs 200 \\
      main='/path/to/main/bindscript run Benchmarks/Language/empty.bind' \\
      branch='/path/to/branch/bindscript run Benchmarks/Language/empty.bind' \\
      lua='lua5.4 Benchmarks/Language/empty.lua'

Prints mean, median and fastest CPU time per command, in ms, from the
kernel's accounting of each child (wait4's rusage); output goes to
/dev/null. The first run of each command is a warm-up and is dropped.
"""
import argparse
import os
import shlex
import statistics


def cpu_ms(argv):
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        pid = os.posix_spawnp(argv[0], argv, os.environ,
                              file_actions=[(os.POSIX_SPAWN_DUP2, devnull, 1)])
    finally:
        os.close(devnull)
    _, status, usage = os.wait4(pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"failed: {shlex.join(argv)}")
    return (usage.ru_utime + usage.ru_stime) * 1000


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=100)
    parser.add_argument("commands", nargs="+", help="NAME='COMMAND ARGS'")
    options = parser.parse_args()
    commands = {}
    for item in options.commands:
        name, _, command = item.partition("=")
        commands[name] = shlex.split(command)
    times = {name: [] for name in commands}
    for run in range(options.runs + 1):
        for name, argv in commands.items():
            elapsed = cpu_ms(argv)
            if run > 0:
                times[name].append(elapsed)
    print(f"| command | mean (ms) | median (ms) | fastest (ms) |  ({options.runs} interleaved runs)")
    print("|---|--:|--:|--:|")
    for name, values in times.items():
        print(f"| {name} | {statistics.mean(values):.2f} | {statistics.median(values):.2f} | {min(values):.2f} |")


if __name__ == "__main__":
    main()
