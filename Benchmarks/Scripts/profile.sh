#!/usr/bin/env bash
# Instructions per operation, by function, for one benchmark case, under
# callgrind (which counts instructions, so a busy machine does not skew it).
#
#   Scripts/profile.sh SCENARIO IMPL [ITERATIONS]
#   Scripts/profile.sh set-notify BindRuntime
#
# Runs the case twice, with N and 2N iterations, and reports the difference
# divided by N: building the case and starting the process cancel out.
set -euo pipefail
default_iterations=10000
source "$(dirname "$0")/valgrind-case.sh"

for n in "$iterations" "$((iterations * 2))"; do
  valgrind --tool=callgrind --callgrind-out-file="$work/out.$n" \
    "$work/BindBench" --scenario "$scenario" --impl "$impl" --profile "$n" >/dev/null 2>&1
  callgrind_annotate --inclusive=no --threshold=100 "$work/out.$n" >"$work/flat.$n" 2>/dev/null
done

python3 - "$work/flat.$iterations" "$work/flat.$((iterations * 2))" "$iterations" <<'PY'
import sys, re
def load(path):
    table = {}
    for line in open(path):
        match = re.match(r"^\s*([0-9,]+) \(\s*[0-9.]+%\)\s+(.*)$", line)
        if not match or "PROGRAM TOTALS" in line:
            continue
        name = re.sub(r" \[[^\]]*\]$", "", match.group(2))
        table[name] = table.get(name, 0) + int(match.group(1).replace(",", ""))
    return table
small, large, n = load(sys.argv[1]), load(sys.argv[2]), int(sys.argv[3])
per_op = {name: (large.get(name, 0) - small.get(name, 0)) / n for name in set(small) | set(large)}
total = sum(per_op.values())
print(f"{total:.0f} instructions per iteration")
for name, value in sorted(per_op.items(), key=lambda item: -item[1])[:40]:
    if value >= 1:
        print(f"{value:8.1f}  {name[:160]}")
PY
