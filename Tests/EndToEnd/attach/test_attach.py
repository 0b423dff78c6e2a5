"""End-to-end tests of the attach point and `bindscript attach`: the
examples' host executable (Sources/Examples/BindScriptExample) run as a
live app with `--attach`, whose timer steps `settings.volume` every 200ms;
`bindscript attach PID` driven in a pseudo-terminal as the REPL's tests
drive it (../repl/test_repl.py), and raw clients speaking the wire format
(4-byte big-endian length, then a JSON message).

The binaries are $BINDSCRIPT_BIN, and $BINDSCRIPT_EXAMPLE_BIN and
$EXAMPLE_COMMAND_BIN, by default next to it. Each test gets its own
XDG_RUNTIME_DIR, so parallel runs never see each other's apps.
"""

import json
import os
import re
import shutil
import signal
import socket
import stat
import struct
import subprocess
import sys
import time

import pexpect
import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "repl"))
from test_repl import BIN, PROMPT, TIMEOUT, Session, clean, environment  # noqa: E402

EXAMPLE_BIN = os.environ.get("BINDSCRIPT_EXAMPLE_BIN", os.path.join(os.path.dirname(BIN), "BindScriptExample"))
COMMAND_BIN = os.environ.get("EXAMPLE_COMMAND_BIN", os.path.join(os.path.dirname(BIN), "ExampleCommand"))


class App:
    """The example app, listening; its socket path from its first line."""

    def __init__(self, tmp_path, *options):
        if not os.path.exists(EXAMPLE_BIN):
            pytest.fail(f"no binary at {EXAMPLE_BIN}; build BindScriptExample or set BINDSCRIPT_EXAMPLE_BIN")
        runtime = tmp_path / "run"
        runtime.mkdir(mode=0o700, exist_ok=True)
        self.env = environment(tmp_path, XDG_RUNTIME_DIR=str(runtime))
        self.process = subprocess.Popen(
            [EXAMPLE_BIN, "--attach", *options], env=self.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        assert line.startswith("attach point: "), line + self.process.stderr.read()
        self.socket_path = line.split(": ", 1)[1].strip()
        self.pid = self.process.pid

    def alive(self):
        return self.process.poll() is None

    def stop(self):
        if self.alive():
            self.process.send_signal(signal.SIGTERM)
            # A hang guard, not a speed check: on a loaded machine a debug
            # build took longer than the REPL's 10 s to wind down once.
            self.process.wait(timeout=60)


class Attached(Session):
    """`bindscript attach` in a pseudo-terminal, typed into as the REPL is."""

    def __init__(self, app, tmp_path, target=None):
        self.spawn(BIN, ["attach", str(target or app.pid)], app.env, tmp_path)

    def sync(self):
        """Waits until the prompt after a fresh marker's value: output the
        app's changes printed above earlier prompts is behind it then."""
        self.marker = getattr(self, "marker", 0) + 1
        self.child.sendline(f'"marker {self.marker}"')
        self.child.expect_exact(f'\r\n"marker {self.marker}"{PROMPT}')


@pytest.fixture
def app(tmp_path):
    started = App(tmp_path)
    yield started
    started.stop()


@pytest.fixture
def attach(app, tmp_path):
    clients = []

    def start(target=None):
        client = Attached(app, tmp_path, target)
        clients.append(client)
        return client

    yield start
    for client in clients:
        client.close()


class RawClient:
    """A client of the wire format itself."""

    def __init__(self, path):
        self.socket = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.socket.settimeout(TIMEOUT)
        self.socket.connect(path)
        self.buffer = b""

    def send(self, kind, **fields):
        body = json.dumps(dict(kind=kind, **fields)).encode()
        self.socket.sendall(struct.pack(">I", len(body)) + body)

    def receive(self):
        """The next message, or None when the app closed the connection."""
        while len(self.buffer) < 4 or len(self.buffer) < 4 + struct.unpack(">I", self.buffer[:4])[0]:
            chunk = self.socket.recv(65536)
            if not chunk:
                return None
            self.buffer += chunk
        length = struct.unpack(">I", self.buffer[:4])[0]
        message = json.loads(self.buffer[4:4 + length])
        self.buffer = self.buffer[4 + length:]
        return message

    def hello(self):
        self.send("hello")
        welcome = self.receive()
        assert welcome["kind"] == "welcome", welcome
        return welcome

    def evaluate(self, text):
        """What the statement printed, up to its `done`."""
        self.send("evaluate", text=text)
        printed = ""
        while True:
            message = self.receive()
            assert message is not None, "the app closed the connection"
            if message["kind"] == "done":
                return printed
            if message["kind"] in ("output", "errorOutput"):
                printed += message["text"]

    def close(self):
        self.socket.close()


def test_the_socket_is_the_users_alone(app):
    folder = os.path.dirname(app.socket_path)
    assert os.path.basename(app.socket_path) == f"{app.pid}.sock"
    assert stat.S_IMODE(os.stat(folder).st_mode) == 0o700
    assert stat.S_IMODE(os.stat(app.socket_path).st_mode) == 0o600
    assert stat.S_ISSOCK(os.stat(app.socket_path).st_mode)


# A raw client that prints the app's first message, as JSON, without
# sending one (a refusal comes at once, and closes the connection).
FIRST_MESSAGE_CLIENT = """
import socket, struct, sys
client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
client.settimeout(30)
client.connect(sys.argv[1])
data = b""
while len(data) < 4 or len(data) < 4 + struct.unpack(">I", data[:4])[0]:
    chunk = client.recv(65536)
    if not chunk:
        break
    data += chunk
print(data[4:].decode())
"""


def test_a_connection_from_another_user_is_refused(app):
    # The folder's and the socket's modes keep other users out; this client
    # runs as `nobody` but keeps the right to pass them (CAP_DAC_OVERRIDE),
    # so what refuses it is the app's check of its peer credentials.
    if os.getuid() != 0 or shutil.which("setpriv") is None:
        pytest.skip("connecting as another user needs root and setpriv")
    other_user = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
                  "--inh-caps=+dac_override", "--ambient-caps=+dac_override"]
    result = subprocess.run(other_user + [sys.executable, "-c", FIRST_MESSAGE_CLIENT, app.socket_path],
                            capture_output=True, text=True, timeout=TIMEOUT)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {"kind": "refused", "text": "this app accepts sessions from its own user only"}
    own = RawClient(app.socket_path)
    own.hello()
    assert own.evaluate("settings.theme") == '"system"\n'
    assert app.alive()


