"""End-to-end tests of `bindscript --real-time` at the prompt: timers fire
while the REPL waits for a key, their output appears above the prompt, and
the line being typed is drawn again below it, to be finished as if nothing
had happened. Driven in a pseudo-terminal like test_repl.py.

With virtual time (no flag) nothing fires at the prompt: time moves only
when a statement waits, so a saved session replays exactly.
"""

import re
import time

import pytest

from test_repl import PROMPT, clean, repl  # noqa: F401 (repl is a fixture)

REAL_TIME = ("--real-time",)


def test_a_timer_fires_above_a_half_typed_line(repl):
    r = repl(args=REAL_TIME)
    assert r.run('after 300ms { print("fired") }') == ""
    r.send("let answer = 4")
    r.expect("= 4")
    # The timer's output, on a line of its own, then the prompt and the
    # half-typed line drawn again below it.
    r.expect(r"\r\nfired\r\n")
    r.child.expect_exact("> let answer = 4")
    r.send("2\r")
    r.prompt()
    assert r.run("answer") == "42\n"


def test_on_an_empty_line_the_output_takes_the_prompts_place(repl):
    r = repl(args=REAL_TIME)
    assert r.run('after 200ms { print("one") }; after 400ms { print("two") }') == ""
    # The prompt's row is erased and reused: no empty prompt is left behind.
    assert clean(r.prompt()) == "one"
    assert clean(r.prompt()) == "two"
    assert r.run('"typing goes on"') == '"typing goes on"\n'


def test_a_repeating_timer_prints_until_disposed(repl):
    r = repl(args=REAL_TIME)
    r.run("var ticks = 0")
    r.run('every 100ms as ticker { ticks += 1; print("tick") }')
    for _ in range(3):
        r.expect(r"tick\r\n")
    assert r.run("dispose ticker") == ""
    count = int(r.run("ticks"))
    time.sleep(0.4)
    assert r.run("ticks") == f"{count}\n"
    assert r.run(":bindings") == "no live bindings, observers, handlers or timers\n"


def test_an_observer_of_what_a_timer_writes_prints_too(repl):
    r = repl(args=REAL_TIME)
    r.run('type Model { var title: String = "" }')
    r.run("let vm = Model()")
    r.run("observe vm.title")
    r.run('after 200ms { vm.title = "Ready" }')
    r.send("vm.ti")
    r.expect(r'vm\.title: "" -> "Ready"\r\n')
    r.child.expect_exact("> vm.ti")
    r.send("tle\r")
    assert clean(r.prompt()).endswith('"Ready"')


def test_a_timers_error_is_shown_and_the_session_goes_on(repl):
    r = repl(args=REAL_TIME)
    assert r.run("let numbers = [1, 2]") == ""
    assert r.run("after 200ms { print(numbers[5]) }") == ""
    output = clean(r.prompt())
    # Rendered as any error, with the line of the timer's block to blame.
    assert output.startswith("error: ") and "print(numbers[5])" in output, output
    assert r.run("1 + 1") == "2\n"


def test_ctrl_c_stops_a_runaway_timer_and_keeps_the_line(repl):
    r = repl(args=REAL_TIME)
    r.run("after 100ms { while true { } }")
    r.send("1 + ")
    time.sleep(0.6)
    r.child.sendintr()
    r.expect("error: interrupted")
    r.child.expect_exact("> 1 + ")
    r.send("1\r")
    assert clean(r.prompt()).endswith("2")


def test_ctrl_c_and_ctrl_d_still_work_with_a_timer_pending(repl):
    r = repl(args=REAL_TIME)
    r.run('after 1min { print("never") }')
    r.send("let lost = 12")
    r.expect("12")
    r.ctrl_c()
    r.expect(r"\^C")
    r.prompt()
    assert r.run("1 + 1") == "2\n"
    r.ctrl_d()
    assert r.wait_exit() == 0


def test_with_virtual_time_nothing_fires_at_the_prompt(repl):
    r = repl()
    r.run('after 100ms { print("fired") }')
    r.send("1 + 1")
    time.sleep(0.5)
    r.send("\r")
    assert clean(r.prompt()).endswith("2")
    assert "fired" not in clean(r.child.before)
    assert r.run("wait 100ms") == "fired\n"
