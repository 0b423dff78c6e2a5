"""End-to-end tests of the REPL: the real `bindscript` binary in a
pseudo-terminal, driven with pexpect.

The binary is $BINDSCRIPT_BIN, or .build/debug/bindscript in the package.
Every test gets its own history file (BINDSCRIPT_HISTORY) in a temporary
folder, NO_COLOR=1 unless it tests colour, TERM=xterm and a UTF-8 locale.

Prompts are matched with the line break before them ("\r\n> "), because a
bare "> " also occurs in output such as `p.name: "Ada" -> "Grace"`.

Run: python3 -m pytest -q Tests/EndToEnd/repl
"""

import os
import re
import subprocess
import time

import pexpect
import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
BIN = os.environ.get("BINDSCRIPT_BIN", os.path.join(ROOT, ".build", "debug", "bindscript"))

PROMPT = "\r\n> "
CONTINUATION = "\r\n. "
UP_ARROW = "\x1b[A"
LEFT_ARROW = "\x1b[D"
TIMEOUT = 10


def environment(tmp_path, **extra):
    env = dict(os.environ)
    for key in ("NO_COLOR", "FORCE_COLOR"):
        env.pop(key, None)
    env.update(
        TERM="xterm",
        LC_ALL="C.UTF-8",
        LANG="C.UTF-8",
        HOME=str(tmp_path),  # no ~/.editrc of the user's
        BINDSCRIPT_HISTORY=str(tmp_path / "history"),
        NO_COLOR="1",
    )
    for key, value in extra.items():
        if value is None:
            env.pop(key, None)
        else:
            env[key] = value
    return env


class Session:
    """One REPL process in a pseudo-terminal."""

    def __init__(self, tmp_path, binary=BIN, args=(), **env):
        if not os.path.exists(binary):
            pytest.fail(f"no binary at {binary}; build it or set BINDSCRIPT_BIN")
        self.spawn(binary, args, environment(tmp_path, **env), tmp_path)

    def spawn(self, binary, args, env, cwd):
        """Starts `binary` in a 40x160 terminal and waits for its first prompt."""
        self.child = pexpect.spawn(
            binary, list(args), env=env, cwd=str(cwd), encoding="utf-8", timeout=TIMEOUT, dimensions=(40, 160))
        self.child.expect("Type :help for help")
        self.prompt()

    def prompt(self):
        """Waits for the primary prompt; returns what came before it."""
        self.child.expect_exact(PROMPT)
        return self.child.before

    def run(self, line):
        """Types a line and returns its output (without the echo of the line)."""
        self.child.sendline(line)
        output = self.prompt()
        # The echo of the line comes first; the output's last line break is
        # the one PROMPT consumed.
        output = output.split("\r\n", 1)[1] if "\r\n" in output else ""
        return clean(output + "\r\n") if output else ""

    def send(self, text):
        self.child.send(text)

    def expect(self, pattern):
        self.child.expect(pattern)
        return self.child

    def ctrl_c(self):
        # libedit prints the prompt before it puts the terminal in raw mode
        # (read_prepare, then el_wgetc). A Ctrl-C in that window is delivered
        # before read() blocks, so it only takes effect at the next key. A
        # person cannot hit that window; a test can, so it lets the reader
        # settle first.
        time.sleep(0.15)
        self.child.sendintr()

    def ctrl_d(self):
        # The same window as for Ctrl-C: a ^D that arrives while the terminal
        # is still in canonical mode is the line discipline's end-of-file
        # mark, and libedit, which reads only after turning canonical mode
        # off, never sees it (a ^D sent before the prompt is drawn is lost;
        # the next one exits). On a loaded machine a test hit that window;
        # a person typing at the prompt cannot.
        time.sleep(0.15)
        self.child.sendeof()

    def wait_exit(self):
        self.child.expect(pexpect.EOF)
        self.child.close()
        return self.child.exitstatus

    def close(self):
        if self.child.isalive():
            self.child.terminate(force=True)


def clean(text):
    """Output without terminal control sequences and with "\n" line ends."""
    text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", text)
    return text.replace("\r\n", "\n").replace("\r", "")


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


def history_entries(tmp_path):
    path = tmp_path / "history"
    return path.read_text(encoding="utf-8").splitlines() if path.exists() else []


