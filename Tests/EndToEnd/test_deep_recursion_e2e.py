"""End-to-end tests of issue 15, item 6: every way the command runs a
script (`run`, `test` and its workers, the REPL reading a pipe) has the
large stack: 15,000 nested calls run, and deeper recursion, plain or with a
deep expression open in every call, ends in a located error, never a crash.
"""
import os
import subprocess

BIN = os.environ.get(
    "BINDSCRIPT_BIN",
    os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                 ".build", "debug", "bindscript"))

# Each call keeps a 120-level interpolation open: enough stack that the stack
# check, not the call-depth limit, stops a runaway one in every build (a
# release build's frames are smaller: a 120-level sum there reaches 20,000 calls).
NESTED = '"\\(' * 120 + "wide(n - 1)" + ')"' * 120 + ' + "."'
SCRIPT = f"""\
func depth(n) {{ if n == 0 {{ return 0 }}; return 1 + depth(n - 1) }}
depth(15000)
#> 15000
depth(10000000)
#> error: call depth limit of 20000 exceeded; is a function calling itself without end?
func wide(n) {{ if n == 0 {{ return "" }}; return {NESTED} }}
wide(300).count
#> 300
wide(10000000)
#> error: out of stack space after \\d+ nested calls; is a function calling itself without end\\? (re)
"""


def bindscript(*args, stdin=None):
    return subprocess.run([BIN, *args], input=stdin, capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, NO_COLOR="1"))


def test_run_test_and_workers_and_piped_repl_reach_the_same_depths(tmp_path):
    path = tmp_path / "deep.bind"
    path.write_text(SCRIPT)
    # `test`: each file in a worker process.
    result = bindscript("test", "--max-steps", "1000000000000", str(path))
    assert result.returncode == 0, result.stdout + result.stderr
    # `run` stops at the first error: the plain recursion's, located.
    result = bindscript("run", str(path))
    assert result.returncode == 1
    assert "deep.bind:1:52: error: call depth limit of 20000 exceeded" in result.stderr, result.stderr
    # The REPL reading a pipe runs the script as `run` does.
    piped = bindscript(stdin="func depth(n) { if n == 0 { return 0 }; return 1 + depth(n - 1) }\nprint(depth(19999))\n")
    assert piped.returncode == 0 and piped.stdout == "19999\n", piped.stdout + piped.stderr
    wide = bindscript(stdin=f'func wide(n) {{ if n == 0 {{ return "" }}; return {NESTED} }}\nprint(wide(300).count)\nwide(100000)\n')
    assert wide.stdout == "300\n"
    assert ": error: out of stack space after " in wide.stderr and wide.returncode == 1, wide.stderr
