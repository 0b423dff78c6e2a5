"""`bindscript lsp` while it analyses a 1,000,000-line document (issue 33):
requests are answered meanwhile, a newer text replaces the one being
analysed, and a request that waits for the analysis can be cancelled.

Each test asserts an order (this reply before that notification), never a
time: the analysis of the large document takes the server ~1 s of CPU in a
release build, the answers it gives meanwhile a few milliseconds."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_lsp_bad_input import Server  # noqa: E402

SMALL = "file:///tmp/small.bind"
LARGE = "file:///tmp/large.bind"
LINES = 1_000_000


def open_document(server, uri, text, version=1):
    server.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "bindscript", "version": version, "text": text}})


def messages_until(server, predicate, timeout=300):
    """The messages read up to and including the first that `predicate` accepts."""
    seen = []
    while True:
        message = server.read(timeout)
        assert message is not None, f"no message after {seen[-3:]}"
        seen.append(message)
        if predicate(message):
            return seen


def is_diagnostics(uri):
    return lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri


def test_requests_are_answered_while_a_large_document_is_analysed():
    server = Server()
    server.initialize()
    open_document(server, SMALL, 'let greeting = "hi"\nprint(greeting)\n')
    assert server.notification("textDocument/publishDiagnostics")["params"]["diagnostics"] == []
    # An unknown name on each line: a million errors to find.
    open_document(server, LARGE, "nope\n" * LINES)
    server.request(2, "textDocument/hover", {"textDocument": {"uri": SMALL}, "position": {"line": 1, "character": 7}})
    server.request(3, "textDocument/completion", {"textDocument": {"uri": SMALL},
                                                  "position": {"line": 1, "character": 6}})
    server.request(4, "textDocument/hover", {"textDocument": {"uri": LARGE},
                                             "position": {"line": LINES - 1, "character": 1}})
    seen = messages_until(server, is_diagnostics(LARGE))
    answered = {m["id"]: m for m in seen if "id" in m}
    assert sorted(answered) == [2, 3, 4], "each request is answered before the large document's diagnostics"
    assert "greeting" in answered[2]["result"]["contents"]["value"]
    assert "greeting" in [item["label"] for item in answered[3]["result"]["items"]]
    assert "result" in answered[4]
    diagnostics = seen[-1]["params"]["diagnostics"]
    assert len(diagnostics) == 101
    assert diagnostics[100]["message"].startswith("%d more problems" % (LINES - 100))
    server.request(5, "shutdown")
    assert server.response(5)["result"] is None
    server.notify("exit")
    assert server.process.wait(60) == 0


def test_a_newer_text_replaces_the_one_being_analysed():
    server = Server()
    server.initialize()
    open_document(server, LARGE, "nope\n" * LINES)
    server.notify("textDocument/didChange", {"textDocument": {"uri": LARGE, "version": 2},
                                             "contentChanges": [{"text": "let ok = 1\nprint(oops)\n"}]})
    published = server.notification("textDocument/publishDiagnostics", timeout=300)["params"]
    assert published["version"] == 2, "the first text's analysis is dropped, not published"
    assert [d["message"].split("\n")[0] for d in published["diagnostics"]] == ["cannot find 'oops' in scope"]
    assert server.close_and_wait(60) == 1


def test_a_request_waiting_for_the_analysis_can_be_cancelled():
    server = Server()
    server.initialize()
    open_document(server, LARGE, "nope\n" * LINES)
    everything = {"start": {"line": 0, "character": 0}, "end": {"line": 1, "character": 0}}
    # Quick fixes come from the diagnostics, so code actions wait for them.
    server.request(2, "textDocument/codeAction", {"textDocument": {"uri": LARGE}, "range": everything,
                                                  "context": {"diagnostics": []}})
    server.request(3, "textDocument/codeAction", {"textDocument": {"uri": LARGE}, "range": everything,
                                                  "context": {"diagnostics": []}})
    server.notify("$/cancelRequest", {"id": 2})
    cancelled = server.response(2, timeout=300)
    assert cancelled["error"]["code"] == -32800, cancelled
    assert not any(is_diagnostics(LARGE)(m) for m in server.skipped), "answered while the analysis ran"
    seen = messages_until(server, lambda m: m.get("id") == 3)
    assert is_diagnostics(LARGE)(seen[0]), "the request that was not cancelled waits for the diagnostics"
    assert "result" in seen[-1]
    assert server.close_and_wait(60) == 1
