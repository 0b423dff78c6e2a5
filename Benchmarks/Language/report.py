#!/usr/bin/env python3
"""Turns run.sh's hyperfine JSON export into the language benchmark's table.

ns/iteration = (loop program - the same interpreter's empty program) / 1e6,
from medians of the same hyperfine run; the "min" column repeats it from the
fastest runs, which moves least when the shared machine is busy.
"""
import argparse
import json
import sys

ITERATIONS = 1_000_000


# Issue 31's call loops: (scenario, what it calls, calls per run).
CALL_SCENARIOS = [
    ("calls-function", "`func bump(value: Int) -> Int`", ITERATIONS),
    ("calls-untyped-function", "untyped `func bump(value)`", ITERATIONS),
    ("calls-method", "the same as a method of a script type", ITERATIONS),
    ("func-call", "untyped `func add(a, b)`", ITERATIONS),
    ("closure-call", "closure `{ a, b in a + b }`", ITERATIONS),
    ("calls-initializer", "`Point(x:)`, a script type's `init`", ITERATIONS),
    ("fib", "`fib(27)`, recursive", 635_621),
]


def call_tables(results, candidate):
    """ns per call (median − the same interpreter's empty program, and CPU
    time likewise) against Lua 5.4 and CPython in the same run, and issue
    31's goals: every call ≤ 2× Lua's, a method ≤ 1.2× a function."""
    if "bindscript-calls-function" not in results:
        return []

    def net_ns(prefix, scenario, calls, cpu=False):
        def stat(name):
            result = results[name]
            return result["user"] + result["system"] if cpu else result["median"]
        return (stat(f"{prefix}-{scenario}") - stat(f"{prefix}-empty")) / calls * 1e9

    out = ["| calls (ns per call, median − empty program) | bindscript | Lua 5.4 | CPython 3.11 "
           "| bindscript / Lua | bindscript / CPython | ≤ 2× Lua | CPU time: bindscript / Lua |",
           "|---|--:|--:|--:|--:|--:|---|--:|"]
    per_call = {}
    for scenario, label, calls in CALL_SCENARIOS:
        ours, lua, python = (net_ns(p, scenario, calls) for p in ("bindscript", "lua", "python"))
        ours_cpu, lua_cpu = (net_ns(p, scenario, calls, cpu=True) for p in ("bindscript", "lua"))
        per_call[scenario] = (ours, ours_cpu)
        out.append(f"| {label} (`{scenario}`) | {ours:.0f} | {lua:.0f} | {python:.0f} | {ours / lua:.2f}× "
                   f"| {ours / python:.2f}× | {'met' if ours <= 2 * lua else '**missed**'} | {ours_cpu / lua_cpu:.2f}× |")
    method, function = per_call["calls-method"], per_call["calls-function"]
    out.append(f"| method call / function call (goal ≤ 1.2×) | {method[0] / function[0]:.2f}× | | | | "
               f"| {'met' if method[0] <= 1.2 * function[0] else '**missed**'} "
               f"| CPU time: {method[1] / function[1]:.2f}× |")
    out.append("")
    if "candidate-calls-function" in results:
        out.append(f"Candidate build in the same run: {candidate}")
        out.append("")
        out.append("| calls (ns per call, median − empty) | bindscript | candidate | candidate / bindscript "
                   "| candidate / Lua | CPU time: candidate / bindscript | CPU time: candidate / Lua |")
        out.append("|---|--:|--:|--:|--:|--:|--:|")
        for scenario, label, calls in CALL_SCENARIOS:
            ours, theirs, lua = (net_ns(p, scenario, calls) for p in ("bindscript", "candidate", "lua"))
            ours_cpu, theirs_cpu, lua_cpu = (net_ns(p, scenario, calls, cpu=True)
                                             for p in ("bindscript", "candidate", "lua"))
            out.append(f"| `{scenario}` | {ours:.0f} | {theirs:.0f} | {theirs / ours:.2f}× | {theirs / lua:.2f}× "
                       f"| {theirs_cpu / ours_cpu:.2f}× | {theirs_cpu / lua_cpu:.2f}× |")
        method, function = (net_ns("candidate", s, ITERATIONS) for s in ("calls-method", "calls-function"))
        method_cpu, function_cpu = (net_ns("candidate", s, ITERATIONS, cpu=True)
                                    for s in ("calls-method", "calls-function"))
        out.append(f"| candidate: method call / function call | {method / function:.2f}× | | | "
                   f"| CPU time: {method_cpu / function_cpu:.2f}× | |")
        out.append("")
    return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("export")
    parser.add_argument("--started", default="?")
    parser.add_argument("--load", default="?")
    parser.add_argument("--runs", default="?")
    parser.add_argument("--warmup", default="?")
    parser.add_argument("--versions", default="")
    parser.add_argument("--commit", default="?")
    parser.add_argument("--candidate", default="")
    options = parser.parse_args()

    with open(options.export) as f:
        results = {r["command"]: r for r in json.load(f)["results"]}

    def seconds(name, stat="median"):
        result = results.get(name)
        if result is None:
            return None
        return min(result["times"]) if stat == "min" else result[stat]

    def ms(value):
        return "n/a" if value is None else f"{value * 1e3:.1f}"

    def per_iteration_ns(interpreter, stat):
        loop, empty = seconds(f"{interpreter}-loop", stat), seconds(f"{interpreter}-empty", stat)
        return (loop - empty) / ITERATIONS * 1e9

    def cpu_seconds(name):
        return results[name]["user"] + results[name]["system"] if name in results else None

    def cpu_per_iteration_ns(interpreter):
        # CPU time leaves out time spent waiting for a core, which wall time
        # includes when other processes load the machine.
        def cpu(name):
            return results[name]["user"] + results[name]["system"]
        return (cpu(f"{interpreter}-loop") - cpu(f"{interpreter}-empty")) / ITERATIONS * 1e9

    def ratio(a, b):
        return f"{a / b:.2f}×"

    out = []
    out.append(f"Run on {options.started}, load average {options.load} (1/5/15 min, before -> after),")
    out.append(f"hyperfine -N --warmup {options.warmup} --runs {options.runs}, one run for every row; "
               f"bindscript at {options.commit}; {options.versions}.")
    out.append("")
    out += call_tables(results, options.candidate)
    if "bindscript-loop" not in results:  # ONLY=calls
        print("\n".join(out))
        return

    ns = {i: per_iteration_ns(i, "median") for i in ("bindscript", "lua", "python")}
    ns_min = {i: per_iteration_ns(i, "min") for i in ("bindscript", "lua", "python")}
    out.append("| measurement | bindscript | Lua 5.4 | CPython 3.11 | bindscript / Lua | bindscript / CPython |")
    out.append("|---|--:|--:|--:|--:|--:|")
    s = {i: seconds(f"{i}-empty") for i in ("bindscript", "lua", "python")}
    out.append(f"| startup, empty program (ms, median) | {ms(s['bindscript'])} | {ms(s['lua'])} | {ms(s['python'])} "
               f"| {ratio(s['bindscript'], s['lua'])} | {ratio(s['bindscript'], s['python'])} |")
    sc = {i: cpu_seconds(f"{i}-empty") for i in ("bindscript", "lua", "python")}
    out.append(f"| startup, CPU time (user+sys, ms, mean) | {ms(sc['bindscript'])} | {ms(sc['lua'])} | {ms(sc['python'])} "
               f"| {ratio(sc['bindscript'], sc['lua'])} | {ratio(sc['bindscript'], sc['python'])} |")
    loops = {i: seconds(f"{i}-loop") for i in ("bindscript", "lua", "python")}
    out.append(f"| loop program, 10⁶ writes (ms, median) | {ms(loops['bindscript'])} | {ms(loops['lua'])} "
               f"| {ms(loops['python'])} | {ratio(loops['bindscript'], loops['lua'])} "
               f"| {ratio(loops['bindscript'], loops['python'])} |")
    out.append(f"| **ns per iteration** (median − empty) | **{ns['bindscript']:.0f}** | {ns['lua']:.0f} "
               f"| {ns['python']:.0f} | **{ratio(ns['bindscript'], ns['lua'])}** "
               f"| **{ratio(ns['bindscript'], ns['python'])}** |")
    out.append(f"| ns per iteration (fastest runs) | {ns_min['bindscript']:.0f} | {ns_min['lua']:.0f} "
               f"| {ns_min['python']:.0f} | {ratio(ns_min['bindscript'], ns_min['lua'])} "
               f"| {ratio(ns_min['bindscript'], ns_min['python'])} |")
    cpu = {i: cpu_per_iteration_ns(i) for i in ("bindscript", "lua", "python")}
    out.append(f"| ns per iteration, CPU time (user+sys, mean − empty) | {cpu['bindscript']:.0f} | {cpu['lua']:.0f} "
               f"| {cpu['python']:.0f} | {ratio(cpu['bindscript'], cpu['lua'])} "
               f"| {ratio(cpu['bindscript'], cpu['python'])} |")
    out.append("")

    out.append("| startup reference (ms) | median | min |")
    out.append("|---|--:|--:|")
    for name, label in [("bindscript-empty", "`bindscript run empty.bind`"),
                        ("python-c", "`python3.11 -c ''`"),
                        ("python-empty", "`python3.11 empty.py`"),
                        ("lua-empty", "`lua5.4 empty.lua`"),
                        ("swift-bare", "bare Swift binary"),
                        ("swift-foundation", "Swift binary loading Foundation")]:
        if name in results:
            out.append(f"| {label} | {ms(seconds(name))} | {ms(seconds(name, 'min'))} |")
    cellx = seconds("bindscript-cellx")
    cellx_net = cellx - s["bindscript"]
    out.append(f"| `bindscript run cellx.bind` (whole process) | {ms(cellx)} | {ms(seconds('bindscript-cellx', 'min'))} |")
    out.append("")

    # Value types and methods (issue 15): ns per operation over the empty
    # program, and the two comparisons the issue asks for, in this same run.
    value_names = ["calls-function", "calls-untyped-function", "calls-method",
                   "read-object-property", "read-struct-field"]
    if all(f"bindscript-{name}" in results for name in value_names):
        per_op = {name: (seconds(f"bindscript-{name}") - s["bindscript"]) / ITERATIONS * 1e9 for name in value_names}
        out.append("| value types and methods, 10⁶ operations | ms (median) | ns per operation (− empty) |")
        out.append("|---|--:|--:|")
        for name in value_names:
            out.append(f"| `{name}.bind` | {ms(seconds(f'bindscript-{name}'))} | {per_op[name]:.0f} |")
        out.append(f"| method call / free function call | | {ratio(per_op['calls-method'], per_op['calls-function'])} |")
        out.append(f"| typed function call / untyped function call | | "
                   f"{ratio(per_op['calls-function'], per_op['calls-untyped-function'])} |")
        out.append(f"| struct field read / object property read (whole loop) | | "
                   f"{ratio(per_op['read-struct-field'], per_op['read-object-property'])} |")
        out.append("")

    def verdict(met):
        return "met" if met else "**missed**"

    # Decimal arithmetic (issue 28): at most 3x the same loop on Doubles,
    # each net of the loop alone, in this same run.
    if "bindscript-decimal-arithmetic" in results:
        loop_alone = seconds("bindscript-arithmetic-loop")
        decimal = seconds("bindscript-decimal-arithmetic") - loop_alone
        double = seconds("bindscript-double-arithmetic") - loop_alone
        loop_alone_cpu = cpu_seconds("bindscript-arithmetic-loop")
        decimal_cpu = cpu_seconds("bindscript-decimal-arithmetic") - loop_alone_cpu
        double_cpu = cpu_seconds("bindscript-double-arithmetic") - loop_alone_cpu
        out.append("| `total + price * 3 - 0.01`, 10⁶ times (− the loop alone) | Decimal | Double | ratio | goal |")
        out.append("|---|--:|--:|--:|---|")
        out.append(f"| wall clock (median), ns per step | {decimal / ITERATIONS * 1e9:.0f} | {double / ITERATIONS * 1e9:.0f} "
                   f"| {ratio(decimal, double)} | ≤ 3×: {verdict(decimal <= 3 * double)} |")
        out.append(f"| CPU time (user+sys, mean), ns per step | {decimal_cpu / ITERATIONS * 1e9:.0f} "
                   f"| {double_cpu / ITERATIONS * 1e9:.0f} | {ratio(decimal_cpu, double_cpu)} "
                   f"| ≤ 3×: {verdict(decimal_cpu <= 3 * double_cpu)} |")
        out.append("")

    python_c = seconds("python-c")
    python_c_cpu = cpu_seconds("python-c")
    cellx_cpu = cpu_seconds("bindscript-cellx")
    # (goal, wall-clock result, met by wall clock, CPU-time result, met by CPU time)
    goals = [
        ("faster than CPython 3.11 (loop, ns/iteration)",
         f"{ns['bindscript']:.0f} vs {ns['python']:.0f} ns ({ratio(ns['bindscript'], ns['python'])})",
         ns["bindscript"] < ns["python"],
         f"{cpu['bindscript']:.0f} vs {cpu['python']:.0f} ns ({ratio(cpu['bindscript'], cpu['python'])})",
         cpu["bindscript"] < cpu["python"]),
        ("within 1.5× of Lua 5.4 (loop, ns/iteration)",
         ratio(ns["bindscript"], ns["lua"]), ns["bindscript"] <= 1.5 * ns["lua"],
         ratio(cpu["bindscript"], cpu["lua"]), cpu["bindscript"] <= 1.5 * cpu["lua"]),
        ("startup faster than `python3.11 -c ''`",
         f"{ms(s['bindscript'])} vs {ms(python_c)} ms", s["bindscript"] < python_c,
         f"{ms(sc['bindscript'])} vs {ms(python_c_cpu)} ms", sc["bindscript"] < python_c_cpu),
        ("startup under 10 ms", f"{ms(s['bindscript'])} ms", s["bindscript"] < 0.010,
         f"{ms(sc['bindscript'])} ms", sc["bindscript"] < 0.010),
        ("cellx 1000 layers built and updated from a script < 20 ms (whole process)",
         f"{ms(cellx)} ms", cellx < 0.020, f"{ms(cellx_cpu)} ms", cellx_cpu < 0.020),
    ]
    out.append("| goal | wall clock (median) | | CPU time (user+sys) | |")
    out.append("|---|---|---|---|---|")
    for goal, result, met, cpu_result, cpu_met in goals:
        out.append(f"| {goal} | {result} | {verdict(met)} | {cpu_result} | {verdict(cpu_met)} |")

    if "bindscript-closure-call" in results:
        # Issue 15: a closure call at most 1.2x a func call; map/filter over
        # 10,000 elements within 2x CPython's list comprehensions. Net of
        # each interpreter's startup (its empty program), same run.
        closure = seconds("bindscript-closure-call") - s["bindscript"]
        func = seconds("bindscript-func-call") - s["bindscript"]
        ours = seconds("bindscript-map-filter") - s["bindscript"]
        theirs = seconds("python-map-filter") - s["python"]
        calls = 1_000_000
        out.append("")
        out.append("| closures (median − empty program) | bindscript | baseline | ratio | goal |")
        out.append("|---|--:|--:|--:|---|")
        out.append(f"| closure call vs `func` call (ns per call, 10⁶ calls) | {closure / calls * 1e9:.0f} "
                   f"| {func / calls * 1e9:.0f} | {ratio(closure, func)} | ≤ 1.20×: {verdict(closure <= 1.2 * func)} |")
        out.append(f"| `map` + `filter` over 10,000 elements ×50 vs CPython list comprehensions (ms) "
                   f"| {ms(ours)} | {ms(theirs)} | {ratio(ours, theirs)} | ≤ 2×: {verdict(ours <= 2 * theirs)} |")
        # CPU time (user+sys, mean − empty): leaves out waiting for a core.
        closure_cpu = cpu_seconds("bindscript-closure-call") - sc["bindscript"]
        func_cpu = cpu_seconds("bindscript-func-call") - sc["bindscript"]
        ours_cpu = cpu_seconds("bindscript-map-filter") - sc["bindscript"]
        theirs_cpu = cpu_seconds("python-map-filter") - sc["python"]
        out.append(f"| closure call vs `func` call, CPU time (ns per call) | {closure_cpu / calls * 1e9:.0f} "
                   f"| {func_cpu / calls * 1e9:.0f} | {ratio(closure_cpu, func_cpu)} "
                   f"| ≤ 1.20×: {verdict(closure_cpu <= 1.2 * func_cpu)} |")
        out.append(f"| `map` + `filter` vs CPython, CPU time (ms) | {ms(ours_cpu)} | {ms(theirs_cpu)} "
                   f"| {ratio(ours_cpu, theirs_cpu)} | ≤ 2×: {verdict(ours_cpu <= 2 * theirs_cpu)} |")

    if "bindscript-append-typed" in results:
        # Issue 34: growing collections, each interpreter net of its own
        # empty program; goal within 2x CPython.
        out.append("")
        out.append("| collections (median − empty program, ms) | bindscript | Lua 5.4 | CPython 3.11 "
                   "| bindscript / Lua | bindscript / CPython | goal |")
        out.append("|---|--:|--:|--:|--:|--:|---|")
        for name, label in [("append-typed", "10⁶ appends to a typed array `[Int]`"),
                            ("dictionary-insert", "10⁵ inserts into a typed dictionary `[Int: Int]`")]:
            for kind, stat in (("wall", seconds), ("CPU time", cpu_seconds)):
                net = {i: stat(f"{i}-{name}") - stat(f"{i}-empty") for i in ("bindscript", "lua", "python")}
                out.append(f"| {label}, {kind} | {ms(net['bindscript'])} | {ms(net['lua'])} | {ms(net['python'])} "
                           f"| {ratio(net['bindscript'], net['lua'])} | {ratio(net['bindscript'], net['python'])} "
                           f"| ≤ 2×: {verdict(net['bindscript'] <= 2 * net['python'])} |")
    if "bindscript-test-100k-statements" in results:
        # Issue 34: `bindscript test` linear in statements, within 3× of
        # `run` over the same 10⁵-statement file, in this same run.
        run_file, test_file = seconds("bindscript-run-100k-statements"), seconds("bindscript-test-100k-statements")
        run_cpu, test_cpu = cpu_seconds("bindscript-run-100k-statements"), cpu_seconds("bindscript-test-100k-statements")
        out.append("")
        out.append("| 10⁵ statements (`statements-100k.bind`) | `test` | `run` | test / run | goal |")
        out.append("|---|--:|--:|--:|---|")
        out.append(f"| whole process (ms, median) | {ms(test_file)} | {ms(run_file)} | {ratio(test_file, run_file)} "
                   f"| ≤ 3×: {verdict(test_file <= 3 * run_file)} |")
        out.append(f"| CPU time (user+sys, ms, mean) | {ms(test_cpu)} | {ms(run_cpu)} | {ratio(test_cpu, run_cpu)} "
                   f"| ≤ 3×: {verdict(test_cpu <= 3 * run_cpu)} |")

    if "bindscript-derived-statement-body" in results:
        # Issue 27: a derived property whose body is statements (a local and
        # a `return`) within 1.2x the same body as one expression, each net
        # of the loop without a derived property (derived-baseline.bind).
        out.append("")
        out.append("| derived property, 10⁶ evaluations (median − baseline loop) | statement body | expression body "
                   "| ratio | goal |")
        out.append("|---|--:|--:|--:|---|")
        for prefix in ("bindscript", "candidate"):
            if f"{prefix}-derived-statement-body" not in results:
                continue
            for kind, stat in (("wall", seconds), ("CPU time", cpu_seconds)):
                base = stat(f"{prefix}-derived-baseline")
                statements = stat(f"{prefix}-derived-statement-body") - base
                expression = stat(f"{prefix}-derived-expression-body") - base
                out.append(f"| {prefix}, {kind} (ms) | {ms(statements)} | {ms(expression)} "
                           f"| {ratio(statements, expression)} | ≤ 1.20×: {verdict(statements <= 1.2 * expression)} |")
    if "bindscript-check-10k" in results:
        # Issue 27: `bindscript check` over 10,000 lines, resolver included;
        # a candidate build (a change to the resolver, say) in the same run
        # adds at most 10% to it.
        out.append("")
        out.append("| `check`, 10,000 lines (`check-10k.bind`) | bindscript | candidate | candidate / bindscript | goal |")
        out.append("|---|--:|--:|--:|---|")
        for label, stat in (("whole process (ms, median)", seconds), ("CPU time (user+sys, ms, mean)", cpu_seconds)):
            ours = stat("bindscript-check-10k")
            if "candidate-check-10k" in results:
                theirs = stat("candidate-check-10k")
                out.append(f"| {label} | {ms(ours)} | {ms(theirs)} | {ratio(theirs, ours)} "
                           f"| ≤ 1.1×: {verdict(theirs <= 1.1 * ours)} |")
            else:
                out.append(f"| {label} | {ms(ours)} | | | |")

    if "candidate-loop" in results:
        cs = seconds("candidate-empty")
        cns = per_iteration_ns("candidate", "median")
        ccpu = cpu_per_iteration_ns("candidate")
        ccellx = seconds("candidate-cellx")
        out.append("")
        out.append(f"Candidate build in the same run: {options.candidate}")
        out.append("")
        out.append("| measurement | bindscript | candidate | candidate / Lua | candidate / CPython |")
        out.append("|---|--:|--:|--:|--:|")
        out.append(f"| startup, empty program (ms, median) | {ms(s['bindscript'])} | {ms(cs)} | {ratio(cs, s['lua'])} "
                   f"| {ratio(cs, python_c)} (vs `-c ''`) |")
        ccs = cpu_seconds("candidate-empty")
        out.append(f"| startup, CPU time (ms, mean) | {ms(sc['bindscript'])} | {ms(ccs)} | {ratio(ccs, sc['lua'])} "
                   f"| {ratio(ccs, python_c_cpu)} (vs `-c ''`) |")
        out.append(f"| ns per iteration (median − empty) | {ns['bindscript']:.0f} | {cns:.0f} "
                   f"| {ratio(cns, ns['lua'])} | {ratio(cns, ns['python'])} |")
        out.append(f"| ns per iteration, CPU time | {cpu['bindscript']:.0f} | {ccpu:.0f} "
                   f"| {ratio(ccpu, cpu['lua'])} | {ratio(ccpu, cpu['python'])} |")
        out.append(f"| cellx script, whole process (ms, median) | {ms(cellx)} | {ms(ccellx)} | | |")
        out.append(f"| cellx script, CPU time (ms, mean) | {ms(cellx_cpu)} | {ms(cpu_seconds('candidate-cellx'))} | | |")
        if "candidate-map-filter" in results and "bindscript-map-filter" in results:
            # The closure scenarios for both builds, each net of its own
            # empty program (CPython's map-filter is the one baseline).
            theirs = seconds("python-map-filter") - s["python"]
            theirs_cpu = cpu_seconds("python-map-filter") - sc["python"]
            for prefix, empty, empty_cpu in (("bindscript", s["bindscript"], sc["bindscript"]),
                                             ("candidate", cs, ccs)):
                closure = seconds(f"{prefix}-closure-call") - empty
                func = seconds(f"{prefix}-func-call") - empty
                ours = seconds(f"{prefix}-map-filter") - empty
                ours_cpu = cpu_seconds(f"{prefix}-map-filter") - empty_cpu
                out.append(f"| {prefix}: closure call / `func` call | {closure / 1e6 * 1e9:.0f} ns "
                           f"| {func / 1e6 * 1e9:.0f} ns | {ratio(closure, func)} | |")
                out.append(f"| {prefix}: `map` + `filter` / CPython, wall (ms) | {ms(ours)} | {ms(theirs)} "
                           f"| {ratio(ours, theirs)} | |")
                out.append(f"| {prefix}: `map` + `filter` / CPython, CPU time (ms) | {ms(ours_cpu)} "
                           f"| {ms(theirs_cpu)} | {ratio(ours_cpu, theirs_cpu)} | |")
        # Every row both builds ran: the candidate's time against this build's.
        out.append("")
        out.append("| row (median, ms) | bindscript | candidate | candidate / bindscript |")
        out.append("|---|--:|--:|--:|")
        for name in results:
            if not name.startswith("bindscript-"):
                continue
            other = "candidate-" + name[len("bindscript-"):]
            if other in results:
                out.append(f"| {name[len('bindscript-'):]} | {ms(seconds(name))} | {ms(seconds(other))} "
                           f"| {ratio(seconds(other), seconds(name))} |")
    print("\n".join(out))

    relative_spread = max((r["max"] - r["min"]) / r["median"] for r in results.values())
    if relative_spread > 0.5:
        print(f"\nNote: some rows spread by up to {relative_spread:.0%} of their median "
              "(other processes on the machine); compare ratios, not absolute times.", file=sys.stderr)


if __name__ == "__main__":
    main()
