"""End-to-end tests of issue 34, item 1: every file BindScript reads as a
script (`run`, `check`, `import`, standard input) is read in bounded
chunks and refused past `FileSystem.readLimit` (64 MiB), so an endless
file such as /dev/zero is an error, not memory grown until the process is
killed. (`:load` and the history file: Tests/EndToEnd/repl/test_repl_robustness.py.)

They run the built executable (BINDSCRIPT_BIN, default .build/debug/bindscript).
"""
import os
import subprocess

BIN = os.environ.get(
    "BINDSCRIPT_BIN",
    os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                 ".build", "debug", "bindscript"))

ENDLESS = ("it goes on past 64 MiB, the most BindScript reads from one file "
           "(it may never end, as a device like /dev/zero does); name a file of at most 64 MiB")


def bindscript(*arguments, stdin=None, input=None, cwd=None):
    return subprocess.run([BIN, *arguments], stdin=stdin, input=input, capture_output=True, text=True,
                          cwd=cwd, timeout=120)


def test_run_of_an_endless_file_is_refused():
    result = bindscript("run", "/dev/zero")
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == f"error: cannot read '/dev/zero': {ENDLESS}\n"


def test_check_of_an_endless_file_is_refused():
    result = bindscript("check", "/dev/zero")
    assert result.returncode == 2
    assert result.stderr == f"error: cannot read '/dev/zero': {ENDLESS}\n"


def test_import_of_an_endless_file_is_a_located_error(tmp_path):
    script = tmp_path / "main.bind"
    script.write_text('print("before")\nimport "/dev/zero"\nprint("after")\n')
    result = bindscript("run", str(script))
    assert (result.returncode, result.stdout) == (1, "before\n")
    assert result.stderr == (
        f"{script}:2:1: error: cannot import '/dev/zero': {ENDLESS}\n"
        'import "/dev/zero"\n'
        "^~~~~~~~~~~~~~~~~~\n")


def test_a_file_over_the_limit_is_refused_with_its_size(tmp_path):
    script = tmp_path / "huge.bind"
    with open(script, "wb") as file:
        file.truncate((64 << 20) + 1)  # sparse: no disk space used
    result = bindscript("run", str(script))
    assert result.returncode == 2
    assert result.stderr == (
        f"error: cannot read '{script}': it is 67108865 bytes, more than 64 MiB, the most BindScript reads "
        "from one file; split it into smaller files\n")


def test_endless_standard_input_is_refused():
    with open("/dev/zero", "rb") as zero:
        for arguments in (("run", "-"), ()):
            result = bindscript(*arguments, stdin=zero)
            assert result.returncode == 2, arguments
            assert result.stderr == f"error: cannot read standard input: {ENDLESS}\n", arguments


def test_standard_input_still_runs_a_script():
    assert bindscript("run", "-", input="print(1)\n").stdout == "1\n"
    assert bindscript(input="print(2)\n").stdout == "2\n"
