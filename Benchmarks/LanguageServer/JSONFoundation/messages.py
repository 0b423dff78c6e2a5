#!/usr/bin/env python3
"""Writes the benchmark's inputs into FOLDER, one JSON message a line:
start.jsonl, an initialize request and its answer (start-up: the first JSON
a server reads and writes); traffic.jsonl, what a session of 50 edits on a
1,000-line script sends both ways: didOpen with the script, then per edit a
didChange, a member completion and its 200 items, 20 diagnostics, a hover
and its answer (250 messages, 1.9 MB)."""
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from bench_lsp import script  # noqa: E402

folder = sys.argv[1]
uri = "file:///work/project/Scripts/big.bind"


def position(line, character):
    return {"line": line, "character": character}


def span(line, start, end):
    return {"start": position(line, start), "end": position(line, end)}


traffic = [{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
    "textDocument": {"uri": uri, "languageId": "bindscript", "version": 1, "text": script(1000)}}}]
for edit in range(50):
    traffic += [
        {"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": edit + 2},
            "contentChanges": [{"range": span(edit, 3, 3), "text": "x"}]}},
        {"jsonrpc": "2.0", "id": edit, "method": "textDocument/completion", "params": {
            "textDocument": {"uri": uri}, "position": position(edit * 7, 12),
            "context": {"triggerKind": 2, "triggerCharacter": "."}}},
        {"jsonrpc": "2.0", "id": edit, "result": {"isIncomplete": False, "items": [
            {"label": f"member{item}", "kind": 10, "detail": f"var member{item}: String",
             "documentation": {"kind": "markdown", "value": f"A property of `VM{item}`."}, "sortText": f"{item:04d}"}
            for item in range(200)]}},
        {"jsonrpc": "2.0", "method": "textDocument/publishDiagnostics", "params": {
            "uri": uri, "version": edit + 2, "diagnostics": [
                {"range": span(line, 0, 5), "severity": 1, "source": "bindscript",
                 "message": f"cannot find 'vmx{line}' in scope; did you mean 'vm{line}'?"} for line in range(20)]}},
        {"jsonrpc": "2.0", "id": 1000 + edit, "method": "textDocument/hover", "params": {
            "textDocument": {"uri": uri}, "position": position(edit, 4)}},
        {"jsonrpc": "2.0", "id": 1000 + edit, "result": {"contents": {
            "kind": "markdown", "value": "```bindscript\nvar title: String\n```\nDepends on: `vm1.count`, `vm1.title`"},
            "range": span(edit, 0, 5)}},
    ]
start = [
    {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"processId": None, "rootUri": None, "capabilities": {}}},
    {"jsonrpc": "2.0", "id": 0, "result": {"capabilities": {
        "textDocumentSync": 2, "completionProvider": {"triggerCharacters": ["."]}, "hoverProvider": True}}},
]
for name, messages in (("start.jsonl", start), ("traffic.jsonl", traffic)):
    with open(os.path.join(folder, name), "w") as file:
        file.write("".join(json.dumps(message) + "\n" for message in messages))
