"""End-to-end tests of an app's own command (BindScriptApp.main with a
configure closure): the REPL of Sources/Examples/ExampleCommand, which
registers the example view-models and injects a LoginViewModel as `vm`,
driven in a pseudo-terminal like `bindscript`'s own REPL (test_repl.py).

The binary is $EXAMPLE_COMMAND_BIN, or ExampleCommand next to
$BINDSCRIPT_BIN (.build/debug by default).
"""

import os

import pytest

from test_repl import BIN, Session

EXAMPLE_BIN = os.environ.get("EXAMPLE_COMMAND_BIN", os.path.join(os.path.dirname(BIN), "ExampleCommand"))


@pytest.fixture
def app_repl(tmp_path):
    sessions = []

    def start(**env):
        session = Session(tmp_path, binary=EXAMPLE_BIN, **env)
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
