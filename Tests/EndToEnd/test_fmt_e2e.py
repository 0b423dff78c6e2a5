"""`bindscript fmt [--check] PATH...` run as a user would: rewrites files,
lists unformatted ones with --check (exit 1), skips scripts with syntax
errors with a note, and fails (exit 2) on a path that does not exist."""
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.environ.get("BINDSCRIPT_BIN", os.path.join(ROOT, ".build", "debug", "bindscript"))

MESSY = "let   x=1\n\n\n\nif x>0 {\nprint( x )   #  kept  as is\n}\n#> 1"
CLEAN = "let x = 1\n\nif x > 0 {\n  print(x)   #  kept  as is\n}\n#> 1\n"


def fmt(*args):
    return subprocess.run([BIN, "fmt", *args], capture_output=True, text=True, timeout=60)


def test_check_lists_unformatted_files_and_fmt_rewrites_them(tmp_path):
    (tmp_path / "sub").mkdir()
    messy = tmp_path / "sub" / "messy.bind"
    messy.write_text(MESSY)
    clean = tmp_path / "clean.bind"
    clean.write_text(CLEAN)
    check = fmt("--check", str(tmp_path))
    assert check.returncode == 1
    assert check.stdout.splitlines() == [str(messy)]
    assert messy.read_text() == MESSY, "--check changes nothing"
    assert fmt(str(tmp_path)).returncode == 0
    assert messy.read_text() == CLEAN
    assert fmt("--check", str(tmp_path)).returncode == 0
    # The formatted script still runs the same.
    run = subprocess.run([BIN, "test", str(messy)], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stdout + run.stderr


def test_scripts_with_syntax_errors_are_skipped_with_a_note(tmp_path):
    broken = tmp_path / "broken.bind"
    broken.write_text("let = 1\n")
    result = fmt("--check", str(broken))
    assert result.returncode == 0
    assert "broken.bind: skipped: 1 syntax error" in result.stderr
    assert broken.read_text() == "let = 1\n"


def test_a_missing_path_is_an_error(tmp_path):
    result = fmt(str(tmp_path / "nope.bind"))
    assert result.returncode == 2
    assert "no such file or directory" in result.stderr