def test_observe_what_the_app_changes_on_its_timer_then_call_a_method(attach, app):
    a = attach()
    assert a.run("settings.theme") == '"system"\n'
    assert a.run("observe settings.volume as watch") == ""
    # The app's timer steps the volume while the prompt waits: each change
    # appears above the prompt as the app makes it.
    changes = []
    for _ in range(3):
        a.child.expect(r"settings\.volume: (\d+) -> (\d+)")
        changes.append((int(a.child.match.group(1)), int(a.child.match.group(2))))
    for old, new in changes:
        assert new == (0 if old == 10 else old + 1)
    a.child.sendline("dispose watch")
    a.sync()
    # A method of the live object, then what it changed, as the app sees it.
    assert a.run("settings.connectHeadphones()") == ""
    assert a.run("settings.outputDevice") == '"headphones"\n'
    assert app.alive()


def test_tab_completes_from_the_live_session(attach):
    a = attach()
    a.child.send("settings.outputD\t")
    a.child.expect("evice")
    assert a.run("") == '"speaker"\n'


def test_meta_commands_show_the_live_session(attach):
    a = attach()
    a.run("observe settings.theme")
    assert a.run(":bindings") == "observe settings.theme\n"
    assert "settings = Settings#" in a.run(":vars")
    graph = a.run(":graph")
    assert graph.startswith("digraph") and "theme" in graph
    assert a.run('after 1h { print("later") }') == ""
    assert "after 1h" in a.run(":pending")


def test_a_saved_session_replays_with_the_apps_command(attach, app, tmp_path):
    a = attach()
    assert a.run('settings.theme = "dark"') == ""
    assert a.run("observe settings.theme") == ""
    assert a.run('settings.theme = "light"') == 'settings.theme: "dark" -> "light"\n'
    assert a.run("let label = Label()") == ""
    assert a.run("bind settings.theme -> label.text") == ""
    assert a.run("label.text") == '"light"\n'
    assert a.run("settings.reset()") == 'settings.theme: "light" -> "system"\n'
    assert a.run(":save session.bind") == "saved 7 statements to 'session.bind'\n"
    saved = (tmp_path / "session.bind").read_text()
    assert saved.startswith(f"# Saved from an attached session of PID {app.pid}; 'settings' was the app's live object: ")
    assert '#> settings.theme: "dark" -> "light"' in saved
    replay = subprocess.run(
        [COMMAND_BIN, "test", "session.bind"], cwd=str(tmp_path), capture_output=True, text=True, timeout=60)
    assert replay.returncode == 0, replay.stdout + replay.stderr
    assert "1 passed, 0 failed" in replay.stdout


def test_ctrl_c_stops_an_endless_loop_and_the_app_goes_on(attach, app):
    a = attach()
    a.child.sendline("while true { }")
    time.sleep(0.5)
    a.child.sendintr()
    output = clean(a.prompt())
    assert "error: interrupted" in output
    # The app's timer ran again once the statement stopped.
    first = int(a.run("settings.volume"))
    time.sleep(0.5)
    assert int(a.run("settings.volume")) != first
    assert app.alive()


