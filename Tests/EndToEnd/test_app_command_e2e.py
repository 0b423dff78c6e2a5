"""End-to-end tests of an app's own command: Sources/Examples/ExampleCommand,
whose main is `BindScriptApp.main(commandName:configure:)` over the example
view-models (`SearchViewModel`, `SignUpViewModel`, `Settings`, `TodoList`,
`Preferences`, …; `search`, `form`, `settings`, `todos` and `preferences`
injected).

`test` runs each file in a worker process that is the app's executable run
again, so the workers must have the app's types: these tests run with
`--jobs 2`, and check that plain `bindscript` lacks them.

The binary is $EXAMPLE_COMMAND_BIN, or ExampleCommand next to
$BINDSCRIPT_BIN (.build/debug by default).
"""
import os
import re
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.environ.get("BINDSCRIPT_BIN", os.path.join(ROOT, ".build", "debug", "bindscript"))
EXAMPLE_BIN = os.environ.get("EXAMPLE_COMMAND_BIN", os.path.join(os.path.dirname(BIN), "ExampleCommand"))
HOST_EXAMPLE_BIN = os.path.join(os.path.dirname(BIN), "BindScriptExample")
MAIN_ACTOR_BIN = os.environ.get(
    "MAIN_ACTOR_EXAMPLE_COMMAND_BIN", os.path.join(os.path.dirname(BIN), "MainActorExampleCommand"))

SEARCH = """\
# `search` is the debounced SearchViewModel the command injected, on the
# script's virtual clock: 300ms of debounce, then 200ms of the fake service.
observe search.titles
search.query = "rust"
wait 499ms
search.titles
#> []
wait 1ms
#> search.titles: [] -> ["Rust"]
# A host type made by the script, through the constructor Swift registered.
let mine = SearchViewModel()
mine.query = "lua"
await mine.refresh()
mine.titles
#> ["Lua"]
"""

TODOS = """\
# `todos` is the TodoList the command injected; methods take Swift's labels.
observe todos.remaining
todos.add(title: "milk")
#> todos.remaining: 0 -> 1
#> 0
todos.toggle(at: 0)
#> todos.remaining: 1 -> 0
assert(todos.lines == ["[x] milk"])
"""

WRONG = """\
todos.add(title: "a")
todos.add(title: "b")
todos.remaining
#> 3
"""


def command(binary, *args, cwd=None, timeout=60):
    return subprocess.run(
        [binary, *args], cwd=cwd, env=dict(os.environ, NO_COLOR="1"),
        capture_output=True, text=True, timeout=timeout)


def write(tmp_path, **files):
    for name, text in files.items():
        (tmp_path / (name + ".bind")).write_text(text)
    return str(tmp_path)


def test_test_runs_scripts_with_host_types_in_two_workers(tmp_path):
    folder = write(tmp_path, search=SEARCH, todos=TODOS)
    result = command(EXAMPLE_BIN, "test", folder, "--jobs", "2")
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith(f"PASS {folder}/search.bind ("), result.stdout
    assert lines[1].startswith(f"PASS {folder}/todos.bind ("), result.stdout
    assert lines[-1] == "2 passed, 0 failed"
    # The plain command has no such types: the same scripts fail there.
    plain = command(BIN, "test", folder, "--jobs", "2")
    assert plain.returncode == 1
    assert "cannot find 'SearchViewModel' in scope" in plain.stdout, plain.stdout


def test_a_failing_script_points_at_its_line(tmp_path):
    folder = write(tmp_path, wrong=WRONG, search=SEARCH)
    result = command(EXAMPLE_BIN, "test", folder, "--jobs", "2")
    assert result.returncode == 1
    assert f"{folder}/wrong.bind:3: output differs" in result.stdout, result.stdout
    assert "    -3\n    +2\n" in result.stdout, result.stdout
    assert result.stdout.splitlines()[-1] == "1 passed, 1 failed"


def test_the_example_scripts_pass(tmp_path):
    scripts = os.path.join(ROOT, "Sources", "Examples", "Scripts")
    result = command(EXAMPLE_BIN, "test", scripts, "--jobs", "2")
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.splitlines()[-1] == "5 passed, 0 failed"