def test_multi_line_type_declaration_is_one_entry(repl, tmp_path):
    r = repl()
    r.child.sendline("type Person {")
    r.child.expect_exact(CONTINUATION)
    r.child.sendline('  var name: String = ""')
    r.child.expect_exact(CONTINUATION)
    r.child.sendline('  var greeting: String { "Hello, \\(name)" }')
    r.child.expect_exact(CONTINUATION)
    r.child.sendline("}")
    r.prompt()
    assert r.run('let p = Person(name: "Ada")') == ""
    assert r.run("p.greeting") == '"Hello, Ada"\n'
    # The whole block is one history entry (newlines escaped in the file).
    entries = history_entries(tmp_path)
    assert entries[0] == 'type Person {\\n  var name: String = ""\\n  var greeting: String { "Hello, \\\\(name)" }\\n}'


def test_observer_prints_after_assignment(repl):
    r = repl()
    r.run('type Person { var name: String = "" }')
    r.run('let p = Person(name: "Ada")')
    assert r.run("observe p.name") == ""
    assert r.run('p.name = "Grace"') == 'p.name: "Ada" -> "Grace"\n'
    assert r.run(":bindings") == "observe p.name\n"


def test_tab_completes_a_property_after_name_dot(repl):
    r = repl()
    r.run('type User { var nickname: String = "" }')
    r.run("type Model { var user: User?; var title: String = \"\" }")
    r.run('let vm = Model(title: "Home")')
    r.send("vm.ti\t")
    r.expect("tle")
    assert r.run("") == '"Home"\n'
    # Through a chain whose link is still nil: the declared type is used.
    r.send("vm.user.ni\t")
    r.expect("ckname")
    r.send("\x15")  # Ctrl-U: drop the line
    r.child.sendline("")
    r.prompt()
    # Several candidates are listed, as a shell lists them.
    r.send("vm.\t")
    r.expect("title")
    r.ctrl_c()
    r.prompt()


def test_tab_completes_a_subscripted_member_and_hints_a_signature(repl):
    r = repl()
    r.run('type Result { var title: String = "" }')
    r.run("type Search { var results: [Result] = []; func select(index: Int, animated: Bool) -> Bool { true } }")
    r.run('let search = Search(results: [Result(title: "Swift")])')
    r.run('let byName = ["first": search]')
    r.send("search.results[0].ti\t")
    r.expect("tle")
    assert r.run("") == '"Swift"\n'
    r.send('byName["first"]?.res\t')
    r.expect("ults")
    r.send("\x15")  # Ctrl-U: drop the line
    r.child.sendline("")
    r.prompt()
    # After the `(` of a call, Tab shows the method's signature and inserts nothing.
    r.send("search.select(\t")
    r.child.expect_exact("select(index: Int, animated: Bool) -> Bool")
    r.send("index: 0, animated: false)\r")
    assert clean(r.prompt()).endswith("> search.select(index: 0, animated: false)\ntrue")


def test_error_keeps_state_for_the_next_statement(repl):
    r = repl()
    assert r.run("var total = 40") == ""
    output = r.run("total += missing")
    assert output.startswith("error: ") and "missing" in output.splitlines()[0], output
    # The REPL form: no path, the line, a caret under the culprit.
    assert output.endswith("\ntotal += missing\n         ^~~~~~~\n"), output
    assert r.run("total + 2") == "42\n"


def test_ctrl_c_cancels_a_half_typed_line(repl):
    r = repl()
    r.send("let lost = 12")
    r.expect("12")
    r.ctrl_c()
    r.expect(r"\^C")
    r.prompt()
    assert r.run("1 + 1") == "2\n"
    assert r.run("lost").startswith("error: ")
    # A block under way is cancelled whole.
    r.child.sendline("type Half {")
    r.child.expect_exact(CONTINUATION)
    r.ctrl_c()
    r.prompt()
    assert r.run('"back at the primary prompt"') == '"back at the primary prompt"\n'


def test_ctrl_c_interrupts_a_long_loop(repl):
    r = repl()
    r.run("var count = 0")
    r.child.sendline("while true { count += 1 }")
    time.sleep(0.7)
    r.ctrl_c()
    output = clean(r.prompt())
    assert "error: interrupted" in output
    assert r.run("count > 0") == "true\n"
    r.child.sendline("for i in 1...100000000 { }")
    time.sleep(0.5)
    r.ctrl_c()
    assert "error: interrupted" in clean(r.prompt())
    assert r.run('"still here"') == '"still here"\n'


