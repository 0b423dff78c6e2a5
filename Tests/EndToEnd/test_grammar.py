"""The TextMate grammar (Editors/vscode/syntaxes) through a real TextMate
engine: textmate-grammar-python, a port of vscode-textmate over Oniguruma
regular expressions (installed by `make test-deps`). Checks the scopes of
each kind of token, that every script in Scripts/ tokenizes with comments
and expectation lines scoped, and a snapshot of a sample file's scopes
(UPDATE_GRAMMAR_SNAPSHOT=1 rewrites it)."""
import glob
import json
import logging
import os

from textmate_grammar.parsers.base import LanguageParser

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EDITOR = os.path.join(ROOT, "Editors", "vscode")
logging.getLogger("textmate_grammar").setLevel(logging.ERROR)

with open(os.path.join(EDITOR, "syntaxes", "bindscript.tmLanguage.json")) as grammar_file:
    PARSER = LanguageParser(json.load(grammar_file))


def tokens(text):
    """(line, column, text, innermost scope) for each token."""
    element = PARSER.parse_string(text)
    if element is None:
        return []
    return [(line, column, content, scopes[-1]) for (line, column), content, scopes in element.flatten()]


def scope_of(text, word, occurrence=0):
    found = [scope for _, _, content, scope in tokens(text) if content == word]
    assert len(found) > occurrence, f"{word!r} not a token in {tokens(text)}"
    return found[occurrence]


def test_scopes_of_each_kind_of_token():
    text = open(os.path.join(EDITOR, "tests", "sample.bind")).read()
    assert scope_of(text, "type") == "storage.type.bindscript"
    assert scope_of(text, "VM") == "entity.name.type.bindscript"
    assert scope_of(text, "title") == "variable.other.declaration.bindscript"
    assert scope_of(text, "bind") == "keyword.other.reactive.bindscript"
    assert scope_of(text, "observe") == "keyword.other.reactive.bindscript"
    assert scope_of(text, "->") == "keyword.operator.binding.bindscript"
    assert scope_of(text, "\\(") == "punctuation.section.interpolation.begin.bindscript"
    assert scope_of(text, '\\"') == "constant.character.escape.bindscript"
    assert scope_of(text, "300ms") == "constant.numeric.duration.bindscript"
    assert scope_of(text, "1.5e3") == "constant.numeric.float.bindscript"
    assert scope_of(text, "for") == "keyword.control.bindscript"
    assert scope_of(text, "wait") == "keyword.control.time.bindscript"
    assert scope_of(text, "twice") == "entity.name.function.bindscript"
    assert scope_of(text, "print") == "support.function.builtin.bindscript"
    assert scope_of(text, "..<") == "keyword.operator.range.bindscript"
    assert scope_of(text, "#") == "punctuation.definition.comment.bindscript"
    assert scope_of(text, "#>") == "punctuation.definition.comment.expectation.bindscript"
    assert scope_of(text, "uppercased") == "entity.name.function.call.bindscript"


def test_keywords_as_member_names_are_not_keywords():
    assert scope_of("button.on = 1\n", "on") == "variable.other.property.bindscript"


def test_why_and_notify_are_keywords_only_where_they_start_a_statement():
    assert scope_of("why label.text", "why") == "keyword.other.reactive.bindscript"
    assert scope_of("  notify vm.items", "notify") == "keyword.other.reactive.bindscript"
    assert scope_of("let why = 3", "why") != "keyword.other.reactive.bindscript"
    assert scope_of("print(why)", "why") != "keyword.other.reactive.bindscript"


def test_every_script_tokenizes_with_comments_scoped():
    scripts = glob.glob(os.path.join(ROOT, "Scripts", "**", "*.bind"), recursive=True)
    assert len(scripts) > 50
    for path in scripts:
        with open(path, encoding="utf-8") as script:
            text = script.read()
        found = tokens(text)
        assert found, path
        for line, _, content, scope in found:
            if content.startswith("#>"):
                assert scope.startswith(("punctuation.definition.comment.expectation", "comment.line.expectation")), (path, line)


def test_snapshot_of_the_sample():
    text = open(os.path.join(EDITOR, "tests", "sample.bind")).read()
    lines = [f"{line}:{column} {content!r} {scope}" for line, column, content, scope in tokens(text) if content.strip()]
    snapshot = os.path.join(EDITOR, "tests", "sample.bind.scopes")
    if os.environ.get("UPDATE_GRAMMAR_SNAPSHOT"):
        with open(snapshot, "w") as out:
            out.write("\n".join(lines) + "\n")
    with open(snapshot) as expected:
        assert expected.read().splitlines() == lines