def test_run_check_and_graph_have_the_host_types(tmp_path):
    script = tmp_path / "run.bind"
    script.write_text('search.query = "rust"\nwait 1s\nprint(search.titles)\n'
                      'let label = Label()\nbind "\\(todos.remaining) to do" -> label.text\n'
                      'observe todos.remaining as left { }\ntodos.add(title: "milk")\n')
    run = command(EXAMPLE_BIN, "run", str(script))
    assert (run.returncode, run.stdout, run.stderr) == (0, '["Rust"]\n', "")
    check = command(EXAMPLE_BIN, "check", str(script))
    assert (check.returncode, check.stderr) == (0, "")
    dot = tmp_path / "graph.dot"
    graph = command(EXAMPLE_BIN, "graph", str(script), "-o", str(dot))
    assert graph.returncode == 0, graph.stdout + graph.stderr
    assert dot.read_text().startswith("digraph bindings {")
    assert 'label="label: Label"' in dot.read_text() and '\\"1 to do\\"' in dot.read_text(), dot.read_text()
    # A host object's cluster is titled by the name the app injected it as,
    # and names its Swift class.
    assert 'label="todos: TodoList\\nSwift class TodoList"' in dot.read_text(), dot.read_text()
    # An observer of a host property hangs off the Swift node, drawn once;
    # `remaining` is computed in Swift, so it is drawn as a derived value.
    assert dot.read_text().count('label="remaining\\n= 1"') == 1, dot.read_text()
    assert 'style=rounded, label="remaining\\n= 1"' in dot.read_text(), dot.read_text()
    # Its getter reads `items`: drawn once, as scripts print it, with an
    # edge into `remaining`.
    items = re.findall(r'(n\d+) \[shape=box, label="items\\n= \[Todo\(title: \\"milk\\"', dot.read_text())
    remaining = re.findall(r'(n\d+) \[shape=box, style=rounded, label="remaining', dot.read_text())
    assert len(items) == 1 and len(remaining) == 1, dot.read_text()
    assert f"{items[0]} -> {remaining[0]} [style=dashed];" in dot.read_text(), dot.read_text()
    assert 'label="observe as left"' in dot.read_text()
    assert "observer" not in dot.read_text().split("subgraph cluster_legend")[0], "no unlisted observers"
    unknown = command(EXAMPLE_BIN, "check", str(tmp_path / "missing.bind"))
    assert unknown.returncode == 2


def test_check_and_run_find_a_wrong_initializer_call_at_its_argument(tmp_path):
    # Settings declares `init(volume: Int = 5, theme: String = "system")`.
    script = tmp_path / "inits.bind"
    script.write_text('let quiet = Settings(volume: 2)\nprint(quiet.volume)\nlet loud = Settings(volume: "loud")\n')
    check = command(EXAMPLE_BIN, "check", str(script))
    assert check.returncode == 1, check.stdout + check.stderr
    assert check.stderr.splitlines()[:3] == [
        f"{script}:3:29: error: cannot convert value of type 'String' to expected argument type 'Int' "
        "in call to 'Settings.init(volume:)'",
        'let loud = Settings(volume: "loud")',
        "                            ^~~~~~",
    ], check.stderr
    run = command(EXAMPLE_BIN, "run", str(script))
    assert run.returncode == 1 and run.stdout == "2\n", run.stdout + run.stderr
    assert f"{script}:3:29: error: cannot convert value of type 'String'" in run.stderr, run.stderr


def test_help_shows_the_apps_command_name():
    result = command(EXAMPLE_BIN, "--help")
    assert result.returncode == 0
    assert "USAGE: ExampleCommand " in result.stdout, result.stdout
    # Standard input that is not a terminal is run as a script, with the
    # app's objects too.
    piped = subprocess.run([EXAMPLE_BIN], input='form.email = "x"\nprint(form.emailError)\n',
                           capture_output=True, text=True, timeout=60)
    assert (piped.returncode, piped.stdout) == (0, "not an email address\n")


COUNTER = """\
# The @MainActor CounterViewModel of MainActorExampleCommand, injected as
# `counter`; its handler traps unless it runs on the main actor.
observe counter.count
emit counter.increment
#> counter.count: 0 -> 1
let mine = Counter()
emit mine.increment
assert(mine.count == 1)
"""


