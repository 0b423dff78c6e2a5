"""`bindscript lsp` against clients that misbehave, over raw pipes: malformed
JSON, invalid UTF-8, unknown methods, bad headers, a 50 MB file, a client
that dies mid-message or closes its end. The server answers with the
protocol's errors, never crashes or hangs, and exits cleanly."""
import json
import pytest
import os
import select
import subprocess
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
BIN = os.environ.get("BINDSCRIPT_BIN", os.path.join(ROOT, ".build", "debug", "bindscript"))


def frame(body):
    if isinstance(body, (dict, list)):
        body = json.dumps(body).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


class Server:
    def __init__(self):
        self.process = subprocess.Popen([BIN, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL)
        self.buffer = b""
        self.skipped = []

    def send(self, data):
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def request(self, id, method, params=None):
        self.send(frame({"jsonrpc": "2.0", "id": id, "method": method, "params": params or {}}))

    def notify(self, method, params=None):
        self.send(frame({"jsonrpc": "2.0", "method": method, "params": params or {}}))

    def read(self, timeout=30):
        """The next message, or None at the end of output or after `timeout` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            header_end = self.buffer.find(b"\r\n\r\n")
            if header_end >= 0:
                length = int(self.buffer[:header_end].split(b":")[1])
                if len(self.buffer) >= header_end + 4 + length:
                    body = self.buffer[header_end + 4:header_end + 4 + length]
                    self.buffer = self.buffer[header_end + 4 + length:]
                    return json.loads(body)
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

    def response(self, id, timeout=30):
        while True:
            message = self.read(timeout)
            if message is None or message.get("id") == id and "method" not in message:
                return message
            self.skipped.append(message)

    def notification(self, method, timeout=60):
        """The first notification of `method`, skipped before or read now."""
        for message in self.skipped:
            if message.get("method") == method:
                self.skipped.remove(message)
                return message
        while True:
            message = self.read(timeout)
            if message is None or message.get("method") == method:
                return message

    def initialize(self):
        self.request(1, "initialize", {"capabilities": {}})
        assert "capabilities" in self.response(1)["result"]
        self.notify("initialized")

    def close_and_wait(self, timeout=30):
        self.process.stdin.close()
        return self.process.wait(timeout)


def test_malformed_json_gets_a_parse_error_and_the_server_goes_on():
    server = Server()
    server.send(frame(b"{\"jsonrpc\": \"2.0\", \"id\": 1, "))
    error = server.read()
    assert error["id"] is None and error["error"]["code"] == -32700
    server.send(frame(b"\xff\xfe{\"a\": \"\xc3\x28\"}"))
    assert server.read()["error"]["code"] == -32700
    server.send(frame(b"[1, 2]"))
    assert server.read()["error"]["code"] == -32600
    server.initialize()
    server.request(2, "shutdown")
    assert server.response(2)["result"] is None
    server.notify("exit")
    assert server.process.wait(30) == 0


def test_invalid_utf8_inside_a_document_string():
    server = Server()
    server.initialize()
    body = (b'{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":'
            b'{"uri":"file:///tmp/bad.bind","languageId":"bindscript","version":1,"text":"let a = \xff\xfe"}}}')
    server.send(frame(body))
    assert server.read()["error"]["code"] == -32700
    server.request(2, "textDocument/hover", {"textDocument": {"uri": "file:///tmp/bad.bind"},
                                             "position": {"line": 0, "character": 0}})
    assert server.response(2)["error"]["code"] == -32602, "the document was never opened"
    assert server.close_and_wait() == 1


def test_unknown_methods_and_requests_out_of_order():
    server = Server()
    server.request(1, "textDocument/hover", {})
    assert server.response(1)["error"]["code"] == -32002, "not initialized yet"
    server.request(2, "initialize", {"capabilities": {}})
    assert server.response(2)["result"]
    server.notify("$/unknownNotification", {"x": 1})
    server.request(3, "workspace/noSuchThing", {})
    assert server.response(3)["error"]["code"] == -32601
    server.request(4, "textDocument/completion", {"textDocument": {}, "position": "nowhere"})
    assert server.response(4)["error"]["code"] == -32602
    server.request(5, "shutdown")
    assert server.response(5)["result"] is None
    server.request(6, "textDocument/hover", {})
    assert server.response(6)["error"]["code"] == -32600, "after shutdown"
    server.notify("exit")
    assert server.process.wait(30) == 0


def test_bad_headers_are_skipped():
    server = Server()
    server.send(b"Content-Length: many\r\n\r\n")
    assert server.read()["error"]["code"] == -32700
    server.send(b"X-Nothing: 1\r\n\r\n")
    assert server.read()["error"]["code"] == -32700
    server.initialize()
    assert server.close_and_wait() == 1


def test_a_50_mb_file_is_not_analysed_and_blocks_nothing():
    server = Server()
    server.initialize()
    text = "let x = 1\n" * 5_000_000
    server.notify("textDocument/didOpen", {"textDocument": {
        "uri": "file:///tmp/huge.bind", "languageId": "bindscript", "version": 1, "text": text}})
    started = time.monotonic()
    server.request(2, "textDocument/hover", {"textDocument": {"uri": "file:///tmp/huge.bind"},
                                             "position": {"line": 4_999_999, "character": 4}})
    assert "result" in server.response(2, timeout=120)
    diagnostics = server.notification("textDocument/publishDiagnostics")["params"]["diagnostics"]
    assert "too large" in diagnostics[0]["message"]
    assert time.monotonic() - started < 120
    server.request(3, "textDocument/formatting", {"textDocument": {"uri": "file:///tmp/huge.bind"},
                                                  "options": {"tabSize": 2, "insertSpaces": True}})
    assert server.response(3)["error"]["code"] == -32803
    assert server.close_and_wait() == 1


def test_a_client_that_dies_mid_message():
    server = Server()
    server.initialize()
    server.send(b"Content-Length: 500\r\n\r\n{\"jsonrpc\": \"2.0\", \"id\"")
    assert server.close_and_wait() == 1


def test_a_client_that_stops_reading():
    server = Server()
    server.initialize()
    server.process.stdout.close()
    for version in range(1, 50):
        try:
            server.notify("textDocument/didOpen", {"textDocument": {
                "uri": "file:///tmp/x%d.bind" % version, "languageId": "bindscript", "version": 1,
                "text": "print(nope)\n"}})
        except BrokenPipeError:
            break
    try:
        server.process.stdin.close()
    except BrokenPipeError:
        pass
    assert server.process.wait(30) == 1


BAD_BODY = json.dumps({"jsonrpc": "2.0", "id": 7, "method": "textDocument/hover", "params": {}}).encode()
BAD_FRAMES = {
    "no Content-Length": b"Content-Type: application/vscode-jsonrpc\r\n\r\n" + BAD_BODY,
    "two Content-Lengths": b"Content-Length: %d\r\nContent-Length: 3\r\n\r\n" % len(BAD_BODY) + BAD_BODY,
    "a NUL in the header": b"Content-Length: %d\x00\r\n\r\n" % len(BAD_BODY) + BAD_BODY,
    "Content-Length shorter than the body": b"Content-Length: %d\r\n\r\n" % (len(BAD_BODY) - 10) + BAD_BODY,
    "Content-Length longer than the body": b"Content-Length: %d\r\n\r\n" % (len(BAD_BODY) + 40) + BAD_BODY,
}


@pytest.mark.parametrize("kind", sorted(BAD_FRAMES))
def test_after_a_bad_frame_the_next_requests_are_answered(kind):
    """Issue 33: one bad frame got one error, then nothing, until killed."""
    server = Server()
    server.send(BAD_FRAMES[kind])
    server.initialize()
    server.request(2, "shutdown")
    assert server.response(2)["result"] is None
    server.notify("exit")
    assert server.process.wait(30) == 0


LSP_CORPUS = os.path.join(ROOT, "Tests", "FuzzCorpus", "LanguageServer")


@pytest.mark.parametrize("name", sorted(name for name in os.listdir(LSP_CORPUS) if name.endswith(".lsp")))
def test_sessions_that_crashed_the_server_are_answered(name):
    """Issue 33's crashing sessions (edits that leave a `{` closed by a `)`,
    then hover) and the fuzz target's other regression inputs: the server
    answers them and a request after them, and exits cleanly."""
    server = Server()
    with open(os.path.join(LSP_CORPUS, name), "rb") as session:
        server.send(session.read())
    server.request("bye", "shutdown")
    assert server.response("bye", timeout=120)["result"] is None
    server.notify("exit")
    assert server.process.wait(30) == 0


def test_diagnostics_are_capped_with_one_note_for_the_rest():
    server = Server()
    server.initialize()
    lines = 5_000
    server.notify("textDocument/didOpen", {"textDocument": {
        "uri": "file:///tmp/errors.bind", "languageId": "bindscript", "version": 1, "text": "nope\n" * lines}})
    diagnostics = server.notification("textDocument/publishDiagnostics", timeout=300)["params"]["diagnostics"]
    assert len(diagnostics) == 101
    assert all(d["message"].startswith("cannot find 'nope' in scope") for d in diagnostics[:100])
    assert diagnostics[100]["severity"] == 3
    assert diagnostics[100]["message"].startswith("%d more problems in this file" % (lines - 100))
    assert diagnostics[100]["range"]["start"]["line"] == 100
    assert server.close_and_wait() == 1