def test_history_is_recalled_with_the_up_arrow_in_a_second_session(repl, tmp_path):
    first = repl()
    first.run('print("from the first session")')
    first.child.sendline("type Saved {")
    first.child.expect_exact(CONTINUATION)
    first.child.sendline("  var x: Int = 7")
    first.child.expect_exact(CONTINUATION)
    first.child.sendline("}")
    first.prompt()
    first.ctrl_d()
    assert first.wait_exit() == 0

    second = repl()
    # Newest first: the block, then the print.
    second.send(UP_ARROW + UP_ARROW)
    second.expect("from the first session")
    # (The redraws of the recalled block leave blank lines before the output.)
    assert second.run("").lstrip("\n") == "from the first session\n"
    # Two entries back (this session's print is the newest) is the
    # multi-line block, recalled and run whole.
    second.send(UP_ARROW + UP_ARROW)
    second.child.sendline("")
    second.prompt()
    assert second.run("Saved().x") == "7\n"


def test_non_ascii_text_is_edited_and_printed_back(repl):
    r = repl()
    r.send('print("añb")')
    r.send(LEFT_ARROW * 3)  # before "b": past ')', '"' and 'b'
    r.send("ü")
    r.expect("ü")
    assert r.run("") == "añüb\n"
    # Wide characters: move left over two of them, insert between.
    r.send('print("日本語")')
    r.send(LEFT_ARROW * 3)  # past ')', '"' and '語'
    r.send("\x02")  # Ctrl-B: past '本'
    r.send("→")
    assert r.run("") == "日→本語\n"
    assert r.run('"✓ déjà vu"') == '"✓ déjà vu"\n'


def test_save_writes_a_replayable_test_script(repl, tmp_path):
    r = repl()
    r.run('type Person { var name: String = "" }')
    r.run('let p = Person(name: "Ada")')
    r.run("observe p.name")
    r.run('p.name = "Grace"')
    r.run("p.nope")
    r.run("p.name")
    r.run("print(p.name)")
    r.run(":vars")  # meta commands are not part of the script
    assert r.run(":save session.bind") == "saved 7 statements to 'session.bind'\n"
    script = (tmp_path / "session.bind").read_text(encoding="utf-8")
    assert script == (
        'type Person { var name: String = "" }\n'
        'let p = Person(name: "Ada")\n'
        "observe p.name\n"
        'p.name = "Grace"\n'
        '#> p.name: "Ada" -> "Grace"\n'
        "p.nope\n"
        "#> error: no property 'nope' on Person\n"
        "p.name\n"
        '#> "Grace"\n'
        "print(p.name)\n"
        "#> Grace\n"
    )
    # Replay it with the test runner, where this build has one.
    usage = subprocess.run([BIN, "--help"], capture_output=True, text=True).stdout
    if re.search(r"^\s+test\s", usage, re.MULTILINE):
        result = subprocess.run([BIN, "test", str(tmp_path / "session.bind")],
                                capture_output=True, text=True, cwd=str(tmp_path))
        assert result.returncode == 0, result.stdout + result.stderr


def test_second_ctrl_c_on_an_empty_line_exits(repl):
    r = repl()
    r.ctrl_c()
    r.expect(r"\(press Ctrl-C again or type :quit to exit\)")
    r.prompt()
    r.ctrl_c()
    assert r.wait_exit() == 0


def test_ctrl_c_after_other_input_needs_two_presses_again(repl):
    r = repl()
    r.ctrl_c()
    r.prompt()
    assert r.run("1") == "1\n"
    r.ctrl_c()
    r.expect(r"press Ctrl-C again")
    r.prompt()
    assert r.child.isalive()


def test_ctrl_d_exits_and_saves_history(repl, tmp_path):
    r = repl()
    r.run("let a = 1")
    r.run(":vars")
    r.ctrl_d()
    assert r.wait_exit() == 0
    assert history_entries(tmp_path) == ["let a = 1", ":vars"]


def test_quit_exits(repl):
    r = repl()
    r.child.sendline(":quit")
    assert r.wait_exit() == 0


