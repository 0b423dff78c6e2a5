"""End-to-end tests of `bindscript test` and `bindscript run --record`.

They run the built executable (BINDSCRIPT_BIN, default .build/debug/bindscript)
on scripts written to a temporary folder and check its report, exit code and
the files it writes.
"""
import os
import shutil
import subprocess
import xml.etree.ElementTree as ET

import pytest

BIN = os.environ.get("BINDSCRIPT_BIN", "/work/main/.build/debug/bindscript")

PASSING = """\
# A passing script: observers, bare expressions, prints.
let l = Label()
observe l.text
l.text = "Hi"
#> l.text: nil -> "Hi"
l.text
#> "Hi"
print("a"); print("b")
#> a
#> b
"""

WRONG = """\
let l = Label()
l.text = "Ho"
l.text
#> "Hi"
"""

FAILED_ASSERT = """\
let l = Label()
l.text = "Ho"
assert(l.text == "Hi")
"""


def bindscript(*args, cwd=None, env=None, timeout=60):
    full_env = dict(os.environ, NO_COLOR="1")
    # As on a developer's machine: on a CI server '--update' refuses to write.
    full_env.pop("CI", None)
    full_env.update(env or {})
    return subprocess.run(
        [BIN, *args], cwd=cwd, env=full_env, capture_output=True, text=True, timeout=timeout
    )


@pytest.fixture
def suite(tmp_path):
    """Writes scripts into a temporary folder: suite(name=text) -> paths."""

    def write(**files):
        paths = {}
        for name, text in files.items():
            path = tmp_path / (name + ".bind")
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(text.encode() if isinstance(text, str) else text)
            paths[name] = str(path)
        return paths

    write.root = tmp_path
    return write


def test_passing_file(suite):
    paths = suite(ok=PASSING)
    result = bindscript("test", paths["ok"])
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("PASS " + paths["ok"] + " (")
    assert lines[-1] == "1 passed, 0 failed"


def test_wrong_expectation_shows_location_and_diff(suite):
    paths = suite(wrong=WRONG)
    result = bindscript("test", paths["wrong"])
    assert result.returncode == 1
    out = result.stdout
    assert out.startswith("FAIL " + paths["wrong"])
    assert f"{paths['wrong']}:3: output differs" in out
    assert "    --- expected\n    +++ actual\n    @@ -1 +1 @@\n    -\"Hi\"\n    +\"Ho\"\n" in out
    assert out.splitlines()[-1] == "0 passed, 1 failed"


def test_failed_assert_shows_values(suite):
    paths = suite(assert_=FAILED_ASSERT)
    result = bindscript("test", paths["assert_"])
    assert result.returncode == 1
    assert f"{paths['assert_']}:3: error: assertion failed: l.text == \"Hi\" ('l.text' is \"Ho\")" in result.stdout
    assert "| assert(l.text == \"Hi\")" in result.stdout


def test_unexpected_error_fails_and_expected_error_passes(suite):
    paths = suite(unexpected="nosuchname\nprint(1)\n")
    result = bindscript("test", paths["unexpected"])
    assert result.returncode == 1
    line = next(l for l in result.stdout.splitlines() if ":1: error: " in l)
    message = line.split(":1: ", 1)[1]
    paths = suite(expected=f"nosuchname\n#> {message}\nprint(1)\n#> 1\n")
    assert bindscript("test", paths["expected"]).returncode == 0


def test_update_round_trips_byte_for_byte(suite):
    # CRLF line ends, no final newline, a (re) line, comments: all kept.
    passing = b"# keep me\r\nlet l = Label()\r\nl\r\n#> Label#[0-9]+ (re)\r\n\r\nprint(1)   # trailing\r\n  #> 1"
    paths = suite(same=passing, wrong=WRONG, fresh=FAILED_ASSERT)
    result = bindscript("test", "--update", *paths.values())
    assert result.returncode == 0, result.stdout
    assert open(paths["same"], "rb").read() == passing
    assert open(paths["wrong"]).read() == WRONG.replace('#> "Hi"', '#> "Ho"')
    assert open(paths["fresh"]).read() == FAILED_ASSERT + "#> error: assertion failed: l.text == \"Hi\" ('l.text' is \"Ho\")\n"
    assert "updated)" in result.stdout
    again = bindscript("test", *paths.values())
    assert again.returncode == 0 and again.stdout.splitlines()[-1] == "3 passed, 0 failed"


