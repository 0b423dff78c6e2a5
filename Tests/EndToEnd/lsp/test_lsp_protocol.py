"""`bindscript lsp` driven by a real LSP client: pytest-lsp (pygls and
lsprotocol) starts the server, speaks the protocol to it and checks every
feature: diagnostics (the same as `bindscript check`), quick fixes,
completion, hover, go to definition, document symbols, formatting, and
incremental changes with UTF-16 positions in non-ASCII text.

The binary is $BINDSCRIPT_BIN (.build/debug/bindscript by default); the app
command tests use ExampleCommand next to it.
"""
import asyncio
import os
import re
import subprocess
import time

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
BIN = os.environ.get("BINDSCRIPT_BIN", os.path.join(ROOT, ".build", "debug", "bindscript"))
EXAMPLE_BIN = os.environ.get("EXAMPLE_COMMAND_BIN", os.path.join(os.path.dirname(BIN), "ExampleCommand"))


async def start(client: LanguageClient):
    await client.initialize_session(types.InitializeParams(
        capabilities=pytest_lsp.client_capabilities("visual-studio-code"),
        root_uri=None))


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[BIN, "lsp"]))
async def client(lsp_client: LanguageClient):
    await start(lsp_client)
    yield
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[EXAMPLE_BIN, "lsp"]))
async def app_client(lsp_client: LanguageClient):
    await start(lsp_client)
    yield
    await lsp_client.shutdown_session()


def open_document(client, path, text, version=1):
    uri = "file://" + str(path)
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="bindscript", version=version, text=text)))
    return uri


