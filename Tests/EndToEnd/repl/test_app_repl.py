"""End-to-end tests of an app's own command (BindScriptApp.main with a
configure closure): the REPL of Sources/Examples/ExampleCommand, which
registers the example view-models and injects a LoginViewModel as `vm`,
driven in a pseudo-terminal like `bindscript`'s own REPL (test_repl.py);
and the REPL of Sources/Examples/MainActorExampleCommand, which runs on the
main thread over a @MainActor view-model (BindScriptApp.mainOnMainActor).

The binaries are $EXAMPLE_COMMAND_BIN and $MAIN_ACTOR_EXAMPLE_COMMAND_BIN,
by default next to $BINDSCRIPT_BIN (.build/debug).
"""

import os
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
    # `vm` is the injected Swift LoginViewModel; its members come from the
    # registration.
    r.send("vm.canS\t")
    r.expect("ubmit")
    assert r.run("") == "false\n"
    # A host type's constructor, then its members, through a variable.
    r.run("let search = SearchViewModel()")
    r.send("search.resultC\t")
    r.expect("ount")
    assert r.run("") == "0\n"
    # Several candidates are listed, as a shell lists them.
    r.send("vm.\t")
    r.expect("errorMessage")
    r.ctrl_c()
    r.prompt()


def test_statements_run_on_the_injected_object(app_repl):
    r = app_repl()
    assert r.run("observe vm.canSubmit") == ""
    assert r.run('vm.username = "ada"') == ""
    assert r.run('vm.password = "lovelace1"') == "vm.canSubmit: false -> true\n"
    assert r.run("emit vm.submit") == ""
    assert r.run("vm.user?.name") == '"ada"\n'


def test_types_lists_the_host_types_and_reset_keeps_them(app_repl):
    r = app_repl()
    types = r.run(":types")
    assert "type LoginViewModel {\n  var username: String\n" in types, types
    assert "type SearchViewModel {" in types and "  event picked: Int\n" in types, types
    # Declared types come before the built-in ones.
    assert types.index("type User {") < types.index("# built-in"), types
    r.run('vm.username = "grace"')
    assert r.run(":reset") == "session reset: variables, types and bindings are gone\n"
    # The new interpreter was configured too: the app's types and its `vm`.
    assert r.run("SearchViewModel().query") == '""\n'
    assert r.run("vm.username") == '"grace"\n'
    r.send("vm.passw\t")
    r.expect("ord")
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