def test_regex_lines(suite):
    paths = suite(re='let a = Label()\nlet b = Label()\nb\n#> Label#[0-9]+ (re)\nprint("took 12 ms")\n#> took \\d+ ms (re)\n')
    assert bindscript("test", paths["re"]).returncode == 0
    paths = suite(bad='print("took many ms")\n#> took \\d+ ms (re)\n')
    result = bindscript("test", paths["bad"])
    assert result.returncode == 1 and "+took many ms" in result.stdout


def test_regex_lines_never_backtrack(suite):
    # (a+)+b against 24 a's takes a backtracking matcher 2^24 tries per
    # start; ' (re)' lines are matched without backtracking (issue 34).
    paths = suite(slow='print("' + "a" * 24 + '")\n#> (a+)+b (re)\n')
    result = bindscript("test", paths["slow"])
    assert result.returncode == 1, result.stdout
    assert f"{paths['slow']}:1: output differs" in result.stdout
    assert "    -(a+)+b (re)\n    +" + "a" * 24 + "\n" in result.stdout


def test_unsupported_regex_is_a_located_error(suite):
    paths = suite(backref='print("abab")\n  #> (ab)\\1 (re)\n')
    result = bindscript("test", paths["backref"])
    assert result.returncode == 1, result.stdout
    assert (
        f"  {paths['backref']}:2: bad ' (re)' pattern: the backreference '\\1' is not supported: "
        "' (re)' patterns are matched without backtracking, in time proportional to the line; "
        "write out the text it repeats\n"
        "    | #> (ab)\\1 (re)\n"
        "    | " + " " * 7 + "^\n"  # under the '\\1'
    ) in result.stdout


def test_large_scripts_finish_and_pass(suite):
    # 220,000 statements in two files (issue 34: `test` was quadratic in
    # statements): with '#>' lines and 20,000 statements sharing one line,
    # and without any '#>' line. The limits are generous on purpose: this
    # asserts that the run finishes and passes, not how fast.
    checked = "".join(f"print({i})\n#> {i}\n" for i in range(100_000))
    checked += "var x = 0\n" + "x = x + 1; " * 20_000 + "\nx\n#> 20000\n"
    unchecked = "var x = 0\n" + "x = x + 1\n" * 100_000 + "assert(x == 100000)\n"
    paths = suite(checked=checked, unchecked=unchecked)
    result = bindscript("test", "--timeout", "1200", *paths.values(), timeout=1500)
    assert result.returncode == 0, result.stdout
    assert result.stdout.splitlines()[-1] == "2 passed, 0 failed"


def test_update_rewrites_a_large_script(suite):
    count = 50_000
    paths = suite(big="".join(f"print({i})\n#> {i + 1}\n" for i in range(count)))
    result = bindscript("test", "--update", "--timeout", "1200", paths["big"], timeout=1500)
    assert result.returncode == 0, result.stdout
    assert open(paths["big"]).read() == "".join(f"print({i})\n#> {i}\n" for i in range(count))


def test_skip(suite):
    paths = suite(a=PASSING, b="# skip: waiting for host types\nnosuchname\n")
    result = bindscript("test", str(suite.root))
    assert result.returncode == 0
    assert f"SKIP {paths['b']} (waiting for host types)" in result.stdout
    assert result.stdout.splitlines()[-1] == "1 passed, 0 failed, 1 skipped"


def test_parallel_run_with_a_hanging_and_a_crashing_script(suite):
    paths = suite(
        a_ok=PASSING,
        b_hang="print(\"before\")\n#> before\nwhile true {}\n",
        c_crash="print(1)\n#> 1\n",
        d_ok=PASSING,
        e_wrong=WRONG,
        f_ok=PASSING,
    )
    # A timeout a loaded machine cannot miss for the scripts that pass (a
    # worker's start-up alone took over a second at load 10); the hanging
    # script still ends at it, and fails alone.
    result = bindscript(
        "test", "--jobs", "3", "--timeout", "8", "--max-steps", "1000000000000000", str(suite.root),
        env={"BINDSCRIPT_TEST_CRASH": "c_crash"}, timeout=180,
    )
    assert result.returncode == 1
    status = [line.split()[:2] for line in result.stdout.splitlines() if line[:4] in ("PASS", "FAIL")]
    assert status == [
        ["PASS", paths["a_ok"]], ["FAIL", paths["b_hang"]], ["FAIL", paths["c_crash"]],
        ["PASS", paths["d_ok"]], ["FAIL", paths["e_wrong"]], ["PASS", paths["f_ok"]],
    ]
    assert f"{paths['b_hang']}: timed out after 8.0 seconds" in result.stdout
    assert f"{paths['c_crash']}: crashed with signal 6 (SIGABRT)" in result.stdout
    assert result.stdout.splitlines()[-1] == "3 passed, 3 failed"


