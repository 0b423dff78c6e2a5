"""Instructions per unit by function (self cost) between two callgrind runs
of one scenario at two sizes, (large - small) / units, so start-up and setup
cancel out: the top ROWS functions with at least 2 per unit, names cut at
WIDTH characters (pipe through `swift demangle --simplified`).

    callgrind_by_function.py SMALL LARGE UNITS [ROWS] [WIDTH]
"""
import re
import subprocess
import sys


def flat(path):
    """Self instructions by function name, from `callgrind_annotate`."""
    out = subprocess.run(["callgrind_annotate", "--threshold=100", path], capture_output=True, text=True).stdout
    table = {}
    for line in out.splitlines():
        m = re.match(r"^\s*([0-9,]+) \(\s*[0-9.]+%\)\s+(.*)$", line)
        if m and "PROGRAM TOTALS" not in line:
            name = re.sub(r" \[[^\]]*\]$", "", m.group(2))
            table[name] = table.get(name, 0) + int(m.group(1).replace(",", ""))
    return table


def main():
    small, large = flat(sys.argv[1]), flat(sys.argv[2])
    units = int(sys.argv[3])
    rows = int(sys.argv[4]) if len(sys.argv) > 4 else 30
    width = int(sys.argv[5]) if len(sys.argv) > 5 else 170
    per = {k: (large.get(k, 0) - small.get(k, 0)) / units for k in set(small) | set(large)}
    for name, value in sorted(per.items(), key=lambda item: -item[1])[:rows]:
        if value >= 2:
            print(f"{value:8.1f}  {name[:width]}")


if __name__ == "__main__":
    main()
