"""End-to-end tests of issue 34 at the prompt: bad input never crashes,
hangs or damages the machine.

- the terminal resized quickly (1x1, 0x0, 2x3, 24x80) while a long line is
  edited never crashes the REPL (libedit's own SIGWINCH handling resized
  its display inside the signal handler and drew past its rows);
- Ctrl-C stops a `wait` on the real clock (`--real-time`, `wait 100h`) and
  a virtual one over a storm of timers; the session keeps its state;
- a FIFO as the history file never blocks the prompt: it is refused with a
  warning and the session goes on;
- `:load /dev/zero` is refused with the read limit's message, and a history
  at `/dev/zero` (a device: nothing to read back) starts as usual.

Run: python3 -m pytest -q Tests/EndToEnd/repl/test_repl_robustness.py
"""

import os
import time
from concurrent.futures import ThreadPoolExecutor

import pexpect

from test_repl import BIN, PROMPT, clean, environment, repl  # noqa: F401 (repl is a fixture)

RESIZE_SESSIONS = 200
RESIZE_SESSIONS_AT_ONCE = 4
# The sizes from the report (0x0 is what a terminal says when it cannot
# tell; libedit keeps its last size then), each followed by a key, so the
# editor draws at every size.
RESIZES = [(1, 1), (0, 0), (2, 3), (24, 80)] * 3
LONG_LINE = "x" * 150


def resize_while_editing(tmp_path, number):
    """One session: a long line typed, the terminal resized under it, the
    line run. Returns None, or what went wrong."""
    env = environment(tmp_path, BINDSCRIPT_HISTORY="", SWIFT_BACKTRACE="enable=no")
    child = pexpect.spawn(BIN, [], env=env, cwd=str(tmp_path), encoding="utf-8", timeout=30, dimensions=(24, 80))
    try:
        child.expect_exact(PROMPT)
        child.send('print("' + LONG_LINE)
        for rows, columns in RESIZES:
            child.setwinsize(rows, columns)
            child.send("y")
            time.sleep(0.02)
        child.setwinsize(24, 80)
        child.send('")\r')
        child.expect(r"\r\n" + LONG_LINE + "y{12}" + r"\r\n> ")
        child.sendline(":quit")
        child.expect(pexpect.EOF)
        child.close()
        if child.exitstatus != 0 or child.signalstatus is not None:
            return f"session {number}: exit status {child.exitstatus}, signal {child.signalstatus}"
        return None
    except (pexpect.EOF, pexpect.TIMEOUT) as error:
        child.close(force=True)
        return f"session {number}: {type(error).__name__}, signal {child.signalstatus}: {clean(child.before or '')[-300:]!r}"


def test_quick_resizes_while_a_long_line_is_edited_never_crash(tmp_path):
    with ThreadPoolExecutor(RESIZE_SESSIONS_AT_ONCE) as pool:
        results = list(pool.map(lambda n: resize_while_editing(tmp_path, n), range(RESIZE_SESSIONS)))
    failures = [result for result in results if result]
    assert not failures, f"{len(failures)} of {RESIZE_SESSIONS} sessions failed; first: {failures[0]}"


def test_ctrl_c_stops_a_real_time_wait_and_the_session_keeps_its_state(repl):
    r = repl(args=("--real-time",))
    assert r.run("var kept = 41") == ""
    r.send("wait 100h\r")
    r.expect("wait 100h")
    r.ctrl_c()
    r.expect(r"error: interrupted\r\n")
    r.prompt()
    assert r.run("kept + 1") == "42\n"


def test_ctrl_c_stops_a_virtual_wait_over_a_storm_of_timers(repl):
    r = repl()
    assert r.run("var ticks = 0") == ""
    assert r.run("every 1ms { ticks += 1 }") == ""
    r.send("wait 1000h\r")
    r.expect("wait 1000h")
    r.ctrl_c()
    r.expect(r"error: interrupted\r\n")
    r.prompt()
    assert r.run("ticks > 0") == "true\n"
    assert r.run('print("still here")') == "still here\n"


def test_a_fifo_as_history_is_refused_and_never_blocks_the_prompt(tmp_path):
    fifo = tmp_path / "history.fifo"
    os.mkfifo(fifo)
    env = environment(tmp_path, BINDSCRIPT_HISTORY=str(fifo))
    child = pexpect.spawn(BIN, [], env=env, cwd=str(tmp_path), encoding="utf-8", timeout=10, dimensions=(40, 160))
    try:
        child.expect_exact(
            f"warning: cannot read history from '{fifo}': '{fifo}' is a pipe; the history needs a regular file "
            "(set BINDSCRIPT_HISTORY to one, or to an empty value for none)")
        child.expect_exact(PROMPT)
        child.sendline("1 + 1")
        child.expect_exact("2\r\n> ")
        time.sleep(0.15)  # see Session.ctrl_c
        child.sendintr()
        child.expect_exact("(press Ctrl-C again or type :quit to exit)")
        time.sleep(0.15)
        child.sendintr()
        child.expect(pexpect.EOF)
        child.close()
        assert child.exitstatus == 0
        assert fifo.is_fifo()
    finally:
        child.close(force=True)


def test_load_of_an_endless_file_is_refused_with_the_read_limit(repl):
    r = repl()
    assert r.run("var kept = 1") == ""
    assert r.run(":load /dev/zero") == (
        "error: cannot read '/dev/zero': it goes on past 64 MiB, the most BindScript reads from one file "
        "(it may never end, as a device like /dev/zero does); name a file of at most 64 MiB\n")
    assert r.run("kept") == "1\n"


def test_a_history_at_dev_zero_reads_nothing_and_the_session_works(repl):
    r = repl(BINDSCRIPT_HISTORY="/dev/zero")
    assert r.run("1 + 2") == "3\n"