async def diagnostics_for(client, uri, until=lambda diagnostics: True, timeout=30):
    """The diagnostics last published for `uri`, once `until` accepts them."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if uri in client.diagnostics and until(client.diagnostics[uri]):
            return client.diagnostics[uri]
        try:
            await asyncio.wait_for(client.wait_for_notification("textDocument/publishDiagnostics"), 0.2)
        except asyncio.TimeoutError:
            pass
    raise AssertionError(f"no diagnostics as expected for {uri}: {client.diagnostics.get(uri)}")


def labels(result):
    items = result.items if isinstance(result, types.CompletionList) else result
    return [item.label for item in items]


def pos(line, character):
    return types.Position(line=line, character=character)


def utf16_column(line_text, byte_or_char_index):
    return len(line_text[:byte_or_char_index].encode("utf-16-le")) // 2


SCRIPT = """\
type User {
  var name: String = ""
  var greeting: String { "Hi, \\(name)" }
  event saved
}
type VM {
  var user: User? = nil
  var title: String = ""
}
let vm = VM()
func shout(text) {
  return text + "!"
}
print(vn.title)
"""


@pytest.mark.asyncio
async def test_diagnostics_are_those_of_check(client: LanguageClient, tmp_path):
    path = tmp_path / "check.bind"
    path.write_text(SCRIPT)
    uri = open_document(client, path, SCRIPT)
    diagnostics = await diagnostics_for(client, uri)
    check = subprocess.run([BIN, "check", str(path)], capture_output=True, text=True)
    match = re.search(r":(\d+):(\d+): error: (.*)", check.stderr)
    assert match, check.stderr
    assert len(diagnostics) == 1
    assert diagnostics[0].message.split("\n")[0] == match.group(3)
    assert diagnostics[0].range.start == pos(int(match.group(1)) - 1, int(match.group(2)) - 1)
    assert diagnostics[0].severity == types.DiagnosticSeverity.Error


@pytest.mark.asyncio
async def test_syntax_errors_and_incremental_changes(client: LanguageClient, tmp_path):
    uri = open_document(client, tmp_path / "edit.bind", "let x = (1 +\nprint(x)\n")
    diagnostics = await diagnostics_for(client, uri)
    assert diagnostics and diagnostics[0].severity == types.DiagnosticSeverity.Error
    # Close the parenthesis: an incremental change at line 0, character 12.
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[types.TextDocumentContentChangePartial(
            range=types.Range(start=pos(0, 12), end=pos(0, 12)), text=" 2)")]))
    assert len(await diagnostics_for(client, uri, lambda d: len(d) == 0)) == 0
    # Many changes in a row: the last version's diagnostics win.
    for version in range(3, 13):
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=f"print(y{version})\n")]))
    diagnostics = await diagnostics_for(client, uri, lambda d: len(d) == 1 and "y12" in d[0].message)
    assert len(diagnostics) == 1 and "y12" in diagnostics[0].message


@pytest.mark.asyncio
async def test_quick_fix_for_a_misspelled_member(client: LanguageClient, tmp_path):
    uri = open_document(client, tmp_path / "fix.bind", SCRIPT)
    diagnostics = await diagnostics_for(client, uri)
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=diagnostics[0].range,
        context=types.CodeActionContext(diagnostics=diagnostics)))
    assert len(actions) == 1
    edit = actions[0].edit.changes[uri][0]
    assert edit.new_text == "vm"
    assert edit.range == types.Range(start=pos(13, 6), end=pos(13, 8))


MEMBERS = """\
type Counter {
  var count: Int = 0
  func refresh() { }
}
let counter = Counter()
counter.refersh()
"""


@pytest.mark.asyncio
async def test_a_misspelled_member_is_a_diagnostic_with_a_quick_fix(client: LanguageClient, tmp_path):
    # The receiver's type is known (a constructor), so the member check of
    # `bindscript check` reports the method without running the script.
    uri = open_document(client, tmp_path / "members.bind", MEMBERS)
    diagnostics = await diagnostics_for(client, uri)
    assert len(diagnostics) == 1
    assert diagnostics[0].message.split("\n")[0] == \
        "value of type 'Counter' has no method 'refersh'; did you mean 'refresh'?"
    assert diagnostics[0].range.start == pos(5, 8)
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=diagnostics[0].range,
        context=types.CodeActionContext(diagnostics=diagnostics)))
    assert len(actions) == 1
    edit = actions[0].edit.changes[uri][0]
    assert edit.new_text == "refresh"
    assert edit.range == types.Range(start=pos(5, 8), end=pos(5, 15))


@pytest.mark.asyncio
async def test_completion_of_keywords_names_and_members(client: LanguageClient, tmp_path):
    text = SCRIPT.replace("print(vn.title)\n", "vm.user?.\nlet inside = 1\nsh")
    uri = open_document(client, tmp_path / "complete.bind", text)
    lines = text.split("\n")
    members = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=pos(13, len(lines[13]))))
    assert set(labels(members)) == {"name", "greeting", "saved"}
    names = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=pos(15, 2)))
    found = set(labels(names))
    assert {"shout", "vm", "inside", "VM", "User", "bind", "observe", "print", "Label"} <= found
    assert "text" not in found, "a parameter is not visible outside its function"
    vm_members = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=pos(13, 3)))
    assert set(labels(vm_members)) == {"user", "title"}


@pytest.mark.asyncio
async def test_completion_of_an_apps_host_types(app_client: LanguageClient, tmp_path):
    uri = open_document(app_client, tmp_path / "app.bind", "search.\nlet vm = SearchViewModel()\nvm.")
    injected = await app_client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=pos(0, 7)))
    assert {"query", "titles"} <= set(labels(injected))
    constructed = await app_client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=pos(2, 3)))
    assert {"query", "titles"} <= set(labels(constructed))


@pytest.mark.asyncio
async def test_hover(client: LanguageClient, tmp_path):
    text = SCRIPT + "let u = User()\nprint(u.greeting)\n"
    uri = open_document(client, tmp_path / "hover.bind", text)
    derived = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=pos(15, 10)))
    assert 'var greeting: String { "Hi, \\(name)" }' in derived.contents.value
    variable = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=pos(9, 5)))
    assert "let vm = VM()" in variable.contents.value and "VM" in variable.contents.value
    builtin = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=pos(15, 2)))
    assert "Prints the values" in builtin.contents.value


@pytest.mark.asyncio
async def test_hover_shows_a_values_static_dependencies(client: LanguageClient, tmp_path):
    # The editor runs nothing: it shows what can change a value (bindings
    # into it, what a derived property reads), where 'why' shows what did.
    text = SCRIPT + (
        "let u = User()\n"
        "let label = Label()\n"
        "bind u.greeting -> label.text\n"   # line 17
        "label.text\n"
        "u.greeting\n"
        "let field = TextField()\n"
        "bind field.text <-> vm.title\n"    # line 21
        "vm.title\n")
    uri = open_document(client, tmp_path / "deps.bind", text)

    async def hover(line, character):  # zero-based, as LSP counts
        result = await client.text_document_hover_async(types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=pos(line, character)))
        return result.contents.value if result else ""

    assert "bound from u.greeting (line 17)" in await hover(17, 7)
    derived = await hover(18, 4)
    assert "reads name" in derived and "bound from" not in derived, derived
    assert "bound two-way with field.text (line 21)" in await hover(21, 4)
    assert "bound" not in await hover(16, 8), "what a bind reads from is not bound"


@pytest.mark.asyncio
async def test_go_to_definition(client: LanguageClient, tmp_path):
    (tmp_path / "lib.bind").write_text("func helper() {\n  return 1\n}\n")
    text = 'import "lib.bind"\n' + SCRIPT + "vm.user?.name\nshout(\"a\")\nhelper()\nlet other = VM()\n"
    uri = open_document(client, tmp_path / "main.bind", text)

    async def definition(line, character):
        result = await client.text_document_definition_async(types.DefinitionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=pos(line, character)))
        return result[0] if isinstance(result, list) else result

    member = await definition(15, 10)      # name in vm.user?.name
    assert member.uri == uri and member.range.start == pos(2, 6)
    variable = await definition(15, 0)     # vm
    assert variable.range.start == pos(10, 4)
    function = await definition(16, 1)     # shout
    assert function.range.start == pos(11, 5)
    type_name = await definition(18, 13)   # VM in VM()
    assert type_name.range.start == pos(6, 5)
    imported_file = await definition(0, 10)
    assert imported_file.uri.endswith("/lib.bind")
    imported_name = await definition(17, 2)
    assert imported_name.uri.endswith("/lib.bind") and imported_name.range.start == pos(0, 5)


@pytest.mark.asyncio
async def test_document_symbols(client: LanguageClient, tmp_path):
    uri = open_document(client, tmp_path / "symbols.bind", SCRIPT)
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(
        text_document=types.TextDocumentIdentifier(uri=uri)))
    assert [symbol.name for symbol in symbols] == ["User", "VM", "vm", "shout"]
    assert [child.name for child in symbols[0].children] == ["name", "greeting", "saved"]
    assert symbols[0].kind == types.SymbolKind.Class
    assert symbols[3].kind == types.SymbolKind.Function


@pytest.mark.asyncio
async def test_formatting_is_that_of_fmt(client: LanguageClient, tmp_path):
    text = "let   x=1\nif x>0 {\nprint( x )   # why\n}\n"
    path = tmp_path / "format.bind"
    path.write_text(text)
    uri = open_document(client, path, text)
    edits = await client.text_document_formatting_async(types.DocumentFormattingParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        options=types.FormattingOptions(tab_size=2, insert_spaces=True)))
    subprocess.run([BIN, "fmt", str(path)], check=True)
    assert len(edits) == 1 and edits[0].new_text == path.read_text()
    assert edits[0].new_text == "let x = 1\nif x > 0 {\n  print(x)   # why\n}\n"


@pytest.mark.asyncio
async def test_utf16_positions_in_non_ascii_text(client: LanguageClient, tmp_path):
    line = 'let café = "😀 naïve"; print(cafe)'
    uri = open_document(client, tmp_path / "utf16.bind", line + "\n")
    diagnostics = await diagnostics_for(client, uri)
    assert len(diagnostics) == 1
    start = utf16_column(line, line.index("cafe)"))
    assert diagnostics[0].range.start == pos(0, start)
    # Completion right after "caf" in "café" of a new line, through an edit at a UTF-16 column.
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[types.TextDocumentContentChangePartial(
            range=types.Range(start=pos(0, start), end=pos(0, start + 4)), text="café")]))
    assert len(await diagnostics_for(client, uri, lambda d: len(d) == 0)) == 0
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=pos(0, start + 1)))
    assert hover.range.start == pos(0, start) and hover.range.end == pos(0, start + 4)


@pytest.mark.asyncio
async def test_an_endless_loop_is_never_run(client: LanguageClient, tmp_path):
    uri = open_document(client, tmp_path / "loop.bind", "while true { }\nprint(nope)\n")
    diagnostics = await diagnostics_for(client, uri)
    assert len(diagnostics) == 1 and "nope" in diagnostics[0].message