def test_a_script_on_standard_input(tmp_path):
    # `test -` and `test /dev/stdin` read the script once, in the runner (a
    # worker's standard input is the pipe that ties it to the runner).
    for path, name in (("-", "<stdin>"), ("/dev/stdin", "/dev/stdin")):
        passing = subprocess.run(
            [BIN, "test", path], input="print(1)\n#> 1\n", capture_output=True, text=True, timeout=60,
            env=dict(os.environ, NO_COLOR="1"))
        assert (passing.returncode, passing.stdout.splitlines()[-1]) == (0, "1 passed, 0 failed"), passing.stdout
        assert f"PASS {name}" in passing.stdout
        failing = subprocess.run(
            [BIN, "test", path], input="print(2)\n#> 1\n", capture_output=True, text=True, timeout=60,
            env=dict(os.environ, NO_COLOR="1"))
        assert failing.returncode == 1
        assert f"{name}:1: output differs" in failing.stdout, failing.stdout
    mixed = subprocess.run(
        [BIN, "test", "-", str(tmp_path)], input="print(1)\n", capture_output=True, text=True, timeout=60)
    assert mixed.returncode == 2 and "must be the only path" in mixed.stderr


def test_output_order_is_stable_across_jobs(suite):
    suite(**{f"s{i:02}": PASSING if i % 3 else WRONG for i in range(12)})
    outputs = set()
    for jobs in ("1", "2", "4"):
        result = bindscript("test", "--jobs", jobs, str(suite.root))
        outputs.add(tuple(" ".join(line.split()[:2]) for line in result.stdout.splitlines() if line[:4] in ("PASS", "FAIL")))
    assert len(outputs) == 1


def test_tap_is_accepted_by_prove(suite):
    # Not skipped when prove is missing: `make test-deps` installs Perl's prove.
    assert shutil.which("prove"), "prove is missing; `make test-deps` installs it"
    paths = suite(ok=PASSING, skip="# skip: later\n", wrong=WRONG, assert_=FAILED_ASSERT)
    exec_ = f"{BIN} test --format tap"
    ok = subprocess.run(["prove", "--exec", exec_, paths["ok"], paths["skip"]], capture_output=True, text=True)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert "Result: PASS" in ok.stdout
    bad = subprocess.run(["prove", "--exec", exec_, paths["wrong"], paths["assert_"]], capture_output=True, text=True)
    assert bad.returncode != 0
    assert "Result: FAIL" in bad.stdout
    assert "Parse errors" not in bad.stdout + bad.stderr
    # The YAML diagnostics parse, and carry the failure's location.
    tap = bindscript("test", "--format", "tap", paths["wrong"]).stdout
    assert tap.startswith("TAP version 13\n1..1\nnot ok 1 - ")
    assert f'  message: "{paths["wrong"]}:3: output differs"' in tap


def test_junit_xml_parses_back(suite):
    paths = suite(a_ok=PASSING, b_wrong=WRONG, c_skip="# skip: later\n", d_assert=FAILED_ASSERT)
    result = bindscript("test", "--format", "junit", str(suite.root))
    assert result.returncode == 1
    root = ET.fromstring(result.stdout)
    assert root.tag == "testsuites"
    assert (root.get("tests"), root.get("failures"), root.get("skipped")) == ("4", "2", "1")
    cases = root.findall("./testsuite/testcase")
    assert [case.get("name") for case in cases] == [paths[k] for k in ("a_ok", "b_wrong", "c_skip", "d_assert")]
    assert all(float(case.get("time")) >= 0 for case in cases)
    assert cases[0].find("failure") is None
    failure = cases[1].find("failure")
    assert failure.get("message") == f"{paths['b_wrong']}:3: output differs"
    assert '-"Hi"\n' in failure.text and '+"Ho"' in failure.text
    assert cases[2].find("skipped").get("message") == "later"
    assert "('l.text' is \"Ho\")" in cases[3].find("failure").get("message")