def test_main_actor_command_runs_tests_in_two_workers(tmp_path):
    folder = write(tmp_path, a=COUNTER, b=COUNTER)
    result = command(MAIN_ACTOR_BIN, "test", folder, "--jobs", "2")
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.splitlines()[-1] == "2 passed, 0 failed"
    run = command(MAIN_ACTOR_BIN, "run", str(tmp_path / "a.bind"))
    assert (run.returncode, run.stdout, run.stderr) == (0, "counter.count: 0 -> 1\n", "")


LEFT_RUNNING = """\
let banner = BannerModel()
banner.show("Saved")
"""

UNCHECKED_AWAIT = """\
type FakeAuth: AuthService {
  func signIn(email: String, password: String) async throws -> User { User(name: "Ada") }
}
let login = LoginModel(auth: FakeAuth())
await login.signIn()
login.errorMessage
#> nil
"""


def test_strict_names_a_main_actor_task_left_running_and_an_unchecked_await(tmp_path):
    # In workers (`--jobs 2`), as an app's CI runs them: each failure names
    # the statement, and the Swift method, that left the work; the banner's
    # task never runs and the run ends anyway.
    folder = write(tmp_path, running=LEFT_RUNNING, unchecked=UNCHECKED_AWAIT)
    lenient = command(MAIN_ACTOR_BIN, "test", folder, "--jobs", "2")
    assert lenient.returncode == 0, lenient.stdout + lenient.stderr
    result = command(MAIN_ACTOR_BIN, "test", folder, "--jobs", "2", "--strict")
    assert result.returncode == 1, result.stdout + result.stderr
    running, unchecked = str(tmp_path / "running.bind"), str(tmp_path / "unchecked.bind")
    assert (
        f"  {running}: the script ends with 1 thing still to run (--strict); "
        "'wait' for them and state what they print, or dispose them\n"
        f"    1 Swift task started during 'banner.show(\"Saved\")' at {running}:2:1 by BannerModel.show(_:) has not "
        "finished: it waits to run ('wait' runs it) or for something other than the script's clock, such as a "
        "continuation or a stream nothing resumes\n") in result.stdout
    assert (
        f"  {unchecked}:5: 'login.user' changed during 'await login.signIn()' at {unchecked}:5:7 and nothing checked "
        "it (--strict); 'observe login' before the call, or state 'login.user' with a '#>' line after it\n"
    ) in result.stdout
    assert "errorMessage" not in result.stdout
    assert result.stdout.splitlines()[-1] == "0 passed, 2 failed"


def test_a_strict_line_in_a_script_is_strict_without_the_flag(tmp_path):
    folder = write(tmp_path, a="# strict\n" + LEFT_RUNNING)
    result = command(MAIN_ACTOR_BIN, "test", folder)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "1 Swift task started during 'banner.show(\"Saved\")'" in result.stdout


def test_main_actor_examples_pass_in_the_apps_own_command_every_time():
    # The scripts `Tests/MainActorExamplesTests` runs through `await
    # expectScript`, here through the examples' own command (each file in a
    # worker, on the main thread): the same transcripts, run after run.
    scripts = os.path.join(ROOT, "Sources", "Examples", "MainActorScripts")
    for _ in range(5):
        result = command(MAIN_ACTOR_BIN, "test", scripts, "--jobs", "2")
        assert result.returncode == 0, result.stdout + result.stderr
        assert result.stdout.splitlines()[-1] == "6 passed, 0 failed"


def test_interpreters_that_go_at_odd_moments_leave_the_host_running():
    # The host example drops an interpreter mid-session (a task asleep on
    # its clock, a repeating timer, a host call under way) without
    # `endSession()`, while Swift keeps and writes a model it observed; holds
    # an object a host function made only through a script variable; and
    # makes 300 sessions it never ends. None of it may crash the process.
    result = command(HOST_EXAMPLE_BIN, "--lifetimes")
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.splitlines() == [
        "dropped mid-session: Swift's model still works (font size 24)",
        "an object a host function made: 16",
        "300 sessions never ended: Swift's model still works ([\"swift\"])",
    ]
