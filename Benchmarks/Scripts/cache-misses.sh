#!/usr/bin/env bash
# First-level data-cache misses per operation for one benchmark case, under
# cachegrind's simulation of this machine's caches (exact and repeatable, as
# profile.sh's instruction counts are). A pull of lazy derived values walks
# thousands of nodes that are not in the first-level cache, so it is bound
# by these misses as much as by its instructions.
#
#   Scripts/cache-misses.sh SCENARIO IMPL [ITERATIONS]
#   Scripts/cache-misses.sh cellx BindRuntime 20
#
# Runs the case with N and 2N iterations and reports the difference divided
# by N (building the case and starting the process cancel out).
set -euo pipefail
default_iterations=20
source "$(dirname "$0")/valgrind-case.sh"

for n in "$iterations" "$((iterations * 2))"; do
  valgrind --tool=cachegrind --cache-sim=yes --cachegrind-out-file="$work/out.$n" \
    "$work/BindBench" --scenario "$scenario" --impl "$impl" --profile "$n" >/dev/null 2>&1
  cg_annotate "$work/out.$n" 2>/dev/null | grep 'PROGRAM TOTALS' >"$work/totals.$n"
done

python3 - "$work/totals.$iterations" "$work/totals.$((iterations * 2))" "$iterations" <<'PY'
import re, sys
def totals(path):
    return [int(x.replace(",", "")) for x in re.findall(r"([\d,]+) \(", open(path).read())]
small, large, n = totals(sys.argv[1]), totals(sys.argv[2]), int(sys.argv[3])
names = ["instructions", "I1 misses", "LL instruction misses", "data reads", "D1 read misses",
         "LL read misses", "data writes", "D1 write misses", "LL write misses"]
for name, a, b in zip(names, small, large):
    if name in ("instructions", "D1 read misses", "D1 write misses", "LL read misses"):
        print(f"{(b - a) / n:12,.0f}  {name} per iteration")
PY
