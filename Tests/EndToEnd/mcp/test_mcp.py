"""End-to-end tests of `bindscript mcp`: the Model Context Protocol server
over standard input and output, driven by a plain JSON-RPC client (one
JSON message a line, as MCP's stdio transport says): initialize, the tool
list, statements building on each other, types, the graph, pending timers,
test scripts from Scripts/, bad input; and the example app
(Sources/Examples/BindScriptExample --attach) reached through its own
command's `mcp --attach PID`.

The binaries are $BINDSCRIPT_BIN, and $BINDSCRIPT_EXAMPLE_BIN and
$EXAMPLE_COMMAND_BIN, by default next to it.
"""

import json
import os
import select
import signal
import subprocess
import sys
import time

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "attach"))
from test_attach import COMMAND_BIN, App  # noqa: E402
from test_repl import BIN, ROOT  # noqa: E402

TIMEOUT = 30
# Low enough that an endless loop ends at once in a debug build.
MAX_STEPS = "100000"


class Server:
    """`bindscript mcp` on pipes; answers are read by id, and anything the
    server sends meanwhile is kept."""

    def __init__(self, *args, binary=BIN, cwd=ROOT, env=None):
        self.process = subprocess.Popen(
            [binary, "mcp", *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            cwd=cwd, env=env)
        self.buffer = b""
        self.next_id = 0
        self.answers = []

    def send_line(self, data):
        self.process.stdin.write(data + b"\n")
        self.process.stdin.flush()

    def send(self, message):
        self.send_line(json.dumps(message).encode())

    def request(self, method, params=None):
        """Sends a request; returns its id."""
        self.next_id += 1
        message = {"jsonrpc": "2.0", "id": self.next_id, "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)
        return self.next_id

    def read(self, timeout=TIMEOUT):
        """The next message, or None at the end of output or after `timeout` seconds."""
        deadline = time.monotonic() + timeout
        while b"\n" not in self.buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return None
            ready, _, _ = select.select([self.process.stdout], [], [], remaining)
            if not ready:
                return None
            chunk = os.read(self.process.stdout.fileno(), 1 << 20)
            if not chunk:
                return None
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return json.loads(line)

    def answer(self, id, timeout=TIMEOUT):
        """The answer to request `id`."""
        for index, message in enumerate(self.answers):
            if message.get("id") == id:
                return self.answers.pop(index)
        while True:
            message = self.read(timeout)
            assert message is not None, f"no answer to request {id}; stderr: {self.stderr()}"
            if message.get("id") == id:
                return message
            self.answers.append(message)

    def call(self, method, params=None):
        return self.answer(self.request(method, params))

    def initialize(self, version="2025-06-18"):
        answer = self.call("initialize", {
            "protocolVersion": version, "capabilities": {}, "clientInfo": {"name": "pytest", "version": "1"}})
        self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        return answer["result"]

    def tool(self, name, **arguments):
        """A tool call's text and whether it is an error."""
        result = self.call("tools/call", {"name": name, "arguments": arguments})["result"]
        assert [content["type"] for content in result["content"]] == ["text"]
        return result["content"][0]["text"], result["isError"]

    def run(self, code):
        """What `code` printed; it must not fail."""
        text, is_error = self.tool("run", code=code)
        assert not is_error, text
        return text

    def stderr(self):
        if self.process.poll() is None:
            return "(still running)"
        return self.process.stderr.read().decode(errors="replace")

    def close(self):
        """Closes standard input, as a client ends the session; returns the exit status."""
        self.process.stdin.close()
        try:
            return self.process.wait(timeout=TIMEOUT)
        finally:
            if self.process.poll() is None:
                self.process.kill()


@pytest.fixture
def server():
    started = Server("--max-steps", MAX_STEPS)
    started.initialize()
    yield started
    if started.process.poll() is None:
        started.process.kill()


def test_initialize_negotiates_the_protocol_version():
    s = Server()
    result = s.initialize("2025-06-18")
    assert result["protocolVersion"] == "2025-06-18"
    assert result["serverInfo"]["name"] == "bindscript"
    assert result["capabilities"]["tools"] == {"listChanged": False}
    assert s.close() == 0
    # A version the server does not know gets the newest it does, for the
    # client to accept or hang up.
    s = Server()
    newest = s.initialize("1999-01-01")["protocolVersion"]
    assert newest >= "2025-06-18"
    assert s.close() == 0


def test_tools_list_describes_each_tool_and_its_arguments(server):
    tools = {tool["name"]: tool for tool in server.call("tools/list")["result"]["tools"]}
    assert sorted(tools) == ["graph", "pending", "reset", "run", "test", "types"]
    assert tools["run"]["inputSchema"]["required"] == ["code"]
    assert tools["run"]["inputSchema"]["properties"]["code"]["type"] == "string"
    assert tools["test"]["inputSchema"]["required"] == ["path"]
    assert tools["types"]["inputSchema"] == {
        "type": "object", "properties": {}, "required": [], "additionalProperties": False}
    assert tools["graph"]["annotations"]["readOnlyHint"] is True
    assert all(tool["description"] for tool in tools.values())


def test_statements_build_on_each_other_and_answer_as_the_repl_prints(server):
    assert server.run('type Person {\n  var name = "Ada"\n}') == ""
    assert server.run("let p = Person()\nobserve p.name") == ""
    assert server.run('p.name = "Grace"') == 'p.name: "Ada" -> "Grace"\n'
    assert server.run('p.name\nprint("done")') == '"Grace"\ndone\n'
    assert server.run(":vars").startswith("p = Person#")
    text, is_error = server.tool("run", code="p.nmae")
    assert is_error
    assert text == "error: no property 'nmae' on Person; did you mean 'name'?\np.nmae\n  ^~~~\n"
    # The failed statement changed nothing; the session goes on.
    assert server.run("p.name") == '"Grace"\n'


def test_an_entry_left_open_shows_the_error_a_person_would_see(server):
    text, is_error = server.tool("run", code="type A {\n  var x = 1")
    assert is_error
    assert text.startswith("error: expected '}' to close '{' at line 1\n")


def test_types_graph_and_pending_show_the_session(server):
    server.run('type Counter {\n  var count = 0\n}\nlet c = Counter()\nobserve c.count')
    types, is_error = server.tool("types")
    assert not is_error
    assert "type Counter {\n  var count: Int\n}\n" in types
    graph, _ = server.tool("graph")
    assert graph.startswith("digraph bindings {") and "count" in graph
    assert server.tool("pending") == ("nothing pending\n", False)
    server.run('after 5s { print("later") }')
    assert server.tool("pending") == ("after 5s at line 1, column 7: due at 5s\n", False)
    # Time is virtual: the timer fires when a statement waits for it.
    assert server.run("wait 5s") == "later\n"
    assert server.tool("pending") == ("nothing pending\n", False)


def test_reset_starts_the_session_over(server):
    server.run("let kept = 1")
    assert server.tool("reset") == ("session reset: variables, types and bindings are gone\n", False)
    text, is_error = server.tool("run", code="kept")
    assert is_error and text.startswith("error: cannot find 'kept' in scope")


def test_test_runs_scripts_from_the_repository_and_reports_as_the_test_command(server, tmp_path):
    report, is_error = server.tool("test", path="Scripts/conformance/binding")
    assert not is_error, report
    assert report.splitlines()[0].startswith("PASS Scripts/conformance/binding/")
    assert report.endswith(" passed, 0 failed\n")
    failing = tmp_path / "failing.bind"
    failing.write_text("1 + 1\n#> 3\n")
    report, is_error = server.tool("test", path=str(failing))
    assert is_error
    assert f"FAIL {failing}" in report and "-3" in report and "+2" in report
    assert report.endswith("0 passed, 1 failed\n")
    report, is_error = server.tool("test", path="no/such/folder")
    assert is_error and "no/such/folder" in report


def test_calls_sent_without_waiting_run_in_the_order_sent(server):
    ids = [server.request("tools/call", {"name": "run", "arguments": {"code": f"let x{n} = {'x' + str(n - 1) + ' + ' if n else ''}1"}})
           for n in range(20)]
    for id in ids:
        assert server.answer(id)["result"]["isError"] is False
    assert server.run("x19") == "20\n"


def test_malformed_and_unknown_input_gets_json_rpc_errors(server):
    server.send_line(b"{this is not json")
    assert server.read() == {"jsonrpc": "2.0", "id": None, "error": {
        "code": -32700, "message": "parse error: a line that is not JSON; send one JSON-RPC message per line"}}
    server.send_line(b'{"jsonrpc": "2.0", "id": 7}')
    answer = server.read()
    assert answer["id"] == 7 and answer["error"]["code"] == -32600
    assert server.call("no/such/method")["error"]["code"] == -32601
    error = server.call("tools/call", {"name": "runn", "arguments": {"code": "1"}})["error"]
    assert error["code"] == -32602 and "unknown tool 'runn'; did you mean 'run'?" in error["message"]
    assert server.tool("run") == ("error: 'run' needs 'code', a string\n", True)
    assert server.tool("run", code=5) == ("error: 'code' must be a string\n", True)
    assert server.tool("types", verbose=True) == ("error: unknown argument 'verbose': 'types' takes no arguments\n", True)
    assert server.run("1 + 1") == "2\n"


def test_an_endless_loop_ends_at_the_step_limit_and_huge_output_is_cut(tmp_path):
    s = Server("--max-steps", "2000000")
    s.initialize()
    text, is_error = s.tool("run", code="while true { }")
    assert is_error and text.startswith("error: step limit of 2000000 exceeded")
    text, is_error = s.tool("run", code='var i = 0\nwhile true {\n  print("line \\(i) of a great deal of output")\n  i = i + 1\n}')
    assert is_error
    lines = text.splitlines()
    assert lines[0] == "line 0 of a great deal of output"
    assert len(text.encode()) < (1 << 20) + 200
    assert lines[-1].startswith("… ") and lines[-1].endswith(" more bytes of output left out (the first 1 MiB are shown)")
    assert s.run("1") == "1\n"
    assert s.close() == 0


def test_a_cancelled_call_stops_its_statement(tmp_path):
    s = Server()  # the default step limit: the loop runs until cancelled
    s.initialize()
    loop = s.request("tools/call", {"name": "run", "arguments": {"code": "while true { }"}})
    time.sleep(0.5)
    s.send({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": loop, "reason": "test"}})
    assert s.run("1 + 1") == "2\n"
    assert all(message.get("id") != loop for message in s.answers)  # a cancelled request has no answer
    assert s.close() == 0


def test_the_server_ends_with_its_input():
    s = Server()
    s.initialize()
    assert s.run("1") == "1\n"
    assert s.close() == 0
    assert s.process.stdout.read() == b""


def until(call, holds):
    """`call()`'s first result for which `holds` is true, trying again every
    0.2 s (the app's timer ticks every 0.2 s; a busy machine may delay it)."""
    deadline = time.monotonic() + TIMEOUT
    while True:
        result = call()
        if holds(result) or time.monotonic() > deadline:
            assert holds(result), result
            return result
        time.sleep(0.2)


@pytest.fixture
def app(tmp_path):
    started = App(tmp_path)
    yield started
    started.stop()


def test_tools_on_an_attached_app(app, tmp_path):
    s = Server("--attach", str(app.pid), binary=COMMAND_BIN, cwd=str(tmp_path), env=app.env)
    assert s.initialize()["serverInfo"]["name"] == "ExampleCommand"
    assert s.run("settings.theme") == '"system"\n'
    assert s.run("observe settings.volume as watch") == ""
    # What the app's timer made the observer print comes with the next call.
    printed = until(lambda: s.run('"marker"'), lambda text: "settings.volume: " in text)
    assert printed.endswith('"marker"\n')
    graph, _ = s.tool("graph")
    assert graph.startswith("digraph") and "volume" in graph
    s.run("dispose watch")
    assert s.run("settings.connectHeadphones()\nsettings.outputDevice") == '"headphones"\n'
    types, _ = s.tool("types")
    assert "Settings" in types
    s.run('after 1h { print("later") }')
    assert "after 1h" in s.tool("pending")[0]
    # A test script replays with the app's command's types and objects.
    (tmp_path / "theme.bind").write_text('settings.theme\n#> "system"\n')
    report, is_error = s.tool("test", path="theme.bind")
    assert not is_error and report.endswith("1 passed, 0 failed\n"), report
    # Cancelling the call stops an endless loop in the app, as Ctrl-C does.
    loop = s.request("tools/call", {"name": "run", "arguments": {"code": "while true { }"}})
    time.sleep(0.5)
    s.send({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": loop}})
    first = int(s.run("settings.volume"))
    until(lambda: int(s.run("settings.volume")), lambda volume: volume != first)  # the app's timer runs again
    assert app.alive()
    app.process.send_signal(signal.SIGTERM)
    app.process.wait(timeout=TIMEOUT)
    text, is_error = s.tool("run", code="settings.theme")
    assert is_error and "detached: " in text
    assert s.tool("run", code="1")[1] is True
    assert s.close() == 0


def test_attach_to_no_app_is_a_clear_error(app):
    result = subprocess.run([BIN, "mcp", "--attach", "999999"], env=app.env, capture_output=True, text=True,
                            timeout=TIMEOUT, input="")
    assert result.returncode == 1
    assert "no app is listening at" in result.stderr
