"""`bindscript test --review` in a pseudo-terminal (issue 30, "Review"):
each failing expectation shown as a diff, one key to accept, reject or
skip it, accepted ones written atomically; never a lost edit.

Run: BINDSCRIPT_BIN=... python3 -m pytest -q Tests/EndToEnd/test_review_e2e.py
"""

import os
import subprocess

import pexpect
import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.environ.get("BINDSCRIPT_BIN", os.path.join(ROOT, ".build", "debug", "bindscript"))
QUESTION = "accept (a), reject (r), skip (s), quit (q)? "


def review(folder, *args):
    env = dict(os.environ, NO_COLOR="1", TERM="xterm", LC_ALL="C.UTF-8")
    env.pop("CI", None)
    return pexpect.spawn(BIN, ["test", "--review", *args, str(folder)], env=env, cwd=str(folder),
                         encoding="utf-8", timeout=60, dimensions=(40, 160))


@pytest.fixture
def suite(tmp_path):
    (tmp_path / "a.bind").write_text('print(1)\n#> 2\nprint("same")\n#> same\nprint(3)\n#> 4\n')
    (tmp_path / "b.bind").write_text('print("b")\n#> c\n')
    (tmp_path / "ok.bind").write_text("print(5)\n#> 5\n")
    return tmp_path


def test_accept_reject_and_skip_each_expectation(suite):
    child = review(suite)
    child.expect("1 passed, 2 failed")
    child.expect(r"a\.bind:1\r\n  \| print\(1\)\r\n  --- expected\r\n  \+\+\+ actual\r\n  @@ -1 \+1 @@\r\n  -2\r\n  \+1\r\n")
    child.expect_exact(QUESTION)
    child.send("a")
    child.expect_exact("accepted")
    child.expect(r"a\.bind:5")
    child.expect_exact(QUESTION)
    child.send("x")  # not an answer: ignored
    child.send("r")
    child.expect_exact("rejected")
    child.expect_exact("a.bind: wrote 1 accepted change")
    child.expect(r"b\.bind:1")
    child.expect_exact(QUESTION)
    child.send("s")
    child.expect_exact("review: 1 accepted, 1 rejected, 1 skipped")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1
    assert (suite / "a.bind").read_text() == 'print(1)\n#> 1\nprint("same")\n#> same\nprint(3)\n#> 4\n'
    assert (suite / "b.bind").read_text() == 'print("b")\n#> c\n'


def test_accepting_everything_passes(suite):
    (suite / "b.bind").unlink()
    child = review(suite)
    for _ in range(2):
        child.expect_exact(QUESTION)
        child.send("a")
    child.expect_exact("review: 2 accepted, 0 rejected, 0 skipped")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert subprocess.run([BIN, "test", str(suite)], capture_output=True).returncode == 0


def test_quit_and_ctrl_c_write_what_was_accepted_and_restore_the_terminal(suite):
    child = review(suite)
    child.expect_exact(QUESTION)
    child.send("a")
    child.expect_exact(QUESTION)
    child.send("\x03")
    child.expect_exact("quit")
    child.expect_exact("a.bind: wrote 1 accepted change")
    child.expect_exact("review: 1 accepted, 0 rejected, 1 skipped, 1 other failures left")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1
    assert (suite / "a.bind").read_text().startswith("print(1)\n#> 1\n")
    assert (suite / "b.bind").read_text() == 'print("b")\n#> c\n'


def test_a_file_changed_while_reviewing_keeps_its_edit(suite):
    child = review(suite)
    child.expect_exact(QUESTION)
    edited = 'print(1)\n#> 2\n# saved from the editor meanwhile\n'
    (suite / "a.bind").write_text(edited)
    child.send("a")
    child.expect_exact(QUESTION)
    child.send("a")
    child.expect_exact("a.bind: changed on disk while you reviewed it; its 2 accepted changes were not written")
    child.expect_exact(QUESTION)
    child.send("a")
    child.expect_exact("b.bind: wrote 1 accepted change")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1
    assert (suite / "a.bind").read_text() == edited
    assert (suite / "b.bind").read_text() == 'print("b")\n#> b\n'


def test_without_a_terminal_it_refuses_and_writes_nothing(suite):
    before = (suite / "a.bind").read_text()
    result = subprocess.run([BIN, "test", "--review", str(suite)], stdin=subprocess.DEVNULL,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert "'--review' asks at the terminal" in result.stderr
    assert (suite / "a.bind").read_text() == before
    both = subprocess.run([BIN, "test", "--review", "--update", str(suite)], capture_output=True, text=True)
    assert both.returncode == 2 and "use one of them" in both.stderr


def test_a_script_that_does_not_finish_has_nothing_to_review(tmp_path):
    (tmp_path / "hang.bind").write_text("while true { }\n")
    (tmp_path / "b.bind").write_text('print("b")\n#> c\n')
    child = review(tmp_path, "--timeout", "5", "--max-steps", "1000000000000")
    child.expect_exact(QUESTION)
    child.send("r")
    child.expect_exact("hang.bind: did not finish (")
    child.expect_exact("review: 0 accepted, 1 rejected, 0 skipped, 1 other failures left")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1
