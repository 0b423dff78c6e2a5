"""End-to-end tests of methods, structs and enums in the REPL (issue 15):
a multi-line type with a method is one entry and is kept, its methods
complete and show in `:types`, and values print as Swift prints them.

Run: python3 -m pytest -q Tests/EndToEnd/repl/test_repl_value_types.py
"""

from test_repl import CONTINUATION, repl  # noqa: F401  (the fixture)


def test_type_with_a_method_is_kept_and_its_method_completes(repl):  # noqa: F811
    r = repl()
    r.child.sendline("type Picker {")
    r.child.expect_exact(CONTINUATION)
    r.child.sendline("  var selected: Int = 0")
    r.child.expect_exact(CONTINUATION)
    r.child.sendline("  func select(index: Int) { selected = index }")
    r.child.expect_exact(CONTINUATION)
    r.child.sendline("}")
    r.prompt()
    assert r.run("let picker = Picker()") == ""
    r.send("picker.sel\t")
    r.expect("ect")
    r.send("\x15")  # Ctrl-U: drop the line
    r.child.sendline("")
    r.prompt()
    assert r.run("picker.select(index: 2)") == ""
    assert r.run("picker.selected") == "2\n"
    assert "error: missing argument label 'index:' in call to 'select(index:)'" in r.run("picker.select(2)")
    types = r.run(":types")
    assert "func select(index: Int)" in types


def test_structs_and_enums_print_as_swift_does(repl):  # noqa: F811
    r = repl()
    r.run("struct Point { var x: Int; var y: Int = 0 }")
    r.run("enum State { case idle; case failed(String) }")
    assert r.run("Point(x: 1)") == "Point(x: 1, y: 0)\n"
    assert r.run('State.failed("timeout")') == '.failed("timeout")\n'
    assert r.run("var p = Point(x: 1)") == ""
    assert r.run("var q = p") == ""
    assert r.run("q.x = 5") == ""
    assert r.run("p.x") == "1\n"
    types = r.run(":types")
    assert "struct Point {\n  var x: Int\n  var y: Int\n}" in types
    assert 'enum State {\n  case idle\n  case failed(String)\n}' in types