def test_an_endless_loop_ends_at_the_apps_step_limit_and_the_app_goes_on(tmp_path):
    app = App(tmp_path, "--max-steps", "100000")
    try:
        client = RawClient(app.socket_path)
        client.hello()
        assert client.evaluate("while true { }").startswith("error: step limit of 100000 exceeded")
        assert client.evaluate("settings.theme") == '"system"\n'
        assert app.alive()
    finally:
        app.stop()


def test_several_clients_each_have_their_own_session(attach):
    a = attach()
    b = attach()
    assert a.run("let mine = 1") == ""
    assert b.run("mine").startswith("error: ")
    assert b.run('settings.theme = "dark"') == ""
    # The live object is shared: one client's write is the other's read.
    assert a.run("settings.theme") == '"dark"\n'
    a.child.sendline(":quit")
    a.child.expect(pexpect.EOF)
    assert b.run("1 + 1") == "2\n"


def test_detaching_ends_what_the_session_set_up_in_the_live_graph(app):
    def live_graph(client):
        client.send("graph")
        message = client.receive()
        assert message["kind"] == "graph", message
        return message["text"]

    watcher = RawClient(app.socket_path)
    watcher.hello()
    leaving = RawClient(app.socket_path)
    leaving.hello()
    leaving.evaluate("observe settings.theme as watch")
    leaving.evaluate("let label = Label()")
    leaving.evaluate("bind settings.theme -> label.text")
    attached = live_graph(watcher)
    assert 'label="1 observer"' in attached and 'label="Label#1"' in attached
    leaving.close()
    # The app ends the session when it reads the close: poll until it has.
    deadline = time.monotonic() + TIMEOUT
    while "Label#1" in live_graph(watcher) and time.monotonic() < deadline:
        time.sleep(0.05)
    detached = live_graph(watcher)
    assert 'label="1 observer"' not in detached and "Label#1" not in detached
    assert app.alive()


def test_a_client_gone_mid_statement_frees_the_app(attach, app):
    a = attach()
    a.child.sendline("while true { }")
    time.sleep(0.3)
    a.child.kill(signal.SIGKILL)
    b = attach()
    assert b.run("settings.theme") == '"system"\n'
    assert app.alive()


def test_malformed_messages_are_answered_and_the_app_goes_on(app):
    raw = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    raw.settimeout(TIMEOUT)
    raw.connect(app.socket_path)
    raw.sendall(b"hello, app\n")
    client = RawClient.__new__(RawClient)
    client.socket, client.buffer = raw, b""
    message = client.receive()
    assert message["kind"] == "malformed"
    assert "over the 16 MiB limit" in message["text"]
    assert client.receive() is None  # then the app closes the connection

    bad_json = RawClient(app.socket_path)
    bad_json.socket.sendall(struct.pack(">I", 5) + b"{nope")
    message = bad_json.receive()
    assert message["kind"] == "malformed" and "not a JSON object" in message["text"]

    no_hello = RawClient(app.socket_path)
    no_hello.send("evaluate", text="1")
    assert no_hello.receive() == {"kind": "malformed", "text": "the first message must be 'hello'"}

    fine = RawClient(app.socket_path)
    fine.hello()
    assert fine.evaluate("settings.theme") == '"system"\n'
    assert app.alive()


def test_a_hundred_clients_at_once(app):
    clients = [RawClient(app.socket_path) for _ in range(100)]
    for client in clients:
        client.send("hello")
    for client in clients:
        assert client.receive()["kind"] == "welcome"
    for index, client in enumerate(clients):
        client.send("evaluate", text=f"let n = {index}")
    for client in clients:
        assert client.receive()["kind"] == "done"
    for index, client in enumerate(clients):
        assert client.evaluate("n * 2") == f"{index * 2}\n"
    for client in clients:
        client.close()
    late = RawClient(app.socket_path)
    late.hello()
    assert late.evaluate("1 + 1") == "2\n"
    assert app.alive()


def test_the_app_exiting_ends_the_session_cleanly(attach, app):
    a = attach()
    assert a.run("settings.theme") == '"system"\n'
    app.process.send_signal(signal.SIGTERM)
    a.child.expect("detached: ")
    a.child.expect(pexpect.EOF)
    a.child.close()
    assert a.child.exitstatus == 0
    assert not os.path.exists(app.socket_path)


def test_attach_names_a_missing_app_clearly(app, tmp_path):
    result = subprocess.run([BIN, "attach", "999999"], env=app.env, capture_output=True, text=True, timeout=TIMEOUT)
    assert result.returncode == 1
    assert "no app is listening at" in result.stderr
