"""End-to-end tests of an app's own command (BindScriptApp.main with a
configure closure): the REPL of Sources/Examples/ExampleCommand, which
registers the example view-models and injects them (`search`, `form`,
`settings`, `todos`, `preferences`),
driven in a pseudo-terminal like `bindscript`'s own REPL (test_repl.py);
and the REPL of Sources/Examples/MainActorExampleCommand, which runs on the
main thread over a @MainActor view-model (BindScriptApp.mainOnMainActor).

The binaries are $EXAMPLE_COMMAND_BIN and $MAIN_ACTOR_EXAMPLE_COMMAND_BIN,
by default next to $BINDSCRIPT_BIN (.build/debug).
"""

import os
import re
import time

import pytest

from test_repl import BIN, Session

EXAMPLE_BIN = os.environ.get("EXAMPLE_COMMAND_BIN", os.path.join(os.path.dirname(BIN), "ExampleCommand"))
MAIN_ACTOR_BIN = os.environ.get(
    "MAIN_ACTOR_EXAMPLE_COMMAND_BIN", os.path.join(os.path.dirname(BIN), "MainActorExampleCommand"))


@pytest.fixture
def app_repl(tmp_path):
    sessions = []

    def start(binary=EXAMPLE_BIN, **env):
        session = Session(tmp_path, binary=binary, **env)
        sessions.append(session)
        return session

    yield start
    for session in sessions:
        session.close()


def test_tab_completes_a_member_of_a_host_type(app_repl):
    r = app_repl()
    # `form` is the injected Swift SignUpViewModel; its members come from
    # the registration.
    r.send("form.canS\t")
    r.expect("ubmit")
    assert r.run("") == "false\n"
    # A host type's constructor, then its members, through a variable;
    # methods complete too.
    r.run("let list = TodoList()")
    r.send("list.remai\t")
    r.expect("ning")
    assert r.run("") == "0\n"
    r.send("list.clearC\t")
    r.expect("ompleted")
    r.ctrl_c()
    r.prompt()
    # Several candidates are listed, as a shell lists them.
    r.send("form.\t")
    r.expect("confirmationError")
    r.ctrl_c()
    r.prompt()


def test_statements_run_on_the_injected_objects_in_virtual_time(app_repl):
    r = app_repl()
    assert r.run("observe search.isLoading") == ""
    assert r.run('search.query = "swift"') == ""
    assert r.run("wait 300ms") == "search.isLoading: false -> true\n"
    assert r.run("wait 200ms") == "search.isLoading: true -> false\n"
    assert r.run("search.titles") == '["Swift", "Swift Testing", "SwiftUI"]\n'
    assert r.run('form.email = "ada@example.com"') == ""
    assert r.run('form.password = "lovelace1"') == ""
    assert r.run('form.confirmation = "lovelace1"') == ""
    # The service's Swift error, located at the call.
    assert r.run("await form.submit()") == (
        "error: 'submit()' threw an error: 'ada@example.com' is already taken\n"
        "await form.submit()\n"
        "      ^~~~~~~~~~~~~\n")
    assert r.run("now") == "1s\n"


def test_swift_structs_enums_and_dates_in_the_app_repl(app_repl):
    r = app_repl()
    assert r.run('todos.add(title: "milk")') == "0\n"
    assert r.run("todos.items[0]") == 'Todo(title: "milk", isDone: false, added: 2026-11-25 08:41:04 +0000)\n'
    r.run("wait 1h")
    assert r.run('todos.add(Todo(title: "jam", isDone: true, added: todos.items[0].added + 90s))') == "1\n"
    assert r.run("todos.lines") == '["[ ] milk", "[x] jam"]\n'
    assert r.run("todos.added(before: todos.items[0].added + 1s).count") == "1\n"
    assert r.run('SearchHit(title: "Swift", score: 5) == SearchHit(title: "Swift", score: 5)') == "true\n"
    assert r.run("form.state") == ".idle\n"
    assert r.run('SubmitState.failed("x")') == '.failed("x")\n'
    # Mistakes are located errors, and the session goes on.
    out = r.run("SubmitState.failled")
    assert "error: type 'SubmitState' has no member 'failled'; did you mean 'failed'?" in out, out
    out = r.run('Todo(title: "x")')
    assert "error: 'Todo' takes 3 fields but 1 was given; write 'Todo(title: …, isDone: …, added: …)'" in out, out
    assert r.run("todos.items.count") == "2\n"


def test_types_lists_the_host_types_and_reset_keeps_them(app_repl):
    r = app_repl()
    types = r.run(":types")
    assert "type SignUpViewModel {\n  var email: String\n" in types, types
    assert "type TodoList {" in types and "  func add(title: String) throws -> Int\n" in types, types
    # Declared types come before the built-in ones.
    assert types.index("type SearchViewModel {") < types.index("# built-in"), types
    # The app's structs and enums, as Swift declares them.
    assert "struct SearchHit {\n  var title: String\n  var score: Int\n}\n" in types, types
    assert "enum SubmitState {\n  case idle\n  case submitting\n  case failed(String)\n  case succeeded(accountID: String)\n}\n" in types, types
    assert types.index("struct Todo {") < types.index("# built-in"), types
    # `settings` is the command's own object: it outlives a `:reset`.
    r.run("settings.volume = 9")
    assert r.run(":reset") == "session reset: variables, types and bindings are gone\n"
    # The new interpreter was configured too: the app's types and objects.
    assert r.run("TodoList().remaining") == "0\n"
    assert r.run("settings.volume") == "9\n"
    r.send("settings.outputD\t")
    r.expect("evice")
    r.ctrl_c()
    r.prompt()


def test_main_actor_command_drives_its_view_model_and_ctrl_c_still_works(app_repl):
    r = app_repl(binary=MAIN_ACTOR_BIN)
    r.send("counter.cou\t")
    r.expect("nt")
    assert r.run("") == "0\n"
    # The view-model traps unless it runs on the main actor.
    assert r.run("observe counter.count") == ""
    assert r.run("emit counter.increment") == "counter.count: 0 -> 1\n"
    # An async @MainActor method, awaited: it resumes on the main actor
    # (the scheduler drains the main queue on the main thread).
    assert r.run("await counter.add(2)") == "counter.count: 1 -> 3\n3\n"
    # Started without `await`, it runs when the script lets time pass.
    assert r.run("counter.add(1)") == ""
    assert r.run("wait 1ms") == "counter.count: 3 -> 4\n"
    # On the main thread too, Ctrl-C cancels a line and interrupts a loop.
    r.send("let lost = 12")
    r.expect("12")
    r.ctrl_c()
    r.prompt()
    r.child.sendline("while true { }")
    time.sleep(0.5)
    r.ctrl_c()
    assert "error: interrupted" in r.prompt()
    assert r.run(":reset") == "session reset: variables, types and bindings are gone\n"
    assert r.run("Counter().count") == "0\n"


def test_main_actor_tasks_run_at_the_real_time_prompt(app_repl):
    # A @MainActor search whose debounce sleeps 300ms on the clock, then
    # asks a nonisolated catalog that answers 200ms later: with
    # --real-time, the results arrive while the prompt waits for a key.
    r = app_repl(binary=MAIN_ACTOR_BIN, args=("--real-time",))
    assert r.run("let search = QuickSearchModel()") == ""
    assert r.run("observe search.results") == ""
    assert r.run('search.text = "ru"') == ""
    r.expect(re.escape('search.results: [] -> ["Rust"]'))
