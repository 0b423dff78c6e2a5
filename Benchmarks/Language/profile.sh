#!/usr/bin/env bash
# Instructions per loop iteration under callgrind, for bindscript, Lua 5.4
# and CPython 3.11 (exact and repeatable: a busy machine does not move them),
# plus bindscript's instructions by function and its start-up instructions.
#
#   Benchmarks/Language/profile.sh [BINDSCRIPT_BIN] [N]     (N default 100000)
#
# Each loop runs with N and 2N iterations; the difference divided by N leaves
# out start-up and the script's setup. valgrind 3.19 cannot read the DWARF 5
# Swift 6 emits, so a copy of the binary without debug info is profiled
# (symbols stay, line numbers go).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
bin="${1:-$root/.build-langbench/release/bindscript}"
n="${2:-100000}"
python="${PYTHON311:-/usr/bin/python3.11}"
source "$here/callgrind-setup.sh"
for k in "$n" "$((n * 2))"; do
  sed "s/1_000_000/$k/g" "$here/loop.bind" > "$work/loop$k.bind"
  sed "s/1000000/$k/g" "$here/loop.lua" > "$work/loop$k.lua"
  sed "s/1_000_001/$((k + 1))/; s/1_000_000/$k/" "$here/loop.py" > "$work/loop$k.py"
  valgrind --tool=callgrind --callgrind-out-file="$work/bind.$k" "$work/bindscript" run "$work/loop$k.bind" >/dev/null 2>&1
  valgrind --tool=callgrind --callgrind-out-file="$work/lua.$k" lua5.4 "$work/loop$k.lua" >/dev/null 2>&1
  valgrind --tool=callgrind --callgrind-out-file="$work/py.$k" "$python" "$work/loop$k.py" >/dev/null 2>&1
done
valgrind --tool=callgrind --callgrind-out-file="$work/bind.empty" "$work/bindscript" run "$here/empty.bind" >/dev/null 2>&1
valgrind --tool=callgrind --callgrind-out-file="$work/lua.empty" lua5.4 "$here/empty.lua" >/dev/null 2>&1
valgrind --tool=callgrind --callgrind-out-file="$work/py.empty" "$python" -c '' >/dev/null 2>&1
valgrind --tool=callgrind --callgrind-out-file="$work/bind.cellx" "$work/bindscript" run "$here/cellx.bind" >/dev/null 2>&1

python3 - "$work" "$n" <<'PY' | { command -v swift >/dev/null && swift demangle --simplified || cat; }
import re, subprocess, sys
work, n = sys.argv[1], int(sys.argv[2])

def flat(path, inclusive=False):
    out = subprocess.run(["callgrind_annotate", f"--inclusive={'yes' if inclusive else 'no'}", "--threshold=100", path],
                         capture_output=True, text=True).stdout
    table, total = {}, 0
    for line in out.splitlines():
        m = re.match(r"^\s*([0-9,]+) \(\s*[0-9.]+%\)\s+(.*)$", line)
        if not m:
            continue
        value = int(m.group(1).replace(",", ""))
        if "PROGRAM TOTALS" in line:
            total = value
            continue
        name = re.sub(r" \[[^\]]*\]$", "", m.group(2))
        table[name] = max(table.get(name, 0), value) if inclusive else table.get(name, 0) + value
    return table, total

def per_iteration(prefix, inclusive=False):
    (small, s_total), (large, l_total) = flat(f"{work}/{prefix}.{n}", inclusive), flat(f"{work}/{prefix}.{2 * n}", inclusive)
    per = {k: (large.get(k, 0) - small.get(k, 0)) / n for k in set(small) | set(large)}
    return per, (l_total - s_total) / n

totals = {}
for prefix, label in [("bind", "bindscript"), ("lua", "Lua 5.4"), ("py", "CPython 3.11")]:
    totals[label] = per_iteration(prefix)[1]
startup = {label: flat(f"{work}/{prefix}.empty")[1] for prefix, label in
           [("bind", "bindscript"), ("lua", "Lua 5.4"), ("py", "CPython 3.11")]}
print("| instructions (callgrind) | bindscript | Lua 5.4 | CPython 3.11 |")
print("|---|--:|--:|--:|")
print("| per loop iteration | " + " | ".join(f"{totals[k]:,.0f}" for k in ("bindscript", "Lua 5.4", "CPython 3.11")) + " |")
print("| start-up (empty program) | " + " | ".join(f"{startup[k] / 1e6:.1f} M" for k in ("bindscript", "Lua 5.4", "CPython 3.11")) + " |")
print(f"| cellx.bind, whole process | {flat(work + '/bind.cellx')[1] / 1e6:.0f} M | | |")
print()
print("bindscript, instructions per iteration by function (self):")
per, _ = per_iteration("bind")
for name, value in sorted(per.items(), key=lambda item: -item[1])[:30]:
    if value >= 5:
        print(f"{value:8.0f}  {name[:150]}")
print()
print("bindscript, instructions per iteration by function (inclusive):")
per, _ = per_iteration("bind", inclusive=True)
for name, value in sorted(per.items(), key=lambda item: -item[1])[:40]:
    if value >= 40 and "thunk for" not in name and "partial apply" not in name:
        print(f"{value:8.0f}  {name[:150]}")
PY
