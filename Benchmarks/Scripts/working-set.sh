#!/usr/bin/env bash
# The memory one iteration touches: distinct 64-byte cache lines read or
# written between two calls of `IterationMark.pass()` (which the cellx
# workloads make once per update), under valgrind's lackey, which sees every
# access. A workload whose lines do not fit in a core's second-level cache
# (512 KiB on this host: `/sys/devices/system/cpu/cpu0/cache/index2/size`)
# fetches them again from the shared third level on every iteration.
#
#   Scripts/working-set.sh SCENARIO IMPL [ITERATIONS]
#   Scripts/working-set.sh cellx BindRuntime
#
# Lines on the stack are counted apart: valgrind puts the main thread's
# stack above 0x1000000000 and the heap below it.
set -euo pipefail
default_iterations=3
source "$(dirname "$0")/valgrind-case.sh"

# Every copy of it: the optimizer may give the callers a specialized one.
markers=$(nm "$work/BindBench" | awk '$3 ~ /IterationMarkO4passyyFZ/ { print $1 }' | paste -sd, -)
[ -n "$markers" ] || { echo "IterationMark.pass() not found in BindBench" >&2; exit 1; }
# valgrind loads a position-independent executable at 0x108000.
valgrind --tool=lackey --trace-mem=yes "$work/BindBench" --scenario "$scenario" --impl "$impl" \
  --profile "$iterations" 2>"$work/trace" >/dev/null

python3 - "$work/trace" "$markers" <<'PY'
import sys
trace = sys.argv[1]
markers = {int(address, 16) + 0x108000 for address in sys.argv[2].split(",")}
marks, accesses = [], []
for line in open(trace):
    fields = line.split()
    if len(fields) < 2:
        continue
    if fields[0] == "I":
        if int(fields[1].split(",")[0], 16) in markers:
            marks.append(len(accesses))
    elif fields[0] in ("L", "S", "M"):
        accesses.append(int(fields[1].split(",")[0], 16) >> 6)
if len(marks) < 3:
    sys.exit(f"only {len(marks)} iteration marks: does the workload call IterationMark.pass()?")
# The last iteration (not the first, which may differ: a first pull).
lines = set(accesses[marks[-2]:marks[-1]])
stack = sum(1 for line in lines if line << 6 >= 0x1000000000)
heap = len(lines) - stack
print(f"{len(lines):8,} lines  {len(lines) * 64 / 1024:8,.0f} KiB touched per iteration")
print(f"{heap:8,} lines  {heap * 64 / 1024:8,.0f} KiB of heap")
print(f"{stack:8,} lines  {stack * 64 / 1024:8,.0f} KiB of stack")
PY