def test_meta_commands(repl, tmp_path):
    r = repl()
    (tmp_path / "lib.bind").write_text('let fromFile = "loaded"\nprint(fromFile)\nlet broken = nope\n')
    output = r.run(":load lib.bind")
    assert output.startswith("loaded\nlib.bind:3:14: error: "), output
    assert output.endswith("let broken = nope\n             ^~~~\n"), output
    assert r.run("fromFile") == '"loaded"\n'
    assert r.run(":lod lib.bind") == "error: unknown command ':lod'; did you mean ':load'?\n"
    assert "Example:" in r.run(":help bind")
    assert ":graph [FILE]" in r.run(":help")
    r.run("let label = Label()")
    r.run('let button = Button(title: fromFile)')
    r.run("bind button.title -> label.text as shown")
    r.run("on button.tap { }")
    assert r.run(":bindings") == "bind button.title -> label.text as shown\non button.tap\n"
    assert r.run(":graph").startswith("digraph bindings {")
    picture = tmp_path / "session.svg"
    assert r.run(f":graph {picture}") == f"wrote the binding graph to '{picture}'\n"
    svg = picture.read_text()
    assert "<svg" in svg and ">button: Button</text>" in svg and ">on { … }</text>" in svg, svg
    assert r.run(f":graph {tmp_path}/x.jpeg").startswith("error: cannot tell the format of")
    assert r.run(f":graph {tmp_path}/none/x.svg").startswith("error: cannot write"), "a missing folder"
    assert r.run(":reset") == "session reset: variables, types and bindings are gone\n"
    assert r.run(":vars") == "no variables\n"


def test_why_records_causes_from_its_first_use(repl):
    r = repl()
    r.run('type VM { var name = ""; var greeting: String { "Hello, \\(name)" } }')
    r.run("let vm = VM()")
    r.run("let label = Label()")
    r.run("bind vm.greeting -> label.text")
    r.run('vm.name = "Bob"')
    # Nothing was recorded before the first 'why'.
    assert r.run(":why label.text") == (
        "label.text has not changed since 'why' was first used in this session; "
        "changes before that were not recorded\n")
    r.run('vm.name = "Ada"')
    assert r.run("why label.text") == (
        'label.text = "Hello, Ada"\n'
        "  <- bind vm.greeting -> label.text\n"
        '  <- vm.greeting = "Hello, Ada" (derived)\n'
        '  <- vm.name = "Ada" in \'vm.name = "Ada"\'\n')
    r.run("let shown = Label()")
    r.run("bind vm.name -> shown.text")
    assert r.run(":why shown.text") == (
        'shown.text = "Ada"\n'
        "  <- bind in 'bind vm.name -> shown.text'\n"
        '  <- vm.name = "Ada" in \'vm.name = "Ada"\'\n')
    assert r.run(":why") == "error: ':why' needs a value: :why label.text\n"
    r.run("let button = Button()")
    assert r.run(":why button.tap").startswith("error: 'tap' is an event; 'why' takes a value")


def test_colour_only_when_allowed(repl, tmp_path):
    plain = repl()
    assert "\x1b[" not in plain.run('"x"')
    child = pexpect.spawn(BIN, env=environment(tmp_path, NO_COLOR=None, FORCE_COLOR="1"),
                          encoding="utf-8", timeout=TIMEOUT)
    try:
        child.expect_exact("\x1b[1;32m> ")
        child.sendline('"x"')
        child.expect_exact('\x1b[32m"x"\x1b[0m')
        child.sendline("nope")
        child.expect_exact("\x1b[1;31merror:")
        child.expect_exact("\x1b[1;32m> ")
    finally:
        child.terminate(force=True)
    # On a terminal without NO_COLOR or FORCE_COLOR, colour is on.
    default = pexpect.spawn(BIN, env=environment(tmp_path, NO_COLOR=None), encoding="utf-8",
                            timeout=TIMEOUT)
    try:
        default.expect_exact("\x1b[1;32m> ")
    finally:
        default.terminate(force=True)


def test_piped_input_runs_as_a_script_without_prompts(tmp_path):
    env = environment(tmp_path)
    result = subprocess.run([BIN], input='let x = 2\nprint(x * 21)\n"not echoed"\n',
                            capture_output=True, text=True, env=env)
    assert result.returncode == 0
    assert result.stdout == "42\n"
    failing = subprocess.run([BIN], input="print(1)\nnope\n", capture_output=True, text=True, env=env)
    assert failing.returncode == 1
    assert failing.stdout == "1\n"
    assert failing.stderr.startswith("<stdin>:2:1: error: ")