def test_recorded_run_replays_green(suite, tmp_path):
    script = """\
type Person {
  var name: String = ""
  var greeting: String { "Hello, \\(name)" }
}
let p = Person(name: "Ada")
let l = Label()
bind p.greeting -> l.text
observe l.text
p.name = "Bob"
l.text
p; p.name
print("two\\nlines")
for i in 0..<3 { print(i) }
"""
    paths = suite(session=script)
    record = str(tmp_path / "recorded.bind")
    run = bindscript("run", "--record", record, paths["session"])
    assert run.returncode == 0, run.stderr
    # `run` prints only print and observer output, never bare values.
    assert run.stdout == 'l.text: "Hello, Ada" -> "Hello, Bob"\ntwo\nlines\n0\n1\n2\n'
    recorded = open(record).read()
    assert 'l.text\n#> "Hello, Bob"\n' in recorded
    assert 'p; p.name\n#> Person#1\n#> "Bob"\n' in recorded
    replay = bindscript("test", record)
    assert replay.returncode == 0, replay.stdout
    assert replay.stdout.splitlines()[-1] == "1 passed, 0 failed"


def test_recorded_run_stops_at_the_first_error_and_still_replays(suite, tmp_path):
    paths = suite(err="let x = 1\nx\nnosuchname\nprint(\"not reached\")\n")
    record = str(tmp_path / "recorded.bind")
    run = bindscript("run", "--record", record, paths["err"])
    assert run.returncode == 1
    assert "not reached" not in open(record).read()
    assert bindscript("test", record).returncode == 0


def test_filter_and_shard(suite):
    names = [f"f{i}" for i in range(7)]
    suite(**{name: PASSING for name in names})
    def ran(*args):
        out = bindscript("test", *args, str(suite.root)).stdout
        return [line.split()[1] for line in out.splitlines() if line.startswith("PASS")]
    everything = ran()
    assert len(everything) == 7
    assert [os.path.basename(p) for p in ran("--filter", "f3")] == ["f3.bind"]
    assert [os.path.basename(p) for p in ran("--filter", "f[12]\\.bind$")] == ["f1.bind", "f2.bind"]
    shards = [ran("--shard", f"{k}/3") for k in (1, 2, 3)]
    assert sorted(sum(shards, [])) == everything
    assert ran("--shard", "2/3") == shards[1]


def test_default_path_is_scripts(tmp_path):
    (tmp_path / "Scripts" / "feature").mkdir(parents=True)
    (tmp_path / "Scripts" / "feature" / "a.bind").write_text(PASSING)
    result = bindscript("test", cwd=tmp_path)
    assert result.returncode == 0
    assert "PASS Scripts/feature/a.bind" in result.stdout


def test_usage_and_file_errors_exit_2(suite, tmp_path):
    assert bindscript("test", str(tmp_path / "missing")).returncode == 2
    assert bindscript("test", "--shard", "4/3", str(tmp_path)).returncode == 2
    assert bindscript("test", "--jobs", "0", str(tmp_path)).returncode == 2
    assert bindscript("test", "--format", "xml", str(tmp_path)).returncode == 2
    paths = suite(bad=b"print(1)\n\xff\n")
    result = bindscript("test", paths["bad"])
    assert result.returncode == 2
    assert result.stdout.startswith("FAIL " + paths["bad"])


def test_globs_and_redactions_and_update_keeping_them(tmp_path):
    (tmp_path / "Package.swift").write_text("")
    folder = tmp_path / "Scripts"
    folder.mkdir()
    (folder / ".redactions").write_text("<uuid>\n<n> n=\\d+\n")
    script = folder / "a.bind"
    script.write_text(
        'print("user 3F2504E0-4F89-11D3-9A0C-0305E82C3301, n=4, took 12 ms")\n'
        "#> user <uuid>, <n>, took * ms (glob)\n"
        'print("n=1"); print("new")\n'
        "#> <n>\n"
        "#> old\n")
    result = bindscript("test", str(script), cwd=tmp_path)
    assert result.returncode == 1
    assert "-old\n" in result.stdout and "+new\n" in result.stdout
    updated = bindscript("test", "--update", str(script), cwd=tmp_path)
    assert updated.returncode == 0, updated.stdout
    assert script.read_text().endswith("#> user <uuid>, <n>, took * ms (glob)\n" 'print("n=1"); print("new")\n' "#> <n>\n#> new\n")


def test_update_refuses_on_a_ci_server_unless_forced(suite):
    path = suite(stale='print(1)\n#> 2\n')["stale"]
    refused = bindscript("test", "--update", path, env={"CI": "true"})
    assert refused.returncode == 2, refused.stderr
    assert "CI is set" in refused.stderr and "'--force'" in refused.stderr
    assert open(path).read() == 'print(1)\n#> 2\n'
    forced = bindscript("test", "--update", "--force", path, env={"CI": "true"})
    assert forced.returncode == 0, forced.stdout + forced.stderr
    assert open(path).read() == 'print(1)\n#> 1\n'
    assert bindscript("test", "--update", path, env={"CI": "false"}).returncode == 0
