"""End-to-end tests of issue 15, item 8: the REPL in a pseudo-terminal.

- a session with an interrupted loop (and the statements that depend on
  it) saves a script that `bindscript test` replays byte for byte;
- Ctrl-D typed while a statement runs ends the session once it is done;
- a syntax error inside a multi-line block skips the block's rest (no
  error per line) and keeps the whole entry for Up;
- Ctrl-R shows a readable search prompt.

Run: python3 -m pytest -q Tests/EndToEnd/repl/test_repl_session_safety.py
"""

import subprocess
import time

import pexpect
import pytest

from test_repl import BIN, CONTINUATION, PROMPT, UP_ARROW, Session, clean


@pytest.fixture
def repl(tmp_path):
    sessions = []

    def start(args=(), **env):
        session = Session(tmp_path, args=args, **env)
        sessions.append(session)
        return session

    yield start
    for session in sessions:
        session.close()


def replay(tmp_path, name):
    return subprocess.run([BIN, "test", str(tmp_path / name)], capture_output=True, text=True,
                          cwd=str(tmp_path), timeout=60)


def test_a_saved_session_with_interrupted_loops_replays_exactly(repl, tmp_path):
    r = repl()
    r.run("var count = 0")
    r.run("let l = Label()")
    r.run("observe l.text { t in count += 1 }")
    r.child.sendline("while true { count += 1 }")
    time.sleep(0.7)
    r.ctrl_c()
    assert "error: interrupted" in clean(r.prompt())
    reached = r.run("count")
    assert reached not in ("0\n", "")
    assert r.run("count > 5") == "true\n"
    # A loop that prints, interrupted part way: its output is replayed too.
    r.child.sendline("for i in 1...100000000 { if i % 100000 == 0 { print(i) } }")
    time.sleep(0.7)
    r.ctrl_c()
    assert "error: interrupted" in clean(r.prompt())
    r.run('l.text = "x"')
    r.run("count / 0")  # a failed statement
    r.run("count")
    assert r.run(":save session.bind").startswith("saved ")
    script = (tmp_path / "session.bind").read_text(encoding="utf-8")
    assert "# interrupted at point " in script
    result = replay(tmp_path, "session.bind")
    assert result.returncode == 0, script + result.stdout + result.stderr


def test_ctrl_d_while_a_statement_runs_ends_the_session(repl):
    r = repl()
    r.run("var n = 0")
    # About a second of work in a debug build; the ^D arrives meanwhile.
    r.child.sendline("for i in 1...3000000 { n += 1 }; print(\"done\", n)")
    time.sleep(0.3)
    r.child.sendeof()
    r.expect("done 3000000")
    assert r.wait_exit() == 0


def test_a_syntax_error_inside_a_block_skips_its_rest_and_keeps_it_for_up(repl):
    r = repl()
    r.child.sendline("type Card {")
    r.child.expect_exact(CONTINUATION)
    r.child.sendline("  var title: String = \"\"")
    r.child.expect_exact(CONTINUATION)
    r.child.sendline("  fnc show() {")
    r.expect("error: ")
    r.expect(r"press Up to edit it")
    r.child.expect_exact(CONTINUATION)
    # The rest of the block is taken in, not run: no error per line.
    r.child.sendline("    print(title)")
    r.child.expect_exact(CONTINUATION)
    r.child.sendline("  }")
    r.child.expect_exact(CONTINUATION)
    r.child.sendline("}")
    rest = clean(r.prompt())
    assert "error" not in rest and "extraneous" not in rest, rest
    assert "entry not run; press Up to edit it" in rest
    # Up recalls the whole type; fix the typo in place and run it.
    r.send(UP_ARROW)
    r.expect("fnc show")
    r.send("\x01")  # Ctrl-A: to the start of the entry
    r.child.sendline("")  # run it as it is: the same error, shown once
    output = clean(r.prompt())
    assert output.count("error: ") == 1, output
    assert r.run("1 + 1") == "2\n"


def test_ctrl_r_shows_a_readable_search_prompt(repl):
    r = repl()
    r.run('print("needle in history")')
    r.run("1 + 1")
    r.send("\x12")  # Ctrl-R
    r.send("needle")
    r.expect(r"\(history search\) .needle.: ")
    before = r.child.before + r.child.after
    r.expect("needle in history")
    assert "bck:" not in clean(before + r.child.before)
    r.child.sendline("")
    r.expect("needle in history")
    r.prompt()
    assert r.run("2 + 2") == "4\n"


def test_ctrl_r_keys_older_match_cancel_edit_and_ctrl_c(repl):
    r = repl()
    r.run('print("apple 1")')
    r.run('print("apple 2")')
    r.run('print("banana")')
    # Ctrl-R again: the next older match; Enter runs it.
    r.send("\x12apple")
    r.expect(r"\(history search\) 'apple': print\(\"apple 2\"\)")
    r.send("\x12")
    r.expect(r"'apple': print\(\"apple 1\"\)")
    r.child.sendline("")
    r.expect("apple 1")
    r.prompt()
    # No match says so.
    r.send("\x12zzz")
    r.expect(r"\(failed history search\) 'zzz'")
    # Ctrl-G gives back the line as it was.
    r.send("\x07")
    r.send("7 * 6")
    assert r.run("") == "42\n"
    # Another key takes the match into the line and acts: Ctrl-E then edit.
    r.send("\x12banana")
    r.expect(r"'banana': print")
    r.send("\x05")  # Ctrl-E: accept, cursor at the end
    r.send("; print(1)")
    assert r.run("") == "banana\n1\n"
    # Ctrl-C abandons the search and the line; the session goes on.
    r.send("\x12apple")
    r.expect(r"'apple': print")
    r.ctrl_c()
    abandoned = clean(r.prompt())
    assert "press Ctrl-C again" not in abandoned, abandoned
    assert r.run("2 + 2") == "4\n"
